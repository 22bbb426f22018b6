import type { UserEvent } from '@questfield/contract';
import { describe, expect, it } from 'vitest';
import {
  endOf,
  formatCountdown,
  liveGame,
  nextGame,
  phaseOf,
  secondsUntil,
  startOf,
} from '../schedule';

const START = Date.parse('2026-06-01T18:00:00.000Z');
const game = (startMs: number, id = 'a'): UserEvent => ({
  EventTime: new Date(startMs).toISOString(),
  EventName: 'Old Mill District',
  event_id: `Old Mill District|${id}`,
  EventLength: 30,
  accessCode: 'K7M9X2P4',
  ticket: 'eyJhbGciOiJIUzI1NiJ9.test-ticket.signature',
  registrationId: '0b5e7c1a-3f2d-4e8b-9a6c-1d2e3f4a5b6c',
  cancelCutoffMinutes: 120,
});
const MINUTE = 60_000;

describe('the countdown arithmetic', () => {
  it('formats hh:mm:ss, with hours past a day and never below zero', () => {
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(59)).toBe('00:00:59');
    expect(formatCountdown(3723)).toBe('01:02:03');
    expect(formatCountdown(36_000)).toBe('10:00:00');
    expect(formatCountdown(100 * 3600 + 61)).toBe('100:01:01');
    expect(formatCountdown(-5)).toBe('00:00:00');
  });

  it('counts whole seconds up to the start, rounding a started second up', () => {
    expect(secondsUntil(START, START - 3_723_000)).toBe(3723);
    expect(secondsUntil(START, START - 1)).toBe(1);
    expect(secondsUntil(START, START)).toBe(0);
    expect(secondsUntil(START, START + 5_000)).toBe(0);
  });

  it('is upcoming before the start, live for 30 minutes, then over', () => {
    expect(phaseOf(START, START - 1)).toBe('upcoming');
    expect(phaseOf(START, START)).toBe('live');
    expect(phaseOf(START, START + 30 * MINUTE - 1)).toBe('live');
    expect(phaseOf(START, START + 30 * MINUTE)).toBe('over');
  });

  it('follows the earliest game that has not ended; a live one is started and not ended', () => {
    const first = game(START, 'first');
    const second = game(START + 60 * MINUTE, 'second');
    expect(startOf(first)).toBe(START);
    expect(endOf(first)).toBe(START + 30 * MINUTE);
    expect(nextGame([first, second], START - MINUTE)).toBe(first);
    expect(nextGame([first, second], START + 31 * MINUTE)).toBe(second);
    expect(nextGame([], START)).toBeUndefined();
    expect(nextGame(undefined, START)).toBeUndefined();
    expect(liveGame([first, second], START - MINUTE)).toBeUndefined();
    expect(liveGame([first, second], START + 10 * MINUTE)).toBe(first);
    expect(liveGame([first, second], START + 61 * MINUTE)).toBe(second);
  });
});
