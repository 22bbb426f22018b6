/**
 * The audit log of operator actions: one row for each command that changed something, naming
 * the command line as the actor, with the values before and after; none for a read or a refused
 * command; rows the database refuses to edit or delete; and the list's filters and pages.
 */
import { randomUUID } from 'node:crypto';
import type { OperatorCommand } from '@questfield/contract';
import { asc, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, eventSlots } from '../src/db/schema';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { createAccountAdminService } from '../src/modules/accounts/account-admin.service';
import { createCreditAdjustmentsService } from '../src/modules/credits/credit-adjustments.service';
import { postJson, signUp } from './helpers/accounts';
import { fixedClock, NOW } from './helpers/clock';
import { SQLSTATE, rejectionState } from './helpers/pg-error';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

/** The newest row's id (0 when there is none). */
async function lastId(db: Database): Promise<number> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.id ?? 0;
}

/** What every row the command line writes says about its actor. */
const COMMAND_LINE = {
  actorKind: 'command_line',
  actorId: null,
  actorLabel: 'command line',
  actorRole: null,
  ip: '',
} as const;

describe(`audit log of the operator's commands [${dbKind}]`, () => {
  const token = newOperatorToken();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ operatorToken: token, clock: fixedClock(NOW) });
  });
  afterAll(() => t.close());

  const db = () => t.database.handle.db;
  const send = (command: OperatorCommand) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });

  async function run(command: OperatorCommand) {
    const answer = await send(command);
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf(answer);
  }

  /** The rows `work` wrote, oldest first. */
  async function rowsOf(work: () => Promise<unknown>) {
    const since = await lastId(db());
    await work();
    return db().select().from(auditLog).where(gt(auditLog.id, since)).orderBy(asc(auditLog.id));
  }

  /** The one row `command` wrote (and its answer). */
  async function oneRowOf(command: OperatorCommand) {
    let answer: Record<string, unknown> = {};
    const rows = await rowsOf(async () => (answer = await run(command)));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    if (row === undefined) return expect.fail('no row');
    return { row, answer };
  }

  it('records a code batch by its name and shape, never the codes', async () => {
    const command: OperatorCommand = {
      command: 'codes create',
      name: 'June promo',
      kind: 'promo',
      count: 3,
      credits: 5,
      expires: '2026-06-30',
    };
    const { row, answer } = await oneRowOf(command);
    expect(row).toMatchObject({
      ...COMMAND_LINE,
      at: new Date(NOW),
      action: 'codes.create',
      targetUserId: null,
      subject: 'June promo',
      before: null,
      after: { kind: 'promo', count: 3, credits: 5, expires: '2026-06-30' },
      reason: '',
    });
    const codes = (answer.codes as { code: string }[]).map((issued) => issued.code);
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(JSON.stringify(row)).not.toContain(code);
  });

  it('records a revocation by the code’s label, never the code', async () => {
    const created = await run({
      command: 'codes create',
      name: 'One pass',
      kind: 'game-pass',
      count: 1,
      credits: 4,
    });
    const code = (created.codes as { code: string }[])[0]?.code ?? expect.fail('no code');
    const { row } = await oneRowOf({ command: 'codes revoke', code });
    expect(row).toMatchObject({
      ...COMMAND_LINE,
      action: 'codes.revoke',
      targetUserId: null,
      subject: `Game Pass …${code.slice(-4)}`,
      before: { revoked: false },
      after: { revoked: true },
    });
    expect(JSON.stringify(row)).not.toContain(code);
  });

  it('records a grant with the balance before and after and the reason', async () => {
    const player = await signUp(t.app);
    const grant = (credits: number, reason: string) =>
      oneRowOf({ command: 'users grant-credits', email: player.email, credits, reason });
    const first = await grant(7, 'the 18:00 game was cancelled');
    expect(first.row).toMatchObject({
      ...COMMAND_LINE,
      action: 'users.grant-credits',
      targetUserId: player.id,
      subject: '',
      before: { balance: 0 },
      after: { balance: 7 },
      reason: 'the 18:00 game was cancelled',
    });
    const second = await grant(3, 'birthday');
    expect(second.row).toMatchObject({
      before: { balance: 7 },
      after: { balance: 10 },
      reason: 'birthday',
    });
    expect(second.answer).toMatchObject({ balance: 10 });
  });

  it('records a role change with the role before, also when it was the same', async () => {
    const player = await signUp(t.app);
    const setRole = (role: 'staff' | 'admin') =>
      oneRowOf({ command: 'users set-role', email: player.email, role });
    const toStaff = await setRole('staff');
    expect(toStaff.row).toMatchObject({
      ...COMMAND_LINE,
      action: 'users.set-role',
      targetUserId: player.id,
      before: { role: 'player' },
      after: { role: 'staff' },
    });
    expect(toStaff.answer).toMatchObject({ changed: true, signedOut: 1 });
    const again = await setRole('staff');
    expect(again.row).toMatchObject({ before: { role: 'staff' }, after: { role: 'staff' } });
    expect(again.answer).toMatchObject({ changed: false });
    expect((await setRole('admin')).row).toMatchObject({
      before: { role: 'staff' },
      after: { role: 'admin' },
    });
  });

  it('records a deletion by what it removed, without the player’s names', async () => {
    const player = await signUp(t.app);
    await run({ command: 'users grant-credits', email: player.email, credits: 6, reason: 'test' });
    const { row } = await oneRowOf({ command: 'users delete', email: player.email });
    expect(row).toMatchObject({
      ...COMMAND_LINE,
      action: 'users.delete',
      targetUserId: player.id,
      subject: '',
      before: { balance: 6, seats: 0, results: 0, sessions: 1 },
      after: { deleted: true },
    });
    expect(JSON.stringify(row)).not.toContain(player.username);
  });

  it('records a slot’s capacity and closing with the values before', async () => {
    // Showing the day is a read (it makes the day's slots): no row.
    const shown = await rowsOf(() => run({ command: 'slots show', date: '2026-06-02' }));
    expect(shown).toEqual([]);
    const slot = { date: '2026-06-02', time: '18:30' } as const;
    const wider = await oneRowOf({ command: 'slots set-capacity', ...slot, capacity: 30 });
    expect(wider.row).toMatchObject({
      ...COMMAND_LINE,
      action: 'slots.set-capacity',
      targetUserId: null,
      subject: '2026-06-02 18:30',
      before: { capacity: 25 },
      after: { capacity: 30 },
    });
    const narrower = await oneRowOf({ command: 'slots set-capacity', ...slot, capacity: 12 });
    expect(narrower.row).toMatchObject({ before: { capacity: 30 }, after: { capacity: 12 } });
    const closed = await oneRowOf({ command: 'slots close', ...slot });
    expect(closed.row).toMatchObject({
      ...COMMAND_LINE,
      action: 'slots.close',
      subject: '2026-06-02 18:30',
      before: { open: true },
      after: { open: false },
    });
    expect(closed.answer).toMatchObject({ slot: { open: false, capacity: 12 } });
    // The access code the slot's players join with stays out of the log.
    const accessCode = (closed.answer.slot as { accessCode: string }).accessCode;
    for (const { row } of [wider, narrower, closed]) {
      expect(JSON.stringify(row)).not.toContain(accessCode);
    }
  });

  it('records the multiplayer switch with the state before, and not its status', async () => {
    const off = await oneRowOf({ command: 'multiplayer', state: 'off' });
    expect(off.row).toMatchObject({
      ...COMMAND_LINE,
      action: 'settings.multiplayer',
      subject: 'multiplayer',
      before: { enabled: true },
      after: { enabled: false },
    });
    expect(await rowsOf(() => run({ command: 'multiplayer', state: 'status' }))).toEqual([]);
    const on = await oneRowOf({ command: 'multiplayer', state: 'on' });
    expect(on.row).toMatchObject({ before: { enabled: false }, after: { enabled: true } });
  });

  it('writes nothing for a read', async () => {
    const player = await signUp(t.app);
    const reads: OperatorCommand[] = [
      { command: 'codes list', unredeemed: false, limit: 10 },
      { command: 'users show', email: player.email },
      { command: 'slots show', date: '2026-06-03' },
      { command: 'orders flagged', limit: 10 },
      { command: 'multiplayer', state: 'status' },
    ];
    const rows = await rowsOf(async () => {
      for (const command of reads) await run(command);
    });
    expect(rows).toEqual([]);
  });

  it('writes nothing for a refused command', async () => {
    const nobody = 'nobody@example.com';
    await run({ command: 'slots show', date: '2026-06-04' });
    // Three seats taken on the 10:00 game (set back at the end), so a capacity of 2 is refused.
    await db()
      .update(eventSlots)
      .set({ booked: 3 })
      .where(eq(eventSlots.startsAt, new Date('2026-06-04T14:00:00Z')));
    const expired = {
      name: 'Too late',
      kind: 'promo',
      count: 1,
      credits: 1,
      expires: '2026-05-31',
    } as const;
    const refused: [OperatorCommand, string][] = [
      [
        { command: 'users grant-credits', email: nobody, credits: 5, reason: 'x' },
        'OPERATOR_ACCOUNT_NOT_FOUND',
      ],
      [{ command: 'users set-role', email: nobody, role: 'admin' }, 'OPERATOR_ACCOUNT_NOT_FOUND'],
      [{ command: 'users delete', email: nobody }, 'OPERATOR_ACCOUNT_NOT_FOUND'],
      [{ command: 'codes revoke', code: 'AAAA-BBBB-CCCC' }, 'OPERATOR_CODE_NOT_FOUND'],
      [{ command: 'codes create', ...expired }, 'OPERATOR_DATE_PAST'],
      [{ command: 'slots close', date: '2026-06-04', time: '03:00' }, 'OPERATOR_SLOT_NOT_FOUND'],
      [
        { command: 'slots set-capacity', date: '2026-06-04', time: '10:00', capacity: 2 },
        'OPERATOR_CAPACITY_BELOW_BOOKED',
      ],
    ];
    const rows = await rowsOf(async () => {
      for (const [command, code] of refused) {
        expect(jsonOf(await send(command))).toMatchObject({ code });
      }
    });
    expect(rows).toEqual([]);
    await db()
      .update(eventSlots)
      .set({ booked: 0 })
      .where(eq(eventSlots.startsAt, new Date('2026-06-04T14:00:00Z')));
  });

  it('rolls a grant and a role change back when their row cannot be written', async () => {
    const player = await signUp(t.app);
    const services = servicesOf(t);
    const failing = {
      ...services,
      db: db(),
      auditLog: {
        ...services.auditLog,
        record: () => Promise.reject(new Error('the audit log is unavailable')),
      },
    };
    const accountAdmin = createAccountAdminService(failing);
    const adjustments = createCreditAdjustmentsService({
      ...failing,
      accountAdmin,
      askApproval: () => Promise.reject(new Error('no approval is asked on the command line')),
    });
    const actor = { kind: 'command_line' } as const;
    const grant = { userId: player.id, credits: 5, reason: 'x' };
    await expect(adjustments.adjust(grant, actor)).rejects.toThrow(/unavailable/);
    expect(await services.credits.balance(db(), player.id)).toBe(0);
    await expect(accountAdmin.changeRole(player.id, 'admin', actor)).rejects.toThrow(/unavailable/);
    expect((await services.accounts.findByEmail(player.email))?.role).toBe('player');
  });

  it('refuses to edit or delete a row, in the database itself', async () => {
    const { row } = await oneRowOf({ command: 'multiplayer', state: 'on' });
    const edit = db()
      .update(auditLog)
      .set({ reason: 'nothing happened' })
      .where(eq(auditLog.id, row.id));
    expect(await rejectionState(edit)).toBe(SQLSTATE.insufficientPrivilege);
    const erase = db().delete(auditLog).where(eq(auditLog.id, row.id));
    expect(await rejectionState(erase)).toBe(SQLSTATE.insufficientPrivilege);
    const [kept] = await db().select().from(auditLog).where(eq(auditLog.id, row.id));
    expect(kept).toEqual(row);
  });
});

