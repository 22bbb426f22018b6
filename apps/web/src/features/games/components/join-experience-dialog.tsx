import { GAME_COST_CREDITS, type SessionByAccessCode } from '@questfield/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { gamesCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { DialogShell } from '@/components/ui/dialog';
import { FormError, Spinner } from '@/components/ui/form';

/**
 * 'Join Experience' (spec §5): the room, the player's credits, the cost and what remains, and a
 * confirm button; with fewer than 2 credits (or when the server says so), 'Not Enough Credits'
 * with a link to buy some instead.
 */
export default function JoinExperienceDialog({
  open,
  onOpenChange,
  session,
  credits,
  notEnough,
  pending,
  error,
  onConfirm,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  session: SessionByAccessCode;
  credits: number;
  /** The server refused for want of credits, whatever the balance shown said. */
  notEnough: boolean;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClosed: () => void;
}) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  const buyRef = useRef<HTMLAnchorElement>(null);
  const short = notEnough || credits < GAME_COST_CREDITS;

  // The confirm button was disabled under the pointer: after a refusal it takes the focus back.
  useEffect(() => {
    if (!pending && error) confirmRef.current?.focus();
  }, [pending, error]);

  if (short) {
    return (
      <DialogShell
        open={open}
        onOpenChange={onOpenChange}
        title={gamesCopy.notEnoughTitle}
        description={gamesCopy.notEnoughText}
        closeLabel={gamesCopy.close}
        initialFocus={buyRef}
        onClosed={onClosed}
      >
        <p className="mt-4 text-sm text-mist-300">
          {gamesCopy.yourCredits}: <strong className="text-white">{credits}</strong>
        </p>
        <Link
          ref={buyRef}
          to={gamesCopy.purchaseSectionHref}
          className={buttonStyles({ size: 'lg', className: 'mt-6 w-full' })}
        >
          {gamesCopy.buyCredits}
        </Link>
      </DialogShell>
    );
  }

  const rows: [string, string][] = [
    [gamesCopy.room, session.roomName],
    [gamesCopy.yourCredits, String(credits)],
    [gamesCopy.cost, gamesCopy.credits(GAME_COST_CREDITS)],
    [gamesCopy.remaining, String(credits - GAME_COST_CREDITS)],
  ];

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={gamesCopy.joinTitle}
      description={gamesCopy.joinDescription}
      closeLabel={gamesCopy.close}
      busy={pending}
      initialFocus={confirmRef}
      onClosed={onClosed}
    >
      <dl className="mt-5 divide-y divide-white/10 rounded-xl border border-white/10">
        {rows.map(([term, value]) => (
          <div key={term} className="flex items-center justify-between gap-4 px-4 py-3 text-sm">
            <dt className="text-mist-300">{term}</dt>
            <dd className="font-semibold text-white">{value}</dd>
          </div>
        ))}
      </dl>
      {error ? (
        <div className="mt-5">
          <FormError>{error}</FormError>
        </div>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button
          type="button"
          className={buttonStyles({ variant: 'secondary', size: 'lg' })}
          disabled={pending}
          onClick={() => onOpenChange(false)}
        >
          {gamesCopy.cancel}
        </button>
        <button
          ref={confirmRef}
          type="button"
          className={buttonStyles({ size: 'lg' })}
          disabled={pending}
          aria-busy={pending}
          onClick={onConfirm}
        >
          {pending ? <Spinner /> : null}
          {gamesCopy.confirmJoin}
        </button>
      </div>
    </DialogShell>
  );
}
