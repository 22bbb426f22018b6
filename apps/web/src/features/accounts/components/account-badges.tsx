import { accountsCopy } from '@/features/accounts/copy';
import type { SessionUser } from '@/lib/session';
import { cn } from '@/utils/cn';
import { initialsOf } from '@/utils/initials';

/*
 * The credits and avatar badges of the header bar, its lazily loaded avatar menu and the
 * small-screen menu. A file of their own, so the menu does not import the bar that loads it.
 */

const avatarClass =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-400 text-sm font-extrabold tracking-wide text-ink-950';

/** 'Credits' followed by the count (0 if absent). */
export function CreditsBadge({ user, className }: { user: SessionUser; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border border-white/15 bg-white/5 px-3 py-1.5 text-sm text-mist-100',
        className,
      )}
    >
      {accountsCopy.credits}{' '}
      <strong className="font-bold text-accent-300">{user.credits ?? 0}</strong>
    </span>
  );
}

export function Avatar({ user, className }: { user: SessionUser; className?: string }) {
  return <span className={cn(avatarClass, className)}>{initialsOf(user)}</span>;
}
