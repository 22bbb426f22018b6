import { API_ROUTES, type ConsolePlayer } from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { findRetryAlert, refusal } from '@/testing/answers';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import {
  DAY_SLOTS,
  lastPage,
  openPlayerPage,
  order,
  player,
  PLAYER_ID,
  posting,
  seat,
  sentTo,
} from './player-fixture';
import { testConsoleSession } from '@/testing/mock-api';
import { findDialog, waitForDialogToClose } from '@/testing/test-utils';

// The lazy console page loads before the tests run, so no first wait pays for it.
beforeAll(async () => {
  await import('@/app/routes/console');
}, 30_000);

const GET = API_ROUTES.consolePlayer.path;
const HISTORY = API_ROUTES.consolePlayerCreditHistory.path;
const CREDITS = API_ROUTES.consolePlayerCredits.path;
const SIGN_OUT = API_ROUTES.consolePlayerSignOut.path;
const REAUTH = API_ROUTES.consoleReauth.path;
const BOOKINGS = API_ROUTES.consolePlayerBookings.path;
const ORDERS = API_ROUTES.consolePlayerOrders.path;
const PASSES = API_ROUTES.consolePlayerGamePasses.path;
const REDEMPTIONS = API_ROUTES.consolePlayerRedemptions.path;
const RESULTS = API_ROUTES.consolePlayerResults.path;
const SEAT_BOOK = API_ROUTES.consolePlayerSeatBook.path;
const SEAT_CANCEL = API_ROUTES.consolePlayerSeatCancel.path;
const DAY = API_ROUTES.eventsAvailableTimes.path;

/** A list's first page, with a cursor for the next. */
const morePages = <Row,>(entries: Row[], nextCursor: string) => ({ entries, nextCursor });

const pass = (label: string) => ({
  label,
  orderNumber: 'QF-7K3M9X2P4D',
  owned: true,
  redeemedAt: null,
  redeemedByPlayer: false,
});

const redemption = (label: string) => ({
  label,
  kind: 'promo' as const,
  credits: 16,
  redeemedAt: '2026-05-11T10:00:00.000Z',
});

const result = (at: string) => ({ at, score: 120, timeMs: 61_000, distance: 300 });

