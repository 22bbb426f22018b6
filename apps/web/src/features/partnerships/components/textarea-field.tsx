import { forwardRef, useId, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/utils/cn';

const textareaClass =
  'block min-h-36 w-full rounded-xl border border-white/15 bg-ink-950/60 px-4 py-3 text-base text-white placeholder:text-mist-400 transition-colors hover:border-white/30 focus:border-accent-400 aria-[invalid=true]:border-red-400';

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

/** A labelled multi-line field with its hint and message, wired like the form's `Field`. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(
  function TextareaField({ label, error, hint, className, id, ...props }, ref) {
    const autoId = useId();
    const fieldId = id ?? autoId;
    const hintId = `${fieldId}-hint`;
    const errorId = `${fieldId}-error`;
    const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
    return (
      <div className={className}>
        <label htmlFor={fieldId} className="mb-1.5 block text-sm font-semibold text-mist-100">
          {label}
        </label>
        <textarea
          ref={ref}
          id={fieldId}
          rows={5}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          className={cn(textareaClass)}
          {...props}
        />
        {hint ? (
          <p id={hintId} className="mt-1.5 text-sm text-mist-300">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={errorId} className="mt-1.5 text-sm text-red-300">
            {error}
          </p>
        ) : null}
      </div>
    );
  },
);
