import { useRef } from 'react';
import { useRedeemCodeMutation } from '../api/redeem-code';
import { codesCopy } from '../copy';
import { modalFailureText } from '../redemption';
import { DialogShell } from '@/components/ui/dialog';
import { CodeForm, type CodeOutcome } from '@/components/ui/form';

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
  const inputRef = useRef<HTMLInputElement>(null);
  const redeem = useRedeemCodeMutation();

  const send = async (code: string): Promise<CodeOutcome> => {
    try {
      const answer = await redeem.mutateAsync({ code });
      return { notice: answer.message, clear: true };
    } catch (failure) {
      return { error: modalFailureText(failure) };
    }
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
      <CodeForm
        label={codesCopy.codeLabel}
        hint={codesCopy.codeHint}
        submitLabel={codesCopy.redeem}
        send={send}
        inputRef={inputRef}
        className="mt-5 sm:mt-6"
      />
    </DialogShell>
  );
}
