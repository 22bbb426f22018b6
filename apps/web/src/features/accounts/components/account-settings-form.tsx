import { zodResolver } from '@hookform/resolvers/zod';
import { ERRORS, MESSAGES, updateUserRequest, type UpdateUserRequest } from '@questfield/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateAccountMutation } from '../api/update-account';
import {
  Field,
  FormError,
  FormNotice,
  inputClass,
  linkButtonClass,
  SubmitButton,
} from '@/components/ui/form';
import { failureText } from '@/lib/api-client';
import { accountsCopy } from '@/features/accounts/copy';
import type { SessionUser } from '@/lib/session';
import { PencilIcon } from '@/components/ui/icons';

const settingsForm = updateUserRequest.pick({ username: true, firstName: true, lastName: true });

type EditableField = 'username' | 'firstName' | 'lastName';

const FIELDS: { name: EditableField; label: string; autoComplete: string }[] = [
  { name: 'username', label: accountsCopy.userNameField, autoComplete: 'username' },
  { name: 'firstName', label: accountsCopy.firstNameField, autoComplete: 'given-name' },
  { name: 'lastName', label: accountsCopy.lastNameField, autoComplete: 'family-name' },
];

function valuesOf(user: SessionUser) {
  return { username: user.username, firstName: user.firstName, lastName: user.lastName };
}

/**
 * Email read-only; each other field shows as text until its pencil turns it into an input, and
 * its Cancel turns it back with the saved value. Update stays disabled until a field changed.
 */
export function AccountSettingsForm({ user }: { user: SessionUser }) {
  const [editing, setEditing] = useState<ReadonlySet<EditableField>>(new Set());
  const editButtons = useRef<Partial<Record<EditableField, HTMLButtonElement | null>>>({});
  const form = useForm({ resolver: zodResolver(settingsForm), defaultValues: valuesOf(user) });
  const update = useUpdateAccountMutation((answer) => {
    form.reset(valuesOf(answer));
    setEditing(new Set());
  });
  const { errors, dirtyFields } = form.formState;
  const changed = FIELDS.some(({ name }) => editing.has(name) && dirtyFields[name] === true);

  const startEditing = (name: EditableField) => {
    update.reset();
    setEditing((current) => new Set(current).add(name));
    requestAnimationFrame(() => form.setFocus(name));
  };

  const cancelEditing = (name: EditableField) => {
    update.reset();
    form.resetField(name);
    setEditing((current) => {
      const next = new Set(current);
      next.delete(name);
      return next;
    });
    // The input goes away: focus moves to the pencil that brings it back.
    requestAnimationFrame(() => editButtons.current[name]?.focus());
  };

  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={form.handleSubmit((values) => {
        const body: UpdateUserRequest = {};
        for (const name of editing) {
          if (values[name] !== user[name]) body[name] = values[name];
        }
        if (Object.keys(body).length === 0) {
          // Only spaces or the same text typed again: nothing to save.
          form.reset(valuesOf(user));
          setEditing(new Set());
          return;
        }
        update.mutate(body);
      })}
    >
      <Field label={accountsCopy.emailField} type="email" value={user.email} readOnly />
      {FIELDS.map(({ name, label, autoComplete }) =>
        editing.has(name) ? (
          <Field
            key={name}
            label={label}
            autoComplete={autoComplete}
            error={errors[name]?.message}
            action={
              <button
                type="button"
                aria-label={accountsCopy.cancelEdit(label)}
                onClick={() => cancelEditing(name)}
                className={`h-10 rounded-lg px-3 hover:bg-white/10 ${linkButtonClass}`}
              >
                {accountsCopy.cancel}
              </button>
            }
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
                ref={(element) => {
                  editButtons.current[name] = element;
                }}
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
      <SubmitButton pending={update.isPending} disabled={!changed}>
        {accountsCopy.update}
      </SubmitButton>
    </form>
  );
}
