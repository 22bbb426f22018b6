/**
 * Migration 0041 (ADR 0064): each full refund of `order_refunds` becomes a row of
 * `order_part_refunds` with everything it kept, what it did read back from the ledger and the
 * order's passes, and a request key telling an admin's refund (console or command line) from one
 * made in Square's dashboard; then the old table is gone, the one left is named `order_refunds`
 * and Square's refund ids stay unique.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { PATHS } from '../src/paths';
import { rejectionState, SQLSTATE } from './helpers/pg-error';
import { createTestDatabase, dbKind, type TestDatabase } from './helpers/test-db';

type Journal = { entries: { idx: number; tag: string }[] };

/** The migrations as they were before `tag`: a folder of their own, for the data to go in. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'questfield-migrations-'));
  cpSync(PATHS.migrations, folder, { recursive: true });
  const file = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(file, 'utf8')) as Journal;
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut < 0) throw new Error(`no migration ${tag}`);
  writeFileSync(file, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}

const BUYER = '00000000-0000-4000-8000-000000000001';
const ADMIN = '00000000-0000-4000-8000-0000000000ad';
/** The orders refunded in full before the migration: by an admin, the command line, Square. */
const ORDER = {
  console: '00000000-0000-4000-8000-0000000000a1',
  commandLine: '00000000-0000-4000-8000-0000000000a2',
  dashboard: '00000000-0000-4000-8000-0000000000a3',
};
const REFUND = {
  console: '00000000-0000-4000-8000-0000000000b1',
  commandLine: '00000000-0000-4000-8000-0000000000b2',
  dashboard: '00000000-0000-4000-8000-0000000000b3',
};
const MAIL = { reason: 'Bought by mistake', creditsTakenBack: 10, creditsSpent: 6 };

describe(`migration 0041, one table for refunds [${dbKind}]`, () => {
  let database: TestDatabase;
  let folder: string;
  const run = (statement: ReturnType<typeof sql>) => queryRows(database.handle.db, statement);

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    folder = migrationsBefore('0041_one-refund-table');
    await migrateDatabase(database.handle, folder);
    await run(sql`insert into users (id, email, username, password_hash)
      values (${BUYER}, 'buyer@example.com', 'buyer', 'x')`);
    const order = (id: string, n: number, kind: string) =>
      run(sql`insert into orders (id, order_number, user_id, idem_key, request_hash, kind, items,
        amount_cents, credits, status, provider, provider_payment_id, refunded_cents)
        values (${id}, ${`Q-${n}`}, ${BUYER}, ${`key-${n}`}, 'h', ${kind}, '[]'::jsonb, 1799,
        ${kind === 'game_pack' ? 0 : 16}, 'refunded', 'square', ${`pay-${n}`}, 1799)`);
    await order(ORDER.console, 1, 'credit_pack');
    await order(ORDER.commandLine, 2, 'credit_pack');
    await order(ORDER.dashboard, 3, 'game_pack');
    // What the console's refund took back: 10 of the 16 credits (6 were spent).
    await run(sql`insert into credit_ledger (user_id, delta, reason, ref_type, ref_id, balance_after)
      values (${BUYER}, 16, 'purchase', 'order', ${ORDER.console}, 16),
             (${BUYER}, -6, 'book', 'registration', 'seat-1', 10),
             (${BUYER}, -10, 'refund', 'refund', ${ORDER.console}, 0)`);
    // The Game Pack's two passes, revoked by its refund.
    await run(sql`insert into codes (code_hash, kind, credits, order_id, owner_id, revoked_at)
      values ('h1', 'one_time', 16, ${ORDER.dashboard}, ${BUYER}, now()),
             ('h2', 'one_time', 16, ${ORDER.dashboard}, ${BUYER}, now())`);
    // Only the command line's refund has an audit row without an admin on its refund row.
    await run(sql`insert into audit_log (actor_kind, actor_label, action, target_user_id, subject,
      after, reason) values ('command_line', 'command line', 'orders.refund', ${BUYER},
      'Q-2 ($17.99)', '{"status":"refunded"}'::jsonb, 'Bought by mistake')`);
    await run(sql`insert into order_refunds (id, order_id, provider_refund_id, status, amount_cents,
      requested_by, shortfall_credits, failure_code, attempts, buyer_mail, created_at, updated_at)
      values
      (${REFUND.console}, ${ORDER.console}, null, 'failed', 1799, ${ADMIN}, 6, 'REJECTED', 2,
        ${JSON.stringify(MAIL)}::jsonb, '2026-06-01T16:00:00Z', '2026-06-01T16:05:00Z'),
      (${REFUND.commandLine}, ${ORDER.commandLine}, 'sq-2', 'completed', 1799, null, 0, null, 1,
        null, '2026-06-02T16:00:00Z', '2026-06-02T16:00:00Z'),
      (${REFUND.dashboard}, ${ORDER.dashboard}, 'sq-3', 'completed', 1799, null, 0, null, 1,
        null, '2026-06-03T16:00:00Z', '2026-06-03T16:00:00Z')`);
    await migrateDatabase(database.handle, PATHS.migrations);
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(folder, { recursive: true, force: true });
  });

  it('moves each full refund with what it kept, did and was asked', async () => {
    const rows = await run(sql`select id, order_id, request_key, amount_cents, destination,
      credits_taken_back, credits_added, shortfall_credits, passes_revoked, status,
      provider_refund_id, failure_code, attempts, requested_by, buyer_mail,
      created_at = '2026-06-01T16:00:00Z' as created, updated_at = '2026-06-01T16:05:00Z' as updated
      from order_refunds order by created_at`);
    const same = { amount_cents: 1799, destination: 'card', credits_added: 0, created: false };
    expect(rows).toEqual([
      {
        ...same,
        id: REFUND.console,
        order_id: ORDER.console,
        request_key: `full:${REFUND.console}`,
        credits_taken_back: 10,
        shortfall_credits: 6,
        passes_revoked: 0,
        status: 'failed',
        provider_refund_id: null,
        failure_code: 'REJECTED',
        attempts: 2,
        requested_by: ADMIN,
        buyer_mail: MAIL,
        created: true,
        updated: true,
      },
      {
        ...same,
        id: REFUND.commandLine,
        order_id: ORDER.commandLine,
        request_key: `full:${REFUND.commandLine}`,
        credits_taken_back: 0,
        shortfall_credits: 0,
        passes_revoked: 0,
        status: 'completed',
        provider_refund_id: 'sq-2',
        failure_code: null,
        attempts: 1,
        requested_by: null,
        buyer_mail: null,
        updated: false,
      },
      {
        ...same,
        id: REFUND.dashboard,
        order_id: ORDER.dashboard,
        request_key: `square:${REFUND.dashboard}`,
        credits_taken_back: 0,
        shortfall_credits: 0,
        passes_revoked: 2,
        status: 'completed',
        provider_refund_id: 'sq-3',
        failure_code: null,
        attempts: 1,
        requested_by: null,
        buyer_mail: null,
        updated: false,
      },
    ]);
  });

  it('moves the refunds into one table named order_refunds, keeping Square refund ids unique across every refund', async () => {
    const tables = await run(sql`select table_name from information_schema.tables
      where table_schema = 'public' and table_name like 'order%refunds' order by 1`);
    expect(tables).toEqual([{ table_name: 'order_refunds' }]);
    const again = run(sql`insert into order_refunds (order_id, request_key, amount_cents,
      destination, provider_refund_id) values (${ORDER.console}, 'another', 100, 'card', 'sq-3')`);
    expect(await rejectionState(again)).toBe(SQLSTATE.uniqueViolation);
  });
});
