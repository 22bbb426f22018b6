/**
 * The console's player search: the start of an email address or a username, any case, live
 * accounts only, by username, a page at a time; LIKE's wildcards are only letters here.
 */
import type { PlayerSummary } from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { PASSWORD, postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

type Found = { players: PlayerSummary[]; nextCursor: string | null };

describe(`the console's player search [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock('2026-06-01T12:00:10Z');
  let t: TestApp;
  let staff: Operator;
  const made: SignedUp[] = [];
  const { operator, enrol, post } = consoleClient(() => t, token, clock);

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    staff = await operator('staff');
    await enrol(staff);
    for (const [username, email] of [
      ['Zelda_Quest', 'zelda@example.com'],
      ['zeno', 'Z.Eno@Example.org'],
      ['mia', 'zebra_fan@example.net'],
      ['gone', 'zeta@example.com'],
    ]) {
      made.push(await signUp(t.app, { username, email }));
    }
    const gone = made.at(-1);
    expect(
      (await postJson(t.app, 'usersDelete', { password: PASSWORD }, { cookie: gone?.cookie }))
        .statusCode,
    ).toBe(200);
  });
  afterAll(() => t.close());

  const search = async (query: string, after?: string) => {
    const answer = await post(
      staff,
      'consolePlayerSearch',
      after === undefined ? { query } : { query, after },
    );
    expect(answer.statusCode).toBe(200);
    return jsonOf<Found>(answer);
  };
  const names = (found: Found) => found.players.map((player) => player.username);

  it('finds by the start of the username or the email, in any case, by username', async () => {
    expect(names(await search('ZE'))).toEqual(['mia', 'Zelda_Quest', 'zeno']);
    expect(names(await search('z.eno@EXAMPLE'))).toEqual(['zeno']);
    expect(names(await search('  zelda_'))).toEqual(['Zelda_Quest']);
    expect(names(await search('example'))).toEqual([]);
    const [zeno] = (await search('zeno')).players;
    expect(zeno).toEqual({
      id: made[1]?.id,
      username: 'zeno',
      email: 'Z.Eno@Example.org',
      credits: 0,
      role: 'player',
      createdAt: '2026-06-01T12:00:10.000Z',
    });
  });

  it('takes % and _ as letters, and never finds a deleted account', async () => {
    // As wildcards, 'z%' would find every z, 'zeb_a' the zebra, 'zeld\\' nothing at all.
    expect(names(await search('z%'))).toEqual([]);
    expect(names(await search('zeb_a'))).toEqual([]);
    expect(names(await search('zebra_'))).toEqual(['mia']);
    expect(names(await search('zelda\\'))).toEqual([]);
    expect(names(await search('zeta'))).toEqual([]);
    expect(names(await search('gone'))).toEqual([]);
  });

  it('pages by cursor, each account once, and refuses a cursor it did not make', async () => {
    for (let n = 0; n < 23; n += 1) {
      await signUp(t.app, {
        username: `page${String(n).padStart(2, '0')}`,
        email: `p${n}@example.com`,
      });
    }
    const first = await search('page');
    expect(first.players).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await search('page', first.nextCursor ?? '');
    expect(names(second)).toEqual(['page20', 'page21', 'page22']);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...names(first), ...names(second)]).size).toBe(23);

    const forged = await post(staff, 'consolePlayerSearch', {
      query: 'page',
      after: 'not-a-cursor',
    });
    expect(jsonOf(forged)).toMatchObject({ code: 'BAD_REQUEST' });
    const empty = await post(staff, 'consolePlayerSearch', { query: '   ' });
    expect(jsonOf(empty)).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});
