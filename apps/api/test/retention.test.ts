/**
 * The retention pass (ADR 0018): it deletes exactly what has run out (sessions past their end
 * or idle, spent recovery codes and reset tokens, rate-limit attempts no window counts, what
 * deleted accounts still hold) and nothing live; a second pass finds nothing; two passes at
 * once share the work; a listening server runs one as it starts.
 */
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { authAttempts, recoveryCodes, resetTokens, sessions } from '../src/db/schema';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '../src/modules/accounts/sessions.service';
import { LONGEST_LIMIT_WINDOW_MS } from '../src/modules/limits/limits.service';
import { RETENTION_BATCH_SIZE } from '../src/modules/retention/retention.service';
import { PASSWORD, postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { latestRecoveryCode } from './helpers/outbox';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

const START = '2026-05-01T12:00:00Z';
const MINUTE = 60_000;
const DAY_MS = 24 * 60 * MINUTE;
const NOTHING = { sessions: 0, recovery: 0, attempts: 0, deletedAccounts: 0, reminders: 0 };

describe(`retention [${dbKind}]`, () => {
  let t: TestApp;
  const clock = fixedClock(START);
  const db = () => t.database.handle.db;

  beforeEach(async () => {
    clock.set(START);
    t = await createTestApp({ clock });
  });
  afterEach(async () => {
    await t.close();
  });

  const me = (player: SignedUp) => postJson(t.app, 'usersMe', {}, { cookie: player.cookie });
  const player = (name: string) => signUp(t.app, { username: name });

  /** A recovery code for the player: requested now, its code read from the mail. */
  async function requestCode(who: SignedUp): Promise<string> {
    const asked = await postJson(t.app, 'usersRequestRecoveryCode', { email: who.email });
    expect(asked.statusCode).toBe(200);
    return latestRecoveryCode(t, who.email);
  }

  /** A reset token for the player: a code requested and verified now. */
  async function resetToken(who: SignedUp): Promise<string> {
    const code = await requestCode(who);
    const verified = await postJson(t.app, 'usersVerifyRecoveryCode', { email: who.email, code });
    return jsonOf<{ resetToken: string }>(verified).resetToken;
  }

  /** Rows of a table with the text of one column, sorted, to compare before and after. */
  const keysOf = async (table: string, column: string) =>
    (
      await queryRows<{ key: string }>(
        db(),
        sql`select ${sql.identifier(column)}::text as key from ${sql.identifier(table)} order by 1`,
      )
    ).map((row) => row.key);

  const snapshot = async () => ({
    sessions: await keysOf('sessions', 'user_id'),
    recoveryCodes: await keysOf('recovery_codes', 'user_id'),
    resetTokens: await keysOf('reset_tokens', 'user_id'),
    attempts: await keysOf('auth_attempts', 'id'),
  });

  it('deletes exactly what ran out, nothing live, and a second pass finds nothing', async () => {
    // Sessions: idle for 7 days, past its 30-day end though used every 6 days, and live.
    const idle = await player('idle');
    const old = await player('old');
    for (let day = 6; day < 30; day += 6) {
      clock.set(new Date(Date.parse(START) + day * DAY_MS));
      expect((await me(old)).statusCode).toBe(200);
    }
    clock.set(new Date(Date.parse(START) + SESSION_ABSOLUTE_MS - 20 * MINUTE));
    const live = await player('live');
    const codeExpired = await player('codeexpired');
    await requestCode(codeExpired);
    const tokenExpired = await player('tokenexpired');
    await resetToken(tokenExpired);
    const tokenUsed = await player('tokenused');
    clock.advance(10 * MINUTE);
    const used = await postJson(t.app, 'usersUpdatePassword', {
      email: tokenUsed.email,
      password: 'a-brand-new-password-7',
      resetToken: await resetToken(tokenUsed),
    });
    expect(used.statusCode).toBe(200);
    clock.advance(10 * MINUTE + 1);
    // Now: 30 days and a millisecond after START.
    const stillLive = await player('stilllive');
    await resetToken(stillLive);
    await requestCode(stillLive);
    const cutoff = new Date(clock.now().getTime() - LONGEST_LIMIT_WINDOW_MS);

    const before = await snapshot();
    const staleAttempts = (
      await queryRows<{ id: string }>(
        db(),
        sql`select id::text as id from auth_attempts where created_at < ${cutoff.toISOString()}`,
      )
    ).map((row) => row.id);
    expect(staleAttempts.length).toBeGreaterThan(0);

    const report = await t.app.retentionJob.runOnce();
    expect(report).toEqual({
      sessions: 2,
      recovery: 3,
      attempts: staleAttempts.length,
      deletedAccounts: 0,
      reminders: 0,
    });
    const after = await snapshot();
    const gone = (ids: string[]) => (id: string) => !ids.includes(id);
    expect(after).toEqual({
      sessions: before.sessions.filter(gone([idle.id, old.id])),
      recoveryCodes: [stillLive.id],
      resetTokens: [stillLive.id],
      attempts: before.attempts.filter(gone(staleAttempts)),
    });
    expect(after.sessions).toEqual(
      [live, codeExpired, tokenExpired, stillLive].map((p) => p.id).sort(),
    );
    expect((await me(live)).statusCode).toBe(200);

    expect(await t.app.retentionJob.runOnce()).toEqual(NOTHING);
    expect(await snapshot()).toEqual(after);
  });

  it('keeps a session one moment before it would end', async () => {
    const idle = await player('idle');
    clock.advance(SESSION_IDLE_MS - 1);
    expect(await t.app.retentionJob.runOnce()).toMatchObject({ sessions: 0 });
    clock.advance(1);
    expect(await t.app.retentionJob.runOnce()).toMatchObject({ sessions: 1 });
    expect((await me(idle)).statusCode).toBe(401);
  });

  it("sweeps what a deleted account still holds, without waiting for the account's 30 days", async () => {
    const gone = await player('gone');
    const stays = await player('stays');
    const deleted = await postJson(t.app, 'usersDelete', { password: PASSWORD }, gone);
    expect(deleted.statusCode).toBe(200);
    // A sign-in that raced the deletion left a session behind; it opens nothing.
    const raced = await servicesOf(t).sessions.create(gone.id, { ip: '::1', userAgent: 'race' });
    expect((await postJson(t.app, 'usersMe', {}, { cookie: raced.id })).statusCode).toBe(401);

    expect(await t.app.retentionJob.runOnce()).toMatchObject({ deletedAccounts: 1 });
    expect(await keysOf('sessions', 'user_id')).toEqual([stays.id]);
  });

  /** `count` attempts recorded two days ago, in one statement. */
  async function staleAttempts(count: number) {
    const at = new Date(clock.now().getTime() - 2 * DAY_MS);
    const rows = Array.from({ length: count }, (_, i) => ({
      kind: 'login' as const,
      subject: `unknown:nobody-${i}@example.com`,
      ip: '203.0.113.9',
      succeeded: false,
      createdAt: at,
    }));
    await db().insert(authAttempts).values(rows);
  }

  it('works through a backlog in batches', async () => {
    const count = RETENTION_BATCH_SIZE * 2 + 17;
    await staleAttempts(count);
    expect(await t.app.retentionJob.runOnce()).toMatchObject({ attempts: count });
    expect(await db().select().from(authAttempts)).toEqual([]);
  });

  it('two passes at once share the work and neither fails', async () => {
    const count = RETENTION_BATCH_SIZE * 6;
    await staleAttempts(count);
    const live = await player('live');
    const other = servicesOf(t).retention;
    const reports = await Promise.all([t.app.retentionJob.runOnce(), other.runOnce()]);
    expect(reports.reduce((sum, report) => sum + report.attempts, 0)).toBe(count);
    // Only the sign-up's own attempt is left, recorded just now.
    expect(await db().select().from(authAttempts)).toHaveLength(1);
    expect((await me(live)).statusCode).toBe(200);
  });

  it('runs a pass as the server starts listening', async () => {
    const idle = await player('idle');
    await postJson(t.app, 'usersRequestRecoveryCode', { email: idle.email });
    clock.advance(SESSION_IDLE_MS);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    // stop() waits for the pass the start began.
    await t.app.retentionJob.stop();
    expect(await db().select().from(sessions)).toEqual([]);
    expect(await db().select().from(recoveryCodes)).toEqual([]);
    expect(await db().select().from(resetTokens)).toEqual([]);
  });
});
