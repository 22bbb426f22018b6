/**
 * Every console route of the route table, asked by each kind of caller: 401 without a session,
 * 403 to a player, 403 to staff where the route is an admin's, 403 to an operator whose
 * two-factor check is missing (or, before money moves, stale), all before the body is read.
 */
import {
  API_ROUTES,
  CSRF_HEADER,
  OPERATOR_REAUTH_MS,
  type ApiRoute,
  type ApiRouteName,
} from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { COOKIE, distinctIp, signUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

const CONSOLE_ROUTES = (Object.entries(API_ROUTES) as [ApiRouteName, ApiRoute][]).filter(
  ([, route]) => route.access === 'staff' || route.access === 'admin',
);

describe(`console access [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock('2026-06-01T12:00:10Z');
  let t: TestApp;
  const { operator, enrol, signIn } = consoleClient(() => t, token, clock);
  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
  });
  afterAll(() => t.close());

  /** The route as a browser of the app calls it, with an empty body. */
  const call = (route: ApiRoute, caller?: { cookie: string; ip: string }) =>
    t.app.inject({
      method: route.method,
      url: route.path,
      remoteAddress: caller?.ip ?? '127.0.0.1',
      headers: {
        [CSRF_HEADER.name]: CSRF_HEADER.value,
        ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        ...(caller === undefined ? {} : { cookie: `${COOKIE}=${caller.cookie}` }),
      },
      ...(route.method === 'POST' ? { payload: '{}' } : {}),
    });
  const codeOf = async (route: ApiRoute, caller?: { cookie: string; ip: string }) => {
    const answer = await call(route, caller);
    // A file (the orders' CSV) is an answer; refusals are always JSON.
    if (!String(answer.headers['content-type']).startsWith('application/json')) return 'ANSWERED';
    return jsonOf<{ code?: string }>(answer).code ?? 'ANSWERED';
  };

  it('lists the console routes it checks', () => {
    expect(CONSOLE_ROUTES.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'consoleSession',
        'consoleAuditLog',
        'consoleAuditLogExport',
        'consoleOrdersExport',
        'consoleToday',
        'consoleClosurePreview',
      ]),
    );
  });

  it('answers 401 without a session and 403 to a player, on every console route', async () => {
    const player = { ...(await signUp(t.app)), ip: distinctIp() };
    for (const [name, route] of CONSOLE_ROUTES) {
      expect((await call(route)).statusCode, name).toBe(401);
      const asPlayer = await call(route, player);
      expect(asPlayer.statusCode, name).toBe(403);
      expect(jsonOf(asPlayer), name).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('asks an operator without the two-factor check for it, except on the routes that give it', async () => {
    const admin = await operator('admin');
    for (const [name, route] of CONSOLE_ROUTES) {
      const code = await codeOf(route, admin);
      if (route.twoFactor === 'enrol') expect(code, name).not.toBe('TWO_FACTOR_REQUIRED');
      else expect(code, name).toBe('TWO_FACTOR_REQUIRED');
    }
  });

  it("refuses staff an admin's route, and asks again before money moves after 15 minutes", async () => {
    const staff: Operator = await operator('staff');
    await enrol(staff);
    const admin = await operator('admin');
    await enrol(admin);
    for (const [name, route] of CONSOLE_ROUTES) {
      const asStaff = await codeOf(route, staff);
      if (route.access === 'admin') expect(asStaff, name).toBe('FORBIDDEN');
      else expect(asStaff, name).not.toMatch(/^(FORBIDDEN|TWO_FACTOR_REQUIRED|REAUTH_REQUIRED)$/);
    }
    clock.advance(OPERATOR_REAUTH_MS);
    const fresh = { ...admin, cookie: await signIn(admin.email, admin.ip) };
    for (const [name, route] of CONSOLE_ROUTES) {
      const code = await codeOf(route, admin);
      if (route.twoFactor === 'recent') expect(code, name).toBe('REAUTH_REQUIRED');
      else expect(code, name).not.toMatch(/^(FORBIDDEN|REAUTH_REQUIRED)$/);
      // A new session has passed nothing yet.
      if (route.twoFactor !== 'enrol') {
        expect(await codeOf(route, fresh), name).toBe('TWO_FACTOR_REQUIRED');
      }
    }
  });
});
