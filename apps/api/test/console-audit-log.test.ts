/**
 * The audit log in the console: staff read it newest first, a page at a time, narrowed by action,
 * player, operator or venue day, each row with the player's name; admins export it whole.
 */
import type { AuditEntry } from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

type Page = { entries: AuditEntry[]; nextCursor: number | null };

describe(`the console's audit log [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock('2026-06-01T16:00:00Z');
  let t: TestApp;
  let staff: Operator;
  let admin: Operator;
  let players: SignedUp[];
  const { operator, enrol, post } = consoleClient(() => t, token, clock);
  const run = (command: Record<string, unknown>) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    staff = await operator('staff');
    await enrol(staff);
    admin = await operator('admin');
    await enrol(admin);
    players = [await signUp(t.app), await signUp(t.app)];
    for (const [n, player] of players.entries()) {
      clock.advance(60_000);
      const grant = { credits: 3 + n, reason: `Outage refund ${n}` };
      expect(
        (await run({ command: 'users grant-credits', email: player.email, ...grant })).statusCode,
      ).toBe(200);
    }
  });
  afterAll(() => t.close());

  const read = async (who: Operator, body: Record<string, unknown>) => {
    const answer = await post(who, 'consoleAuditLog', body);
    expect(answer.statusCode).toBe(200);
    return jsonOf<Page>(answer);
  };

  it('shows staff each action with who did it, to whom, and the values before and after', async () => {
    const page = await read(staff, { action: 'users.grant-credits' });
    expect(page.nextCursor).toBeNull();
    expect(page.entries).toEqual([
      expect.objectContaining({
        at: '2026-06-01T16:02:00.000Z',
        actor: { kind: 'command_line', id: null, label: 'command line', role: null, ip: '' },
        action: 'users.grant-credits',
        player: { id: players[1]?.id, username: players[1]?.username },
        before: { balance: 0 },
        after: { balance: 4 },
        reason: 'Outage refund 1',
      }),
      expect.objectContaining({
        player: { id: players[0]?.id, username: players[0]?.username },
        after: { balance: 3 },
      }),
    ]);
    // The staff member's own set-up is there too, under their name and role.
    const mine = await read(staff, { operatorId: staff.id });
    expect(
      mine.entries.map((entry) => [entry.action, entry.actor.label, entry.actor.role]),
    ).toEqual([['two-factor.enable', staff.username, 'staff']]);
    expect(mine.entries[0]?.actor.ip).toBe(staff.ip);
  });

  it('narrows by player and venue day, and pages by cursor', async () => {
    const one = await read(staff, { playerId: players[0]?.id });
    expect(one.entries.map((entry) => entry.action)).toEqual(['users.grant-credits']);
    expect((await read(staff, { day: '2026-06-01' })).entries.length).toBeGreaterThanOrEqual(6);
    expect((await read(staff, { day: '2026-05-31' })).entries).toEqual([]);

    const all = await read(staff, {});
    const first = all.entries[0];
    const rest = await read(staff, { before: first?.id });
    expect(rest.entries.map((entry) => entry.id)).toEqual(all.entries.slice(1).map((e) => e.id));
  });

  it('refuses a filter it does not know, and exports for admins only', async () => {
    expect((await post(staff, 'consoleAuditLog', { action: 'users.fly' })).statusCode).toBe(400);
    expect((await post(staff, 'consoleAuditLog', { playerId: 'not-a-uuid' })).statusCode).toBe(400);
    // Days and cursors no calendar or column can hold are bad input, never a 500.
    for (const body of [
      { day: '9999-12-31' },
      { day: '1999-12-31' },
      { day: '2026-02-30' },
      { before: 1e300 },
      { before: 2 ** 62 },
    ]) {
      const refused = await post(staff, 'consoleAuditLog', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await post(staff, 'consoleAuditLog', { day: '2999-12-31' })).statusCode).toBe(200);
    expect((await post(staff, 'consoleAuditLogExport', {})).statusCode).toBe(403);
    const exported = await post(admin, 'consoleAuditLogExport', { action: 'users.grant-credits' });
    expect(jsonOf(exported)).toMatchObject({ truncated: false });
    expect(jsonOf<Page>(exported).entries.map((entry) => entry.reason)).toEqual([
      'Outage refund 1',
      'Outage refund 0',
    ]);
  });
});
