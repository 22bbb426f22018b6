/**
 * Players with a session and a balance, made directly (no Argon2 per player), for tests whose
 * subject is not sign-up: credits come as operators' grants, a real posting with its ledger
 * row; each player signs in from an address of its own.
 */
import { randomUUID } from 'node:crypto';
import { users } from '../../src/db/schema';
import type { Services } from '../../src/services';
import { distinctIp } from './accounts';
import type { TestApp } from './test-app';

export type Player = { id: string; email: string; cookie: string; ip: string };

export async function playersWith(
  t: TestApp,
  services: Pick<Services, 'credits' | 'sessions'>,
  credits: number,
  count = 1,
): Promise<Player[]> {
  const rows = Array.from({ length: count }, () => {
    const name = `p${randomUUID().slice(0, 12)}`;
    return { email: `${name}@example.com`, username: name, passwordHash: 'not-a-login' };
  });
  const created = await t.database.handle.db
    .insert(users)
    .values(rows)
    .returning({ id: users.id, email: users.email });
  return Promise.all(
    created.map(async ({ id, email }) => {
      if (credits > 0) await services.credits.grant({ userId: id, credits, reason: 'test' });
      const ip = distinctIp();
      const session = await services.sessions.create(id, { ip, userAgent: 'test' });
      return { id, email, cookie: session.id, ip };
    }),
  );
}
