import { ROLES, type ConsolePlayer, type Role } from '@questfield/contract';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useChangePlayerRole } from '../api/change-player-role';
import { useDeletePlayer } from '../api/delete-player';
import { playerCopy } from '../copy/player';
import { ConfirmInPlace, useConfirmInPlace } from './confirm-in-place';
import { useReauthRetry } from './reauth-dialog';
import { buttonStyles } from '@/components/ui/button-styles';
import { BusyButton, FormError, inputClass } from '@/components/ui/form';
import { consolePaths } from '@/config/paths';
import { ApiError, failureText } from '@/lib/api-client';

/** What the players search shows after a deletion (router state of its address). */
export type PlayersNotice = { notice: string };

type AdminProps = { player: ConsolePlayer; onNotice: (message: string) => void };

/** A refusal as the admin's action shows it: the reauth refusal in its own words. */
const adminFailure = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code === 'REAUTH_REQUIRED'
    ? playerCopy.adminReauthNeeded
    : failureText(error, fallback);

/**
 * What only admins may do to the player, on the command line's own paths: change the role, and
 * delete the account. Never to their own account (the server refuses it too).
 */
export function PlayerAdminActions({ own, ...props }: AdminProps & { own: boolean }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-8 border-t border-white/10 pt-6">
      <h3 id={headingId} className="text-base font-bold text-white">
        {playerCopy.adminHeading}
      </h3>
      {own ? (
        <p className="mt-3 text-sm text-mist-300">{playerCopy.ownAccount}</p>
      ) : (
        <>
          <RoleForm {...props} />
          <DeleteAccount player={props.player} />
        </>
      )}
    </section>
  );
}

/**
 * The role, as a native select and 'Save Role'. When the server asks for the password and a
 * code first, the reauth dialog does, then sends the change once more; the page reads the
 * player again and the notice says what happened.
 */
function RoleForm({ player, onNotice }: AdminProps) {
  const selectId = useId();
  const hintId = useId();
  const { id, username } = player.profile;
  const [role, setRole] = useState<Role>(player.profile.role);
  const saveRef = useRef<HTMLButtonElement>(null);
  const change = useChangePlayerRole(id);
  const reauth = useReauthRetry(saveRef, playerCopy.adminReauthText);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The button keeps the focus while busy, so it is never disabled (as the credits form's).
    if (change.isPending) return;
    reauth.send((onError) =>
      change.mutate(
        { playerId: id, role },
        {
          onSuccess: (result) =>
            onNotice(
              result.changed
                ? playerCopy.roleChanged(username, result.role, result.signedOut)
                : playerCopy.roleUnchanged(username, result.role),
            ),
          onError,
        },
      ),
    );
  };

  // The dialog stays outside the form: its own form's submit event would reach this one
  // through the React tree (portals pass events to their parents).
  return (
    <>
      <form noValidate className="mt-3 flex flex-col gap-3" onSubmit={submit}>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-1 basis-40 flex-col gap-1.5">
            <label htmlFor={selectId} className="text-sm font-semibold text-mist-100">
              {playerCopy.roleLabel}
            </label>
            <select
              id={selectId}
              aria-describedby={hintId}
              className={inputClass}
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              {ROLES.map((value) => (
                <option key={value} value={value}>
                  {playerCopy.roleNames[value]}
                </option>
              ))}
            </select>
          </div>
          <BusyButton
            ref={saveRef}
            type="submit"
            pending={change.isPending}
            className={buttonStyles({ variant: 'secondary' })}
          >
            {playerCopy.saveRole}
          </BusyButton>
        </div>
        <p id={hintId} className="text-sm text-mist-300">
          {playerCopy.roleHint}
        </p>
        <FormError>
          {change.isError && !reauth.asking
            ? adminFailure(change.error, playerCopy.roleFailed)
            : null}
        </FormError>
      </form>
      {reauth.dialog}
    </>
  );
}

/**
 * 'Delete Account…', confirmed in place: the step names the player and says what goes and what
 * stays. After the deletion the console goes back to the players search, which says so.
 */
function DeleteAccount({ player }: { player: ConsolePlayer }) {
  const { id, username } = player.profile;
  const { upcoming } = player.bookings;
  const navigate = useNavigate();
  const remove = useDeletePlayer(id);
  const step = useConfirmInPlace(() => remove.reset());
  const reauth = useReauthRetry(step.confirmRef, playerCopy.adminReauthText);
  const confirm = () => {
    reauth.send((onError) =>
      remove.mutate(undefined, {
        onSuccess: ({ seats, forfeited }) => {
          const state: PlayersNotice = { notice: playerCopy.deleted(username, seats, forfeited) };
          void navigate(consolePaths.players, { state });
        },
        onError,
      }),
    );
  };

  return (
    <ConfirmInPlace
      step={step}
      heading={playerCopy.deleteHeading}
      level={4}
      className="mt-6"
      startLabel={playerCopy.deleteStart}
      confirmLabel={playerCopy.deleteSubmit}
      pending={remove.isPending}
      error={
        remove.isError && !reauth.asking
          ? adminFailure(remove.error, playerCopy.deleteFailed)
          : null
      }
      onConfirm={confirm}
      after={reauth.dialog}
    >
      <p className="font-semibold text-white">{playerCopy.deleteConfirm(username)}</p>
      <p>
        {playerCopy.deleteGoes(
          upcoming.entries.length,
          player.balance,
          upcoming.nextCursor !== null,
        )}
      </p>
      <p>{playerCopy.deleteKept}</p>
    </ConfirmInPlace>
  );
}
