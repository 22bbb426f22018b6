import { API_ROUTES } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '@/testing/answers';
import { openPlayerPage, player, PLAYER_ID, posting, sentTo } from './player-fixture';
import { testConsoleSession } from '@/testing/mock-api';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const GET = API_ROUTES.consolePlayer.path;
const HISTORY = API_ROUTES.consolePlayerCreditHistory.path;
const CREDITS = API_ROUTES.consolePlayerCredits.path;
const SIGN_OUT = API_ROUTES.consolePlayerSignOut.path;
const REAUTH = API_ROUTES.consoleReauth.path;

const session = testConsoleSession();

/** A staff console on the player's page, answering with `answers` besides the page itself. */
const openPage = (answers: Parameters<typeof openPlayerPage>[0] = {}, page = player()) =>
  openPlayerPage(answers, { page });

describe("the console's player page", () => {
  it('shows the account and its lists in captioned tables, and pages the credit history', async () => {
    const user = userEvent.setup();
    const api = openPage({
      [HISTORY]: () => ({ body: { entries: [posting(1, 5, 5)], nextCursor: null } }),
    });
    expect(await screen.findByRole('heading', { name: 'zelda', level: 2 })).toBeVisible();
    expect(screen.getByText('zelda@example.com')).toBeVisible();
    expect(screen.getByText('2 credits')).toBeVisible();
    const orders = screen.getByRole('table', { name: 'Orders, newest first' });
    expect(within(orders).getByRole('rowheader', { name: 'QF-7K3M9X2P4D' })).toBeVisible();
    expect(within(orders).getByText('Purchase 16 Credits')).toBeVisible();
    expect(
      within(screen.getByRole('table', { name: 'Games to come, soonest first' })).getByText(
        'Joined by code',
      ),
    ).toBeVisible();
    expect(screen.getByText('No game played yet.')).toBeVisible();
    expect(screen.getByText('No Game Pass.')).toBeVisible();
    expect(screen.getByText('120 (rank 3)')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Their audit log' })).toHaveAttribute(
      'href',
      `/operator/audit-log?player=${PLAYER_ID}&playerName=zelda`,
    );

    const history = screen.getByRole('table', { name: 'Postings on the balance, newest first' });
    expect(
      within(history)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['When', 'Change', 'Balance after', 'What', 'Detail']);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(history).findByText('note 1')).toBeVisible();
    expect(within(history).getByText('note 3')).toBeVisible();
    expect(sentTo(api, HISTORY)).toEqual([{ playerId: PLAYER_ID, cursor: '3' }]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('checks a deduction against the balance and the limit in the words the server uses', async () => {
    const user = userEvent.setup();
    const api = openPage();
    const form = await screen.findByRole('region', { name: 'Grant or deduct credits' });
    const amount = within(form).getByLabelText('Credits');
    expect(amount).toHaveAccessibleDescription(
      'You can grant or deduct at most 10 credits at a time.',
    );
    await user.click(within(form).getByRole('radio', { name: 'Deduct' }));
    await user.click(within(form).getByRole('button', { name: 'Deduct Credits' }));
    expect(within(form).getByText('Enter a whole number of credits.')).toBeVisible();
    expect(within(form).getByText('Say why: the reason goes into the audit log.')).toBeVisible();

    await user.type(amount, '5');
    await user.type(within(form).getByLabelText('Reason'), 'Refunded at the desk');
    await user.click(within(form).getByRole('button', { name: 'Deduct Credits' }));
    expect(
      await within(form).findByText(
        'The balance is 2 credits: a deduction cannot take it below zero.',
      ),
    ).toBeVisible();
    expect(amount).toHaveAttribute('aria-invalid', 'true');

    await user.clear(amount);
    await user.type(amount, '11');
    await user.click(within(form).getByRole('radio', { name: 'Grant' }));
    await user.click(within(form).getByRole('button', { name: 'Grant Credits' }));
    expect(
      await within(form).findByText('You can grant or deduct at most 10 credits at a time.', {
        selector: '[id$="-error"]',
      }),
    ).toBeVisible();
    expect(sentTo(api, CREDITS)).toEqual([]);
  });

  it('asks for the password and a code when the server wants them, then sends once more', async () => {
    const user = userEvent.setup();
    let tries = 0;
    let refreshed = player();
    const api = openPage({
      [CREDITS]: () => {
        tries += 1;
        if (tries === 1) return refusal('REAUTH_REQUIRED');
        refreshed = player(7);
        return { body: { balance: 7 } };
      },
      [REAUTH]: (body) =>
        body.code === '123456'
          ? { body: { ...session, reauthUntil: '2026-06-01T12:15:00.000Z' } }
          : refusal('TWO_FACTOR_CODE_INVALID'),
      [GET]: () => ({ body: refreshed }),
    });
    const form = await screen.findByRole('region', { name: 'Grant or deduct credits' });
    await user.type(within(form).getByLabelText('Credits'), '5');
    await user.type(within(form).getByLabelText('Reason'), 'Headset broke mid-game');
    const grant = within(form).getByRole('button', { name: 'Grant Credits' });
    await user.click(grant);

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    const password = within(dialog).getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    await user.type(password, 'violet-lantern-orbit-42');
    await user.type(within(dialog).getByLabelText('6-digit code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(/That code is not valid/)).toBeVisible();
    await user.clear(within(dialog).getByLabelText('6-digit code'));
    await user.type(within(dialog).getByLabelText('6-digit code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(grant).toHaveFocus());
    expect(
      await screen.findByText('Granted 5 credits to zelda: the balance is 7 credits.'),
    ).toHaveAttribute('role', 'status');
    expect(await screen.findByText('7 credits')).toBeVisible();
    const change = {
      playerId: PLAYER_ID,
      change: 'grant',
      credits: 5,
      reason: 'Headset broke mid-game',
    };
    expect(sentTo(api, CREDITS)).toEqual([change, change]);
    expect(sentTo(api, REAUTH)).toEqual([
      { password: 'violet-lantern-orbit-42', code: '654321' },
      { password: 'violet-lantern-orbit-42', code: '123456' },
    ]);
  });

  it('retries once only, and a closed dialog leaves the refusal on the form', async () => {
    const user = userEvent.setup();
    const api = openPage({ [CREDITS]: () => refusal('REAUTH_REQUIRED') });
    const form = await screen.findByRole('region', { name: 'Grant or deduct credits' });
    await user.type(within(form).getByLabelText('Credits'), '1');
    await user.type(within(form).getByLabelText('Reason'), 'Test');
    const grant = within(form).getByRole('button', { name: 'Grant Credits' });
    await user.click(grant);
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it is you' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(grant).toHaveFocus());
    expect(within(form).getByRole('alert')).toHaveTextContent(
      'Confirm with your password and a current code before moving money.',
    );
    expect(sentTo(api, CREDITS)).toHaveLength(1);
  });

  it('signs the player out everywhere after a confirmation, and says so', async () => {
    const user = userEvent.setup();
    const api = openPage({ [SIGN_OUT]: () => ({ body: { signedOut: 2 } }) });
    const start = await screen.findByRole('button', { name: 'Sign Out Everywhere' });
    await user.click(start);
    const confirm = screen.getByRole('button', { name: 'Sign Out Everywhere' });
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(screen.getByText(/End every sign-in session of zelda\?/)).toBeVisible();
    await user.click(confirm);
    expect(
      await screen.findByText('zelda is signed out everywhere (2 sessions ended).'),
    ).toHaveAttribute('role', 'status');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign Out Everywhere' })).toHaveFocus(),
    );
    expect(sentTo(api, SIGN_OUT)).toEqual([{ playerId: PLAYER_ID }]);
  });

  it('says when the player does not exist, or the account was deleted', async () => {
    openPage({ [GET]: () => refusal('PLAYER_NOT_FOUND') });
    expect(
      await screen.findByText('No player has this id, or the account was deleted.'),
    ).toBeVisible();
  });

  it('links each account of the search to its page', async () => {
    const user = userEvent.setup();
    openPage({
      [API_ROUTES.consolePlayerSearch.path]: () => ({
        body: {
          players: [
            {
              id: PLAYER_ID,
              username: 'zelda',
              email: 'zelda@example.com',
              credits: 2,
              role: 'player',
              createdAt: '2026-05-01T10:00:00.000Z',
            },
          ],
          nextCursor: null,
        },
      }),
    });
    await screen.findByRole('heading', { name: 'zelda', level: 2 });
    await user.click(screen.getByRole('link', { name: 'All players' }));
    await user.type(await screen.findByLabelText('Email or username'), 'zel');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('link', { name: 'Open the page of zelda' }));
    expect(await screen.findByRole('heading', { name: 'zelda', level: 2 })).toBeVisible();
  });
});
