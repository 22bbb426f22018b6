import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { CodeField, hasCode } from './code-field';
import { FormError, FormNotice } from './form-messages';
import { SubmitButton } from './submit-button';
import { MAIN_CONTENT_ID } from '@/components/layout/app-layout';
import { cn } from '@/utils/cn';

/** What became of a code sent: a refusal to show, or a confirmation (and the field emptied). */
export type CodeOutcome = { error: string } | { notice?: string; clear?: boolean } | undefined;

type CodeFormProps = {
  label: string;
  hint: string;
  submitLabel: string;
  /**
   * Said when the field holds no code; without it the button stays disabled until a code is
   * typed.
   */
  emptyMessage?: string;
  /** Sends the code (trimmed); one at a time. */
  send: (code: string) => Promise<CodeOutcome>;
  /** The field, for the caller to focus (e.g. when its dialog closes). */
  inputRef?: RefObject<HTMLInputElement | null>;
  className?: string;
  submitClassName?: string;
};

/**
 * One code and one button, for every code the player types (the redeem modal,
 * /experience-card, the access code of /game): the code upper-cased as typed, one request at a
 * time, a refusal in red and a confirmation in green, each read out with the field, and the
 * focus back in the field after either (the button was disabled under the pointer).
 */
export function CodeForm({
  label,
  hint,
  submitLabel,
  emptyMessage,
  send,
  inputRef: givenRef,
  className,
  submitClassName,
}: CodeFormProps) {
  const [code, setCode] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, setPending] = useState(false);
  const busyRef = useRef(false);
  const ownRef = useRef<HTMLInputElement>(null);
  const inputRef = givenRef ?? ownRef;
  const messageId = useId();

  const say = (ok: boolean, text: string) => {
    setResult({ ok, text });
    inputRef.current?.focus();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    if (!hasCode(code)) {
      if (emptyMessage) say(false, emptyMessage);
      return;
    }
    busyRef.current = true;
    setPending(true);
    setResult(null);
    try {
      const outcome = await send(code.trim());
      if (outcome && 'error' in outcome) say(false, outcome.error);
      else {
        if (outcome?.clear) setCode('');
        if (outcome?.notice) say(true, outcome.notice);
      }
    } finally {
      busyRef.current = false;
      setPending(false);
    }
  };

  return (
    <form
      noValidate
      aria-busy={pending}
      className={cn('flex flex-col gap-5', className)}
      onSubmit={(event) => void submit(event)}
    >
      <CodeField
        ref={inputRef}
        label={label}
        hint={hint}
        value={code}
        onValueChange={(next) => {
          setCode(next);
          if (!busyRef.current) setResult(null);
        }}
        aria-invalid={result && !result.ok ? true : undefined}
        aria-describedby={result ? messageId : undefined}
      />
      {result?.ok ? <FormNotice id={messageId}>{result.text}</FormNotice> : null}
      {result && !result.ok ? <FormError id={messageId}>{result.text}</FormError> : null}
      <SubmitButton
        pending={pending}
        disabled={emptyMessage === undefined && !hasCode(code)}
        className={submitClassName}
      >
        {submitLabel}
      </SubmitButton>
    </form>
  );
}

/**
 * After a dialog opened by a code closes: back to the field, or, when the page moved on (the
 * field is gone), to the main content.
 */
export function focusFieldOrMain(inputRef: RefObject<HTMLInputElement | null>): void {
  const input = inputRef.current;
  if (input?.isConnected) input.focus();
  else document.getElementById(MAIN_CONTENT_ID)?.focus();
}
