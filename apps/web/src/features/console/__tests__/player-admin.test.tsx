import { API_ROUTES } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPlayerPage, player, PLAYER_ID, sentTo } from './player-fixture';
import { refusal } from '@/testing/answers';
import { testConsoleSession } from '@/testing/mock-api';
import { findDialog, waitForDialogToClose } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const ROLE = API_ROUTES.consolePlayerRole.path;
const DELETE = API_ROUTES.consolePlayerDelete.path;
const REAUTH = API_ROUTES.consoleReauth.path;
const SEARCH = API_ROUTES.consolePlayerSearch.path;

const admin = testConsoleSession({ username: 'ada', role: 'admin' });
const reauthed = { ...admin, reauthUntil: '2026-06-01T12:15:00.000Z' };

/** An admin's console on zelda's page, answering with `answers` besides the page itself. */
const openAsAdmin = (answers: Parameters<typeof openPlayerPage>[0] = {}, page = player()) =>
  openPlayerPage(answers, { page, session: admin });

const actionsPanel = () => screen.findByRole('region', { name: 'Actions' });

/** Confirms it is the admin in the reauth dialog, which must then close. */
async function passReauth(user: ReturnType<typeof userEvent.setup>, why: RegExp) {
  const dialog = await findDialog('Confirm it is you');
  expect(dialog).toHaveAccessibleDescription(why);
  await waitFor(() => expect(within(dialog).getByLabelText('Password')).toHaveFocus());
  await user.type(within(dialog).getByLabelText('Password'), 'violet-lantern-orbit-42');
  await user.type(within(dialog).getByLabelText('6-digit code'), '123456');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitForDialogToClose();
}

