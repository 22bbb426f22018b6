import { MESSAGES } from '@questfield/contract';
import { lazy, Suspense, useRef, useState } from 'react';
import { packsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { ArrowRightIcon } from '@/components/ui/icons';

/** The dialog and Radix load when 'Pre-order now' is first pressed (or hovered), not with the page. */
const loadPreorderDialog = () => import('./preorder-dialog');
const PreorderDialog = lazy(loadPreorderDialog);

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
        onPointerEnter={() => void loadPreorderDialog()}
        onFocus={() => void loadPreorderDialog()}
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
        <Suspense fallback={null}>
          <PreorderDialog
            open={open}
            onOpenChange={setOpen}
            onClosed={() => triggerRef.current?.focus()}
            onPreorder={() => {
              setOpen(false);
              if (triggerRef.current) onPreorder(triggerRef.current);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
