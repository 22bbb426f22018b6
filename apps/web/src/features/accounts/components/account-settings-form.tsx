import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, MESSAGES, updateUserRequest, type UpdateUserRequest } from '@questfield/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateAccountMutation } from '../api/update-account';
import { Field, FormError, FormNotice, inputClass, SubmitButton } from '@/components/ui/form';
import { failureText } from '@/lib/api-client';
import { accountsCopy } from '@/features/accounts/copy';
import type { SessionUser } from '@/lib/session';
import { PencilIcon } from '@/components/ui/icons';

const settingsForm = updateUserRequest.pick({ username: true, firstName: true, lastName: true });

type EditableField = 'username' | 'firstName' | 'lastName';

const FIELDS: { name: EditableField; label: string }[] = [
  { name: 'username', label: accountsCopy.userNameField },
  { name: 'firstName', label: accountsCopy.firstNameField },
  { name: 'lastName', label: accountsCopy.lastNameField },
];

function valuesOf(user: SessionUser) {
  return { username: user.username, firstName: user.firstName, lastName: user.lastName };
}

/** E-mail read-only; each other field shows as text until its pencil turns it into an input. */
export function AccountSettingsForm({ user }: { user: SessionUser }) {
  const [editing, setEditing] = useState<ReadonlySet<EditableField>>(new Set());
  const form = useForm({ resolver: zodResolver(settingsForm), defaultValues: valuesOf(user) });
  const update = useUpdateAccountMutation((answer) => {
    form.reset(valuesOf(answer));
    setEditing(new Set());
  });
  const { errors } = form.formState;

  const startEditing = (name: EditableField) => {
    update.reset();
    setEditing((current) => new Set(current).add(name));
    requestAnimationFrame(() => form.setFocus(name));
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => {
        const body: UpdateUserRequest = {};
        for (const name of editing) body[name] = values[name];
        update.mutate(body);
      })}
    >
      <Field label={accountsCopy.emailField} type="email" value={user.email} readOnly />
      {FIELDS.map(({ name, label }) =>
        editing.has(name) ? (
          <Field
            key={name}
            label={label}
            autoComplete={
              name === 'username' ? 'username' : name === 'firstName' ? 'given-name' : 'family-name'
            }
            error={errors[name]?.message}
            {...form.register(name)}
          />
        ) : (
          <div key={name}>
            <p className="mb-1.5 text-sm font-semibold text-mist-100">{label}</p>
            <div className={`${inputClass} flex items-center justify-between pr-1`}>
              <span className={user[name] ? 'truncate text-white' : 'text-mist-400'}>
                {user[name] || accountsCopy.notSet}
              </span>
              <button
                type="button"
                aria-label={accountsCopy.edit(label)}
                onClick={() => startEditing(name)}
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-mist-300 hover:bg-white/10 hover:text-white"
              >
                <PencilIcon />
              </button>
            </div>
          </div>
        ),
      )}
      <FormError>
        {update.isError ? failureText(update.error, ERRORS.UPDATE_FAILED.message) : null}
      </FormError>
      <FormNotice>{update.isSuccess ? MESSAGES.settingsUpdated : null}</FormNotice>
      <SubmitButton pending={update.isPending}>{accountsCopy.update}</SubmitButton>
    </form>
  );
}
