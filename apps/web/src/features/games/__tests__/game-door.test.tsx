import type {
  RegisterEventResponse,
  GameByAccessCode,
  UserEvent as PlayerGame,
} from '@questfield/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, refusal } from './games-test-utils';
import { fakeBrowserTimeZone } from '@/testing/browser-time-zone';
import { mockApi, testConfig, testUser, type MockAnswer } from '@/testing/mock-api';
import { findDialog, renderApp, waitForDialogToClose } from '@/testing/test-utils';

// The lazy page and dialogs load before the tests run, so no first wait pays for them.
beforeAll(async () => {
  await import('@/app/routes/game');
  await import('@/features/games/components/join-experience-dialog');
  await import('@/features/accounts/components/auth-dialog');
}, 30_000);

type Handler = (body: Record<string, unknown>) => MockAnswer | Promise<MockAnswer>;

/** A game of the player's, starting `offsetMs` from now (the real clock). */
function game(offsetMs: number): PlayerGame {
  return {
    EventTime: new Date(Date.now() + offsetMs).toISOString(),
    EventName: 'Old Mill District',
    event_id: 'Old Mill District|6:00 PM',
    EventLength: 30,
    accessCode: 'K7M9X2P4',
    ticket: 'eyJhbGciOiJIUzI1NiJ9.test-ticket.signature',
    registrationId: '0b5e7c1a-3f2d-4e8b-9a6c-1d2e3f4a5b6c',
    cancelCutoffMinutes: 120,
  };
}

function liveSession(): GameByAccessCode {
  return {
    date: new Date(Date.now() - 5 * MINUTE).toISOString(),
    roomName: 'Old Mill District',
    eventId: 'Old Mill District|6:00 PM',
    spotsAvailable: 12,
  };
}

function joinedAnswer(credits: number): RegisterEventResponse {
  const start = new Date(Date.now() - 5 * MINUTE);
  return {
    EventTime: start.toISOString(),
    gamedata: {
      gametime: start.toISOString().slice(0, 19).replace('T', ' '),
      eventid: 'Old Mill District|6:00 PM',
      gamelength: 30,
      redirecturl: 'http://localhost:3000/dashboard',
      homeurl: 'http://localhost:3000/',
    },
    accessCode: 'K7M9X2P4',
    ticket: 'eyJhbGciOiJIUzI1NiJ9.test-ticket.signature',
    registrationId: '0b5e7c1a-3f2d-4e8b-9a6c-1d2e3f4a5b6c',
    cancelCutoffMinutes: 120,
    credits,
    repeated: false,
  };
}

function signedIn(credits: number, handlers: Record<string, Handler> = {}) {
  return mockApi({
    '/api/Users/Me': () => ({ body: [{ ...testUser, credits }] }),
    ...handlers,
  });
}

async function openPrompt() {
  const user = userEvent.setup();
  const result = renderApp('/game');
  await screen.findByRole('heading', { level: 1, name: 'Game' });
  const prompt = await screen.findByRole('region', { name: 'Join with an access code' });
  const input = within(prompt).getByLabelText('Access code');
  const join = within(prompt).getByRole('button', { name: 'Join' });
  return { ...result, user, prompt, input, join };
}

async function submit(user: UserEvent, input: HTMLElement, join: HTMLElement, code: string) {
  await user.clear(input);
  await user.type(input, code);
  await user.click(join);
}

const lookups = (sent: { path: string }[]) =>
  sent.filter((call) => call.path === '/api/Items/GetSessionByAccessCode');

