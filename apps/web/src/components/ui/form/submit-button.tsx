import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { cn } from '@/utils/cn';

export function Spinner({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      className={cn('motion-safe:animate-spin', className)}
    >
      <circle
        cx="12"
        cy="12"
        r="9"
        fill="none"
        stroke="currentColor"
        strokeOpacity="0.3"
        strokeWidth="3"
      />
      <path
        d="M21 12a9 9 0 0 0-9-9"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
      />
    </svg>
  );
}

/**
 * The form's main button: a spinner and aria-busy while the request is on its way; `disabled`
 * while there is nothing to send (e.g. no field changed).
 */
export function SubmitButton({
  pending,
  disabled = false,
  children,
  className,
  ref,
}: {
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
  /** For a dialog that gives the focus back to this button. */
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="submit"
      disabled={pending || disabled}
      aria-busy={pending}
      className={buttonStyles({ size: 'lg', className: cn('w-full', className) })}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}

/**
 * A button whose action may be on its way: never disabled, so it keeps the focus meanwhile (a
 * dialog it opened can hand the focus back to it); a spinner and aria-busy say it works, and
 * the caller ignores a second press while `pending`.
 */
export function BusyButton({
  pending,
  className,
  children,
  ref,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  pending: boolean;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      aria-disabled={pending}
      aria-busy={pending}
      className={cn(className, pending && 'opacity-60')}
      {...props}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}
