import { ERRORS, type CodeRedeemedResponse } from '@questfield/contract';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import { useRedeemItemMutation } from '../api/redeem-item';
import { codesCopy } from '../copy';
import { cardFailureText, hasCode } from '../redemption';
import { CodeField } from './code-field';
import { MAIN_CONTENT_ID } from '@/components/layout/app-layout';
import { FormError, SubmitButton } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';

/** The dialog and Radix load as the first code is sent, so they are ready when it is redeemed. */
const loadGamePassDialog = () => import('./game-pass-redeemed-dialog');
const GamePassRedeemedDialog = lazy(loadGamePassDialog);

/**
 * /experience-card (spec §5): a code and Redeem, one Items/Redeem request. No code at all is
 * refused here ('Please enter a code.'); an unknown code, a used one and every other failure
 * show the spec's texts in red, with the focus back in the field. A redeemed code puts the new
 * balance in the header and opens 'Game Pass Redeemed', whose 'Join Game' goes to /game.
 */
export function ExperienceCardForm() {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [redeemed, setRedeemed] = useState<CodeRedeemedResponse | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const busyRef = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const redeem = useRedeemItemMutation();

  const fail = (text: string) => {
    setError(text);
    inputRef.current?.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busyRef.current) return;
    if (!hasCode(code)) {
      fail(ERRORS.CODE_REQUIRED.message);
      return;
    }
    busyRef.current = true;
    setError(null);
    void loadGamePassDialog();
    redeem.mutate(
      { name: code.trim() },
      {
        onSuccess: (answer) => {
          setCode('');
          setRedeemed(answer);
          setDialogOpen(true);
        },
        onError: (failure) => fail(cardFailureText(failure)),
        onSettled: () => {
          busyRef.current = false;
        },
      },
    );
  };

  return (
    <Panel heading={codesCopy.cardFormHeading} className="max-w-xl">
      <form
        noValidate
        aria-busy={redeem.isPending}
        className="mt-5 flex flex-col gap-5"
        onSubmit={submit}
      >
        <CodeField
          ref={inputRef}
          label={codesCopy.cardCodeLabel}
          hint={codesCopy.codeHint}
          value={code}
          onValueChange={(next) => {
            setCode(next);
            if (!busyRef.current) setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <FormError id={errorId}>{error}</FormError>
        <SubmitButton pending={redeem.isPending} className="sm:w-auto sm:self-start sm:px-10">
          {codesCopy.redeem}
        </SubmitButton>
      </form>
      {redeemed ? (
        <Suspense fallback={null}>
          <GamePassRedeemedDialog
            open={dialogOpen}
            onOpenChange={setDialogOpen}
            message={redeemed.message}
            onClosed={() => {
              // Closed on this page: back to the field. Left for /game: to the new page.
              const input = inputRef.current;
              if (input?.isConnected) input.focus();
              else document.getElementById(MAIN_CONTENT_ID)?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </Panel>
  );
}
