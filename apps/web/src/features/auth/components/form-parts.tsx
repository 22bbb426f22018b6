import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { authCopy } from '@/config/content';
import { cn } from '@/utils/cn';
import { EyeIcon } from '@/components/ui/icons';

export const inputClass =
  'block h-12 w-full rounded-xl border border-white/15 bg-ink-950/60 px-4 text-base text-white placeholder:text-mist-400 transition-colors read-only:border-white/5 read-only:bg-white/5 read-only:text-mist-300 hover:border-white/30 focus:border-accent-400 aria-[invalid=true]:border-red-400';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  /** Renders a show/hide toggle and switches the input between password and text. */
  password?: boolean;
};

/** A labelled input with its validation message, wired for assistive technology. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label, error, password = false, className, id, type = 'text', ...props },
  ref,
) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const [visible, setVisible] = useState(false);

  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-mist-100">
        {label}
      </label>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={password ? (visible ? 'text' : 'password') : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(inputClass, password && 'pr-14')}
          {...props}
        />
        {password ? (
          <button
            type="button"
            aria-label={visible ? authCopy.hidePassword : authCopy.showPassword}
            aria-pressed={visible}
            aria-controls={inputId}
            onClick={() => setVisible((value) => !value)}
            className="absolute inset-y-0 right-1 my-auto inline-flex size-10 items-center justify-center rounded-lg text-mist-300 hover:bg-white/10 hover:text-white"
          >
            <EyeIcon crossed={visible} />
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
});

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

/** The form's main button: a spinner and aria-busy while the request is on its way. */
export function SubmitButton({
  pending,
  children,
  className,
}: {
  pending: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-busy={pending}
      className={buttonStyles({ size: 'lg', className: cn('w-full', className) })}
    >
      {pending ? <Spinner /> : null}
      {children}
    </button>
  );
}

/** A failure of the whole form, announced at once. */
export function FormError({ children }: { children: string | null | undefined }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="rounded-xl border border-red-400/40 bg-red-500/10 px-4 py-3 text-sm text-red-200"
    >
      {children}
    </p>
  );
}

/** A confirmation, announced politely. */
export function FormNotice({ children }: { children: string | null | undefined }) {
  if (!children) return null;
  return (
    <p
      role="status"
      className="rounded-xl border border-emerald-400/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-200"
    >
      {children}
    </p>
  );
}

/** 'New user?' + 'Create an account' and the like. */
export function SwitchPrompt({
  question,
  action,
  onClick,
}: {
  question: string;
  action: string;
  onClick: () => void;
}) {
  return (
    <p className="text-sm text-mist-300">
      {question}{' '}
      <button
        type="button"
        onClick={onClick}
        className="font-semibold text-accent-300 underline-offset-4 hover:underline"
      >
        {action}
      </button>
    </p>
  );
}

export const linkButtonClass =
  'text-sm font-semibold text-accent-300 underline-offset-4 hover:underline';
