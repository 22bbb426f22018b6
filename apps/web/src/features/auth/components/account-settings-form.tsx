import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, MESSAGES, updateUserRequest, type UpdateUserRequest } from '@questfield/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { authApi, failureText } from '../api/auth-api';
import { useSessionActions } from '../hooks/use-session';
import { Field, FormError, FormNotice, inputClass, SubmitButton } from './form-parts';
import { authCopy } from '@/config/content';
import type { SessionUser } from '@/lib/session';
import { PencilIcon } from '@/components/ui/icons';

const settingsForm = updateUserRequest.pick({ username: true, firstName: true, lastName: true });

type EditableField = 'username' | 'firstName' | 'lastName';

const FIELDS: { name: EditableField; label: string }[] = [
  { name: 'username', label: authCopy.userNameField },
  { name: 'firstName', label: authCopy.firstNameField },
  { name: 'lastName', label: authCopy.lastNameField },
];

function valuesOf(user: SessionUser) {
  return { username: user.username, firstName: user.firstName, lastName: user.lastName };
}

/** E-mail read-only; each other field shows as text until its pencil turns it into an input. */
export function AccountSettingsForm({ user }: { user: SessionUser }) {
  const { updated } = useSessionActions();
  const [editing, setEditing] = useState<ReadonlySet<EditableField>>(new Set());
  const form = useForm({ resolver: zodResolver(settingsForm), defaultValues: valuesOf(user) });
  const update = useMutation({
    mutationFn: authApi.update,
    onSuccess: (answer) => {
      updated(answer);
      form.reset(valuesOf(answer));
      setEditing(new Set());
    },
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
      <Field label={authCopy.emailField} type="email" value={user.email} readOnly />
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
                {user[name] || authCopy.notSet}
              </span>
              <button
                type="button"
                aria-label={authCopy.edit(label)}
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
      <SubmitButton pending={update.isPending}>{authCopy.update}</SubmitButton>
    </form>
  );
}
