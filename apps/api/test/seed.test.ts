import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { codes, creditLedger, eventSlots, users } from '../src/db/schema';
import { DEMO_CODES, DEMO_PLAYER } from '../src/db/demo-data';
import { seedDemoData, type SeedOptions } from '../src/db/seed';
import { hashRedeemableCode } from '../src/lib/redeemable-code-hash';
import { verifyPassword } from '../src/modules/accounts/password';
import { fixedClock } from './helpers/clock';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { createTestDatabase, dbKind, type TestDatabase } from './helpers/test-db';

const SECRET = 'seed-test-secret-0123456789abcdefghijkl';
const options: SeedOptions = {
  appSecret: SECRET,
  clock: fixedClock('2026-06-01T07:00:00Z'),
  demoAccounts: true,
};

describe(`demo seed [${dbKind}]`, () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('creates the demo player and codes, and no slot (slots come from the week on sight)', async () => {
    const report = await seedDemoData(db, options);
    expect(report).toEqual({ demoPlayerCreated: true, codesCreated: 4 });
    expect(await db.$count(eventSlots)).toBe(0);
  });

  it('adds nothing on a second run', async () => {
    const report = await seedDemoData(db, options);
    expect(report).toEqual({ demoPlayerCreated: false, codesCreated: 0 });
    expect(await db.$count(users)).toBe(1);
    expect(await db.$count(creditLedger)).toBe(1);
    expect(await db.$count(codes)).toBe(4);
  });

  it('gives the demo player 10 credits backed by a ledger posting', async () => {
    const [player] = await db.select().from(users).where(eq(users.username, DEMO_PLAYER.username));
    expect(player).toMatchObject({ email: DEMO_PLAYER.email, credits: 10 });
    const ledger = await db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, player?.id ?? ''));
    expect(ledger).toMatchObject([{ delta: 10, reason: 'admin', balanceAfter: 10 }]);
  });

  it('hashes the demo password with Argon2id at OWASP settings', async () => {
    const [player] = await db.select().from(users).where(eq(users.username, DEMO_PLAYER.username));
    const passwordHash = player?.passwordHash ?? '';
    expect(passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(passwordHash, DEMO_PLAYER.password)).toBe(true);
    expect(await verifyPassword(passwordHash, 'wrong-password')).toBe(false);
  });

  it('stores codes only as HMACs of the upper-cased code', async () => {
    const rows = await db.select().from(codes);
    const stored = JSON.stringify(rows.map(({ codeHash }) => codeHash));
    for (const { code } of DEMO_CODES) expect(stored).not.toContain(code);
    const welcome = rows.find((row) => row.label === 'WELCOME16');
    expect(welcome).toMatchObject({ kind: 'promo_per_user', credits: 16 });
    expect(welcome?.codeHash).toBe(hashRedeemableCode(SECRET, ' welcome16 '));
    expect(welcome?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows.filter((row) => row.kind === 'one_time')).toHaveLength(3);
  });

  it('gives every slot an access code, also slots made before slots had one', async () => {
    const [legacy] = await db
      .insert(eventSlots)
      .values({ startsAt: new Date('2026-05-01T14:00:00Z') })
      .returning({ id: eventSlots.id });
    await seedDemoData(db, options);
    const slots = await db.select().from(eventSlots);
    expect(slots.filter((slot) => slot.accessCodeHash === null)).toEqual([]);
    expect(new Set(slots.map((slot) => slot.accessCodeHash)).size).toBe(slots.length);
    expect(slots.find((slot) => slot.id === legacy?.id)?.accessCodeSealed).toMatch(/^v1\./);
  });

  it('leaves every invariant holding', async () => {
    // Every invariant the checker knows, including ones added after this test.
    const violations = await findInvariantViolations(db);
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  it('skips the demo player and codes in production', async () => {
    const fresh = await createTestDatabase();
    try {
      const report = await seedDemoData(fresh.handle.db, { ...options, demoAccounts: false });
      expect(report).toEqual({ demoPlayerCreated: false, codesCreated: 0 });
    } finally {
      await fresh.destroy();
    }
  });
});

describe(`invariant checker [${dbKind}]`, () => {
  it('reports a balance that does not match the ledger', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.handle.db;
      await db
        .insert(users)
        .values({ email: 'x@example.com', username: 'x', passwordHash: 'x', credits: 5 });
      const violations = await findInvariantViolations(db);
      expect(violations.balances).toMatchObject([{ credits: 5, ledgerSum: 0 }]);
    } finally {
      await database.destroy();
    }
  });
});
