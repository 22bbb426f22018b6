import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './field';
import { cn } from '@/utils/cn';

const textareaClass =
  'block min-h-36 w-full rounded-xl border border-white/15 bg-ink-950/60 px-4 py-3 text-base text-white placeholder:text-mist-400 transition-colors hover:border-white/30 focus:border-accent-400 aria-[invalid=true]:border-red-400';

type TextareaFieldProps = TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
};

/** A labelled multi-line field with its hint and message, wired like `Field`. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaFieldProps>(
  function TextareaField({ label, error, hint, className, id, ...props }, ref) {
    const ids = useFieldIds(id, hint, error);
    return (
      <FieldFrame label={label} hint={hint} error={error} ids={ids} className={className}>
        <textarea
          ref={ref}
          id={ids.controlId}
          rows={5}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          className={cn(textareaClass)}
          {...props}
        />
      </FieldFrame>
    );
  },
);
