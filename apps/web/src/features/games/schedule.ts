import { GAME_WINDOW_MS, type UserEvent } from '@questfield/contract';

/**
 * Where a game stands on the clock: before its start (the countdown), in its first 30 minutes
 * (Go to Game), or past them. Plain arithmetic on epoch milliseconds: the server sends UTC
 * instants, so no time zone is involved.
 */
export type GamePhase = 'upcoming' | 'live' | 'over';

export function startOf(game: UserEvent): number {
  return Date.parse(game.EventTime);
}

export function endOf(game: UserEvent): number {
  return startOf(game) + game.EventLength * 60_000;
}

/** Spec §2: Go to Game from the start until 30 minutes after it. */
export function phaseOf(start: number, now: number): GamePhase {
  if (now < start) return 'upcoming';
  return now < start + GAME_WINDOW_MS ? 'live' : 'over';
}

/** The game the countdown follows: the earliest one that has not ended (the list is sorted). */
export function nextGame(games: readonly UserEvent[] | undefined, now: number) {
  return games?.find((game) => endOf(game) > now);
}

/** The game being played now: started and not ended. */
export function liveGame(games: readonly UserEvent[] | undefined, now: number) {
  return games?.find((game) => startOf(game) <= now && now < endOf(game));
}

/** Whole seconds left until `target`, never below 0. */
export function secondsUntil(target: number, now: number): number {
  return Math.max(0, Math.ceil((target - now) / 1000));
}

const two = (value: number) => String(value).padStart(2, '0');

/** hh:mm:ss (hours keep counting past 99). */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return `${two(hours)}:${two(minutes)}:${two(seconds % 60)}`;
}
