/**
 * R10 (security.md): Postgres crashes and comes back while players use the API. While it is
 * down every call answers 503 with Retry-After and the contract's message (never a success
 * that did not happen, never a 500); once it is back, the same API process answers again,
 * without a restart; every booking and purchase it acknowledged is in the database, and the
 * invariants hold. A Postgres of the test's own: the shared test server is never restarted.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, IDEMPOTENCY_KEY_HEADER, type AvailableTime } from '@questfield/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { postTo, signUpAt, startApiProcess, type RouteName } from './helpers/http';
import { LONG_TESTS, LONG_TESTS_SKIPPED } from './helpers/long-tests';
import { purchase } from './helpers/payments';
import {
  createDatabase,
  postgresBin,
  startPrivatePostgres,
  type PrivatePostgres,
} from './helpers/private-postgres';
import type { ServerProcess } from './helpers/server-process';
import { dbKind } from './helpers/test-app';

const BIN = postgresBin();
const PLAYERS = 4;
const DOWN_MS = 3_000;
const RECOVERY_LIMIT_MS = 15_000;

type Answer = {
  route: RouteName;
  player: string;
  status: number;
  body: string;
  retryAfter: string | null;
  /** The slot a booking asked for. */
  slot?: string;
  at: number;
};

/** Once per test run: in the Postgres pass (it brings its own server either way). */
const skipped = !LONG_TESTS
  ? ` (${LONG_TESTS_SKIPPED})`
  : BIN === null
    ? ' (no Postgres binaries on this machine)'
    : dbKind !== 'postgres'
      ? ' (runs in the Postgres pass)'
      : '';

describe.skipIf(skipped !== '')(`R10: Postgres restarted under load${skipped}`, () => {
  let postgres: PrivatePostgres | undefined;
  let server: ServerProcess | undefined;
  let handle: DatabaseHandle | undefined;

  beforeAll(async () => {
    postgres = await startPrivatePostgres(BIN ?? '');
    await createDatabase(postgres.url(), 'questfield');
    server = await startApiProcess(postgres.url('questfield'));
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await handle?.close();
    await postgres?.destroy();
  }, 60_000);

  it('answers 503 while it is down, nothing false, and recovers in the same process', async () => {
    const base = server?.url ?? '';
    const players = await Promise.all(
      Array.from({ length: PLAYERS }, (_, i) =>
        signUpAt(base, `restart${i}${randomUUID().slice(0, 6)}`),
      ),
    );
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const slots = (
      (await (
        await postTo(base, 'eventsAvailableTimes', { date: tomorrow })
      ).json()) as AvailableTime[]
    ).map((slot) => slot.EventTime);
    expect(slots.length).toBeGreaterThan(PLAYERS);

    const answers: Answer[] = [];
    let loading = true;
    const call = async (
      player: (typeof players)[number],
      route: RouteName,
      body: unknown,
      slot?: string,
    ) => {
      const headers: Record<string, string> =
        route === 'squareCheckout' ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : {};
      const response = await postTo(base, route, body, {
        cookie: player.cookie,
        ip: player.ip,
        headers,
      });
      answers.push({
        route,
        player: player.id,
        status: response.status,
        body: await response.text(),
        retryAfter: response.headers.get('retry-after'),
        slot,
        at: Date.now(),
      });
    };
    // Each player in turn reads its session, buys 16 credits, and books its next slot.
    const load = players.map(async (player, index) => {
      for (let turn = 0; loading; turn += 1) {
        await call(player, 'usersMe', {});
        await call(player, 'squareCheckout', purchase('credits-16'));
        const slot = slots[(index + turn * PLAYERS) % slots.length];
        await call(player, 'eventsRegister', { EventTime: slot }, slot);
      }
    });

    await sleep(1_500);
    const pid = server?.child.pid;
    await postgres?.crash();
    const downAt = Date.now();
    await sleep(DOWN_MS);
    // Postgres may answer before pg_ctl reports it started: the outage ends here.
    const restartAt = Date.now();
    await postgres?.start();
    const upAt = Date.now();
    let recoveredAt: number | null = null;
    while (recoveredAt === null && Date.now() - upAt < RECOVERY_LIMIT_MS) {
      const me = await postTo(base, 'usersMe', {}, { cookie: players[0]?.cookie });
      if (me.status === 200) recoveredAt = Date.now();
      else await sleep(100);
    }
    await sleep(1_000);
    loading = false;
    await Promise.all(load);

    const unavailable = answers.filter((answer) => answer.status === 503);
    const during = answers.filter((answer) => answer.at > downAt + 500 && answer.at < restartAt);
    process.stdout.write(
      `R10: ${answers.length} answers, ${unavailable.length} of them 503; the API answered again ${recoveredAt === null ? 'never' : `${recoveredAt - upAt} ms`} after Postgres was back\n`,
    );
    // Nothing but business answers and 503: no 500, no other 5xx.
    expect(answers.filter((answer) => answer.status >= 500 && answer.status !== 503)).toEqual([]);
    expect(during.length).toBeGreaterThan(0);
    expect(during.filter((answer) => answer.status !== 503)).toEqual([]);
    for (const answer of unavailable) {
      expect(JSON.parse(answer.body)).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: ERRORS.SERVICE_UNAVAILABLE.message,
      });
      expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    // The same process, never restarted, answers again within the limit, writes included.
    expect(recoveredAt).not.toBeNull();
    expect(server?.child.pid).toBe(pid);
    expect(server?.child.exitCode).toBeNull();
    const after = answers.filter((answer) => answer.at > (recoveredAt ?? Infinity));
    expect(
      after.filter((answer) => answer.route === 'eventsRegister' && answer.status === 200).length,
    ).toBeGreaterThan(0);

    // Every acknowledged write is in the database; the invariants hold.
    handle = await openDatabase({ driver: 'postgres', url: postgres?.url('questfield') ?? '' });
    const seats = await queryRows<{ user_id: string; starts_at: string | Date }>(
      handle.db,
      sql`select r.user_id, s.starts_at from registrations r join event_slots s on s.id = r.slot_id`,
    );
    const held = new Set(
      seats.map((seat) => `${seat.user_id} ${new Date(seat.starts_at).toISOString()}`),
    );
    const booked = answers.filter(
      (answer) => answer.route === 'eventsRegister' && answer.status === 200,
    );
    expect(
      booked.filter(
        (answer) => !held.has(`${answer.player} ${new Date(answer.slot ?? '').toISOString()}`),
      ),
    ).toEqual([]);
    const paid = await queryRows<{ user_id: string; count: number }>(
      handle.db,
      sql`select user_id, count(*)::int as count from orders where status = 'paid' group by user_id`,
    );
    for (const player of players) {
      const acknowledged = answers.filter(
        (answer) =>
          answer.player === player.id && answer.route === 'squareCheckout' && answer.status === 200,
      ).length;
      expect(paid.find((row) => row.user_id === player.id)?.count ?? 0).toBeGreaterThanOrEqual(
        acknowledged,
      );
    }
    // Every invariant the checker knows, including ones added after this test.
    const violations = await findInvariantViolations(handle.db);
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  }, 120_000);
});