describe("the console's admin actions on a player", () => {
  it('shows admins the role and the deletion, and staff neither', async () => {
    openAsAdmin();
    const actions = await actionsPanel();
    const role = within(actions).getByRole('combobox', { name: 'Role' });
    expect(role).toHaveValue('player');
    expect(role).toHaveAccessibleDescription(/signs the account out everywhere/);
    expect(within(actions).getByRole('button', { name: 'Save Role' })).toBeVisible();
    expect(within(actions).getByRole('button', { name: 'Delete Account…' })).toBeVisible();
  });

  it('shows staff no role control and no deletion', async () => {
    openPlayerPage();
    const actions = await actionsPanel();
    expect(within(actions).getByRole('button', { name: 'Grant Credits' })).toBeVisible();
    expect(within(actions).queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: /Delete Account/ })).toBeNull();
    expect(within(actions).queryByRole('heading', { name: 'Admin' })).toBeNull();
  });

  it("says an admin's own role and account are changed elsewhere", async () => {
    openAsAdmin({}, player(2, { username: 'ada', role: 'admin' }));
    const actions = await actionsPanel();
    expect(
      within(actions).getByText(/Your own role and account are changed by another admin/),
    ).toBeVisible();
    expect(within(actions).queryByRole('combobox', { name: 'Role' })).not.toBeInTheDocument();
    expect(within(actions).queryByRole('button', { name: /Delete Account/ })).toBeNull();
  });

  it('changes the role after the password and a code, then reads the page again and says so', async () => {
    const user = userEvent.setup();
    let tries = 0;
    let page = player();
    const api = openAsAdmin({
      [ROLE]: () => {
        tries += 1;
        if (tries === 1) return refusal('REAUTH_REQUIRED');
        page = player(2, { role: 'staff' });
        return { body: { role: 'staff', changed: true, signedOut: 2 } };
      },
      [REAUTH]: () => ({ body: reauthed }),
      [API_ROUTES.consolePlayer.path]: () => ({ body: page }),
    });
    const actions = await actionsPanel();
    await user.selectOptions(within(actions).getByRole('combobox', { name: 'Role' }), 'staff');
    const save = within(actions).getByRole('button', { name: 'Save Role' });
    await user.click(save);

    await passReauth(user, /Changing a role or deleting an account needs your password/);
    await waitFor(() => expect(save).toHaveFocus());
    expect(
      await screen.findByText('zelda is now staff, and signed out everywhere (2 sessions ended).'),
    ).toHaveAttribute('role', 'status');
    // The profile read again.
    const profile = screen.getByRole('region', { name: 'zelda' });
    expect(await within(profile).findByText('staff')).toBeVisible();
    const change = { playerId: PLAYER_ID, role: 'staff' };
    expect(sentTo(api, ROLE)).toEqual([change, change]);
    expect(sentTo(api, REAUTH)).toHaveLength(1);
  });

  it('says nothing changed when the role is the same, and shows a refusal in the form', async () => {
    const user = userEvent.setup();
    let answer = 0;
    openAsAdmin({
      [ROLE]: () => {
        answer += 1;
        return answer === 1
          ? { body: { role: 'player', changed: false, signedOut: 0 } }
          : refusal('OWN_ROLE_LOCKED');
      },
    });
    const actions = await actionsPanel();
    const save = within(actions).getByRole('button', { name: 'Save Role' });
    await user.click(save);
    expect(await screen.findByText('zelda is player already: nothing changed.')).toHaveAttribute(
      'role',
      'status',
    );
    await user.click(save);
    expect(await within(actions).findByRole('alert')).toHaveTextContent(
      'You cannot change your own role in the console',
    );
  });

  it('deletes the account after a confirmation that says what goes, then opens the search', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const api = openAsAdmin({
      [DELETE]: () => {
        tries += 1;
        return tries === 1 ? refusal('REAUTH_REQUIRED') : { body: { seats: 1, forfeited: 2 } };
      },
      [REAUTH]: () => ({ body: reauthed }),
      [SEARCH]: () => ({ body: { players: [], nextCursor: null } }),
    });
    const actions = await actionsPanel();
    const start = within(actions).getByRole('button', { name: 'Delete Account…' });
    await user.click(start);
    const confirm = within(actions).getByRole('button', { name: 'Delete Account' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(within(actions).getByText('Delete the account of zelda?')).toBeVisible();
    expect(
      within(actions).getByText(
        /1 seat on games to come .*the balance of 2 credits \(forfeited, no refund\)/,
      ),
    ).toBeVisible();
    expect(within(actions).getByText(/Kept: the orders and the credit ledger/)).toBeVisible();

    // Cancel gives the focus back; nothing was sent.
    await user.click(within(actions).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(within(actions).getByRole('button', { name: 'Delete Account…' })).toHaveFocus(),
    );
    expect(sentTo(api, DELETE)).toEqual([]);

    await user.click(within(actions).getByRole('button', { name: 'Delete Account…' }));
    await user.click(await within(actions).findByRole('button', { name: 'Delete Account' }));
    await passReauth(user, /Changing a role or deleting an account/);

    expect(await screen.findByRole('heading', { name: 'Players', level: 2 })).toBeVisible();
    expect(
      await screen.findByText(
        'The account of zelda is deleted: 1 seat given up, 2 credits forfeited.',
      ),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByLabelText('Email or username')).toHaveFocus());
    expect(sentTo(api, DELETE)).toEqual([{ playerId: PLAYER_ID }, { playerId: PLAYER_ID }]);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/is deleted/)).not.toBeInTheDocument();
  });

  it('keeps the confirmation open with the refusal when the deletion fails', async () => {
    const user = userEvent.setup();
    openAsAdmin({ [DELETE]: () => refusal('PLAYER_NOT_FOUND') });
    const actions = await actionsPanel();
    await user.click(within(actions).getByRole('button', { name: 'Delete Account…' }));
    await user.click(within(actions).getByRole('button', { name: 'Delete Account' }));
    expect(await within(actions).findByRole('alert')).toHaveTextContent(
      'No player has this id, or the account was deleted.',
    );
    expect(within(actions).getByRole('button', { name: 'Delete Account' })).toBeVisible();
  });
});
