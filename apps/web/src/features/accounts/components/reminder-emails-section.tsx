import { Switch } from 'radix-ui';
import { useId } from 'react';
import { useReminderEmailsMutation } from '../api/set-reminder-emails';
import { FormError, Spinner } from '@/components/ui/form';
import { accountsCopy } from '@/features/accounts/copy';
import { failureText } from '@/lib/api-client';
import type { SessionUser } from '@/lib/session';

/**
 * Account Settings' game reminders (ADR 0033): a switch (Radix) that turns the mails 24 hours
 * and 1 hour before a game on or off. It shows the state asked for while the change is on its
 * way (a second press meanwhile does nothing), then the server's answer, which becomes the
 * session user; a failure puts it back and says so.
 */
export function ReminderEmailsSection({ user }: { user: SessionUser }) {
  const headingId = useId();
  const switchId = useId();
  const textId = useId();
  const change = useReminderEmailsMutation();
  const on = change.isPending ? change.variables.enabled : user.reminderEmails;
  const flip = (checked: boolean) => {
    if (!change.isPending) change.mutate({ enabled: checked });
  };

  return (
    <section aria-labelledby={headingId} className="mt-8 border-t border-white/10 pt-6">
      <h3 id={headingId} className="text-base font-bold text-white">
        {accountsCopy.remindersHeading}
      </h3>
      <p id={textId} className="mt-1 text-sm text-mist-300">
        {accountsCopy.remindersText}
      </p>
      <div className="mt-4 flex items-center gap-3">
        <Switch.Root
          id={switchId}
          checked={on}
          onCheckedChange={flip}
          aria-describedby={textId}
          aria-busy={change.isPending}
          className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-white/25 bg-white/10 transition-colors data-[state=checked]:border-accent-400 data-[state=checked]:bg-accent-400"
        >
          <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white transition-transform data-[state=checked]:translate-x-6 data-[state=checked]:bg-ink-950" />
        </Switch.Root>
        <label htmlFor={switchId} className="font-semibold text-white">
          {accountsCopy.remindersLabel}
        </label>
        <span className="text-mist-300">
          {on ? accountsCopy.remindersOn : accountsCopy.remindersOff}
        </span>
        {change.isPending ? <Spinner className="text-mist-300" /> : null}
      </div>
      {change.isError ? (
        <div className="mt-3">
          <FormError>{failureText(change.error, accountsCopy.remindersFailed)}</FormError>
        </div>
      ) : null}
    </section>
  );
}
