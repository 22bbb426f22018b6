import { zodResolver } from '@hookform/resolvers/zod';
import type { ConsoleSlot } from '@questfield/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useChangeSlot } from '../api/change-slot';
import { closurePreviewQueryOptions } from '../api/get-closure-preview';
import { capacityCopy, scheduleCopy } from '../copy/schedule';
import { DialogFooter } from './dialog-footer';
import { DialogShell } from '@/components/ui/dialog';
import { Field, FormError, TextareaField } from '@/components/ui/form';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { failureText } from '@/lib/api-client';

const MOST_SEATS = 1_000;

/**
 * How many players a slot takes: a whole number from the seats taken up to MOST_SEATS, or
 * below the seats taken when the latest booked seats over it are cancelled, with a reason.
 */
const capacityForm = (booked: number) =>
  z
    .object({
      capacity: z
        .number({ error: 'Enter a whole number of seats.' })
        .int('Enter a whole number of seats.')
        .min(1, 'At least 1 seat.')
        .max(MOST_SEATS, `At most ${MOST_SEATS.toLocaleString('en-US')} seats.`),
      cancelSeats: z.boolean(),
      reason: z.string().trim().max(200, capacityCopy.reasonTooLong),
    })
    .refine((form) => form.cancelSeats || form.capacity >= booked, {
      error: capacityCopy.belowBooked(booked),
      path: ['capacity'],
    })
    .refine((form) => !form.cancelSeats || form.capacity >= booked || form.reason !== '', {
      error: capacityCopy.reasonNeeded,
      path: ['reason'],
    });

/**
 * Changes a slot's capacity: never below the seats taken (the server holds to it too), unless
 * the operator, shown whom it would reach, chooses to cancel the latest booked seats over it
 * with their credits back and a reason mailed to each player.
 */
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
    values: { capacity: slot.capacity, cancelSeats: false, reason: '' },
  });
  const capacity = useWatch({ control: form.control, name: 'capacity' });
  const cancelling = useWatch({ control: form.control, name: 'cancelSeats' });
  // Below the seats taken: whom the cut would reach, before the operator chooses.
  const below = Number.isInteger(capacity) && capacity >= 1 && capacity < slot.booked;
  const save = form.handleSubmit(({ capacity, cancelSeats, reason }) =>
    change.mutate(
      {
        command: 'slots set-capacity',
        date: day,
        time: slot.time,
        capacity,
        ...(cancelSeats && capacity < slot.booked ? { cancelSeats, reason } : {}),
      },
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
        {below ? (
          <>
            <SeatsOver day={day} time={slot.time} capacity={capacity} />
            <label className="flex items-start gap-2 text-white">
              <input type="checkbox" className="mt-1 size-4" {...form.register('cancelSeats')} />
              {capacityCopy.cancelSeats}
            </label>
            {cancelling ? (
              <TextareaField
                label={capacityCopy.reasonLabel}
                hint={capacityCopy.reasonHint}
                rows={2}
                aria-required
                error={form.formState.errors.reason?.message}
                {...form.register('reason')}
              />
            ) : null}
          </>
        ) : null}
        <DialogFooter
          error={change.isError ? failureText(change.error, scheduleCopy.changeFailed) : null}
          pending={change.isPending}
          confirmLabel={scheduleCopy.capacitySave}
        />
      </form>
    </DialogShell>
  );
}

/** The players a cut to `capacity` would take a seat from: the latest booked, latest first. */
function SeatsOver({ day, time, capacity }: { day: string; time: string; capacity: number }) {
  const headingId = useId();
  const preview = useQuery(closurePreviewQueryOptions({ day, time, capacity }));
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-semibold text-white">
        {capacityCopy.seatsHeading}
      </h3>
      {preview.isPending ? (
        <p role="status" className="mt-1 text-sm text-mist-300">
          {capacityCopy.loading}
        </p>
      ) : preview.isError ? (
        <FormError>{capacityCopy.failed}</FormError>
      ) : (
        <ScrollRegion label={capacityCopy.seatsCaption} className="mt-1 max-h-40">
          <ol className="list-inside list-decimal space-y-1 text-sm text-mist-100">
            {preview.data.seats.map((seat) => (
              <li key={seat.id}>{seat.username}</li>
            ))}
          </ol>
        </ScrollRegion>
      )}
    </section>
  );
}
