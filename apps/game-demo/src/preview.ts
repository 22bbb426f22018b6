/**
 * Development only (`vite dev` with ?preview): a stand-in for the app and its API, so the game
 * can be played and looked at without a server. main.ts loads it behind import.meta.env.DEV,
 * so the production build leaves it out. ?preview=invalid, =submitted and =timeup show those
 * screens.
 */
import { ERRORS, GAME_MESSAGE, type GameTicketMessage } from '@questfield/contract';
import type { AppLink } from './protocol';

const LATENCY_MS = 250;

function later<T>(value: T): Promise<T> {
  return new Promise((resolve) => setTimeout(() => resolve(value), LATENCY_MS));
}

export function previewSession(): GameTicketMessage {
  return {
    type: GAME_MESSAGE.session,
    gamedata: {
      gametime: '2026-11-23 10:00:00',
      eventid: 'Old Mill District|10:00 AM',
      gamelength: 30,
    },
    userdata: { username: 'Ada Lovelace', initials: 'AL' },
    appname: 'Questfield',
    appversion: 'preview',
    ticket: 'preview-ticket-not-signed',
  };
}

export function previewLink(mode: string): AppLink {
  return {
    post: (message) => console.warn('[preview] to the app:', message.type),
    validate: () => {
      if (mode === 'invalid') {
        return later({ ok: false, message: ERRORS.GAME_TICKET_INVALID.message, network: false });
      }
      return later({
        ok: true,
        data: {
          playerName: 'Ada Lovelace',
          eventId: 'Old Mill District|10:00 AM',
          mazeSeed: 'preview',
          roomName: 'Old Mill District',
          startsAt: new Date().toISOString(),
          endsAt: new Date(Date.now() + 30 * 60_000).toISOString(),
          secondsLeft: mode === 'timeup' ? 5 : 30 * 60,
          submitted: mode === 'submitted',
        },
      });
    },
    submit: () => later({ ok: true, data: { ranks: { score: 2, time: 1, distance: 5 } } }),
  };
}
