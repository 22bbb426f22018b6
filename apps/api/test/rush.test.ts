/**
 * The sell-out rush (bench/rush.ts, issue 24): 2,000 players, each from an address of its own
 * behind one trusted proxy hop, sign in with their passwords and try to book one evening's 10
 * slots within 60 seconds, through two server processes on one Postgres database. Exactly the
 * 250 seats are taken (R2 at a crowd's pace), every refusal is the spec's full-slot answer, no
 * answer is a 5xx but a busy sign-in (503 with Retry-After, which the player tries again: the
 * password checks' bound on a machine short of CPU; the bench on an idle machine has none),
 * each seated player is charged 2 credits once and nobody else anything, and the invariants
 * hold afterwards. Then the waitlist wave: everyone turned away joins a line, three seats per
 * slot are given back at once, and each is offered exactly once, to the first in its line, and
 * mailed. Latencies are only reported: nothing here depends on the machine's speed.
 */
import { ERRORS, SLOT_CAPACITY } from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rushLines, rushScenario, WAVE_PER_SLOT } from '../bench/rush';
import { hasViolations } from './helpers/invariants';
import { LONG_TESTS, LONG_TESTS_SKIPPED } from './helpers/long-tests';
import { TEST_ENV, dbKind } from './helpers/test-app';
import { createTestDatabase, type TestDatabase } from './helpers/test-db';

const PLAYERS = 2_000;
const SLOTS = 10;
const SEATS = SLOTS * SLOT_CAPACITY;
const SLOT_FULL = JSON.stringify({ code: 'SLOT_FULL', message: ERRORS.SLOT_FULL.message });
/** Seeding, two server processes starting and about a minute of rush, on a busy machine. */
const RUSH_TEST_TIMEOUT_MS = 240_000;

/** Two server processes on one database: Postgres only. */
const skipped = !LONG_TESTS
  ? ` (${LONG_TESTS_SKIPPED})`
  : dbKind !== 'postgres'
    ? ' (runs in the Postgres pass)'
    : '';

describe.skipIf(skipped !== '')(`the sell-out rush through two processes${skipped}`, () => {
  let database: TestDatabase | undefined;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });

  afterAll(async () => {
    await database?.destroy();
  }, 60_000);

  it(
    '2,000 players for 250 seats: 250 taken, only full-slot refusals, no 5xx, charged once; each seat given back offered once',
    async () => {
      const report = await rushScenario(database?.url ?? '', { ...TEST_ENV, LOG_LEVEL: 'warn' });
      process.stdout.write(`${rushLines(report).join('\n')}\n`);

      // Every player signed in, some perhaps after a busy answer; no 429, no other 5xx.
      const busy = report.busySignIns;
      expect(report.kinds.signIn.statuses).toEqual(
        busy === 0 ? { 200: PLAYERS } : { 200: PLAYERS, 503: busy },
      );
      const listed = report.kinds.list.count;
      expect(report.kinds.list.statuses).toEqual({ 200: listed });
      // Bookings: 250 seats, every other answer the spec's full-slot refusal.
      const refused = report.kinds.book.count - SEATS;
      expect(report.kinds.book.statuses).toEqual(
        refused === 0 ? { 200: SEATS } : { 200: SEATS, 409: refused },
      );
      const others = Object.entries(report.otherAnswers).filter(
        ([key]) => !key.startsWith('signIn 503 '),
      );
      expect(Object.fromEntries(others)).toEqual(
        refused === 0 ? {} : { [`book 409 ${SLOT_FULL}`]: refused },
      );
      expect(report.seated).toBe(SEATS);
      expect(report.turnedAway).toBe(PLAYERS - SEATS);
      expect(report.failed).toBe(0);
      expect(report.timedOut).toBe(false);
      // Arrivals, the scenario's own pacing: every player within the minute.
      expect(report.arrivalsMs).toBeLessThanOrEqual(60_000);

      // The database: every evening slot full, its count its registrations, no seat elsewhere.
      expect(report.slots).toEqual(
        Array.from({ length: SLOTS }, () => ({
          booked: SLOT_CAPACITY,
          capacity: SLOT_CAPACITY,
          registrations: SLOT_CAPACITY,
        })),
      );
      expect(report.seatsElsewhere).toBe(0);
      expect(report.registered).toBe(SEATS);
      expect(report.seatedMismatch).toBe(0);
      // Each seated player −2 once (for its own seat), every other player nothing.
      expect(report.accounts).toBe(PLAYERS);
      expect(report.chargedOnce).toBe(SEATS);
      expect(report.untouched).toBe(PLAYERS - SEATS);
      expect(hasViolations(report.invariants)).toBe(false);

      // The wave: every player turned away in a line, every seat given back held for the first
      // in its line, offered and mailed once; the rest still waiting.
      const turnedAway = PLAYERS - SEATS;
      expect(report.kinds.join.statuses).toEqual({ 200: turnedAway });
      expect(report.kinds.cancel.statuses).toEqual({ 200: SLOTS * WAVE_PER_SLOT });
      expect(report.wave.slots.map(({ startsAt: _, ...slot }) => slot)).toEqual(
        Array.from({ length: SLOTS }, () => ({
          booked: SLOT_CAPACITY - WAVE_PER_SLOT,
          held: WAVE_PER_SLOT,
          offers: WAVE_PER_SLOT,
          offerMails: WAVE_PER_SLOT,
          offersOutOfTurn: 0,
          waiting: turnedAway / SLOTS - WAVE_PER_SLOT,
        })),
      );
      expect(report.problems).toEqual([]);
    },
    RUSH_TEST_TIMEOUT_MS,
  );
});
