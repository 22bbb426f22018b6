/**
 * The limiter's count rules (limits.service.ts), counted in one statement for all of a check's
 * rules: each rule sees only its own attempts (kind, subject or address, failures only, its
 * window), the first broken rule in the rules' order is the answer, and its wait runs until
 * the oldest attempt it counted leaves its window. An attempt run inside its check's transaction
 * (`attempt`) is recorded with its work's outcome, and a refusal runs no work. Both databases;
 * time is the test's clock.
 */
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authAttempts } from '../src/db/schema';
import type { Transaction } from '../src/db/client';
import { relation, step, withSteps } from '../src/db/steps';
import type { AttemptRecording, CountRule } from '../src/modules/limits/limits.service';
import { fixedClock } from './helpers/clock';
import { createTestApp, servicesOf, type TestApp } from './helpers/test-app';

/** A placeholder gate for the attempt's step. */
const GATE = relation('test', 'gate');

const MINUTE = 60_000;

describe('limiter count rules', () => {
  const clock = fixedClock('2026-06-01T12:00:00Z');
  let t: TestApp;
  beforeEach(async () => {
    clock.set('2026-06-01T12:00:00Z');
    t = await createTestApp({ clock });
  });
  afterEach(async () => {
    await t.close();
  });

  const limiter = () => servicesOf(t).limiter;
  const later = (ms: number) => clock.set(new Date(clock.now().getTime() + ms).toISOString());
  /** An attempt admitted without rules, settled as given. */
  async function attempt(subject: string, ip: string, succeeded: boolean) {
    const admitted = await limiter().admit('redeem', subject, ip, []);
    if (!admitted.allowed) throw new Error('an attempt without rules was refused');
    await limiter().settle(admitted.attempt, succeeded);
  }
  const check = (rules: CountRule[]) => limiter().admit('redeem', 'probe', '192.0.2.99', rules);

  it('answers the first rule broken, each counting only its own attempts', async () => {
    await attempt('alice', '192.0.2.1', false);
    later(MINUTE);
    await attempt('alice', '192.0.2.1', true);
    later(MINUTE);
    await attempt('bob', '192.0.2.1', false);
    await attempt('alice', '192.0.2.2', false);
    // Another kind is never counted.
    await limiter().admit('access_code', 'alice', '192.0.2.1', []);
    later(MINUTE);

    const rules = (max: { alice: number; failures: number; address: number }): CountRule[] => [
      { kind: 'redeem', subject: 'alice', windowMs: 10 * MINUTE, max: max.alice, reason: 'alice' },
      {
        kind: 'redeem',
        subject: 'alice',
        failedOnly: true,
        windowMs: 10 * MINUTE,
        max: max.failures,
        reason: 'alice failures',
      },
      { kind: 'redeem', ip: '192.0.2.1', windowMs: 10 * MINUTE, max: max.address, reason: 'ip' },
    ];
    // alice: 3 attempts, 2 of them failures; 192.0.2.1: 3 attempts.
    expect((await check(rules({ alice: 4, failures: 3, address: 4 }))).allowed).toBe(true);
    expect(await check(rules({ alice: 4, failures: 3, address: 3 }))).toEqual({
      allowed: false,
      reason: 'ip',
      retryAfterMs: 7 * MINUTE,
    });
    expect(await check(rules({ alice: 4, failures: 2, address: 3 }))).toMatchObject({
      allowed: false,
      reason: 'alice failures',
    });
    expect(await check(rules({ alice: 3, failures: 2, address: 3 }))).toMatchObject({
      allowed: false,
      reason: 'alice',
    });
  });

  it('waits until the oldest attempt counted leaves the window, and counts none older', async () => {
    await attempt('carol', '192.0.2.3', false);
    later(2 * MINUTE);
    await attempt('carol', '192.0.2.3', false);
    later(MINUTE);
    const rule: CountRule = {
      kind: 'redeem',
      subject: 'carol',
      windowMs: 5 * MINUTE,
      max: 2,
      reason: 'carol',
    };
    expect(await check([rule])).toEqual({
      allowed: false,
      reason: 'carol',
      retryAfterMs: 2 * MINUTE,
    });
    // Past the first attempt's window only the second counts.
    later(2 * MINUTE + 1);
    expect((await check([rule])).allowed).toBe(true);
  });

  it('records an admitted attempt as a failure, and a refused one not at all', async () => {
    const who = { subject: 'erin', ip: '192.0.2.5' };
    const once: CountRule[] = [
      { kind: 'redeem', subject: 'erin', windowMs: MINUTE, max: 1, reason: 'erin' },
    ];
    expect((await limiter().admit('redeem', who.subject, who.ip, once)).allowed).toBe(true);
    expect((await limiter().admit('redeem', who.subject, who.ip, once)).allowed).toBe(false);
    const work = async () => 'never';
    expect((await limiter().attempt('redeem', who, once, work, () => true)).allowed).toBe(false);
    const recorded = await t.database.handle.db
      .select({ ip: authAttempts.ip, succeeded: authAttempts.succeeded })
      .from(authAttempts)
      .where(eq(authAttempts.subject, 'erin'));
    expect(recorded).toEqual([{ ip: '192.0.2.5', succeeded: false }]);
  });

  it("writes a success's attempt in the work's statement, once, and any other outcome itself", async () => {
    const who = { subject: 'fay', ip: '192.0.2.6' };
    const rules: CountRule[] = [
      { kind: 'redeem', subject: 'fay', windowMs: MINUTE, max: 10, reason: 'fay' },
    ];
    /** Work whose one statement runs the attempt's step on a gate of `rows` rows. */
    const work = (rows: number) => async (tx: Transaction, recording: AttemptRecording) => {
      const gate = step(GATE, sql`select n from generate_series(1, ${rows}::int) as n`);
      await tx.execute(sql`${withSteps([gate, recording(GATE)])} select 1`);
      return rows;
    };
    const recorded = () =>
      t.database.handle.db
        .select({ succeeded: authAttempts.succeeded })
        .from(authAttempts)
        .where(eq(authAttempts.subject, 'fay'));
    await limiter().attempt('redeem', who, rules, work(1), (rows) => rows === 1);
    expect(await recorded()).toEqual([{ succeeded: true }]);
    // The gate empty (a claim lost): nothing written there, the failure recorded by the limiter.
    await limiter().attempt('redeem', who, rules, work(0), (rows) => rows === 1);
    expect((await recorded()).map((row) => row.succeeded).sort()).toEqual([false, true]);
  });

  it('runs an attempt with its check in one transaction, recorded with its outcome', async () => {
    const who = { subject: 'dave', ip: '192.0.2.4' };
    const twice: CountRule[] = [
      { kind: 'redeem', subject: 'dave', windowMs: MINUTE, max: 2, reason: 'dave' },
    ];
    const failuresOnly: CountRule[] = [
      { kind: 'redeem', subject: 'dave', failedOnly: true, windowMs: MINUTE, max: 1, reason: 'f' },
    ];
    const ran: string[] = [];
    const work = (name: string) => async () => {
      ran.push(name);
      return name;
    };
    const first = await limiter().attempt('redeem', who, twice, work('good'), () => true);
    expect(first).toEqual({ allowed: true, result: 'good' });
    // The success is recorded as one: a failures-only rule still allows one failure.
    const second = await limiter().attempt('redeem', who, failuresOnly, work('bad'), () => false);
    expect(second).toEqual({ allowed: true, result: 'bad' });
    expect(
      (await limiter().attempt('redeem', who, failuresOnly, work('x'), () => true)).allowed,
    ).toBe(false);
    // Two recorded: the third is refused and its work never runs.
    const third = await limiter().attempt('redeem', who, twice, work('third'), () => true);
    expect(third).toMatchObject({ allowed: false, reason: 'dave', retryAfterMs: MINUTE });
    expect(ran).toEqual(['good', 'bad']);
    // Work that throws rolls its attempt back with it: a rule of one still allows one after.
    later(MINUTE + 1);
    const once: CountRule[] = [{ ...twice[0]!, max: 1 }];
    const broken = () => Promise.reject(new Error('no'));
    await expect(limiter().attempt('redeem', who, once, broken, () => true)).rejects.toThrow('no');
    const after = await limiter().attempt('redeem', who, once, work('after'), () => true);
    expect(after).toEqual({ allowed: true, result: 'after' });
    expect((await limiter().attempt('redeem', who, once, work('x'), () => true)).allowed).toBe(
      false,
    );
  });
});
