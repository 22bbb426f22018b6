import { useRef, useState } from 'react';
import { codesCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { TicketIcon } from '@/components/ui/icons';
import { onDemand } from '@/lib/on-demand';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';

/** The modal and Radix load when 'Redeem Code' is first pressed (or hovered), not with the page. */
const RedeemCodeDialog = onDemand(() => import('./redeem-code-dialog'));

/**
 * 'Redeem Code' of the Purchase Credits section and its modal. A visitor sees the button too,
 * like Buy Now beside it, and pressing it opens sign-in (a code needs an account to hold its
 * credits). Each opening starts with an empty field; focus returns to the button on close.
 */
export function RedeemCodeButton({ signedOut }: { signedOut: boolean }) {
  const [open, setOpen] = useState(false);
  // Counts the openings (0 until the first): a fresh modal each time, and no code loaded before.
  const [opened, setOpened] = useState(0);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const preload = () => {
    if (!signedOut) RedeemCodeDialog.preload();
  };

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        className={buttonStyles({ variant: 'secondary', size: 'lg' })}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          if (signedOut) {
            dispatchWindowEvent(WINDOW_EVENTS.openSignIn);
            return;
          }
          setOpened((count) => count + 1);
          setOpen(true);
        }}
      >
        <TicketIcon />
        {codesCopy.redeemCode}
      </button>
      {opened > 0 ? (
        <RedeemCodeDialog
          key={opened}
          open={open}
          onOpenChange={setOpen}
          onClosed={() => triggerRef.current?.focus()}
        />
      ) : null}
    </>
  );
}
