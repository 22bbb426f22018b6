import { zodResolver } from '@hookform/resolvers/zod';
import type { ConsoleClosurePreview } from '@questfield/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { closurePreviewQueryOptions } from '../api/get-closure-preview';
import { commonCopy } from '../copy/common';
import { closureCopy } from '../copy/schedule';
import { DialogFooter, DialogOutcome } from './dialog-footer';
import { DialogShell } from '@/components/ui/dialog';
import { FormError, TextareaField } from '@/components/ui/form';
import { RetryAlert } from '@/components/ui/retry-alert';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { failureText } from '@/lib/api-client';
import { useWallClockText } from '@/lib/venue-clock';

/** What the operator chose for the seats on the closed games (the server's `cancelSeats`). */
export type ClosureChoice = { cancelSeats: boolean; reason: string };

/** Cancelling mails the players the reason, so it is required then; keeping leaves it optional. */
const choiceForm = z
  .object({
    choice: z.enum(['cancel', 'keep'], { error: closureCopy.choiceNeeded }),
    reason: z.string().trim().max(200, closureCopy.reasonTooLong),
  })
  .refine((form) => form.choice !== 'cancel' || form.reason !== '', {
    error: closureCopy.reasonNeeded,
    path: ['reason'],
  });

/**
 * A closure (a day blocked, a slot closed) confirmed after seeing who it reaches: the players
 * booked on its games not started and how many wait in their lines, with the choice to cancel
 * and refund their seats or keep them. `close` makes it and answers what happened, which the
 * dialog then shows in place of the form and focuses.
 */
export function ClosureDialog({
  title,
  description,
  day,
  time,
  givenReason,
  confirmLabel,
  close,
  onClose,
}: {
  title: string;
  description: string;
  day: string;
  /** One game's start (a slot); the whole day without it. */
  time?: string;
  /** The reason asked before the dialog (the blocked day's): shown, not asked again. */
  givenReason?: string;
  confirmLabel: string;
  close: (choice: ClosureChoice) => Promise<string>;
  onClose: () => void;
}) {
  const preview = useQuery(
    closurePreviewQueryOptions(time === undefined ? { day } : { day, time }),
  );
  const closure = useMutation({ mutationFn: close });

  return (
    <DialogShell
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={description}
      closeLabel={commonCopy.closeDialog}
      busy={closure.isPending}
    >
      {closure.isSuccess ? (
        <DialogOutcome text={closure.data} doneLabel={closureCopy.done} onDone={onClose} />
      ) : preview.isPending ? (
        <p role="status" className="mt-5 text-sm text-mist-300">
          {closureCopy.loading}
        </p>
      ) : preview.isError ? (
        <RetryAlert
          message={closureCopy.failed}
          retryLabel={commonCopy.retry}
          retrying={preview.isFetching}
          onRetry={() => void preview.refetch()}
          className="mt-5"
        />
      ) : (
        <>
          <BookedPlayers preview={preview.data} />
          <ChoiceForm
            asksChoice={preview.data.seats.length > 0 || preview.data.waiting > 0}
            givenReason={givenReason}
            confirmLabel={confirmLabel}
            pending={closure.isPending}
            error={closure.isError ? failureText(closure.error, closureCopy.failedChange) : null}
            onConfirm={(choice) => closure.mutate(choice)}
          />
        </>
      )}
    </DialogShell>
  );
}

/** The seats the closure reaches (player and game), and the length of the lines. */
function BookedPlayers({ preview }: { preview: ConsoleClosurePreview }) {
  const headingId = useId();
  // Each game's start on the venue's wall clock, in its hour cycle.
  const wall = useWallClockText();
  return (
    <section aria-labelledby={headingId} className="mt-5">
      <h3 id={headingId} className="text-sm font-semibold text-white">
        {closureCopy.seatsHeading}
      </h3>
      {preview.seats.length === 0 ? (
        <p className="mt-1 text-sm text-mist-300">{closureCopy.nobody}</p>
      ) : (
        <ScrollRegion label={closureCopy.seatsCaption} className="mt-1 max-h-48">
          <ul className="space-y-1 text-sm text-mist-100">
            {preview.seats.map((seat) => (
              <li key={seat.id}>{closureCopy.seat(seat.username, wall(seat.time))}</li>
            ))}
          </ul>
        </ScrollRegion>
      )}
      <p className="mt-2 text-sm text-mist-100">{closureCopy.waiting(preview.waiting)}</p>
    </section>
  );
}

/** Cancel or keep (asked only when someone is booked or waiting), the reason, and the button. */
function ChoiceForm({
  asksChoice,
  givenReason,
  confirmLabel,
  pending,
  error,
  onConfirm,
}: {
  asksChoice: boolean;
  givenReason: string | undefined;
  confirmLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: (choice: ClosureChoice) => void;
}) {
  const form = useForm({
    resolver: zodResolver(choiceForm),
    // Nobody to reach: nothing to choose, the seats (none) are kept.
    defaultValues: {
      ...(asksChoice ? {} : { choice: 'keep' as const }),
      reason: givenReason ?? '',
    },
  });
  const { errors } = form.formState;
  const cancelling = useWatch({ control: form.control, name: 'choice' }) === 'cancel';
  const confirm = form.handleSubmit(({ choice, reason }) =>
    onConfirm({ cancelSeats: choice === 'cancel', reason }),
  );

  return (
    <form noValidate className="mt-5 flex flex-col gap-4" onSubmit={(event) => void confirm(event)}>
      {asksChoice ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-mist-100">
            {closureCopy.choiceLegend}
          </legend>
          <div className="flex flex-col gap-2">
            {(['cancel', 'keep'] as const).map((choice) => (
              <label key={choice} className="inline-flex items-center gap-2 text-white">
                <input
                  type="radio"
                  value={choice}
                  className="size-4"
                  {...form.register('choice')}
                />
                {closureCopy[choice]}
              </label>
            ))}
          </div>
          {errors.choice ? <FormError>{errors.choice.message}</FormError> : null}
        </fieldset>
      ) : null}
      {givenReason === undefined ? (
        <TextareaField
          label={closureCopy.reasonLabel}
          hint={closureCopy.reasonHint}
          rows={2}
          aria-required={cancelling}
          error={errors.reason?.message}
          {...form.register('reason')}
        />
      ) : asksChoice ? (
        <p className="text-sm text-mist-300">{closureCopy.reasonGiven(givenReason)}</p>
      ) : null}
      <DialogFooter error={error} pending={pending} confirmLabel={confirmLabel} />
    </form>
  );
}
