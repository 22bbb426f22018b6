import type { UserEvent } from '@questfield/contract';
import { act } from '@testing-library/react';
import { vi } from 'vitest';

/** The tests' "now": the fake clock starts here. */
export const NOW = Date.parse('2026-06-01T18:00:00.000Z');
export const MINUTE = 60_000;

/** The seat of the game starting `offsetMs` from NOW (a uuid, as the server sends). */
export function registrationIdAt(offsetMs: number): string {
  const digits = String(Math.abs(offsetMs)).padStart(12, '0').slice(-12);
  return `00000000-0000-4000-${offsetMs < 0 ? '9' : '8'}000-${digits}`;
}

/** One of the player's games, starting `offsetMs` from NOW. */
export function gameAt(offsetMs: number, overrides: Partial<UserEvent> = {}): UserEvent {
  return {
    EventTime: new Date(NOW + offsetMs).toISOString(),
    EventName: 'Old Mill District',
    event_id: `Old Mill District|${offsetMs}`,
    EventLength: 30,
    accessCode: 'K7M9X2P4',
    ticket: 'eyJhbGciOiJIUzI1NiJ9.test-ticket.signature',
    registrationId: registrationIdAt(offsetMs),
    cancelCutoffMinutes: 120,
    ...overrides,
  };
}

export { refusal } from '@/testing/answers';

/** A fake clock at NOW that still moves on its own (msw, React Query and lazy pages need it). */
export function startFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: NOW });
}

/** Moves the fake clock on by `ms` and lets React render what the ticks changed. */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/**
 * Puts the clock at `time` and lets the countdowns tick there (the clock also moves on its own
 * by a few milliseconds, less than a second).
 */
export async function tickAt(time: number) {
  vi.setSystemTime(time - 1000);
  await advance(1000);
}
