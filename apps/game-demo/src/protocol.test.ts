import { API_ROUTES, ERRORS, GAME_MESSAGE, type GameTicketMessage } from '@questfield/contract';
import { describe, expect, it, vi } from 'vitest';
import {
  NETWORK_MESSAGE,
  createSessionListener,
  loadAppOrigin,
  msUntilStart,
  parseOrigin,
  postToApp,
  submitResult,
  validateTicket,
  type FetchLike,
  type MessageLike,
} from './protocol';

const APP_ORIGIN = 'http://localhost:3000';
const TICKET = 'eyJhbGciOiJIUzI1NiJ9.eyJzZWF0IjoxfQ.c2lnbmF0dXJl';

const parent = { name: 'the parent window' };
const otherWindow = { name: 'another frame' };

function session(overrides: Partial<GameTicketMessage> = {}): GameTicketMessage {
  return {
    type: GAME_MESSAGE.session,
    gamedata: {
      gametime: '2026-11-23 10:00:00',
      eventid: 'Old Mill District|10:00 AM',
      gamelength: 30,
    },
    userdata: { username: 'Ada Lovelace', initials: 'AL' },
    appname: 'Questfield',
    appversion: '1.0.0',
    ticket: TICKET,
    ...overrides,
  };
}

function event(overrides: Partial<MessageLike> = {}): MessageLike {
  return {
    origin: APP_ORIGIN,
    source: parent as MessageEventSource,
    data: session(),
    ...overrides,
  };
}

function listener() {
  const onSession = vi.fn();
  const listen = createSessionListener({ appOrigin: APP_ORIGIN, parent, onSession });
  return { listen, onSession };
}

describe('the session listener', () => {
  it('accepts a valid session from the parent on the app origin', () => {
    const { listen, onSession } = listener();
    expect(listen(event())).toBe(true);
    expect(onSession).toHaveBeenCalledTimes(1);
    expect(onSession).toHaveBeenCalledWith(session());
  });

  it.each([
    ['another origin', 'https://evil.example'],
    ['the game origin itself', 'http://localhost:3100'],
    ['the app origin with another port', 'http://localhost:3001'],
    ['the app origin over https', 'https://localhost:3000'],
    ['an opaque origin', 'null'],
  ])('ignores a message from %s', (_name, origin) => {
    const { listen, onSession } = listener();
    expect(listen(event({ origin }))).toBe(false);
    expect(onSession).not.toHaveBeenCalled();
  });

  it.each([
    ['another window of the app origin', otherWindow],
    ['no window', null],
  ])('ignores a message from %s', (_name, source) => {
    const { listen, onSession } = listener();
    expect(listen(event({ source: source as MessageEventSource | null }))).toBe(false);
    expect(onSession).not.toHaveBeenCalled();
  });

  it.each([
    ['a string', JSON.stringify(session())],
    ['null', null],
    ['another message type', { ...session(), type: GAME_MESSAGE.ready }],
    ['no ticket', { ...session(), ticket: undefined }],
    ['a ticket too short', session({ ticket: 'short' })],
    ['an extra field', { ...session(), email: 'ada@example.com' }],
    ['a game length that is not a number', { ...session(), gamedata: { gamelength: '30' } }],
  ])('ignores a malformed body: %s', (_name, data) => {
    const { listen, onSession } = listener();
    expect(listen(event({ data }))).toBe(false);
    expect(onSession).not.toHaveBeenCalled();
  });

  it('starts only once, when the session arrives again', () => {
    const { listen, onSession } = listener();
    expect(listen(event({ data: 'noise' }))).toBe(false);
    expect(listen(event())).toBe(true);
    expect(listen(event({ data: session({ ticket: `${TICKET}-second` }) }))).toBe(false);
    expect(onSession).toHaveBeenCalledTimes(1);
    expect(onSession.mock.calls[0]?.[0]).toMatchObject({ ticket: TICKET });
  });
});

describe('messages to the app', () => {
  it('go to the app origin, never to every origin', () => {
    const postMessage = vi.fn();
    postToApp({ postMessage }, APP_ORIGIN, { type: GAME_MESSAGE.finished });
    expect(postMessage).toHaveBeenCalledWith({ type: GAME_MESSAGE.finished }, APP_ORIGIN);
    expect(postMessage.mock.calls[0]?.[1]).not.toBe('*');
  });
});

describe('the app origin', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000'],
    ['https://play.questfield.example', 'https://play.questfield.example'],
    ['http://localhost:3000/', null],
    ['http://localhost:3000/game', null],
    ['*', null],
    ['null', null],
    ['javascript:alert(1)', null],
    [42, null],
  ])('%s reads as %s', (value, expected) => {
    expect(parseOrigin(value)).toBe(expected);
  });

  it('is read from /config.json', async () => {
    const fetchFn = vi.fn<FetchLike>(async () => Response.json({ appOrigin: APP_ORIGIN }));
    await expect(loadAppOrigin(fetchFn)).resolves.toBe(APP_ORIGIN);
    expect(fetchFn.mock.calls[0]?.[0]).toBe('/config.json');
  });

  it('is refused when the config has none', async () => {
    const fetchFn: FetchLike = async () => Response.json({ appOrigin: '*' });
    await expect(loadAppOrigin(fetchFn)).rejects.toThrow(/appOrigin/);
  });
});

