import type { ReactNode } from 'react';
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
}: {
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
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
