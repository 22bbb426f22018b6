import { ERRORS, type CodeRedeemedResponse } from '@questfield/contract';
import { useRef, useState } from 'react';
import { useRedeemItemMutation } from '../api/redeem-item';
import { codesCopy } from '../copy';
import { cardFailureText } from '../redemption';
import { CodeForm, focusFieldOrMain, type CodeOutcome } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { onDemand } from '@/lib/on-demand';

/** The dialog and Radix load as the first code is sent, so they are ready when it is redeemed. */
const GamePassRedeemedDialog = onDemand(() => import('./game-pass-redeemed-dialog'));

/**
 * /experience-card (spec §5): a code and Redeem, one Items/Redeem request. No code at all is
 * refused here ('Please enter a code.'); an unknown code, a used one and every other failure
 * show the spec's texts in red, with the focus back in the field. A redeemed code puts the new
 * balance in the header and opens 'Game Pass Redeemed', whose 'Join Game' goes to /game.
 */
export function ExperienceCardForm() {
  const [redeemed, setRedeemed] = useState<CodeRedeemedResponse | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const redeem = useRedeemItemMutation();

  const send = async (name: string): Promise<CodeOutcome> => {
    GamePassRedeemedDialog.preload();
    try {
      setRedeemed(await redeem.mutateAsync({ name }));
      setDialogOpen(true);
      return { clear: true };
    } catch (failure) {
      return { error: cardFailureText(failure) };
    }
  };

  return (
    <Panel heading={codesCopy.cardFormHeading} className="max-w-xl">
      <CodeForm
        label={codesCopy.cardCodeLabel}
        hint={codesCopy.codeHint}
        submitLabel={codesCopy.redeem}
        emptyMessage={ERRORS.CODE_REQUIRED.message}
        send={send}
        inputRef={inputRef}
        className="mt-5"
        submitClassName="sm:w-auto sm:self-start sm:px-10"
      />
      {redeemed ? (
        <GamePassRedeemedDialog
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          message={redeemed.message}
          // Closed on this page: back to the field. Left for /game: to the new page.
          onClosed={() => focusFieldOrMain(inputRef)}
        />
      ) : null}
    </Panel>
  );
}
