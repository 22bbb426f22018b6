import { GAME_COST_CREDITS, type GameByAccessCode } from '@questfield/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { gamesCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { ConfirmActions, CostSummary } from '@/components/ui/confirm-step';
import { DialogShell } from '@/components/ui/dialog';
import { FormError } from '@/components/ui/form';

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
  session: GameByAccessCode;
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
      <div className="mt-5 flex flex-col gap-4 sm:mt-6">
        <CostSummary
          rows={[
            [gamesCopy.room, session.roomName],
            [gamesCopy.yourCredits, credits],
            [gamesCopy.cost, gamesCopy.credits(GAME_COST_CREDITS)],
          ]}
          total={[gamesCopy.remaining, credits - GAME_COST_CREDITS]}
        />
        <FormError>{error}</FormError>
        <ConfirmActions
          confirmLabel={gamesCopy.confirmJoin}
          backLabel={gamesCopy.cancel}
          pending={pending}
          onConfirm={onConfirm}
          onBack={() => onOpenChange(false)}
          confirmRef={confirmRef}
        />
      </div>
    </DialogShell>
  );
}
