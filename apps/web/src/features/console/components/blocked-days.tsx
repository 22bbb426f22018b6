import { zodResolver } from '@hookform/resolvers/zod';
import { dayBlock, type ConsoleWeek, type OperatorResult } from '@questfield/contract';
import { useState } from 'react';
import { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useChangeWeek } from '../api/change-week';
import { closureCopy } from '../copy/schedule';
import { weekCopy } from '../copy/week';
import { ClosureDialog, type ClosureChoice } from './closure-dialog';
import { buttonStyles } from '@/components/ui/button-styles';
import { Field, FormError } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { failureText } from '@/lib/api-client';

const dayName = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' });
const nameOf = (day: string) => dayName.format(new Date(day));
/** The command's own rules, in the console's words for the reason. */
const blockForm = dayBlock.extend({
  reason: z.string().trim().min(1, weekCopy.reasonNeeded).max(200, weekCopy.reasonTooLong),
});
type Blocking = z.infer<typeof blockForm>;

/** What blocking did: the slots closed, and the seats cancelled or kept for the players. */
function blockedText(result: OperatorResult, cancelSeats: boolean) {
  if (result.command !== 'days block') return '';
  const name = nameOf(result.date);
  return cancelSeats
    ? `${weekCopy.blockedNotice(name, result.closed, 0)} ${closureCopy.cancelled(result)}`
    : weekCopy.blockedNotice(name, result.closed, result.seats);
}

/** The days ahead without games; admins block and unblock them. */
export function BlockedDays({
  blocked,
  canEdit,
  onChanged,
}: {
  blocked: ConsoleWeek['blocked'];
  canEdit: boolean;
  onChanged: (notice: string) => void;
}) {
  const change = useChangeWeek();
  // Its own mutation: a failed block is told in its dialog, not under the list.
  const blockChange = useChangeWeek();
  const [blocking, setBlocking] = useState<Blocking | null>(null);
  const form = useForm({
    resolver: zodResolver(blockForm),
    defaultValues: { date: '', reason: '' },
  });
  // The dialog shows who is booked on the day before the admin chooses.
  const block = form.handleSubmit(setBlocking);
  const blockDay = async ({ date }: Blocking, { cancelSeats, reason }: ClosureChoice) => {
    const result = await blockChange.mutateAsync({
      command: 'days block',
      date,
      reason,
      ...(cancelSeats ? { cancelSeats } : {}),
    });
    const text = blockedText(result, cancelSeats);
    onChanged(text);
    form.reset();
    return text;
  };
  const unblock = (date: string) =>
    change.mutate(
      { command: 'days unblock', date },
      {
        onSuccess: (result) => {
          if (result.command === 'days unblock') {
            onChanged(weekCopy.unblockedNotice(nameOf(date), result.reopened));
          }
        },
      },
    );

  return (
    <Panel heading={weekCopy.blockedHeading}>
      <p className="mt-2 text-mist-300">{weekCopy.blockedIntro}</p>
      {blocked.length === 0 ? (
        <p className="mt-4 text-mist-400">{weekCopy.blockedEmpty}</p>
      ) : (
        <ul aria-label={weekCopy.blockedCaption} className="mt-4 divide-y divide-white/10">
          {blocked.map((day) => (
            <li key={day.date} className="flex flex-wrap items-center gap-3 py-3">
              <span className="font-semibold text-white">{nameOf(day.date)}</span>
              <span className="flex-1 text-mist-300">{day.reason}</span>
              {canEdit ? (
                <button
                  type="button"
                  className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                  aria-label={weekCopy.unblock(nameOf(day.date))}
                  disabled={change.isPending}
                  onClick={() => unblock(day.date)}
                >
                  {weekCopy.unblockShort}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        <form
          noValidate
          className="mt-5 flex flex-wrap items-start gap-3"
          onSubmit={(event) => void block(event)}
        >
          <Field
            label={weekCopy.blockDate}
            type="date"
            className="w-48"
            error={form.formState.errors.date?.message}
            {...form.register('date')}
          />
          <Field
            label={weekCopy.blockReason}
            hint={weekCopy.blockReasonHint}
            className="min-w-0 flex-1 basis-64"
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          <button
            type="submit"
            className={buttonStyles({ className: 'mt-7' })}
            disabled={change.isPending}
            aria-busy={change.isPending}
          >
            {weekCopy.block}
          </button>
        </form>
      ) : null}
      {change.isError ? (
        <div className="mt-3">
          <FormError>{failureText(change.error, weekCopy.changeFailed)}</FormError>
        </div>
      ) : null}
      {blocking === null ? null : (
        <ClosureDialog
          title={weekCopy.blockTitle(nameOf(blocking.date))}
          description={weekCopy.blockDescription}
          day={blocking.date}
          givenReason={blocking.reason}
          confirmLabel={weekCopy.blockConfirm}
          close={(choice) => blockDay(blocking, choice)}
          onClose={() => setBlocking(null)}
        />
      )}
    </Panel>
  );
}
