import { readFileSync } from 'node:fs';

/** Injected everywhere time matters, so tests can move time instead of sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/**
 * The system clock moved by the offset in a JSON file (`{ "offsetMs": 90000 }`), read at every
 * call (a file's modification time is too coarse to notice two quick rewrites): the browser
 * tests move a running server to a game's start or past its end. A missing file is no offset;
 * a file being rewritten keeps the offset read before. Never in production (env.ts refuses
 * CLOCK_FILE there).
 */
export function fileOffsetClock(path: string): Clock {
  let offsetMs = 0;
  const read = () => {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      offsetMs = 0;
      return;
    }
    try {
      const offset = (JSON.parse(text) as { offsetMs?: unknown } | null)?.offsetMs;
      if (typeof offset === 'number' && Number.isSafeInteger(offset)) offsetMs = offset;
    } catch {
      // Half-written: the next call reads it again.
    }
  };
  return {
    now: () => {
      read();
      return new Date(Date.now() + offsetMs);
    },
  };
}
