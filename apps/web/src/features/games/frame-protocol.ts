/**
 * The app's side of the game frame's messages (spec §4 /game; security.md W15, R21): what is
 * posted to the game, and which messages from it are believed.
 */
import {
  APP_NAME,
  APP_VERSION,
  GAME_MESSAGE,
  gameFrameMessage,
  type GameFrameMessage,
  type GameTicketMessage,
  type UserEvent,
} from '@questfield/contract';

/**
 * One to three letters for the player's badge: initials of the parts of their username.
 * @internal Exported for tests.
 */
export function initialsOf(username: string): string {
  const parts = username.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const letters = parts.length > 1 ? parts.map((part) => part[0]) : [...(parts[0] ?? '?')];
  return letters
    .slice(0, parts.length > 1 ? 3 : 2)
    .join('')
    .toUpperCase();
}

/**
 * The ticket message (the protocol's `session` type): the seat's ticket, which is all the game
 * trusts, with the game's data, the player's name and initials, and the app's name and version
 * to show. Never the email, phone or credits.
 */
export function ticketMessage(game: UserEvent, username: string): GameTicketMessage {
  return {
    type: GAME_MESSAGE.session,
    gamedata: {
      gametime: game.EventTime.slice(0, 19).replace('T', ' '),
      eventid: game.event_id,
      gamelength: game.EventLength,
    },
    userdata: { username, initials: initialsOf(username) },
    appname: APP_NAME,
    appversion: APP_VERSION,
    ticket: game.ticket,
  };
}

/**
 * The message, when it comes from the game's exact origin and from the frame itself (another
 * window of that origin is not the game), in a known shape; null for anything else.
 */
export function frameMessageOf(
  event: Pick<MessageEvent, 'origin' | 'source' | 'data'>,
  frame: { gameOrigin: string; window: Window | null | undefined },
): GameFrameMessage | null {
  if (event.origin !== frame.gameOrigin || !frame.window || event.source !== frame.window) {
    return null;
  }
  const read = gameFrameMessage.safeParse(event.data);
  return read.success ? read.data : null;
}

/**
 * Where to go after the game (W14): the stored results or home URL only when it is this app's
 * own origin, or https on a host the server allows; `/` otherwise.
 */
export function afterGameUrl(
  candidates: (string | undefined)[],
  allowed: { appOrigin: string; hosts: readonly string[] },
): string {
  for (const candidate of candidates) {
    let url: URL;
    try {
      url = new URL(candidate ?? '');
    } catch {
      continue;
    }
    if (url.origin === allowed.appOrigin) return `${url.pathname}${url.search}${url.hash}`;
    if (url.protocol === 'https:' && allowed.hosts.includes(url.host)) return url.href;
  }
  return '/';
}
