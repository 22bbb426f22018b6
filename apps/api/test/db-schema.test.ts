import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { codes, creditLedger, eventSlots, registrations, users } from '../src/db/schema';
import { PATHS } from '../src/paths';
import { rejectionState, SQLSTATE } from './helpers/pg-error';
import { createTestDatabase, dbKind, type TestDatabase } from './helpers/test-db';

let counter = 0;
async function insertUser(db: Database, values: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `player${counter}@example.com`,
      username: `player${counter}`,
      passwordHash: 'x',
      ...values,
    })
    .returning();
  if (user === undefined) throw new Error('insert returned nothing');
  return user;
}

async function insertSlot(db: Database, values: Partial<typeof eventSlots.$inferInsert> = {}) {
  counter += 1;
  const [slot] = await db
    .insert(eventSlots)
    .values({ startsAt: new Date(Date.UTC(2030, 0, 1, 0, counter * 30)), ...values })
    .returning();
  if (slot === undefined) throw new Error('insert returned nothing');
  return slot;
}

describe(`database schema [${dbKind}]`, () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('fills defaults: uuid ids, timestamps, zero credits, empty names', async () => {
    const user = await insertUser(db);
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(user).toMatchObject({ credits: 0, firstName: '', lastName: '', phone: '' });
    const slot = await insertSlot(db);
    expect(slot).toMatchObject({ lengthMinutes: 30, capacity: 25, booked: 0, enabled: true });
  });

  it('refuses negative credits', async () => {
    expect(await rejectionState(insertUser(db, { credits: -1 }))).toBe(SQLSTATE.checkViolation);
    const user = await insertUser(db, { credits: 1 });
    const debit = db
      .update(users)
      .set({ credits: sql`${users.credits} - 2` })
      .where(eq(users.id, user.id));
    expect(await rejectionState(debit)).toBe(SQLSTATE.checkViolation);
  });

  it('keeps email and username unique regardless of case', async () => {
    await insertUser(db, { email: 'Ada@Example.com', username: 'Ada' });
    expect(await rejectionState(insertUser(db, { email: 'ada@example.COM' }))).toBe(
      SQLSTATE.uniqueViolation,
    );
    expect(await rejectionState(insertUser(db, { username: 'ADA' }))).toBe(
      SQLSTATE.uniqueViolation,
    );
  });

  it('refuses a slot booked over capacity', async () => {
    expect(await rejectionState(insertSlot(db, { capacity: 25, booked: 26 }))).toBe(
      SQLSTATE.checkViolation,
    );
    const slot = await insertSlot(db, { capacity: 2, booked: 2 });
    const overbook = db
      .update(eventSlots)
      .set({ booked: sql`${eventSlots.booked} + 1` })
      .where(eq(eventSlots.id, slot.id));
    expect(await rejectionState(overbook)).toBe(SQLSTATE.checkViolation);
    expect(await rejectionState(insertSlot(db, { capacity: 0 }))).toBe(SQLSTATE.checkViolation);
  });

  it('gives one seat per player per slot', async () => {
    const user = await insertUser(db);
    const slot = await insertSlot(db);
    await db.insert(registrations).values({ slotId: slot.id, userId: user.id, source: 'booking' });
    const again = db
      .insert(registrations)
      .values({ slotId: slot.id, userId: user.id, source: 'booking' });
    expect(await rejectionState(again)).toBe(SQLSTATE.uniqueViolation);
  });

  it('posts each business event once and never edits the ledger', async () => {
    const user = await insertUser(db, { credits: 16 });
    const posting = {
      userId: user.id,
      delta: 16,
      reason: 'redeem' as const,
      refType: 'code' as const,
      refId: 'code-1',
      balanceAfter: 16,
    };
    await db.insert(creditLedger).values(posting);
    expect(await rejectionState(db.insert(creditLedger).values(posting))).toBe(
      SQLSTATE.uniqueViolation,
    );
    expect(
      await rejectionState(db.insert(creditLedger).values({ ...posting, refId: 'z', delta: 0 })),
    ).toBe(SQLSTATE.checkViolation);
    expect(
      await rejectionState(
        // The column's type refuses 'gift'; the database's check must refuse it too.
        db.insert(creditLedger).values({ ...posting, refId: 'y', reason: 'gift' as 'redeem' }),
      ),
    ).toBe(SQLSTATE.checkViolation);
    const edit = db
      .update(creditLedger)
      .set({ delta: 999 })
      .where(eq(creditLedger.userId, user.id));
    expect(await rejectionState(edit)).toBe(SQLSTATE.insufficientPrivilege);
    const erase = db.delete(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(await rejectionState(erase)).toBe(SQLSTATE.insufficientPrivilege);
  });

  it('allows a claim only on one-time codes', async () => {
    const user = await insertUser(db);
    const promo = db.insert(codes).values({
      codeHash: 'promo-hash',
      kind: 'promo_per_user',
      credits: 16,
      claimedBy: user.id,
      claimedAt: new Date(),
    });
    expect(await rejectionState(promo)).toBe(SQLSTATE.checkViolation);
    const halfClaimed = db
      .insert(codes)
      .values({ codeHash: 'card-hash', kind: 'one_time', credits: 16, claimedBy: user.id });
    expect(await rejectionState(halfClaimed)).toBe(SQLSTATE.checkViolation);
    const zero = db.insert(codes).values({ codeHash: 'zero', kind: 'one_time', credits: 0 });
    expect(await rejectionState(zero)).toBe(SQLSTATE.checkViolation);
  });

  it('applies the migrations a second time as a no-op', async () => {
    const count = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    const before = await queryRows(db, count);
    await migrateDatabase(database.handle, PATHS.migrations);
    expect(await queryRows(db, count)).toEqual(before);
    expect(await db.$count(users)).toBeGreaterThan(0);
  });
});

