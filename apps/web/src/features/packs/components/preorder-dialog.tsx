import { formatUsd, priceCents } from '@questfield/contract';
import { Dialog } from 'radix-ui';
import { packsCopy } from '../copy';
import { buttonStyles } from '@/components/ui/button-styles';
import { CloseIcon } from '@/components/ui/icons';

/** The pre-order dialog of /hostpack: one Host Pack card priced 350 (spec §2, §9). */
export default function PreorderDialog({
  open,
  onOpenChange,
  onPreorder,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPreorder: () => void;
  /** After the dialog has closed: the opener takes the focus back (it is not a Radix trigger). */
  onClosed: () => void;
}) {
  const price = formatUsd(priceCents('host-pack', 1));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/80 backdrop-blur-sm motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <div className="pointer-events-none fixed inset-0 z-50 overflow-y-auto">
          <div className="flex min-h-full items-center justify-center p-4">
            <Dialog.Content
              onCloseAutoFocus={(event) => {
                event.preventDefault();
                onClosed();
              }}
              className="pointer-events-auto relative w-full max-w-md rounded-3xl border border-white/10 bg-ink-850 p-5 shadow-2xl shadow-black/60 outline-none sm:p-8 motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-pop-in"
            >
              <Dialog.Title className="pr-10 text-xl font-extrabold tracking-tight text-white sm:text-2xl">
                {packsCopy.preorderDialogTitle}
              </Dialog.Title>
              <Dialog.Description className="mt-2 text-mist-300">
                {packsCopy.preorderDialogText}
              </Dialog.Description>
              <article
                aria-labelledby="host-pack-card-title"
                className="mt-6 flex flex-col rounded-2xl border border-accent-400/30 bg-ink-900 p-5 sm:p-6"
              >
                <h3 id="host-pack-card-title" className="text-2xl font-black text-white">
                  {packsCopy.hostPackCardTitle}
                </h3>
                <p className="mt-2 text-3xl font-bold text-accent-300 tabular-nums">{price}</p>
                <p className="mt-3 text-sm text-mist-300">{packsCopy.hostPackCardText}</p>
                <button
                  type="button"
                  aria-label={packsCopy.preorderLabel(price)}
                  className={buttonStyles({ size: 'lg', className: 'mt-6 w-full' })}
                  onClick={onPreorder}
                >
                  {packsCopy.preorder}
                </button>
              </article>
              <Dialog.Close
                aria-label={packsCopy.close}
                className="absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-full text-mist-300 hover:bg-white/10 hover:text-white"
              >
                <CloseIcon />
              </Dialog.Close>
            </Dialog.Content>
          </div>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