/** Each row of `table` by its header: the time it shows (machine-readable), else its text. */
const rowKeys = (table: HTMLElement) =>
  within(table)
    .getAllByRole('rowheader')
    .map((th) => th.querySelector('time')?.getAttribute('dateTime') ?? th.textContent);

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
    await user.click(screen.getByRole('button', { name: 'Load more postings' }));
    expect(await within(history).findByText('note 1')).toBeVisible();
    expect(within(history).getByText('note 3')).toBeVisible();
    expect(sentTo(api, HISTORY)).toEqual([{ playerId: PLAYER_ID, cursor: '3' }]);
    expect(screen.queryByRole('button', { name: 'Load more postings' })).not.toBeInTheDocument();
  });

  it('says how each seat was taken, a seat staff booked as the roster says it', async () => {
    const page: ConsolePlayer = {
      ...player(),
      bookings: {
        upcoming: lastPage([seat('2026-06-02T14:00:00.000Z', 'staff')]),
        past: lastPage([
          seat('2026-05-30T14:00:00.000Z', 'waitlist'),
          seat('2026-05-29T14:00:00.000Z', 'booked'),
        ]),
      },
    };
    openPage({}, page);
    const seatCells = async (caption: string) =>
      Array.from(
        (await screen.findByRole('table', { name: caption })).querySelectorAll<HTMLTableRowElement>(
          'tbody tr',
        ),
        (row) => row.cells[1]?.textContent,
      );
    expect(await seatCells('Games to come, soonest first')).toEqual(['Booked by staff']);
    expect(await seatCells('Games played, latest first')).toEqual(['From the waitlist', 'Booked']);
  });

  it("appends each list's next page under its own button, asking by that list's cursor", async () => {
    const user = userEvent.setup();
    const first = player();
    const page: ConsolePlayer = {
      ...first,
      bookings: {
        upcoming: morePages([seat('2026-06-02T14:00:00.000Z')], 'up-1'),
        past: morePages([seat('2026-05-30T14:00:00.000Z')], 'past-1'),
      },
      orders: morePages([order('QF-AAAA000001')], 'orders-1'),
      gamePasses: morePages([pass('Game Pass …AAA1')], 'passes-1'),
      redemptions: morePages([redemption('Promo code …AAA1')], 'codes-1'),
      leaderboard: {
        ...first.leaderboard,
        results: morePages([result('2026-05-29T10:00:00.000Z')], 'results-1'),
      },
    };
    const api = openPage(
      {
        [BOOKINGS]: (body) => ({
          body: lastPage([
            seat(
              body.list === 'upcoming' ? '2026-06-03T14:00:00.000Z' : '2026-05-28T14:00:00.000Z',
            ),
          ]),
        }),
        [ORDERS]: () => ({ body: lastPage([order('QF-BBBB000002')]) }),
        [PASSES]: () => ({ body: lastPage([pass('Game Pass …BBB2')]) }),
        [REDEMPTIONS]: () => ({ body: lastPage([redemption('Promo code …BBB2')]) }),
        [RESULTS]: () => ({ body: lastPage([result('2026-05-27T10:00:00.000Z')]) }),
      },
      page,
    );
    await screen.findByRole('heading', { name: 'zelda', level: 2 });
    for (const [table, button, rows] of [
      [
        'Games to come, soonest first',
        'Load more games to come',
        ['2026-06-02T14:00:00.000Z', '2026-06-03T14:00:00.000Z'],
      ],
      [
        'Games played, latest first',
        'Load more games played',
        ['2026-05-30T14:00:00.000Z', '2026-05-28T14:00:00.000Z'],
      ],
      ['Orders, newest first', 'Load more orders', ['QF-AAAA000001', 'QF-BBBB000002']],
      [
        'Game Passes bought or redeemed, newest first',
        'Load more Game Passes',
        ['Game Pass …AAA1', 'Game Pass …BBB2'],
      ],
      [
        'Codes redeemed, latest first',
        'Load more redemptions',
        ['Promo code …AAA1', 'Promo code …BBB2'],
      ],
      [
        'Results, newest first',
        'Load more results',
        ['2026-05-29T10:00:00.000Z', '2026-05-27T10:00:00.000Z'],
      ],
    ] as const) {
      const list = screen.getByRole('table', { name: table });
      expect(rowKeys(list), table).toEqual([rows[0]]);
      await user.click(screen.getByRole('button', { name: button }));
      await waitFor(() => expect(rowKeys(list), table).toEqual(rows));
      expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
    }
    expect(sentTo(api, BOOKINGS)).toEqual([
      { playerId: PLAYER_ID, list: 'upcoming', cursor: 'up-1' },
      { playerId: PLAYER_ID, list: 'past', cursor: 'past-1' },
    ]);
    for (const [path, cursor] of [
      [ORDERS, 'orders-1'],
      [PASSES, 'passes-1'],
      [REDEMPTIONS, 'codes-1'],
      [RESULTS, 'results-1'],
    ] as const) {
      expect(sentTo(api, path), path).toEqual([{ playerId: PLAYER_ID, cursor }]);
    }
    // The credit history still has its own page to load: nothing else asked for it.
    expect(sentTo(api, HISTORY)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Load more postings' })).toBeEnabled();
  });

  it("books a seat for the player on a day's open game, in the server's words when refused", async () => {
    // The operator is in Los Angeles; the venue's clock is New York's (mockApi's Venue).
    fakeBrowserTimeZone('America/Los_Angeles');
    const user = userEvent.setup();
    let answer: 'full' | 'ok' = 'full';
    const api = openPage({
      [SEAT_BOOK]: () =>
        answer === 'full'
          ? refusal('SLOT_FULL')
          : { body: { startsAt: DAY_SLOTS[0]!.EventTime, balance: 0, repeated: false } },
    });
    const form = await screen.findByRole('region', { name: 'Book a seat' });
    await user.clear(within(form).getByLabelText('Day'));
    await user.type(within(form).getByLabelText('Day'), '2026-06-02');
    const game = within(form).getByLabelText('Game (venue time)');
    await waitFor(() => expect(game).toBeEnabled());
    expect(
      within(game)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a game.',
      '10:00 AM EDT (7:00 AM PDT your time), 12/25 left',
      '10:30 AM EDT (7:30 AM PDT your time), full',
    ]);
    expect(
      within(game).getByRole('option', { name: '10:30 AM EDT (7:30 AM PDT your time), full' }),
    ).toBeDisabled();
    const book = within(form).getByRole('button', { name: 'Book Seat' });
    await user.click(book);
    expect(game).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(api, SEAT_BOOK)).toEqual([]);

    await user.selectOptions(game, '10:00 AM EDT (7:00 AM PDT your time), 12/25 left');
    await user.click(book);
    expect(await within(form).findByRole('alert')).toHaveTextContent(/full/i);
    answer = 'ok';
    await user.click(book);
    const at = 'Tue, Jun 2, 10:00 AM EDT (7:00 AM PDT your time)';
    expect(await screen.findByText(`zelda has a seat at ${at}: balance 0.`)).toHaveAttribute(
      'role',
      'status',
    );
    const sent = { playerId: PLAYER_ID, startsAt: DAY_SLOTS[0]!.EventTime };
    expect(sentTo(api, SEAT_BOOK)).toEqual([sent, sent]);
    expect(sentTo(api, DAY).at(-1)).toEqual({ date: '2026-06-02' });
  });

  it("cancels a seat to come after a confirmation, then puts the focus on 'Book a seat'", async () => {
    fakeBrowserTimeZone('America/Los_Angeles');
    const user = userEvent.setup();
    const startsAt = '2026-06-02T14:00:00.000Z';
    let page = player();
    const api = openPage({
      [SEAT_CANCEL]: () => {
        page = { ...player(4), bookings: { upcoming: lastPage([]), past: lastPage([]) } };
        return { body: { startsAt, refunded: 2, balance: 4 } };
      },
      [GET]: () => ({ body: page }),
      [BOOKINGS]: (body) => ({ body: page.bookings[body.list as 'upcoming' | 'past'] }),
    });
    const upcoming = await screen.findByRole('table', { name: 'Games to come, soonest first' });
    // The list, its button and the dialog name the game on one clock: the venue's, then theirs.
    const shown = await within(upcoming).findByText('Tue, Jun 2, 10:00 AM EDT');
    expect(shown).toHaveAttribute('dateTime', startsAt);
    expect(shown).toHaveTextContent('Tue, Jun 2, 10:00 AM EDT · , 7:00 AM PDT your time');
    const time = 'Tue, Jun 2, 10:00 AM EDT (7:00 AM PDT your time)';
    await user.click(within(upcoming).getByRole('button', { name: `Cancel the seat at ${time}` }));
    const dialog = await findDialog('Cancel this seat');
    expect(dialog).toHaveAccessibleDescription(
      `zelda's seat at ${time} is given back, and the credits it took return to their balance.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Seat' }));
    await waitForDialogToClose();
    expect(
      await screen.findByText(`zelda's seat at ${time} is cancelled: 2 credits back, balance 4.`),
    ).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Book a seat' })).toHaveFocus());
    expect(await screen.findByText('No game to come.')).toBeVisible();
    expect(sentTo(api, SEAT_CANCEL)).toEqual([{ playerId: PLAYER_ID, startsAt }]);
  });

  it('asks for the password and a code inside the cancellation, then cancels once more', async () => {
    const user = userEvent.setup();
    const startsAt = '2026-06-02T14:00:00.000Z';
    let tries = 0;
    const api = openPage({
      [SEAT_CANCEL]: () => {
        tries += 1;
        return tries === 1
          ? refusal('REAUTH_REQUIRED')
          : { body: { startsAt, refunded: 2, balance: 4 } };
      },
      [REAUTH]: () => ({ body: testConsoleSession({ reauthUntil: '2026-06-01T12:15:00.000Z' }) }),
    });
    const upcoming = await screen.findByRole('table', { name: 'Games to come, soonest first' });
    await user.click(within(upcoming).getByRole('button', { name: /^Cancel the seat at / }));
    const dialog = await findDialog('Cancel this seat');
    const confirmSeat = within(dialog).getByRole('button', { name: 'Cancel Seat' });
    await user.click(confirmSeat);
    const check = await findDialog('Confirm it is you');
    expect(check).toHaveAccessibleDescription(/Moving a player's seat moves their credits/);
    await waitFor(() => expect(within(check).getByLabelText('Password')).toHaveFocus());
    await user.type(within(check).getByLabelText('Password'), 'violet-lantern-orbit-42');
    await user.type(within(check).getByLabelText('6-digit code'), '123456');
    await user.click(within(check).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/is cancelled: 2 credits back, balance 4\./)).toHaveAttribute(
      'role',
      'status',
    );
    expect(sentTo(api, SEAT_CANCEL)).toHaveLength(2);
  });

  it("offers staff no credits or seats on a colleague's or an admin's page, nor on their own", async () => {
    openPlayerPage({}, { page: player(2, { role: 'admin' }) });
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(actions).toHaveTextContent('Staff act on player accounts only');
    expect(within(actions).queryByRole('button', { name: /Sign Out Everywhere/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Grant or deduct credits' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book Seat' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel the seat at / })).toBeNull();
  });

  it('offers an operator only signing out on their own page', async () => {
    openPlayerPage({}, { page: player(2, { username: 'ada', role: 'staff' }) });
    const actions = await screen.findByRole('region', { name: 'Actions' });
    expect(actions).toHaveTextContent('Your own credits and seats are moved by another admin');
    expect(within(actions).getByRole('button', { name: /Sign Out Everywhere/ })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Grant or deduct credits' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book Seat' })).toBeNull();
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
        return { body: { balance: 7, approval: null } };
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

    const dialog = await findDialog('Confirm it is you');
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

    await waitForDialogToClose();
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
    const dialog = await findDialog('Confirm it is you');
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

  it('says the player could not be loaded, not that there is no such player', async () => {
    openPage({ [GET]: () => refusal('INTERNAL') });
    await findRetryAlert('The player could not be loaded.');
    expect(
      screen.queryByText('No player has this id, or the account was deleted.'),
    ).not.toBeInTheDocument();
  });
});
