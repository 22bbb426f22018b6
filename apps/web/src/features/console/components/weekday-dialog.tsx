import { zodResolver } from '@hookform/resolvers/zod';
import type { Weekday, WeekdayHours } from '@questfield/contract';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useChangeWeek } from '../api/change-week';
import { weekCopy } from '../copy/week';
import { DialogShell } from '@/components/ui/dialog';
import { Field, FormError, SubmitButton } from '@/components/ui/form';
import { failureText } from '@/lib/api-client';

const halfHour = z.string().regex(/^([01]\d|2[0-3]):(00|30)$/, weekCopy.halfHours);

/** The weekday form: open or closed, and when open the first and last game and their seats. */
const weekdayForm = z
  .object({
    open: z.boolean(),
    first: halfHour,
    last: halfHour,
    capacity: z
      .number({ error: weekCopy.seatsRange })
      .int(weekCopy.seatsRange)
      .min(1, weekCopy.seatsRange)
      .max(1000, weekCopy.seatsRange),
  })
  .refine((form) => !form.open || form.first <= form.last, {
    path: ['last'],
    message: weekCopy.lastBeforeFirst,
  });

const DEFAULT_HOURS: WeekdayHours = { first: '10:00', last: '21:30', capacity: 25 };

/** Changes one weekday's games (or closes it); the days already open for booking follow. */
export function WeekdayDialog({
  day,
  hours,
  onClose,
  onSaved,
}: {
  day: Weekday;
  hours: WeekdayHours | null;
  onClose: () => void;
  onSaved: (notice: string) => void;
}) {
  const change = useChangeWeek();
  const form = useForm({
    resolver: zodResolver(weekdayForm),
    defaultValues: { open: hours !== null, ...(hours ?? DEFAULT_HOURS) },
  });
  const open = useWatch({ control: form.control, name: 'open' });
  const name = weekCopy.days[day];
  const save = form.handleSubmit(({ open: isOpen, ...values }) =>
    change.mutate(
      { command: 'schedule set', weekday: day, hours: isOpen ? values : null },
      {
        onSuccess: (result) => {
          if (result.command === 'schedule set') {
            onSaved(weekCopy.saved(name, result.added, result.removed, result.kept));
          }
          onClose();
        },
      },
    ),
  );

  return (
    <DialogShell
      open
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
      title={weekCopy.dialogTitle(name)}
      closeLabel={weekCopy.closeDialog}
      busy={change.isPending}
      width="sm"
    >
      <form noValidate className="mt-5 space-y-4" onSubmit={(event) => void save(event)}>
        <label className="flex items-center gap-3 text-white">
          <input type="checkbox" className="size-5 accent-accent-400" {...form.register('open')} />
          {weekCopy.openLabel}
        </label>
        {open ? (
          <>
            <Field
              label={weekCopy.firstLabel}
              type="time"
              step={1800}
              error={form.formState.errors.first?.message}
              {...form.register('first')}
            />
            <Field
              label={weekCopy.lastLabel}
              type="time"
              step={1800}
              error={form.formState.errors.last?.message}
              {...form.register('last')}
            />
            <Field
              label={weekCopy.seatsLabel}
              type="number"
              inputMode="numeric"
              min={1}
              max={1000}
              error={form.formState.errors.capacity?.message}
              {...form.register('capacity', { valueAsNumber: true })}
            />
          </>
        ) : null}
        {change.isError ? (
          <FormError>{failureText(change.error, weekCopy.changeFailed)}</FormError>
        ) : null}
        <SubmitButton pending={change.isPending}>{weekCopy.save}</SubmitButton>
      </form>
    </DialogShell>
  );
}
