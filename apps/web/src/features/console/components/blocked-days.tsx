import { zodResolver } from '@hookform/resolvers/zod';
import { dayBlock, type ConsoleWeek } from '@questfield/contract';
import { z } from 'zod';
import { useForm } from 'react-hook-form';
import { useChangeWeek } from '../api/change-week';
import { consoleCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { Field, FormError } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { failureText } from '@/lib/api-client';

const copy = consoleCopy.week;
const dayName = new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' });
const nameOf = (day: string) => dayName.format(new Date(day));
/** The command's own rules, in the console's words for the reason. */
const blockForm = dayBlock.extend({
  reason: z.string().trim().min(1, copy.reasonNeeded).max(200, copy.reasonTooLong),
});

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
  const form = useForm({
    resolver: zodResolver(blockForm),
    defaultValues: { date: '', reason: '' },
  });
  const block = form.handleSubmit((values) =>
    change.mutate(
      { command: 'days block', ...values },
      {
        onSuccess: (result) => {
          if (result.command === 'days block') {
            onChanged(copy.blockedNotice(nameOf(result.date), result.closed, result.seats));
          }
          form.reset();
        },
      },
    ),
  );
  const unblock = (date: string) =>
    change.mutate(
      { command: 'days unblock', date },
      {
        onSuccess: (result) => {
          if (result.command === 'days unblock') {
            onChanged(copy.unblockedNotice(nameOf(date), result.reopened));
          }
        },
      },
    );

  return (
    <Panel heading={copy.blockedHeading}>
      <p className="mt-2 text-mist-300">{copy.blockedIntro}</p>
      {blocked.length === 0 ? (
        <p className="mt-4 text-mist-400">{copy.blockedEmpty}</p>
      ) : (
        <ul aria-label={copy.blockedCaption} className="mt-4 divide-y divide-white/10">
          {blocked.map((day) => (
            <li key={day.date} className="flex flex-wrap items-center gap-3 py-3">
              <span className="font-semibold text-white">{nameOf(day.date)}</span>
              <span className="flex-1 text-mist-300">{day.reason}</span>
              {canEdit ? (
                <button
                  type="button"
                  className={buttonStyles({ variant: 'secondary', size: 'sm' })}
                  aria-label={copy.unblock(nameOf(day.date))}
                  disabled={change.isPending}
                  onClick={() => unblock(day.date)}
                >
                  {copy.unblockShort}
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
            label={copy.blockDate}
            type="date"
            className="w-48"
            error={form.formState.errors.date?.message}
            {...form.register('date')}
          />
          <Field
            label={copy.blockReason}
            hint={copy.blockReasonHint}
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
            {copy.block}
          </button>
        </form>
      ) : null}
      {change.isError ? (
        <div className="mt-3">
          <FormError>{failureText(change.error, copy.changeFailed)}</FormError>
        </div>
      ) : null}
    </Panel>
  );
}