describe('/game', () => {
  it('shows a visitor the sign-in prompt, without asking the API', async () => {
    const api = mockApi();
    renderApp('/game');
    await screen.findByRole('heading', { level: 1, name: 'Game' });
    await waitFor(() => expect(document.title).toBe('Game · Questfield'));
    const gate = await screen.findByRole('region', { name: 'Sign in to continue' });
    expect(within(gate).getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Access code')).not.toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it("shows nothing while the player's games are checked", async () => {
    let answer!: (value: MockAnswer) => void;
    signedIn(4, {
      '/api/Events/CheckUserEventWithinTimespan': () =>
        new Promise<MockAnswer>((done) => {
          answer = done;
        }),
    });
    renderApp('/game');
    await screen.findByRole('heading', { level: 1, name: 'Game' });
    await within(screen.getByRole('banner')).findByText('Credits');
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    const main = screen.getByRole('main');
    expect(within(main).queryByRole('region')).not.toBeInTheDocument();
    expect(within(main).queryByRole('textbox')).not.toBeInTheDocument();

    answer({ body: [] });
    expect(await screen.findByLabelText('Access code')).toBeInTheDocument();
  });

  it('opens a live game in the game frame, full screen', async () => {
    signedIn(4, {
      '/api/Events/CheckUserEventWithinTimespan': () => ({ body: [game(-5 * MINUTE)] }),
      '/api/config': () => ({ body: testConfig() }),
    });
    renderApp('/game');
    const frame = await screen.findByRole('region', { name: 'Game' });
    expect(within(frame).getByTitle('Questfield game')).toBeInTheDocument();
    expect(within(frame).getByText('Old Mill District')).toBeVisible();
    const timer = within(frame).getByRole('timer', { name: 'Time left (hours, minutes, seconds)' });
    expect(timer).toHaveTextContent(/^00:(2[45]):\d\d$/);
    expect(screen.queryByLabelText('Access code')).not.toBeInTheDocument();
  });

  it("shows the live game's panel when the game's settings cannot be loaded", async () => {
    signedIn(4, {
      '/api/Events/CheckUserEventWithinTimespan': () => ({ body: [game(-5 * MINUTE)] }),
      '/api/config': () => refusal('INTERNAL'),
    });
    renderApp('/game');
    const live = await screen.findByRole('region', { name: 'Old Mill District' });
    expect(within(live).getByRole('timer')).toHaveTextContent(/^00:(2[45]):\d\d$/);
    expect(within(live).getByText(/The game could not be loaded/)).toBeInTheDocument();
    expect(screen.getByText('Your game is live')).toBeInTheDocument();
    expect(screen.queryByTitle('Questfield game')).not.toBeInTheDocument();
  });

  it('shows the access-code prompt when the game has not started yet', async () => {
    signedIn(4, {
      '/api/Events/CheckUserEventWithinTimespan': () => ({ body: [game(20 * MINUTE)] }),
    });
    const { input } = await openPrompt();
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('spellcheck', 'false');
  });

  it("refuses an empty code here: 'Please enter an access code.', no request", async () => {
    const api = signedIn(4, {
      '/api/Items/GetSessionByAccessCode': () => ({ body: [liveSession()] }),
    });
    const { user, input, join } = await openPrompt();
    expect(join).toBeEnabled();

    await user.click(join);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Please enter an access code.');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await user.type(input, ' - {Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter an access code.');
    expect(lookups(api.sent)).toEqual([]);
  });

  it.each([
    ['an unknown code', () => refusal('ACCESS_CODE_INVALID'), 'Invalid access code.'],
    ['no session for the code', () => ({ body: [] }), 'Invalid access code.'],
    ['an expired code', () => refusal('ACCESS_CODE_EXPIRED'), 'This access code is expired.'],
    [
      'too many attempts (the server’s text)',
      () => refusal('CODE_ATTEMPTS_LIMITED'),
      'Too many code attempts. Please wait a minute and try again.',
    ],
    [
      'a server failure with its own text',
      () => ({ status: 500, body: { message: 'Database unavailable', code: 'INTERNAL' } }),
      'Database unavailable',
    ],
    ['no answer', () => HttpResponse.error(), 'Get session by access code failed'],
  ] as const)('shows %s in red with the focus back in the field', async (_case, answer, text) => {
    const api = signedIn(4, { '/api/Items/GetSessionByAccessCode': answer });
    const { user, input, join } = await openPrompt();

    await submit(user, input, join, 'k7m9 x2p4');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(text);
    expect(alert.className).toMatch(/red/);
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(new RegExp(text.replace(/[.?]/g, '\\$&')));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Upper-cased as typed, as the code is printed; spaces are the server's to drop.
    expect(lookups(api.sent)).toEqual([
      { path: '/api/Items/GetSessionByAccessCode', body: { accessCode: 'K7M9 X2P4' } },
    ]);
  });

  it("opens 'Join Experience' with the room, the credits, the cost and what remains", async () => {
    const api = signedIn(5, {
      '/api/Items/GetSessionByAccessCode': () => ({ body: [liveSession()] }),
    });
    const { user, input, join } = await openPrompt();

    await submit(user, input, join, 'K7M9X2P4');
    const dialog = await findDialog('Join Experience');
    const rows = within(dialog)
      .getAllByRole('term')
      .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual([
      'Room: Old Mill District',
      'Your credits: 5',
      'Cost: 2 credits',
      'Remaining after joining: 3',
    ]);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm and Join' });
    await waitFor(() => expect(confirm).toHaveFocus());

    // Cancel: nothing joined, the focus back in the field.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(input).toHaveFocus();
    expect(api.sent.some((call) => call.path === '/api/Items/JoinByAccessCode')).toBe(false);
  });

  it("says 'Not Enough Credits' with fewer than 2, with a link to buy some", async () => {
    const api = signedIn(1, {
      '/api/Items/GetSessionByAccessCode': () => ({ body: [liveSession()] }),
    });
    const { user, input, join } = await openPrompt();

    await submit(user, input, join, 'K7M9X2P4');
    const dialog = await findDialog('Not Enough Credits');
    expect(dialog).toHaveAccessibleDescription(
      'You need at least 2 credits to join this experience.',
    );
    const buy = within(dialog).getByRole('link', { name: 'Buy Credits' });
    expect(buy).toHaveAttribute('href', '/#purchase-credits');
    await waitFor(() => expect(buy).toHaveFocus());
    expect(within(dialog).queryByRole('button', { name: 'Confirm and Join' })).toBeNull();
    expect(api.sent.some((call) => call.path === '/api/Items/JoinByAccessCode')).toBe(false);
  });

  it('joins: the game data is stored, the header takes the balance, the game opens', async () => {
    const timeZone = fakeBrowserTimeZone('Pacific/Chatham');
    let joined = false;
    const answer = joinedAnswer(3); // once: its start is read from the clock
    const api = signedIn(5, {
      '/api/config': () => ({ body: testConfig() }),
      '/api/Items/GetSessionByAccessCode': () => ({ body: [liveSession()] }),
      '/api/Items/JoinByAccessCode': () => {
        joined = true;
        return { body: answer };
      },
      '/api/Events/CheckUserEventWithinTimespan': () => ({
        body: joined ? [game(-5 * MINUTE)] : [],
      }),
    });
    const { user, input, join } = await openPrompt();

    await submit(user, input, join, 'K7M9X2P4');
    const dialog = await findDialog('Join Experience');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and Join' }));

    const live = await screen.findByRole('region', { name: 'Game' });
    expect(within(live).getByRole('timer')).toHaveTextContent(/^00:2\d:\d\d$/);
    await waitForDialogToClose();
    expect(screen.queryByLabelText('Access code')).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('banner')).getByText('Credits').closest('span'),
    ).toHaveTextContent('Credits 3');
    expect(localStorage.getItem('credits')).toBe('3');
    expect(JSON.parse(localStorage.getItem('gamedata') ?? 'null')).toEqual(answer.gamedata);
    expect(api.sent.filter((call) => call.path === '/api/Items/JoinByAccessCode')).toEqual([
      {
        path: '/api/Items/JoinByAccessCode',
        body: { accessCode: 'K7M9X2P4', timeZone },
      },
    ]);
    // The player's games are asked again: the header's countdown shows Go to Game.
    await waitFor(() =>
      expect(
        api.sent.filter((call) => call.path === '/api/Events/CheckUserEventWithinTimespan'),
      ).toHaveLength(2),
    );
    expect(
      await within(screen.getByRole('banner')).findByRole('link', { name: 'Go to Game' }),
    ).toBeInTheDocument();
  });

  it.each([
    [
      'a server error',
      () => refusal('JOIN_FAILED'),
      'Failed to join experience. Please try again.',
    ],
    ['no answer', () => HttpResponse.error(), 'Failed to join experience. Please try again.'],
    ['an expired code', () => refusal('ACCESS_CODE_EXPIRED'), 'This access code is expired.'],
    [
      'multiplayer switched off',
      () => refusal('MULTIPLAYER_DISABLED'),
      'Multiplayer is temporarily disabled. Check back later for updates.',
    ],
  ] as const)('shows a join refused for %s in the dialog', async (_case, answer, text) => {
    signedIn(5, {
      '/api/Items/GetSessionByAccessCode': () => ({ body: [liveSession()] }),
      '/api/Items/JoinByAccessCode': answer,
    });
    const { user, input, join } = await openPrompt();

    await submit(user, input, join, 'K7M9X2P4');
    const dialog = await findDialog('Join Experience');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm and Join' });
    await user.click(confirm);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(text);
    await waitFor(() => expect(confirm).toHaveFocus());
    expect(localStorage.getItem('gamedata')).toBeNull();
    expect(screen.getByLabelText('Access code')).toBeInTheDocument();
  });

  it("switches to 'Not Enough Credits' when the server says so", async () => {
    signedIn(5, {
      '/api/Items/GetSessionByAccessCode': () => ({ body: [liveSession()] }),
      '/api/Items/JoinByAccessCode': () => refusal('NOT_ENOUGH_CREDITS'),
    });
    const { user, input, join } = await openPrompt();

    await submit(user, input, join, 'K7M9X2P4');
    const dialog = await findDialog('Join Experience');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and Join' }));
    const short = await findDialog('Not Enough Credits');
    expect(within(short).getByRole('link', { name: 'Buy Credits' })).toHaveAttribute(
      'href',
      '/#purchase-credits',
    );
  });
});
