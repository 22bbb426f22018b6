import { useId, useRef, useState, type FormEvent } from 'react';
import { useRedeemCodeMutation } from '../api/redeem-code';
import { codesCopy } from '../copy';
import { hasCode, modalFailureText } from '../redemption';
import { CodeField } from './code-field';
import { DialogShell } from '@/components/ui/dialog';
import { FormError, FormNotice, SubmitButton } from '@/components/ui/form';

type Result = { ok: boolean; text: string };

/**
 * The redeem modal of the Purchase Credits section (spec §2, §5): type a code, press Redeem.
 * A redeemed code shows the server's message in green ('… credits have been added …') and the
 * header's balance follows at once; a refusal shows in red. Either way the focus
 * is back in the emptied or unchanged field, ready for the next code. Redeem is disabled while
 * the field holds no code and while the request is on its way.
 */
export default function RedeemCodeDialog({
  open,
  onOpenChange,
  onClosed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the dialog has closed: the opener takes the focus back (it is not a Radix trigger). */
  onClosed: () => void;
}) {
  const [code, setCode] = useState('');
  const [result, setResult] = useState<Result | null>(null);
  const busyRef = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const redeem = useRedeemCodeMutation();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current || !hasCode(code)) return;
    busyRef.current = true;
    setResult(null);
    redeem.mutate(
      { code: code.trim() },
      {
        onSuccess: (answer) => {
          setCode('');
          setResult({ ok: true, text: answer.message });
        },
        onError: (error) => setResult({ ok: false, text: modalFailureText(error) }),
        onSettled: () => {
          busyRef.current = false;
          // Redeem was disabled under the pointer: the focus goes back to the field.
          inputRef.current?.focus();
        },
      },
    );
  };

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title={codesCopy.redeemTitle}
      description={codesCopy.redeemDescription}
      closeLabel={codesCopy.close}
      initialFocus={inputRef}
      onClosed={onClosed}
    >
      <form
        noValidate
        aria-busy={redeem.isPending}
        className="mt-5 flex flex-col gap-5 sm:mt-6"
        onSubmit={submit}
      >
        <CodeField
          ref={inputRef}
          label={codesCopy.codeLabel}
          hint={codesCopy.codeHint}
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
        <SubmitButton pending={redeem.isPending} disabled={!hasCode(code)}>
          {codesCopy.redeem}
        </SubmitButton>
      </form>
    </DialogShell>
  );
}
