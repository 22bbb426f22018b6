/**
 * The admins' actions on a player's page: a role change and the account's deletion, on the
 * command line's own `users set-role` and `users delete` paths (by id instead of email). Admins
 * only, after a fresh password-and-code check; never on the admin's own account; a role change
 * signs the account out everywhere; a deletion gives up the seats on games to come and forfeits
 * the balance through the credits module (the invariants run when the app closes); both leave
 * the command line's audit rows, naming the admin. Any body is answered, never with a 500.
 */
import {
  OPERATOR_REAUTH_MS,
  type AuditEntry,
  type AvailableTime,
  type ConsolePlayer,
} from '@questfield/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../src/db/schema';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { PASSWORD, postJson, sessionCookieOf, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';
import { refusal } from './helpers/refusal';

// 8:00 AM in New York (EDT): every slot of the venue day is ahead.
const START = '2026-06-01T12:00:10Z';
const UNKNOWN = '3f1c9a52-8d0e-4b7a-9c61-2e5d4f7a8b90';

describe(`the console's admin actions on a player [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(START);
  let t: TestApp;
  let staff: Operator;
  let admin: Operator;
  let services: Services;
  const { operator, enrol, post, reauth, getConsoleSession, answersAnyBody } = consoleClient(
    () => t,
    token,
    clock,
  );

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    staff = await operator('staff');
    admin = await operator('admin');
    for (const who of [staff, admin]) await enrol(who);
  });
  afterAll(() => t.close());

  const setRole = (who: Operator, player: { id: string }, role: string) =>
    post(who, 'consolePlayerRole', { playerId: player.id, role });
  const remove = (who: Operator, player: { id: string }) =>
    post(who, 'consolePlayerDelete', { playerId: player.id });
  const pageOf = (player: { id: string }) => post(admin, 'consolePlayer', { playerId: player.id });
  const roleOf = async (player: { id: string }) =>
    jsonOf<ConsolePlayer>(await pageOf(player)).profile.role;
  const auditOf = async (action: string, player: { id: string }) => {
    const answer = await post(admin, 'consoleAuditLog', { action, playerId: player.id });
    return jsonOf<{ entries: AuditEntry[] }>(answer).entries;
  };
  const meStatus = async (cookie: string) =>
    (await postJson(t.app, 'usersMe', {}, { cookie })).statusCode;
  const signInAgain = async (player: SignedUp) =>
    sessionCookieOf(
      await postJson(t.app, 'usersLogin', { email: player.email, password: PASSWORD }),
    ) ?? expect.fail('no session cookie');
  const adminActor = () => ({
    kind: 'operator',
    id: admin.id,
    label: admin.username,
    role: 'admin',
    ip: admin.ip,
  });

  it('refuses staff both actions (403 FORBIDDEN), and changes nothing', async () => {
    const player = await signUp(t.app);
    await reauth(staff);
    for (const answer of [await setRole(staff, player, 'staff'), await remove(staff, player)]) {
      expect(answer.statusCode).toBe(403);
      expect(jsonOf(answer)).toEqual(refusal('FORBIDDEN'));
    }
    expect(await roleOf(player)).toBe('player');
    expect(await meStatus(player.cookie)).toBe(200);
  });

  it('asks for the password and a code again after 15 minutes, before either action', async () => {
    const player = await signUp(t.app);
    await reauth(admin);
    clock.advance(OPERATOR_REAUTH_MS);
    for (const answer of [await setRole(admin, player, 'staff'), await remove(admin, player)]) {
      expect(answer.statusCode).toBe(403);
      expect(jsonOf(answer)).toEqual(refusal('REAUTH_REQUIRED'));
    }
    expect(await roleOf(player)).toBe('player');
    expect(await auditOf('users.set-role', player)).toEqual([]);
    await reauth(admin);
    expect((await setRole(admin, player, 'staff')).statusCode).toBe(200);
  });

  it('changes a role: signs the account out everywhere and writes the audit row', async () => {
    const player = await signUp(t.app);
    const second = await signInAgain(player);
    await reauth(admin);
    const answer = await setRole(admin, player, 'staff');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(jsonOf(answer)).toEqual({ role: 'staff', changed: true, signedOut: 2 });
    for (const cookie of [player.cookie, second]) expect(await meStatus(cookie)).toBe(401);
    expect(await roleOf(player)).toBe('staff');
    expect(await auditOf('users.set-role', player)).toMatchObject([
      {
        actor: adminActor(),
        player: { id: player.id, username: player.username },
        before: { role: 'player' },
        after: { role: 'staff' },
      },
    ]);
    // The next sign-in has the new role's reach: the console asks it to set up two-factor.
    const asStaff = { ...player, ip: '127.0.0.1', cookie: await signInAgain(player) };
    const session = await getConsoleSession(asStaff);
    expect(session.statusCode).toBe(200);
    expect(jsonOf(session)).toMatchObject({ role: 'staff', twoFactorEnabled: false });
  });

  it('changes nothing and signs nobody out when the role is the same', async () => {
    const player = await signUp(t.app);
    await reauth(admin);
    const answer = await setRole(admin, player, 'player');
    expect(jsonOf(answer)).toEqual({ role: 'player', changed: false, signedOut: 0 });
    expect(await meStatus(player.cookie)).toBe(200);
    // Audited like the command line's: the role before and after, the same.
    expect(await auditOf('users.set-role', player)).toMatchObject([
      { before: { role: 'player' }, after: { role: 'player' } },
    ]);
  });

  it("refuses an admin's own role and account, with what to do instead", async () => {
    await reauth(admin);
    const role = await setRole(admin, admin, 'player');
    expect(role.statusCode).toBe(403);
    expect(jsonOf(role)).toEqual(refusal('OWN_ROLE_LOCKED'));
    const deleted = await remove(admin, admin);
    expect(deleted.statusCode).toBe(403);
    expect(jsonOf(deleted)).toEqual(refusal('OWN_ACCOUNT_UNDELETABLE'));
    expect(await roleOf(admin)).toBe('admin');
    expect(await meStatus(admin.cookie)).toBe(200);
    expect(await auditOf('users.set-role', admin)).toHaveLength(1); // the command line's
    expect(await auditOf('users.delete', admin)).toEqual([]);
  });

  it('deletes an account: seats given up, balance forfeited, gone from search and its page', async () => {
    const player = await signUp(t.app);
    await services.credits.grant({ userId: player.id, credits: 9, reason: 'test' });
    const times = jsonOf<AvailableTime[]>(
      await postJson(t.app, 'eventsAvailableTimes', { date: '2026-06-01' }),
    );
    const booked = await postJson(
      t.app,
      'eventsRegister',
      { EventTime: times.at(-1)?.EventTime },
      { cookie: player.cookie },
    );
    expect(booked.statusCode).toBe(200);
    const search = () => post(admin, 'consolePlayerSearch', { query: player.email });
    expect(jsonOf<{ players: unknown[] }>(await search()).players).toHaveLength(1);

    await reauth(admin);
    const answer = await remove(admin, player);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(jsonOf(answer)).toEqual({ seats: 1, forfeited: 7 });

    expect(jsonOf<{ players: unknown[] }>(await search()).players).toEqual([]);
    const page = await pageOf(player);
    expect(page.statusCode).toBe(404);
    expect(jsonOf(page)).toEqual(refusal('PLAYER_NOT_FOUND'));
    expect(await meStatus(player.cookie)).toBe(401);
    const ledger = await t.database.handle.db
      .select({ reason: creditLedger.reason, delta: creditLedger.delta })
      .from(creditLedger)
      .where(eq(creditLedger.userId, player.id))
      .orderBy(asc(creditLedger.id));
    expect(ledger).toEqual([
      { reason: 'admin', delta: 9 },
      { reason: 'book', delta: -2 },
      { reason: 'account_deleted', delta: -7 },
    ]);
    const [row] = await auditOf('users.delete', player);
    expect(row).toMatchObject({
      actor: adminActor(),
      player: { id: player.id, username: `deleted-${player.id}` },
      before: { balance: 7, seats: 1, results: 0, sessions: 1 },
      after: { deleted: true },
    });
    expect(JSON.stringify(row)).not.toContain(player.email);

    // Gone: a second deletion or a role change finds no player.
    for (const again of [await remove(admin, player), await setRole(admin, player, 'staff')]) {
      expect(again.statusCode).toBe(404);
      expect(jsonOf(again)).toEqual(refusal('PLAYER_NOT_FOUND'));
    }
  });

  it('answers 404 for an unknown player and 400 for a body that is no request', async () => {
    await reauth(admin);
    for (const answer of [
      await setRole(admin, { id: UNKNOWN }, 'staff'),
      await remove(admin, { id: UNKNOWN }),
    ]) {
      expect(answer.statusCode).toBe(404);
      expect(jsonOf(answer)).toEqual(refusal('PLAYER_NOT_FOUND'));
    }
    for (const [route, body] of [
      ['consolePlayerRole', { playerId: UNKNOWN, role: 'owner' }],
      ['consolePlayerRole', { playerId: UNKNOWN }],
      ['consolePlayerRole', { playerId: 'not-a-uuid', role: 'staff' }],
      ['consolePlayerDelete', {}],
      ['consolePlayerDelete', { playerId: UNKNOWN, email: 'x@example.com' }],
    ] as const) {
      const answer = await post(admin, route, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers any body without a 500, a refusal always in the error envelope', async () => {
    await reauth(admin);
    await answersAnyBody(
      admin,
      [
        ['consolePlayerRole', [{ playerId: UNKNOWN, role: 'staff' }]],
        ['consolePlayerDelete', [{ playerId: UNKNOWN }]],
      ],
      20_261_202,
    );
  });
});
