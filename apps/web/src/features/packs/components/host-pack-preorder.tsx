import { MESSAGES } from '@questfield/contract';
import { useRef, useState } from 'react';
import { packsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { ArrowRightIcon } from '@/components/ui/icons';
import { onDemand } from '@/lib/on-demand';

/** The dialog and Radix load when 'Pre-order now' is first pressed (or hovered), not with the page. */
const PreorderDialog = onDemand(() => import('./preorder-dialog'));

/**
 * 'Pre-order now' and the pre-order dialog with its one Host Pack card (spec §2). Choosing the
 * card closes the dialog and hands over to the route (`onPreorder`), with the 'Pre-order now'
 * button as the place focus returns to after the purchase.
 */
export function HostPackPreorder({ onPreorder }: { onPreorder: (opener: HTMLElement) => void }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <div className="flex flex-col items-start gap-3">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        className={buttonStyles({ size: 'lg' })}
        onPointerEnter={() => PreorderDialog.preload()}
        onFocus={() => PreorderDialog.preload()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        {MESSAGES.preorderNow}
        <ArrowRightIcon />
      </button>
      <p className="text-sm text-mist-300">{packsCopy.hostPackShipping}</p>
      {mounted ? (
        <PreorderDialog
          open={open}
          onOpenChange={setOpen}
          onClosed={() => triggerRef.current?.focus()}
          onPreorder={() => {
            setOpen(false);
            if (triggerRef.current) onPreorder(triggerRef.current);
          }}
        />
      ) : null}
    </div>
  );
}
