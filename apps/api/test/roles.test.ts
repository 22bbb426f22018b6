/**
 * Roles (player, staff, admin): the command line's `users set-role`, and what the `staff` and
 * `admin` access kinds of the route table let through, decided before any handler runs.
 */
import { CSRF_HEADER, type OperatorCommand, type Role } from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import {
  COOKIE,
  login,
  postJson,
  sessionCookieOf,
  signUp,
  type SignedUp,
} from './helpers/accounts';
import { PROBE, probeModule } from './helpers/probe-module';
import { SQLSTATE, rejectionState } from './helpers/pg-error';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

describe(`roles [${dbKind}]`, () => {
  const token = newOperatorToken();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ operatorToken: token, testModules: [probeModule] });
  });
  afterAll(() => t.close());

  const run = (command: OperatorCommand) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });

  const setRole = async (player: SignedUp, role: Role) =>
    jsonOf(await run({ command: 'users set-role', email: player.email, role }));

  /** A POST to a probe route as a browser of the app sends it. */
  const probe = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress: '127.0.0.1',
      headers: {
        'content-type': 'application/json',
        [CSRF_HEADER.name]: CSRF_HEADER.value,
        ...(cookie === undefined ? {} : { cookie: `${COOKIE}=${cookie}` }),
        ...headers,
      },
      payload: '{}',
    });

  /** Signs the player in again (a role change ended their sessions); their new cookie. */
  async function signInAgain(player: SignedUp): Promise<string> {
    const response = await login(t.app, player.email);
    expect(response.statusCode).toBe(200);
    return sessionCookieOf(response) ?? expect.fail('no session cookie');
  }

  it('lets staff and admin routes through by role, 401 without a session, 403 below it', async () => {
    const player = await signUp(t.app);
    expect((await probe(PROBE.staff)).statusCode).toBe(401);
    expect((await probe(PROBE.admin)).statusCode).toBe(401);
    expect(jsonOf(await probe(PROBE.staff, player.cookie))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await probe(PROBE.admin, player.cookie)).statusCode).toBe(403);

    expect(await setRole(player, 'staff')).toMatchObject({ role: 'staff', changed: true });
    const asStaff = await signInAgain(player);
    expect(jsonOf(await probe(PROBE.staff, asStaff))).toEqual({ userId: player.id });
    expect((await probe(PROBE.admin, asStaff)).statusCode).toBe(403);

    await setRole(player, 'admin');
    const asAdmin = await signInAgain(player);
    expect((await probe(PROBE.staff, asAdmin)).statusCode).toBe(200);
    expect(jsonOf(await probe(PROBE.admin, asAdmin))).toEqual({ userId: player.id });
    // CSRF and origin checks hold for operators as for every other route.
    const foreign = await probe(PROBE.admin, asAdmin, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    const noHeader = await t.app.inject({
      method: 'POST',
      url: PROBE.admin,
      headers: { 'content-type': 'application/json', cookie: `${COOKIE}=${asAdmin}` },
      payload: '{}',
    });
    expect(jsonOf(noHeader)).toMatchObject({ code: 'CSRF_HEADER_MISSING' });
  });

  it('signs the account out everywhere on a change, and changes nothing when it is the same', async () => {
    const player = await signUp(t.app);
    const other = await signInAgain(player);
    expect(await setRole(player, 'staff')).toEqual({
      command: 'users set-role',
      email: player.email,
      role: 'staff',
      changed: true,
      signedOut: 2,
    });
    for (const cookie of [player.cookie, other]) {
      expect((await postJson(t.app, 'usersMe', {}, { cookie })).statusCode).toBe(401);
    }
    const fresh = await signInAgain(player);
    expect(await setRole(player, 'staff')).toMatchObject({ changed: false, signedOut: 0 });
    expect((await postJson(t.app, 'usersMe', {}, { cookie: fresh })).statusCode).toBe(200);

    // Back to player: the staff route refuses the next session.
    expect(await setRole(player, 'player')).toMatchObject({ changed: true, signedOut: 1 });
    expect((await probe(PROBE.staff, await signInAgain(player))).statusCode).toBe(403);
  });

  it('keeps the role out of what the player reads about themselves', async () => {
    const player = await signUp(t.app);
    await setRole(player, 'admin');
    const me = jsonOf(await postJson(t.app, 'usersMe', {}, { cookie: await signInAgain(player) }));
    expect(me).not.toHaveProperty('role');
    expect(JSON.stringify(me)).not.toContain('admin');
  });

  it('refuses an unknown role or account, and a role the database does not know', async () => {
    const player = await signUp(t.app);
    const unknownRole = { command: 'users set-role', email: player.email, role: 'owner' };
    const refused = await postJson(t.app, 'operatorRun', unknownRole, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.statusCode).toBe(400);
    const nobody = await run({
      command: 'users set-role',
      email: 'nobody@example.com',
      role: 'admin',
    });
    expect(jsonOf(nobody)).toMatchObject({ code: 'OPERATOR_ACCOUNT_NOT_FOUND' });

    const db = t.database.handle.db;
    const forged = db
      .update(users)
      .set({ role: 'owner' as Role })
      .where(eq(users.id, player.id));
    expect(await rejectionState(forged)).toBe(SQLSTATE.checkViolation);
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, player.id));
    expect(row?.role).toBe('player');
  });
});
