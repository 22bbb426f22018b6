import { STORAGE_KEYS, type GameData } from '@questfield/contract';
import { browserStorage, safely } from './browser-storage';

/**
 * Spec §3 `gamedata` of the player's booked or joined game, as the server answered it (/game
 * and the game frame read it). A display cache: the server decides who may play. Log out clears
 * it with the session's keys (`clearStoredSession`), as it is one of the contract's STORAGE_KEYS.
 */
export function writeGameData(data: GameData): void {
  safely(() =>
    browserStorage('localStorage')?.setItem(STORAGE_KEYS.gamedata, JSON.stringify(data)),
  );
}

/** The stored `gamedata`, or null when there is none or it is not game data. */
export function readGameData(): GameData | null {
  let raw: string | null | undefined = null;
  safely(() => {
    raw = browserStorage('localStorage')?.getItem(STORAGE_KEYS.gamedata);
  });
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<GameData> | null;
    const valid =
      typeof parsed?.gametime === 'string' &&
      typeof parsed.eventid === 'string' &&
      typeof parsed.gamelength === 'number';
    return valid ? (parsed as GameData) : null;
  } catch {
    return null;
  }
}