describe(`audit log list [${dbKind}]`, () => {
  const clock = fixedClock(NOW);
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const operator = {
    kind: 'operator',
    userId: randomUUID(),
    username: 'owner',
    role: 'admin',
    ip: '203.0.113.7',
  } as const;
  const players = [randomUUID(), randomUUID()] as const;

  /** The rows of the scene by name: two actors, two players, either side of venue midnight. */
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    const { auditLog: log } = servicesOf(t);
    const db = t.database.handle.db;
    const write = async (name: string, at: string, ...args: Parameters<typeof log.record>) => {
      clock.set(at);
      await log.record(...args);
      ids[name] = await lastId(db);
    };
    const [first, second] = players;
    const line = { kind: 'command_line' } as const;
    // 2026-06-01 in New York (EDT, UTC-4) ends at 04:00 UTC on the 2nd.
    await write('morning', '2026-06-01T13:00:00Z', db, line, {
      action: 'users.grant-credits',
      targetUserId: first,
      before: { balance: 0 },
      after: { balance: 5 },
      reason: 'welcome',
    });
    await write('lastMinute', '2026-06-02T03:59:59Z', db, operator, {
      action: 'users.set-role',
      targetUserId: first,
      before: { role: 'player' },
      after: { role: 'staff' },
    });
    await write('midnight', '2026-06-02T04:00:00Z', db, operator, {
      action: 'users.grant-credits',
      targetUserId: second,
      before: { balance: 0 },
      after: { balance: 2 },
      reason: 'sorry',
    });
    await write('nextDay', '2026-06-02T15:00:00Z', db, line, {
      action: 'slots.close',
      subject: '2026-06-02 18:30',
      before: { open: true },
      after: { open: false },
    });
    await write('later', '2026-06-03T15:00:00Z', db, operator, {
      action: 'settings.multiplayer',
      subject: 'multiplayer',
      before: { enabled: true },
      after: { enabled: false },
    });
  });

  const list = (filter: Parameters<ReturnType<typeof servicesOf>['auditLog']['list']>[0]) =>
    servicesOf(t).auditLog.list(filter);
  const idsOf = (page: { entries: { id: number }[] }) => page.entries.map((entry) => entry.id);

  it('records an operator by account, name, role and address, at the clock’s time', async () => {
    const page = await list({ operator: operator.userId });
    expect(idsOf(page)).toEqual([ids.later, ids.midnight, ids.lastMinute]);
    expect(page.entries.at(-1)).toMatchObject({
      actorKind: 'operator',
      actorId: operator.userId,
      actorLabel: 'owner',
      actorRole: 'admin',
      ip: '203.0.113.7',
      at: new Date('2026-06-02T03:59:59Z'),
      action: 'users.set-role',
      targetUserId: players[0],
      before: { role: 'player' },
      after: { role: 'staff' },
    });
    expect(page.nextCursor).toBeNull();
  });

  it('lists everything newest first', async () => {
    const page = await list({});
    expect(idsOf(page)).toEqual([
      ids.later,
      ids.nextDay,
      ids.midnight,
      ids.lastMinute,
      ids.morning,
    ]);
  });

  it('filters by action, by player and by venue day', async () => {
    expect(idsOf(await list({ action: 'users.grant-credits' }))).toEqual([
      ids.midnight,
      ids.morning,
    ]);
    expect(idsOf(await list({ action: 'users.delete' }))).toEqual([]);
    expect(idsOf(await list({ player: players[0] }))).toEqual([ids.lastMinute, ids.morning]);
    expect(idsOf(await list({ player: players[1] }))).toEqual([ids.midnight]);
    // Venue days, not UTC days: 23:59:59 in New York is still the 1st, midnight the 2nd.
    expect(idsOf(await list({ day: '2026-06-01' }))).toEqual([ids.lastMinute, ids.morning]);
    expect(idsOf(await list({ day: '2026-06-02' }))).toEqual([ids.nextDay, ids.midnight]);
    expect(idsOf(await list({ day: '2026-05-31' }))).toEqual([]);
    expect(
      idsOf(await list({ day: '2026-06-02', action: 'users.grant-credits', player: players[1] })),
    ).toEqual([ids.midnight]);
    expect(idsOf(await list({ operator: operator.userId, day: '2026-06-01' }))).toEqual([
      ids.lastMinute,
    ]);
  });

  it('finds nothing for an id that is no account’s', async () => {
    expect(await list({ player: 'not-a-uuid' })).toEqual({ entries: [], nextCursor: null });
    expect(await list({ operator: randomUUID() })).toEqual({ entries: [], nextCursor: null });
  });

  it('pages by cursor, each row once, and caps the page at 200', async () => {
    const first = await list({ limit: 2 });
    expect(idsOf(first)).toEqual([ids.later, ids.nextDay]);
    expect(first.nextCursor).toBe(ids.nextDay);
    const second = await list({ limit: 2, before: first.nextCursor ?? undefined });
    expect(idsOf(second)).toEqual([ids.midnight, ids.lastMinute]);
    const third = await list({ limit: 2, before: second.nextCursor ?? undefined });
    expect(idsOf(third)).toEqual([ids.morning]);
    expect(third.nextCursor).toBeNull();
    // Exactly a page's worth left: no cursor to an empty page.
    const exact = await list({ limit: 1, before: ids.lastMinute });
    expect(exact).toMatchObject({ nextCursor: null });
    expect(idsOf(exact)).toEqual([ids.morning]);

    const { auditLog: log } = servicesOf(t);
    const many = Array.from({ length: 205 }, () =>
      log.record(t.database.handle.db, { kind: 'command_line' }, { action: 'codes.revoke' }),
    );
    await Promise.all(many);
    const capped = await list({ action: 'codes.revoke', limit: 1_000 });
    expect(capped.entries).toHaveLength(200);
    const rest = await list({ action: 'codes.revoke', before: capped.nextCursor ?? undefined });
    expect(rest.entries).toHaveLength(5);
    expect(rest.nextCursor).toBeNull();
  });
});
