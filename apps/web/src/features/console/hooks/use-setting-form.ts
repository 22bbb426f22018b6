import { zodResolver } from '@hookform/resolvers/zod';
import type { OperatorResult, SettingsChangeCommand } from '@questfield/contract';
import type { FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useChangeSettings } from '../api/change-settings';

/**
 * A settings form of an admin's: its fields checked with the contract's `schema` (on an error,
 * react-hook-form moves the focus to the first field that has one), sent as `commandOf(values)`
 * on the settings' route, and the notice `noticeOf` makes of the answer. `onSaved` and
 * `onFailed` are what the form itself does after (clear its fields, put a refusal under one).
 */
export function useSettingForm<Input extends FieldValues, Output extends FieldValues>({
  schema,
  defaultValues,
  commandOf,
  noticeOf,
  onNotice,
  onSaved,
  onFailed,
}: {
  schema: z.ZodType<Output, Input>;
  defaultValues: DefaultValues<Input>;
  commandOf: (values: Output) => SettingsChangeCommand;
  noticeOf: (result: OperatorResult) => string | null;
  onNotice: (message: string) => void;
  onSaved?: (form: UseFormReturn<Input, unknown, Output>) => void;
  onFailed?: (error: Error, form: UseFormReturn<Input, unknown, Output>) => void;
}) {
  const change = useChangeSettings();
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  const submit = form.handleSubmit((values) => {
    // The button keeps the focus while busy, so it is never disabled: a second press waits.
    if (change.isPending) return;
    change.mutate(commandOf(values), {
      onSuccess: (result) => {
        const notice = noticeOf(result);
        if (notice !== null) onNotice(notice);
        onSaved?.(form);
      },
      onError: (error) => onFailed?.(error, form),
    });
  });
  return { form, change, onSubmit: (event: FormEvent) => void submit(event) };
}
