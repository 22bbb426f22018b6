import { Dialog } from 'radix-ui';
import { useEffect, type ReactNode } from 'react';
import { NavItems } from './nav-items';
import { buttonStyles } from '@/components/ui/button-styles';
import { CloseIcon } from '@/components/ui/icons';
import { shellCopy } from '@/config/content';
import { headerNav } from '@/config/paths';

const DESKTOP_QUERY = '(min-width: 48rem)';

/**
 * The small-screen menu: a Radix dialog drawn as a side sheet, so focus is trapped and
 * returned, the page behind cannot scroll, and Escape or the backdrop closes it.
 * Loaded on first use to keep the landing page's script small.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  onClosed,
  accountMenu,
  onSignIn,
  onSignUp,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs after the sheet has gone, in place of Radix's own focus return. */
  onClosed: () => void;
  /** The signed-in part; the Sign In / Sign Up buttons show when it is absent. */
  accountMenu?: ReactNode;
  onSignIn: () => void;
  onSignUp: () => void;
}) {
  // A sheet left open while the window grows to desktop width would float over the full header.
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DESKTOP_QUERY);
    const close = () => {
      if (query.matches) onOpenChange(false);
    };
    query.addEventListener('change', close);
    return () => query.removeEventListener('change', close);
  }, [open, onOpenChange]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink-950/75 backdrop-blur-[2px] motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col overflow-y-auto border-l border-white/10 bg-ink-900 shadow-2xl shadow-black motion-safe:data-[state=closed]:animate-sheet-out motion-safe:data-[state=open]:animate-sheet-in"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b border-white/10 px-4">
            <Dialog.Title className="text-sm font-semibold tracking-[0.2em] text-mist-300 uppercase">
              {shellCopy.menuTitle}
            </Dialog.Title>
            <Dialog.Close
              aria-label={shellCopy.closeMenu}
              className="inline-flex size-11 items-center justify-center rounded-full border border-white/20 bg-white/5 text-white hover:bg-white/10"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>

          <div className="flex flex-1 flex-col gap-6 p-4">
            {accountMenu ? (
              accountMenu
            ) : (
              <div className="grid grid-cols-2 gap-3">
                <button
                  type="button"
                  className={buttonStyles({ variant: 'secondary' })}
                  onClick={onSignIn}
                >
                  {shellCopy.signIn}
                </button>
                <button
                  type="button"
                  className={buttonStyles({ variant: 'primary' })}
                  onClick={onSignUp}
                >
                  {shellCopy.signUp}
                </button>
              </div>
            )}

            <nav aria-label={shellCopy.mobileNavLabel}>
              <NavItems items={headerNav} layout="menu" onNavigate={() => onOpenChange(false)} />
            </nav>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
