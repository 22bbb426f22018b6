/**
 * Password hashing with Argon2id at OWASP's settings (m=19456 KiB, t=2, p=1). @node-rs/argon2
 * hashes on libuv's thread pool, so a login never blocks the event loop (~12 ms per hash here).
 *
 * Each hash costs ~12 ms of a core and 19 MiB, more than anything else a request can ask for,
 * so requests get them through `createPasswords`: a few at once (one per core), a short queue
 * behind them, and at most a few requests from one client address in their password step (the
 * limits' transaction, the lookups and the hash) at a time. Past those, the answer comes at
 * once (503 or 429, with Retry-After): guesses for unknown accounts at 120 a second once made a
 * real player's sign-in take 390 ms instead of 30, and 300 at once from one /64, queued for the
 * database's connections, 1,100 ms instead of 90; now they wait their turn in a queue no longer
 * than PASSWORD_WORK.queued, or are turned away.
 */
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { fail } from '../../lib/app-error';
import { addressKey } from '../../lib/address-key';

// Argon2id is the library's default algorithm; its const enum cannot be imported under
// isolatedModules, and the PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`) is asserted in tests.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** Argon2 hashes this process has made: a refusal that must cost none is checked by it. */
let hashesMade = 0;

export function hashPassword(password: string): Promise<string> {
  hashesMade += 1;
  return hash(password, OPTIONS);
}

/**
 * How many hashes this process has made so far.
 * @internal Exported for tests.
 */
export const hashCount = (): number => hashesMade;

/**
 * False for a wrong password and for a malformed stored hash alike.
 * @internal Exported for tests.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const PASSWORD_WORK = {
  /** Hashes running at once: one per core (more only makes each slower). */
  running: Math.max(1, availableParallelism()),
  /**
   * Waiting behind them: at ~12 ms a hash, at most about 400 ms on two cores. Enough for a
   * crowd signing in at once before a game; a flood beyond it is turned away.
   */
  queued: 64,
  /**
   * Requests of one client address (an IPv6 /64 counts as one) in their password step at
   * once: its limits' transaction and lookups as well as its hash, so a flood from one network
   * holds no more than this of the database's connections or of the hash queue (ADR 0052).
   */
  perAddress: 3,
} as const;

export type PasswordWorkLimits = { running: number; queued: number; perAddress: number };

/** Hashing and verifying inside a password step; `trusted`: in the trusted browsers' lane. */
export type PasswordWork = {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string, trusted?: boolean): Promise<boolean>;
};

/**
 * Hashing and verifying for a request, bounded as the module comment says. A browser that
 * signed in to the account before (its device cookie, which only the account's owner holds)
 * has a lane of its own with the same bounds, so guesses from many addresses, which fill the
 * common lane, never keep a returning player out. `limits` are PASSWORD_WORK but in tests.
 */
export function createPasswords(
  env: { ipv6LimitPrefix: number },
  limits: PasswordWorkLimits = PASSWORD_WORK,
) {
  const lanes = { common: pLimit(limits.running), trusted: pLimit(limits.running) };
  const perAddress = new Map<string, number>();

  function inLane<T>(trusted: boolean, work: () => Promise<T>): Promise<T> {
    const lane = trusted ? lanes.trusted : lanes.common;
    if (lane.pendingCount >= limits.queued) {
      fail('PASSWORD_CHECKS_BUSY', undefined, { retryAfterSeconds: 1 });
    }
    return lane(work);
  }

  /**
   * Runs a request's whole password step (its limits, lookups and hash) holding one of its
   * address's perAddress places; with none free, RATE_LIMITED at once, before any work, so a
   * flood from one network waits in no queue: it is answered.
   */
  async function step<T>(
    caller: { ip: string },
    work: (passwords: PasswordWork) => Promise<T>,
  ): Promise<T> {
    const key = addressKey(caller.ip, env.ipv6LimitPrefix);
    const mine = perAddress.get(key) ?? 0;
    if (mine >= limits.perAddress) fail('RATE_LIMITED', undefined, { retryAfterSeconds: 1 });
    perAddress.set(key, mine + 1);
    try {
      return await work({
        hash: (password) => inLane(false, () => hashPassword(password)),
        verify: (passwordHash, password, trusted = false) =>
          inLane(trusted, () => verifyPassword(passwordHash, password)),
      });
    } finally {
      const left = (perAddress.get(key) ?? 1) - 1;
      if (left === 0) perAddress.delete(key);
      else perAddress.set(key, left);
    }
  }

  return {
    step,
    /** Hashes running and waiting now, in the common lane (for tests). */
    load: () => ({ running: lanes.common.activeCount, queued: lanes.common.pendingCount }),
  };
}

export type Passwords = ReturnType<typeof createPasswords>;
