/**
 * Sign-in sessions (security.md W1, R18). The cookie holds 32 random bytes (base64url); the
 * database holds only their SHA-256, so a leaked table cannot be replayed as cookies.
 *
 * Lifetimes: a session ends after SESSION_IDLE_MS without a request (sliding) and in any case
 * SESSION_ABSOLUTE_MS after sign-in. `last_seen_at` is written at most once a minute, so a busy
 * player costs one UPDATE per minute rather than one per request. Resolving a cookie reads the
 * session and its account in one round trip, so Users/Me needs no further query.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  OPERATOR_IDLE_MS,
  OPERATOR_REAUTH_MS,
  type ErrorCode,
  type TwoFactorNeed,
} from '@questfield/contract';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { Executor } from '../../db/client';
import type { Account } from './accounts.repository';
import * as repo from './sessions.repository';

/** @internal Exported for tests. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
const SESSION_TOUCH_INTERVAL_MS = 60_000;

export type SessionInfo = {
  userId: string;
  idHash: string;
  account: Account;
  /** When this session passed the two-factor check, and the last password-and-code check. */
  secondFactorAt: Date | null;
  reauthAt: Date | null;
};

const dateOrNull = (ms: number | null) => (ms === null ? null : new Date(ms));

/** How long a session may sit unused: an operator's far less than a player's. */
const idleLimitOf = (account: Account) =>
  account.role === 'player' ? SESSION_IDLE_MS : OPERATOR_IDLE_MS;

/** @internal Exported for tests. */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** A syntactically plausible cookie value: 43 base64url characters (32 bytes). */
function isSessionIdShape(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

const newSessionId = () => randomBytes(32).toString('base64url');

export function createSessionService({ db, clock }: Pick<Infra, 'db' | 'clock'>) {
  return {
    /** Always a fresh id: a cookie the browser already had is never promoted (fixation). */
    async create(userId: string, meta: { ip: string; userAgent: string }) {
      const id = newSessionId();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
      await repo.insertSession(db, {
        idHash: hashSessionId(id),
        userId,
        expiresAt,
        now,
        ip: meta.ip.slice(0, 64),
        userAgent: meta.userAgent.slice(0, 256),
      });
      return { id, expiresAt };
    },

    /** The live session for a cookie value, or null (expired rows are deleted on sight). */
    async resolve(id: string | undefined): Promise<SessionInfo | null> {
      if (id === undefined || !isSessionIdShape(id)) return null;
      const idHash = hashSessionId(id);
      const row = await repo.findSessionAccount(db, idHash);
      if (row === undefined || row.purpose !== 'login') return null;
      const now = clock.now().getTime();
      if (now >= row.expiresAtMs || now >= row.lastSeenAtMs + idleLimitOf(row.account)) {
        await repo.deleteSession(db, idHash);
        return null;
      }
      if (now - row.lastSeenAtMs >= SESSION_TOUCH_INTERVAL_MS) {
        await repo.touchSession(db, idHash, new Date(now));
      }
      return {
        userId: row.account.id,
        idHash,
        account: row.account,
        secondFactorAt: dateOrNull(row.secondFactorAtMs),
        reauthAt: dateOrNull(row.reauthAtMs),
      };
    },

    /** Why an operator's session may not use a route that needs `need`, or null when it may. */
    twoFactorRefusal(session: SessionInfo, need: TwoFactorNeed | undefined): ErrorCode | null {
      if (need === 'enrol') return null;
      if (session.secondFactorAt === null) return 'TWO_FACTOR_REQUIRED';
      if (need !== 'recent') return null;
      const fresh =
        session.reauthAt !== null &&
        clock.now().getTime() < session.reauthAt.getTime() + OPERATOR_REAUTH_MS;
      return fresh ? null : 'REAUTH_REQUIRED';
    },

    /**
     * The session passed a code and gains console rights under a new id, its new cookie value:
     * an id seen before the check (fixation, a shared machine) opens nothing after it.
     * `reauth` when the password was given with the code.
     */
    async passSecondFactor(session: SessionInfo, reauth: boolean): Promise<string> {
      const id = newSessionId();
      const change = { newIdHash: hashSessionId(id), at: clock.now(), reauth };
      if (!(await repo.markSecondFactor(db, session.idHash, change))) fail('UNAUTHENTICATED');
      return id;
    },

    /** An operator's password and code again (the session has console rights already). */
    reauthenticated: (session: SessionInfo): Promise<void> =>
      repo.markReauth(db, session.idHash, clock.now()),

    /**
     * One of the session's `max` two-factor code tries, taken before a code is checked (so
     * codes sent at once count too); false when it has none left.
     */
    takeCodeTry: (session: SessionInfo, max: number): Promise<boolean> =>
      repo.takeCodeTry(db, session.idHash, max),

    /** Gives a code try back to the session: its code was right, or was never checked. */
    giveCodeTryBack: (session: SessionInfo): Promise<void> =>
      repo.giveCodeTryBack(db, session.idHash),

    async destroy(id: string | undefined): Promise<void> {
      if (id === undefined || !isSessionIdShape(id)) return;
      await repo.deleteSession(db, hashSessionId(id));
    },

    /** Ends every session of the user (a password reset), in the caller's transaction. */
    revokeAll: (tx: Executor, userId: string): Promise<number> =>
      repo.deleteUserSessions(tx, userId),

    /** Which of these sessions (by id hash) are still signed in: open streams end with theirs. */
    async stillSignedIn(idHashes: string[]): Promise<Set<string>> {
      return new Set(await repo.findExisting(db, idHashes, clock.now()));
    },

    /** Deletes one batch of sessions that ended (absolute end or idle); how many went. */
    purgeExpired(limit: number): Promise<number> {
      const now = clock.now();
      const idleSince = new Date(now.getTime() - SESSION_IDLE_MS);
      return repo.purgeExpiredSessions(db, { now, idleSince }, limit);
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
