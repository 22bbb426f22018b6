import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { formCopy } from './form-copy';
import { EyeIcon } from '@/components/ui/icons';
import { cn } from '@/utils/cn';

export const inputClass =
  'block h-12 w-full rounded-xl border border-white/15 bg-ink-950/60 px-4 text-base text-white placeholder:text-mist-400 transition-colors read-only:border-white/5 read-only:bg-white/5 read-only:text-mist-300 hover:border-white/30 focus:border-accent-400 aria-[invalid=true]:border-red-400';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | undefined;
  /** A rule or help shown under the input from the start, read with it (aria-describedby). */
  hint?: string | undefined;
  /** Renders a show/hide toggle and switches the input between password and text. */
  password?: boolean;
  /** A button at the input's right end (e.g. Cancel); not with `password`. */
  action?: ReactNode;
  /** Classes for the input itself (`className` styles the wrapper). */
  inputClassName?: string | undefined;
};

/** The ids a control's label, hint and message use, and what it is described by. */
export function useFieldIds(
  id: string | undefined,
  hint: string | undefined,
  error: string | undefined,
  more?: string,
) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, more].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

/** A control's label above it, and its hint and validation message under it. */
export function FieldFrame({
  label,
  hint,
  error,
  ids,
  className,
  children,
}: {
  label: string;
  hint: string | undefined;
  error: string | undefined;
  ids: ReturnType<typeof useFieldIds>;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={ids.controlId} className="mb-1.5 block text-sm font-semibold text-mist-100">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={ids.hintId} className="mt-1.5 text-sm text-mist-300">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={ids.errorId} className="mt-1.5 text-sm text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A labelled input with its hint and validation message, wired for assistive technology; an
 * `aria-describedby` given names more descriptions (e.g. a form-level message about the field).
 */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  {
    label,
    error,
    hint,
    password = false,
    action,
    inputClassName,
    className,
    id,
    type = 'text',
    'aria-describedby': describedByProp,
    ...props
  },
  ref,
) {
  const ids = useFieldIds(id, hint, error, describedByProp);
  const inputId = ids.controlId;
  const [visible, setVisible] = useState(false);

  return (
    <FieldFrame label={label} hint={hint} error={error} ids={ids} className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={inputId}
          type={password ? (visible ? 'text' : 'password') : type}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={cn(inputClass, password && 'pr-14', action ? 'pr-24' : null, inputClassName)}
          {...props}
        />
        {action && !password ? (
          <div className="absolute inset-y-0 right-1 my-auto flex items-center">{action}</div>
        ) : null}
        {password ? (
          <button
            type="button"
            aria-label={visible ? formCopy.hidePassword : formCopy.showPassword}
            aria-pressed={visible}
            aria-controls={inputId}
            onClick={() => setVisible((value) => !value)}
            className="absolute inset-y-0 right-1 my-auto inline-flex size-10 items-center justify-center rounded-lg text-mist-300 hover:bg-white/10 hover:text-white"
          >
            <EyeIcon crossed={visible} />
          </button>
        ) : null}
      </div>
    </FieldFrame>
  );
});
