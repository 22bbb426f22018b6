import { COUNTDOWN_TICK_MS } from '@questfield/contract';
import { useSyncExternalStore } from 'react';

/**
 * One clock for every countdown on the page: a single timer, started by the first component
 * that reads it and stopped when the last one goes, ticking on the clock's whole seconds (so
 * every countdown turns at once and none skips a second). A component reads only what it
 * selects from the time (a phase, a number of seconds), so it renders again only when that
 * changes.
 */
let now = Date.now();
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function schedule(): void {
  timer = setTimeout(tick, COUNTDOWN_TICK_MS - (Date.now() % COUNTDOWN_TICK_MS));
}

function tick(): void {
  now = Date.now();
  schedule();
  for (const notify of listeners) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    schedule();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
    }
  };
}

function currentTime(): number {
  // Nobody listening: the last tick may be old, so read the time afresh (not on every call, so
  // that two reads in one render agree).
  if (timer === undefined && Math.abs(Date.now() - now) > 250) now = Date.now();
  return now;
}

/** `select(now)`, kept up to date every second; `select` should return a primitive. */
export function useClock<T>(select: (now: number) => T): T {
  const snapshot = () => select(currentTime());
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
