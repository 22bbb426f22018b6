/**
 * Each module's step of a composed statement (ADR 0040–0042, 0054), composed around a placeholder
 * gate rather than the statement it serves in: it writes once for each row of the gate and
 * nothing without one, its names meet no other step's, and the composer refuses a name twice.
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client';
import { codes, creditLedger, emailOutbox, orders, users } from '../src/db/schema';
import { relation, step, withSteps, type Step } from '../src/db/steps';
import { enqueueStep } from '../src/integrations/email/outbox.repository';
import { insertPassesStep } from '../src/modules/codes/codes.repository';
import { postingSteps } from '../src/modules/credits/credits.repository';
import { attemptStep } from '../src/modules/limits/attempts.repository';
import { createTestDatabase, dbKind, type TestDatabase } from './helpers/test-db';

const AT = new Date('2030-01-01T12:00:00Z');
const GATE = relation('test', 'gate');
/** A placeholder gate of `rows` rows, read after whatever `after` names (the posting's lock). */
const gateOf = (rows: number, after?: SQL): Step =>
  step(
    GATE,
    sql`select n from generate_series(1, ${rows}::int) as n${after === undefined ? sql`` : sql`, ${after}`}`,
  );

describe(`statement steps around a placeholder gate [${dbKind}]`, () => {
  let database: TestDatabase;
  let db: Database;
  let userId: string;
  let orderId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
  });
  afterAll(async () => {
    await database.destroy();
  });
  beforeEach(async () => {
    const [user] = await db
      .insert(users)
      .values({
        email: `${crypto.randomUUID()}@example.com`,
        username: crypto.randomUUID().slice(0, 12),
        passwordHash: 'x',
        credits: 5,
      })
      .returning({ id: users.id });
    if (user === undefined) throw new Error('no user');
    userId = user.id;
    const [order] = await db
      .insert(orders)
      .values({
        orderNumber: crypto.randomUUID(),
        userId,
        idemKey: crypto.randomUUID(),
        requestHash: 'x',
        kind: 'game_pack',
        items: [],
        amountCents: 100,
        provider: 'test',
      })
      .returning({ id: orders.id });
    if (order === undefined) throw new Error('no order');
    orderId = order.id;
  });

  const balance = async () =>
    (await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]
      ?.credits;

  /** The credits' posting of `delta`, gated on `rows` rows: the balance it reported after. */
  async function post(delta: number, rows: number) {
    const steps = postingSteps(
      {
        userId,
        delta,
        reason: 'admin',
        refType: 'admin',
        refId: crypto.randomUUID(),
        createdAt: AT,
      },
      GATE,
    );
    const [row] = await queryRows<{ after: number }>(
      db,
      sql`${withSteps([steps.funded, gateOf(rows, steps.funded.relation.ref), ...steps.posted])}
        select ${steps.posting.columns.balance_after} as after from ${steps.posting.ref}`,
    );
    return row?.after;
  }

  it('posts once for a gate of one row and sets the balance it leaves', async () => {
    expect(await post(-2, 1)).toBe(3);
    expect(await balance()).toBe(3);
    const ledger = await db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    expect(ledger.map((row) => [row.delta, row.balanceAfter])).toEqual([[-2, 3]]);
  });

  it('posts nothing without a gate row, nor when the balance does not cover the delta', async () => {
    expect(await post(-2, 0)).toBeUndefined();
    expect(await post(-6, 1)).toBeUndefined();
    expect(await balance()).toBe(5);
    const [ledger] = await db
      .select({ n: count() })
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId));
    expect(ledger?.n).toBe(0);
  });

  /** Runs `of(GATE)` after a gate of `rows` rows. */
  const gated = (rows: number, of: (gate: typeof GATE) => Step) =>
    db.execute(sql`${withSteps([gateOf(rows), of(GATE)])} select 1`);

  it("issues an order's passes once for each gate row", async () => {
    const pass = (hash: string) => ({
      ...({ codeHash: hash, kind: 'one_time', credits: 2, label: 'Game Pass' } as const),
      ...{ createdAt: AT, orderId, ownerId: userId, sealedCode: 'sealed' },
    });
    await gated(0, (gate) => insertPassesStep([pass(`a${orderId}`)], gate));
    await gated(1, (gate) => insertPassesStep([pass(`b${orderId}`), pass(`c${orderId}`)], gate));
    const issued = await db
      .select({ hash: codes.codeHash })
      .from(codes)
      .where(eq(codes.orderId, orderId));
    expect(issued.map((row) => row.hash).sort()).toEqual([`b${orderId}`, `c${orderId}`]);
  });

  it('queues a mail once for each gate row', async () => {
    const to = `${userId}@example.com`;
    const mail = { template: 'order_confirmation', draft: 'sealed' } as const;
    await gated(0, (gate) => enqueueStep(to, mail, AT, gate));
    await gated(2, (gate) => enqueueStep(to, mail, AT, gate));
    const [queued] = await db
      .select({ n: count() })
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, to));
    expect(queued?.n).toBe(2);
  });

  it("composes every module's steps in one statement without a name met twice", async () => {
    const steps = postingSteps(
      {
        userId,
        delta: 1,
        reason: 'admin',
        refType: 'admin',
        refId: crypto.randomUUID(),
        createdAt: AT,
      },
      GATE,
    );
    const attempt = { kind: 'redeem', subject: userId, ip: '192.0.2.9', at: AT } as const;
    const mail = { template: 'order_confirmation', draft: 'sealed' } as const;
    const all = [
      steps.funded,
      gateOf(1, steps.funded.relation.ref),
      ...steps.posted,
      insertPassesStep(
        [
          {
            codeHash: `d${orderId}`,
            kind: 'one_time',
            credits: 2,
            label: 'Game Pass',
            createdAt: AT,
            orderId,
            ownerId: userId,
            sealedCode: 's',
          },
        ],
        GATE,
      ),
      enqueueStep(`${userId}@example.com`, mail, AT, GATE),
      attemptStep(attempt, GATE),
    ];
    const names = all.map((each) => each.relation.name);
    expect(new Set(names).size).toBe(names.length);
    await db.execute(sql`${withSteps(all)} select 1`);
    expect(await balance()).toBe(6);
  });

  it('refuses two steps of one name, and a name that could be another pair’s', () => {
    expect(() => withSteps([gateOf(1), gateOf(2)])).toThrow('two steps define test_gate');
    expect(() => relation('credits_x', 'funded')).toThrow('not a step identifier');
    expect(() => relation('credits', 'Funded')).toThrow('not a step identifier');
    expect(relation('codes', 'issued').name).not.toBe(relation('email', 'queued').name);
  });
});
