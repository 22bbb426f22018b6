import { Dialog } from 'radix-ui';
import { useRef, type ReactNode, type RefObject } from 'react';
import { CloseIcon } from '@/components/ui/icons';
import { cn } from '@/utils/cn';

type DialogWidth = 'sm' | 'md' | 'lg';

const widths: Record<DialogWidth, string> = {
  sm: 'max-w-sm',
  md: 'max-w-md',
  lg: 'max-w-lg',
};

/** Where focus goes as the dialog opens: an element, or a function that finds it. */
type InitialFocus = RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined);

export type DialogShellProps = {
  open: boolean;
  /** Called with `false` by Escape, the backdrop and the close button (only when closable). */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Read with the title as the dialog opens; omit it when the body says it all. */
  description?: ReactNode;
  /** The close button's accessible name (the feature's copy). */
  closeLabel: string;
  /** A mark above the title (e.g. the logo of the account dialogs). */
  icon?: ReactNode;
  /** False hides the close button and ignores Escape and outside clicks (a step to finish). */
  closable?: boolean;
  /** While work is under way: the close button is disabled, Escape and outside clicks ignored. */
  busy?: boolean;
  /**
   * Where focus goes as the dialog opens (the content itself when it finds nothing); without
   * it, Radix focuses the first tabbable element.
   */
  initialFocus?: InitialFocus;
  /**
   * After the dialog has closed (or left with its page), to place the focus; without it, the
   * focus goes back to what had it as the dialog opened.
   */
  onClosed?: () => void;
  /**
   * Escape pressed inside the dialog, before it closes: `preventDefault()` keeps it open (e.g.
   * a date picker's calendar closes first).
   */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /** The content element, for dialogs that look inside it. */
  contentRef?: RefObject<HTMLDivElement | null>;
  width?: DialogWidth;
  children: ReactNode;
};

/**
 * The one modal frame of the app, on a Radix dialog: focus is trapped and returned, the page
 * behind cannot scroll or be read, Escape and the backdrop close it (unless `closable` is false or
 * it is `busy`). Title, optional description, close button, and the same backdrop, card and
 * motion for every dialog. The module loads with the dialogs that use it, never with a page.
 */
export function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  icon,
  closable = true,
  busy = false,
  initialFocus,
  onClosed,
  onEscapeKeyDown,
  contentRef,
  width = 'md',
  children,
}: DialogShellProps) {
  const ownRef = useRef<HTMLDivElement>(null);
  const ref = contentRef ?? ownRef;
  /** What had the focus as the dialog opened: it gets it back unless `onClosed` takes over. */
  const openerRef = useRef<HTMLElement | null>(null);
  const dismissible = closable && !busy;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (next || dismissible) onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/80 backdrop-blur-sm motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-fade-in" />
        <div className="pointer-events-none fixed inset-0 z-50 overflow-y-auto">
          <div className="flex min-h-full items-center justify-center p-4">
            <Dialog.Content
              ref={ref}
              // Without a description the dialog is named by its title alone.
              {...(description ? {} : { 'aria-describedby': undefined })}
              onOpenAutoFocus={(event) => {
                const active = document.activeElement;
                openerRef.current = active instanceof HTMLElement ? active : null;
                if (!initialFocus) return;
                event.preventDefault();
                const target =
                  typeof initialFocus === 'function' ? initialFocus() : initialFocus.current;
                (target ?? ref.current)?.focus();
              }}
              onCloseAutoFocus={(event) => {
                // Radix returns the focus to a Dialog.Trigger only, and these dialogs have none.
                event.preventDefault();
                const opener = openerRef.current;
                openerRef.current = null;
                if (onClosed) onClosed();
                else if (opener?.isConnected) opener.focus();
              }}
              onEscapeKeyDown={(event) => {
                onEscapeKeyDown?.(event);
                if (!dismissible) event.preventDefault();
              }}
              onInteractOutside={(event) => {
                if (!dismissible) event.preventDefault();
              }}
              className={cn(
                'pointer-events-auto relative w-full min-w-0 rounded-3xl border border-white/10 bg-ink-850 p-5 shadow-2xl shadow-black/60 outline-none sm:p-8 motion-safe:data-[state=closed]:animate-fade-out motion-safe:data-[state=open]:animate-pop-in',
                widths[width],
              )}
            >
              {icon}
              <Dialog.Title
                className={cn(
                  'font-extrabold tracking-tight text-white',
                  icon ? 'mt-4 text-2xl' : 'pr-10 text-xl sm:text-2xl',
                )}
              >
                {title}
              </Dialog.Title>
              {description ? (
                <Dialog.Description
                  className={cn('text-mist-300', icon ? 'mt-1.5 text-sm' : 'mt-2')}
                >
                  {description}
                </Dialog.Description>
              ) : null}
              {children}
              {closable ? (
                <Dialog.Close
                  aria-label={closeLabel}
                  disabled={busy}
                  className="absolute top-4 right-4 inline-flex size-10 items-center justify-center rounded-full text-mist-300 hover:bg-white/10 hover:text-white disabled:opacity-50"
                >
                  <CloseIcon />
                </Dialog.Close>
              ) : null}
            </Dialog.Content>
          </div>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
