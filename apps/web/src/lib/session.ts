import {
  APP_NAME,
  APP_VERSION,
  PURCHASE_INTENT_KEYS,
  STORAGE_KEYS,
  type PublicUser,
} from '@questfield/contract';
import { browserStorage, safely } from './browser-storage';

/**
 * The visitor's session as the shell sees it. The server (Users/Me) is the only authority;
 * the browser keys below are a display cache written from server answers (security.md W1–W4).
 */
export type SessionUser = PublicUser;

export type Session =
  /** Users/Me has not answered yet; `user` is the cached display copy, if any. */
  | { status: 'loading'; user: SessionUser | null }
  | { status: 'signed-in'; user: SessionUser }
  | { status: 'signed-out'; user: null };

export const SIGNED_OUT: Session = { status: 'signed-out', user: null };

/** Mirrors one server answer into the §3 keys. Every answer overwrites what was there. */
export function writeStoredUser(user: SessionUser): void {
  const local = browserStorage('localStorage');
  if (!local) return;
  // `gamedata` is the booked game's, written by game-data.ts.
  const values: Record<Exclude<keyof typeof STORAGE_KEYS, 'gamedata'>, string> = {
    isLoggedIn: 'true',
    credits: String(user.credits ?? 0),
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    userdata: JSON.stringify(user),
    userId: user.userId,
    id: user.id,
    appname: APP_NAME,
    appversion: APP_VERSION,
    redeemedCodes: JSON.stringify(user.redeemedCodes),
  };
  safely(() => {
    for (const [key, value] of Object.entries(values)) {
      local.setItem(STORAGE_KEYS[key as keyof typeof values], value);
    }
  });
}

/**
 * Removes every key the app writes (local and session storage): the sign-in mirror, `gamedata`
 * (game-data.ts) and the purchase intents, as log out leaves nothing of the player behind.
 */
export function clearStoredSession(): void {
  const local = browserStorage('localStorage');
  const session = browserStorage('sessionStorage');
  safely(() => {
    for (const key of Object.values(STORAGE_KEYS)) local?.removeItem(key);
    for (const key of Object.values(PURCHASE_INTENT_KEYS)) session?.removeItem(key);
  });
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Whether asking the server is worth a request: the cache says signed in, or there is no
 * storage to ask. A visitor who never signed in makes no Users/Me call (and gets no 401).
 */
export function hasSessionHint(): boolean {
  const local = browserStorage('localStorage');
  if (!local) return true;
  try {
    return local.getItem(STORAGE_KEYS.isLoggedIn) === 'true';
  } catch {
    return true;
  }
}

/**
 * The cached display copy, shown only while Users/Me is on its way so the header does not
 * flash signed out. Never trusted for anything else.
 */
export function readCachedUser(): SessionUser | null {
  const local = browserStorage('localStorage');
  if (!local) return null;
  try {
    if (local.getItem(STORAGE_KEYS.isLoggedIn) !== 'true') return null;
    const parsed: unknown = JSON.parse(local.getItem(STORAGE_KEYS.userdata) ?? 'null');
    const data = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    const credits = Number.parseInt(local.getItem(STORAGE_KEYS.credits) ?? '', 10);
    return {
      id: text(data.id),
      userId: text(data.userId),
      username: text(data.username) || text(local.getItem(STORAGE_KEYS.username)),
      firstName: text(data.firstName) || text(local.getItem(STORAGE_KEYS.firstName)),
      lastName: text(data.lastName) || text(local.getItem(STORAGE_KEYS.lastName)),
      email: text(data.email) || text(local.getItem(STORAGE_KEYS.email)),
      phone: text(data.phone),
      credits: Number.isSafeInteger(credits) && credits >= 0 ? credits : 0,
      redeemedCodes: [],
      reminderEmails: data.reminderEmails !== false,
    };
  } catch {
    return null;
  }
}