const ticketAnswer = {
  playerName: 'Ada Lovelace',
  eventId: 'Old Mill District|10:00 AM',
  mazeSeed: 'tor7c-oS7qCdzQDlisYpORxIoZCGfY4gayBFewGd0Aw',
  roomName: 'Old Mill District',
  startsAt: '2026-11-23T10:00:00.000Z',
  endsAt: '2026-11-23T10:30:00.000Z',
  secondsLeft: 1_500,
  submitted: false,
};

describe('validating the ticket', () => {
  it('posts the ticket as JSON to the app origin, without cookies', async () => {
    const fetchFn = vi.fn<FetchLike>(async () => Response.json(ticketAnswer));
    const outcome = await validateTicket(APP_ORIGIN, TICKET, fetchFn);
    expect(outcome).toEqual({ ok: true, data: ticketAnswer });
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe(`${APP_ORIGIN}${API_ROUTES.gamesValidateTicket.path}`);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('omit');
    expect(init?.headers).toEqual({ 'content-type': 'application/json' });
    expect(JSON.parse(String(init?.body))).toEqual({ ticket: TICKET });
  });

  it("shows the server's message when the ticket is refused", async () => {
    const fetchFn: FetchLike = async () =>
      Response.json(
        { code: 'GAME_NOT_LIVE', message: 'This game is not running now.' },
        { status: 409 },
      );
    const outcome = await validateTicket(APP_ORIGIN, TICKET, fetchFn);
    expect(outcome).toEqual({
      ok: false,
      message: 'This game is not running now.',
      network: false,
    });
  });

  it('falls back to the invalid-ticket message without one', async () => {
    const fetchFn: FetchLike = async () => new Response('Bad gateway', { status: 502 });
    const outcome = await validateTicket(APP_ORIGIN, TICKET, fetchFn);
    expect(outcome).toEqual({
      ok: false,
      message: ERRORS.GAME_TICKET_INVALID.message,
      network: false,
    });
  });

  it('does not trust a 200 whose body is not a ticket answer', async () => {
    const fetchFn: FetchLike = async () => Response.json({ playerName: 'Ada' });
    const outcome = await validateTicket(APP_ORIGIN, TICKET, fetchFn);
    expect(outcome.ok).toBe(false);
  });

  it('says so when the server cannot be reached', async () => {
    const fetchFn: FetchLike = async () => {
      throw new TypeError('Failed to fetch');
    };
    const outcome = await validateTicket(APP_ORIGIN, TICKET, fetchFn);
    expect(outcome).toEqual({ ok: false, message: NETWORK_MESSAGE, network: true });
  });
});

describe('waiting for the maze', () => {
  const early = { ...ticketAnswer, mazeSeed: null };

  it("asks again once the game has started by the server's clock", () => {
    // 1,805 s left of a 30-minute game: the server's clock is 5 to 6 s before the start.
    expect(msUntilStart({ ...early, secondsLeft: 1_805 })).toBe(6_000);
    expect(msUntilStart({ ...early, secondsLeft: 3_600 })).toBe(1_801_000);
  });

  it('waits a second at least, when the start has come', () => {
    expect(msUntilStart({ ...early, secondsLeft: 1_800 })).toBe(1_000);
    expect(msUntilStart({ ...early, secondsLeft: 1_500 })).toBe(1_000);
  });
});

describe('submitting the result', () => {
  it('posts ticket, score, time, distance and moves, and reads the ranks', async () => {
    const ranks = { score: 2, time: 1, distance: 7 };
    const fetchFn = vi.fn<FetchLike>(async () => Response.json({ ranks }));
    const result = { score: 500, timeMs: 420, distance: 12, moves: 'rrd', gaps: [140, 140] };
    const outcome = await submitResult(APP_ORIGIN, TICKET, result, fetchFn);
    expect(outcome).toEqual({ ok: true, data: { ranks } });
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe(`${APP_ORIGIN}${API_ROUTES.gamesSubmitResult.path}`);
    expect(JSON.parse(String(init?.body))).toEqual({ ticket: TICKET, ...result });
  });

  it("shows the server's refusal", async () => {
    const message = ERRORS.GAME_RESULT_REPEATED.message;
    const fetchFn: FetchLike = async () =>
      Response.json({ code: 'GAME_RESULT_REPEATED', message }, { status: 409 });
    const outcome = await submitResult(
      APP_ORIGIN,
      TICKET,
      { score: 500, timeMs: 9_000, distance: 80, moves: 'r', gaps: [] },
      fetchFn,
    );
    expect(outcome).toEqual({ ok: false, message, network: false });
  });
});