describe(`migrations from an empty database [${dbKind}]`, () => {
  it('create every table, and running them again changes nothing', async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      await migrateDatabase(database.handle, PATHS.migrations);
      await migrateDatabase(database.handle, PATHS.migrations);
      const relations = await queryRows<{ table_name: string; table_type: string }>(
        database.handle.db,
        sql`select table_name, table_type from information_schema.tables where table_schema = 'public' order by 1`,
      );
      const named = (type: string) =>
        relations.filter((row) => row.table_type === type).map((row) => row.table_name);
      // The views one module reads of another's tables (src/db/schema/views.ts).
      expect(named('VIEW')).toEqual([
        'balances',
        'game_seats',
        'order_numbers',
        'player_names',
        'redeemed_code_labels',
      ]);
      expect(named('BASE TABLE')).toEqual([
        'audit_log',
        'auth_attempts',
        'code_batches',
        'codes',
        'credit_grants',
        'credit_ledger',
        'email_outbox',
        'event_slots',
        'game_result_checks',
        'game_results',
        'operator_approvals',
        'order_refunds',
        'orders',
        'parties',
        'partnership_applications',
        'party_seats',
        'payment_disputes',
        'recovery_codes',
        'redemptions',
        'registrations',
        'reported_refunds',
        'reset_tokens',
        'runtime_settings',
        'seat_reminders',
        'sessions',
        'two_factor_recovery_codes',
        'two_factor_secrets',
        'unsubscribe_versions',
        'users',
        'waitlist_entries',
        'waitlist_lapses',
        'webhook_events',
      ]);
      const applied = await queryRows(
        database.handle.db,
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      const journal = JSON.parse(
        readFileSync(path.join(PATHS.migrations, 'meta/_journal.json'), 'utf8'),
      ) as { entries: unknown[] };
      expect(applied).toEqual([{ n: journal.entries.length }]);
      expect(journal.entries.length).toBeGreaterThanOrEqual(3);
    } finally {
      await database.destroy();
    }
  });
});
