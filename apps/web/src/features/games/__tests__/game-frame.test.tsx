/**
 * R21 (security.md W15): /game's frame. The ticket message goes only to the game's exact origin and
 * carries no email, phone or credits; messages from another origin, from another window or in
 * another shape change nothing; 'finished' sends the player only to this app or an allowed
 * https host; Escape and 'leave' hand the keyboard a way out; idle focus returns to the frame.
 */
import { GAME_MESSAGE, type UserEvent } from '@questfield/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { afterGameUrl, initialsOf, ticketMessage } from '../frame-protocol';
import { MINUTE } from './games-test-utils';
import { mockApi, testConfig, testUser } from '@/testing/mock-api';
import { renderApp } from '@/testing/test-utils';

const GAME_ORIGIN = 'http://localhost:5174';
const TICKET = 'eyJhbGciOiJIUzI1NiJ9.test-ticket.signature';

beforeAll(async () => {
  await import('@/app/routes/game');
}, 30_000);

function liveGame(): UserEvent {
  return {
    EventTime: new Date(Date.now() - 5 * MINUTE).toISOString(),
    EventName: 'Old Mill District',
    event_id: 'Old Mill District|6:00 PM',
    EventLength: 30,
    accessCode: 'K7M9X2P4',
    ticket: TICKET,
    registrationId: '0b5e7c1a-3f2d-4e8b-9a6c-1d2e3f4a5b6c',
    cancelCutoffMinutes: 120,
  };
}

/** /game for a player whose game is live; the frame and a spy on what is posted into it. */
async function openFrame(config = testConfig()) {
  mockApi({
    '/api/Users/Me': () => ({
      body: [{ ...testUser, email: 'ada@example.com', phone: '+15550100', credits: 7 }],
    }),
    '/api/Events/CheckUserEventWithinTimespan': () => ({ body: [liveGame()] }),
    '/api/config': () => ({ body: config }),
  });
  const result = renderApp('/game');
  const region = await screen.findByRole('region', { name: 'Game' });
  const frame = within(region).getByTitle('Questfield game') as HTMLIFrameElement;
  const gameWindow = frame.contentWindow as Window;
  const posted = vi.spyOn(gameWindow, 'postMessage').mockImplementation(() => undefined);
  return { ...result, region, frame, gameWindow, posted };
}

function fromFrame(data: unknown, origin: string, source: MessageEventSource | null) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
  });
}

describe('the game frame on /game (R21)', () => {
  it('frames the game origin in a sandbox, and posts the ticket message there only, without PII', async () => {
    const { frame, posted, region } = await openFrame();
    expect(frame).toHaveAttribute('src', `${GAME_ORIGIN}/`);
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    expect(within(region).getByRole('button', { name: 'Leave game' })).toBeVisible();
    expect(within(region).getByRole('timer')).toHaveTextContent(/^00:2[45]:\d\d$/);

    fireEvent.load(frame);
    expect(posted).toHaveBeenCalledTimes(1);
    const [message, target] = posted.mock.calls[0] as [unknown, string];
    expect(target).toBe(GAME_ORIGIN);
    expect(message).toEqual({
      type: GAME_MESSAGE.session,
      gamedata: expect.objectContaining({ eventid: 'Old Mill District|6:00 PM', gamelength: 30 }),
      userdata: { username: 'ada', initials: 'AD' },
      appname: 'questfield',
      appversion: expect.any(String),
      ticket: TICKET,
    });
    const text = JSON.stringify(message);
    for (const secret of ['ada@example.com', '+15550100', 'credits', 'K7M9X2P4']) {
      expect(text).not.toContain(secret);
    }
  });

  it("answers the game's ready, and ignores other origins, other windows and odd shapes", async () => {
    const { gameWindow, posted } = await openFrame();
    fromFrame({ type: GAME_MESSAGE.ready }, 'https://evil.example', gameWindow);
    fromFrame({ type: GAME_MESSAGE.ready }, GAME_ORIGIN, window);
    fromFrame({ type: GAME_MESSAGE.ready, extra: 1 }, GAME_ORIGIN, gameWindow);
    fromFrame('questfield:ready', GAME_ORIGIN, gameWindow);
    fromFrame({ type: GAME_MESSAGE.finished }, 'https://evil.example', gameWindow);
    expect(posted).not.toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'Game' })).toBeInTheDocument();

    fromFrame({ type: GAME_MESSAGE.ready }, GAME_ORIGIN, gameWindow);
    expect(posted).toHaveBeenCalledTimes(1);
    expect(posted.mock.calls[0]?.[1]).toBe(GAME_ORIGIN);
  });

  it('leaves for the stored results page when the game says it finished', async () => {
    localStorage.setItem(
      'gamedata',
      JSON.stringify({
        gametime: '2026-06-01 18:00:00',
        eventid: 'Old Mill District|6:00 PM',
        gamelength: 30,
        redirecturl: `${window.location.origin}/dashboard`,
        homeurl: `${window.location.origin}/`,
      }),
    );
    const { gameWindow, router } = await openFrame();
    fromFrame({ type: GAME_MESSAGE.finished }, GAME_ORIGIN, gameWindow);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('gives the keyboard a way out: Escape and the game’s leave move focus to Leave game', async () => {
    const user = userEvent.setup();
    const { gameWindow, region } = await openFrame();
    const leave = within(region).getByRole('button', { name: 'Leave game' });
    fromFrame({ type: GAME_MESSAGE.leave }, GAME_ORIGIN, gameWindow);
    expect(leave).toHaveFocus();
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('{Escape}');
    expect(leave).toHaveFocus();
  });

  it('puts idle focus back on the frame every second, but not focus moved on purpose', async () => {
    // Only the interval's clock is faked: the second passes when the test says, not in real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { frame, region } = await openFrame();
      (document.activeElement as HTMLElement | null)?.blur();
      act(() => vi.advanceTimersByTime(1_000));
      expect(frame).toHaveFocus();
      const leave = within(region).getByRole('button', { name: 'Leave game' });
      leave.focus();
      act(() => vi.advanceTimersByTime(3_000));
      expect(leave).toHaveFocus();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('frame protocol helpers', () => {
  it('makes one to three initials', () => {
    expect(initialsOf('ada')).toBe('AD');
    expect(initialsOf('ada_lovelace')).toBe('AL');
    expect(initialsOf('maze-runner-42')).toBe('MR4');
    expect(initialsOf('')).toBe('?');
  });

  it('sends the player after the game only to this app or an allowed https host (W14)', () => {
    const allowed = { appOrigin: 'https://play.example.com', hosts: ['results.example.com'] };
    const to = (...urls: (string | undefined)[]) => afterGameUrl(urls, allowed);
    expect(to('https://play.example.com/dashboard?tab=time#board')).toBe(
      '/dashboard?tab=time#board',
    );
    expect(to('https://results.example.com/r/1')).toBe('https://results.example.com/r/1');
    expect(to('javascript:alert(1)')).toBe('/');
    expect(to('http://results.example.com/r/1')).toBe('/');
    expect(to('https://evil.example/phish')).toBe('/');
    expect(to('//evil.example/x', undefined, 'not a url')).toBe('/');
    expect(to('https://evil.example/', 'https://play.example.com/')).toBe('/');
  });

  it('gives the game the start in the spec’s form', () => {
    const message = ticketMessage({ ...liveGame(), EventTime: '2026-06-01T18:00:00.000Z' }, 'ada');
    expect(message.gamedata.gametime).toBe('2026-06-01 18:00:00');
  });
});
