import { zodResolver } from '@hookform/resolvers/zod';
import {
  creditChangeForm,
  creditLimitMessage,
  type ConsolePlayer,
  type ConsoleSession,
  type CreditChange,
} from '@questfield/contract';
import { useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useChangePlayerCredits } from '../api/change-player-credits';
import { useSignOutPlayer } from '../api/sign-out-player';
import { playerCopy } from '../copy/player';
import { ConfirmInPlace, useConfirmInPlace } from './confirm-in-place';
import { PlayerAdminActions } from './player-admin';
import { useReauthRetry } from './reauth-dialog';
import { buttonStyles } from '@/components/ui/button-styles';
import { BusyButton, Field, FormError } from '@/components/ui/form';
import { Panel } from '@/components/ui/panel';
import { failureText } from '@/lib/api-client';

type ActionProps = { player: ConsolePlayer; onNotice: (message: string) => void };

/**
 * How far the viewer's power reaches on the account, by the server's rule (docs/operations.md):
 * 'own', their own account, whose credits and seats another admin moves; 'beyond', an account
 * staff do not act on (a colleague's, an admin's); 'player', everything their role allows.
 */
export type Reach = 'own' | 'beyond' | 'player';

export function reachOf(session: ConsoleSession, player: ConsolePlayer): Reach {
  if (player.profile.username === session.username) return 'own';
  return session.role === 'staff' && player.profile.role !== 'player' ? 'beyond' : 'player';
}

/**
 * What staff may do to the player: sign them out everywhere, grant or deduct credits; and what
 * only admins may: change the role, delete the account (`session` is the viewer's). What the
 * viewer's reach does not allow is said, not offered.
 */
export function PlayerActions({ session, ...props }: ActionProps & { session: ConsoleSession }) {
  const reach = reachOf(session, props.player);
  return (
    <Panel heading={playerCopy.actionsHeading}>
      {reach === 'beyond' ? null : <SignOutEverywhere {...props} />}
      {reach === 'player' ? (
        <CreditsForm {...props} />
      ) : (
        <p className="mt-4 text-sm text-mist-300">{playerCopy.reachText[reach]}</p>
      )}
      {session.role === 'admin' ? <PlayerAdminActions {...props} own={reach === 'own'} /> : null}
    </Panel>
  );
}

/** 'Sign Out Everywhere', confirmed in place; the focus goes back to the button after. */
function SignOutEverywhere({ player, onNotice }: ActionProps) {
  const { id, username } = player.profile;
  const signOut = useSignOutPlayer(id);
  const step = useConfirmInPlace(() => signOut.reset());
  const confirm = () =>
    signOut.mutate(undefined, {
      onSuccess: ({ signedOut }) => {
        onNotice(playerCopy.signedOut(username, signedOut));
        step.close();
      },
    });

  return (
    <ConfirmInPlace
      step={step}
      heading={playerCopy.signOutHeading}
      className="mt-4"
      startLabel={playerCopy.signOut}
      confirmLabel={playerCopy.signOut}
      pending={signOut.isPending}
      error={signOut.isError ? failureText(signOut.error, playerCopy.signOutFailed) : null}
      onConfirm={confirm}
    >
      <p>{playerCopy.signOutConfirm(username)}</p>
    </ConfirmInPlace>
  );
}

/**
 * Credits granted or deducted with a reason, checked here with the server's own words (the
 * operator's limit, the balance). When the server asks for the password and a code first, the
 * reauth dialog does, then sends the change once more.
 */
function CreditsForm({ player, onNotice }: ActionProps) {
  const headingId = useId();
  const { id, username } = player.profile;
  const submitRef = useRef<HTMLButtonElement>(null);
  const change = useChangePlayerCredits(id);
  const reauth = useReauthRetry(submitRef);
  const form = useForm({
    resolver: zodResolver(creditChangeForm(player.creditLimit, player.balance)),
    defaultValues: { change: 'grant' as CreditChange, reason: '' },
  });
  const chosen = useWatch({ control: form.control, name: 'change' });

  const submit = form.handleSubmit((values) => {
    // The button keeps the focus while busy (the dialog gives it back), so it is never
    // disabled: a second press while the change is on its way does nothing.
    if (change.isPending) return;
    reauth.send((onError) =>
      change.mutate(
        { ...values, playerId: id },
        {
          onSuccess: ({ balance, approval }) => {
            onNotice(
              approval === null
                ? playerCopy.changed(values.change, values.credits, username, balance)
                : playerCopy.asked(values.credits, username),
            );
            form.reset();
          },
          onError,
        },
      ),
    );
  });

  return (
    <section aria-labelledby={headingId} className="mt-8 border-t border-white/10 pt-6">
      <h3 id={headingId} className="text-base font-bold text-white">
        {playerCopy.creditsHeading}
      </h3>
      <form
        noValidate
        className="mt-3 flex flex-col gap-4"
        onSubmit={(event) => void submit(event)}
      >
        <fieldset>
          <legend className="mb-1.5 text-sm font-semibold text-mist-100">
            {playerCopy.changeLegend}
          </legend>
          <div className="flex gap-5">
            {(['grant', 'deduct'] as const).map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-white">
                <input type="radio" value={value} className="size-4" {...form.register('change')} />
                {playerCopy[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label={playerCopy.amountLabel}
          type="number"
          inputMode="numeric"
          min={1}
          max={player.creditLimit}
          hint={creditLimitMessage(player.creditLimit)}
          error={form.formState.errors.credits?.message}
          {...form.register('credits', { valueAsNumber: true })}
        />
        <Field
          label={playerCopy.reasonLabel}
          hint={playerCopy.reasonHint}
          autoComplete="off"
          error={form.formState.errors.reason?.message}
          {...form.register('reason')}
        />
        <FormError>
          {change.isError && !reauth.asking
            ? failureText(change.error, playerCopy.changeFailed)
            : null}
        </FormError>
        <BusyButton
          ref={submitRef}
          type="submit"
          pending={change.isPending}
          className={buttonStyles({ size: 'lg', className: 'w-full' })}
        >
          {playerCopy.submit[chosen]}
        </BusyButton>
      </form>
      {reauth.dialog}
    </section>
  );
}
