/**
 * The credits module (issue "platform", item 2): postings are exact, idempotent on their
 * source, never below zero, and hold under concurrent transactions (on Postgres for real).
 */
import { CREDIT_HISTORY_PAGE_SIZE } from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { transactor } from '../src/db/client';
import { creditLedger, users } from '../src/db/schema';
import { createCreditsService, type PostingRequest } from '../src/modules/credits/credits.service';
import { postJson, signUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

describe(`credits [${dbKind}]`, () => {
  let t: TestApp;
  const clock = fixedClock('2026-06-01T12:00:00Z');
  const db = () => t.database.handle.db;
  const credits = () => createCreditsService({ db: db(), clock, transaction: transactor(db()) });
  const post = (request: PostingRequest) => transactor(db())((tx) => credits().post(tx, request));
  const balanceOf = async (userId: string) =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]
      ?.credits;
  const ledgerOf = (userId: string) =>
    db().select().from(creditLedger).where(eq(creditLedger.userId, userId));
  const grant = (userId: string, delta: number, id: string): PostingRequest => ({
    userId,
    delta,
    reason: 'admin',
    source: { type: 'admin', id },
  });

  beforeEach(async () => {
    t = await createTestApp({ clock });
  });
  afterEach(async () => {
    const violations = await findInvariantViolations(db());
    await t.close();
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  it('posts a credit and a debit, each with its ledger row and the balance it leaves', async () => {
    const { id } = await signUp(t.app);
    const credit = await post(grant(id, 16, 'a'));
    const debit = await post({ ...grant(id, -2, 'b'), reason: 'book' });
    expect(credit).toMatchObject({ status: 'posted', posting: { delta: 16, balanceAfter: 16 } });
    expect(debit).toMatchObject({ status: 'posted', posting: { delta: -2, balanceAfter: 14 } });
    expect(await balanceOf(id)).toBe(14);
    const rows = await ledgerOf(id);
    expect(rows.map((row) => [row.delta, row.reason, row.refType, row.refId])).toEqual([
      [16, 'admin', 'admin', 'a'],
      [-2, 'book', 'admin', 'b'],
    ]);
  });

  it('posts a source once: a repeat returns the first posting and changes nothing', async () => {
    const { id } = await signUp(t.app);
    const first = await post(grant(id, 16, 'order-1'));
    const again = await post(grant(id, 32, 'order-1'));
    expect(first.status).toBe('posted');
    expect(again).toEqual({
      status: 'repeated',
      posting: first.status === 'posted' && first.posting,
    });
    expect(await balanceOf(id)).toBe(16);
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('refuses a debit below zero and changes nothing', async () => {
    const { id } = await signUp(t.app);
    await post(grant(id, 1, 'a'));
    expect(await post({ ...grant(id, -2, 'b'), reason: 'book' })).toEqual({
      status: 'insufficient',
      balance: 1,
    });
    expect(await balanceOf(id)).toBe(1);
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  it('rolls back with the caller: a failure after posting leaves no credits', async () => {
    const { id } = await signUp(t.app);
    const failing = transactor(db())(async (tx) => {
      await credits().post(tx, grant(id, 16, 'a'));
      throw new Error('payment record failed');
    });
    await expect(failing).rejects.toThrow('payment record failed');
    expect(await balanceOf(id)).toBe(0);
    expect(await ledgerOf(id)).toHaveLength(0);
  });

  it('refuses a zero, fractional or unknown-user posting as a bug', async () => {
    const { id } = await signUp(t.app);
    await expect(post(grant(id, 0, 'a'))).rejects.toThrow(/non-zero/);
    await expect(post(grant(id, 1.5, 'b'))).rejects.toThrow(/whole/);
    const stranger = '00000000-0000-4000-8000-000000000000';
    await expect(post(grant(stranger, 1, 'c'))).rejects.toThrow(/existing user/);
  });

  it('100 concurrent +1 and −1 postings leave balance = ledger sum ≥ 0', async () => {
    const { id } = await signUp(t.app);
    await post(grant(id, 10, 'start'));
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post({
          ...grant(id, i % 2 === 0 ? 1 : -1, `c${i}`),
          reason: i % 2 === 0 ? 'admin' : 'book',
        }),
      ),
    );
    const posted = outcomes.filter((outcome) => outcome.status === 'posted');
    const rows = await ledgerOf(id);
    const sum = rows.reduce((total, row) => total + row.delta, 0);
    expect(rows).toHaveLength(posted.length + 1);
    expect(await balanceOf(id)).toBe(sum);
    expect(sum).toBeGreaterThanOrEqual(0);
    // Each posting starts from the balance the one before left: none read a stale balance.
    const ordered = [...rows].sort((a, b) => a.id - b.id);
    ordered.slice(1).forEach((row, i) => {
      expect(row.balanceAfter).toBe((ordered[i]?.balanceAfter ?? NaN) + row.delta);
    });
  });

  it('the same source posted 20 times at once posts exactly once', async () => {
    const { id } = await signUp(t.app);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => post(grant(id, 16, 'order-42'))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'posted')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'repeated')).toHaveLength(19);
    expect(await balanceOf(id)).toBe(16);
    expect(await ledgerOf(id)).toHaveLength(1);
  });

  describe('Users/CreditHistory', () => {
    it('needs a session', async () => {
      expect((await postJson(t.app, 'usersCreditHistory', {})).statusCode).toBe(401);
    });

    it('is empty for a new player', async () => {
      const player = await signUp(t.app);
      const response = await postJson(t.app, 'usersCreditHistory', {}, { cookie: player.cookie });
      expect(response.statusCode).toBe(200);
      expect(jsonOf(response)).toEqual({ entries: [], nextCursor: null });
    });

    it('pages the player’s own postings newest first, and never another player’s', async () => {
      const player = await signUp(t.app);
      const other = await signUp(t.app);
      await post(grant(other.id, 5, 'other'));
      const total = CREDIT_HISTORY_PAGE_SIZE * 2 + 3;
      for (let i = 1; i <= total; i += 1) {
        clock.advance(1_000);
        await post(grant(player.id, i, `g${i}`));
      }
      type Page = {
        entries: { delta: number; balanceAfter: number; at: string }[];
        nextCursor: string | null;
      };
      const pages: Page[] = [];
      let cursor: string | undefined;
      do {
        const body = cursor === undefined ? {} : { cursor };
        const response = await postJson(t.app, 'usersCreditHistory', body, {
          cookie: player.cookie,
        });
        expect(response.statusCode).toBe(200);
        const page = jsonOf<Page>(response);
        pages.push(page);
        cursor = page.nextCursor ?? undefined;
      } while (cursor !== undefined);
      expect(pages.map((page) => page.entries.length)).toEqual([20, 20, 3]);
      const deltas = pages.flatMap((page) => page.entries.map((entry) => entry.delta));
      expect(deltas).toEqual(Array.from({ length: total }, (_, i) => total - i));
      expect(pages[0]?.entries[0]).toMatchObject({
        reason: 'admin',
        delta: total,
        balanceAfter: (total * (total + 1)) / 2,
      });
      expect(Number.isNaN(Date.parse(pages[0]?.entries[0]?.at ?? ''))).toBe(false);
    });

    it('refuses a malformed cursor or an unknown field with a clear message', async () => {
      const player = await signUp(t.app);
      for (const body of [{ cursor: 'abc' }, { cursor: '0' }, { cursor: 5 }, { userId: 'x' }]) {
        const response = await postJson(t.app, 'usersCreditHistory', body, {
          cookie: player.cookie,
        });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(jsonOf(response).code).toBe('VALIDATION_FAILED');
      }
      const bad = await postJson(
        t.app,
        'usersCreditHistory',
        { cursor: 'abc' },
        {
          cookie: player.cookie,
        },
      );
      expect(jsonOf(bad).message).toBe('This page of the credit history does not exist.');
    });
  });
});
