import { zodResolver } from '@hookform/resolvers/zod';
import type { ConsoleSlot } from '@questfield/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useChangeSlot } from '../api/change-slot';
import { scheduleCopy } from '../copy/schedule';
import { DialogShell } from '@/components/ui/dialog';
import { Field, FormError, SubmitButton } from '@/components/ui/form';
import { failureText } from '@/lib/api-client';

const MOST_SEATS = 1_000;

/** How many players a slot takes: a whole number from the seats taken up to MOST_SEATS. */
const capacityForm = (booked: number) =>
  z.object({
    capacity: z
      .number({ error: 'Enter a whole number of seats.' })
      .int('Enter a whole number of seats.')
      .min(Math.max(booked, 1), `At least ${Math.max(booked, 1)}: players hold that many seats.`)
      .max(MOST_SEATS, `At most ${MOST_SEATS.toLocaleString('en-US')} seats.`),
  });

/** Changes a slot's capacity (never below the seats taken: the server holds to it too). */
export function CapacityDialog({
  slot,
  day,
  start,
  onClose,
  onSaved,
}: {
  /** The slot as the live day shows it now (its seats may fill while the dialog is open). */
  slot: ConsoleSlot;
  day: string;
  /** The slot's start as the table shows it. */
  start: string;
  onClose: () => void;
  onSaved: (capacity: number) => void;
}) {
  const change = useChangeSlot();
  const form = useForm({
    resolver: zodResolver(capacityForm(slot.booked)),
    values: { capacity: slot.capacity },
  });
  const save = form.handleSubmit(({ capacity }) =>
    change.mutate(
      { command: 'slots set-capacity', date: day, time: slot.time, capacity },
      {
        onSuccess: () => {
          onSaved(capacity);
          onClose();
        },
      },
    ),
  );

  return (
    <DialogShell
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={scheduleCopy.capacityTitle(start)}
      description={scheduleCopy.capacityDescription(slot.booked)}
      closeLabel={scheduleCopy.closeDialog}
      busy={change.isPending}
      width="sm"
    >
      <form noValidate className="mt-5 space-y-4" onSubmit={(event) => void save(event)}>
        <Field
          label={scheduleCopy.capacityLabel}
          type="number"
          inputMode="numeric"
          min={Math.max(slot.booked, 1)}
          max={MOST_SEATS}
          error={form.formState.errors.capacity?.message}
          {...form.register('capacity', { valueAsNumber: true })}
        />
        {change.isError ? (
          <FormError>{failureText(change.error, scheduleCopy.changeFailed)}</FormError>
        ) : null}
        <SubmitButton pending={change.isPending}>{scheduleCopy.capacitySave}</SubmitButton>
      </form>
    </DialogShell>
  );
}
