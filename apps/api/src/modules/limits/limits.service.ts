/**
 * The limiter every feature throttles with (security.md W20, W22, R17; ADR 0013). Attempts are
 * rows of auth_attempts, so limits survive restarts and hold across processes on Postgres; time
 * comes from the injected clock; every limit is a window that slides away.
 *
 * Atomic: `admit` locks the keys it counts (an advisory lock held to commit), runs the check,
 * and records the attempt in one transaction, so a burst of concurrent requests is counted one
 * by one and at most the limit gets through. An admitted attempt is recorded as a failure and
 * settled as a success afterwards, so one still in flight already counts against the next.
 *
 * Addresses are counted by network (lib/address-key.ts): an IPv6 client by its /64.
 *
 * Venue networks (ADR 0025): a rule marked `venue` is raised to at least the venue networks'
 * limit for a client in one of them, matched on the same address the rule counts (request.ip,
 * which names the client only when TRUST_PROXY trusts the proxy that says so). The networks are
 * the settings' copy in memory (read at most every 5 s), taken before the transaction opens.
 */
import type { Transaction } from '../../db/client';
import type { Relation, Step } from '../../db/steps';
import type { Infra } from '../../infra';
import { addressKey } from '../../lib/address-key';
import {
  attemptStep,
  countAttempts,
  countEach,
  deleteAttempt,
  lastSuccess,
  lockKeys,
  purgeAttemptsBefore,
  recordAttempt,
  settleAttempt,
  type AttemptFilter,
  type AttemptKind,
} from './attempts.repository';

export type { AttemptKind };
/**
 * An attempt's row as a step of the work's last statement (ADR 0041): written there, as a
 * success, once for each row of `gate`; any other outcome is recorded by the limiter.
 */
export type AttemptRecording = (gate: Relation) => Step;
/** A refusal may say when the caller can try again (ms from now). */
type Refusal = { allowed: false; reason: string; retryAfterMs?: number };
export type LimitVerdict = { allowed: true } | Refusal;
/** An admitted attempt carries the id to settle its outcome with. */
export type Admission = { allowed: true; attempt: number } | Refusal;
/** At most `max` attempts matching the filter in the last `windowMs`; else refused for `reason`. */
export type CountRule = Omit<AttemptFilter, 'since'> & {
  windowMs: number;
  max: number;
  reason: string;
  /** A per-address rule that venue networks raise (the rule's `ip` is matched against them). */
  venue?: boolean;
};
/** A check run under the locks: count rules, or any verdict computed from the attempts. */
export type LimitCheck = CountRule[] | ((tx: Transaction) => Promise<LimitVerdict>);

/**
 * No rule counts further back than this (sign-ups and recovery requests per day), so older
 * attempts count for nothing and the retention pass deletes them.
 * @internal Exported for tests.
 */
export const LONGEST_LIMIT_WINDOW_MS = 24 * 60 * 60_000;

export const allow: LimitVerdict = { allowed: true };
export const refuse = (reason: string, retryAfterMs?: number): LimitVerdict =>
  retryAfterMs === undefined
    ? { allowed: false, reason }
    : { allowed: false, reason, retryAfterMs };

export function createLimiter({
  db,
  transaction,
  clock,
  env,
  venueLimitFor,
}: Pick<Infra, 'db' | 'transaction' | 'clock' | 'env'> & {
  /** What an address's venue-raised rules allow at least (settings), or null outside venues. */
  venueLimitFor: (ip: string) => Promise<number | null>;
}) {
  const ago = (ms: number) => new Date(clock.now().getTime() - ms);
  // Every subject and address is counted by its key here, so no caller can forget to.
  const key = (value: string) => addressKey(value, env.ipv6LimitPrefix);
  const keyed = <F extends { subject?: string; ip?: string }>(filter: F): F => ({
    ...filter,
    ...(filter.subject === undefined ? {} : { subject: key(filter.subject) }),
    ...(filter.ip === undefined ? {} : { ip: key(filter.ip) }),
  });
  const count = (tx: Transaction, filter: AttemptFilter) => countAttempts(tx, keyed(filter));

  /** The rules as they hold for their addresses: a venue rule raised inside a venue network. */
  const raisedAtVenues = (rules: CountRule[]): Promise<CountRule[]> =>
    Promise.all(
      rules.map(async (rule) => {
        if (rule.venue !== true || rule.ip === undefined) return rule;
        const raised = await venueLimitFor(rule.ip);
        return raised === null ? rule : { ...rule, max: Math.max(rule.max, raised) };
      }),
    );

  /** The first rule broken, in the rules' order; every rule counted in one statement. */
  async function firstBroken(tx: Transaction, rules: CountRule[]): Promise<LimitVerdict> {
    const filters = rules.map(({ windowMs, max: _max, reason, venue: _raised, ...filter }) => {
      if (windowMs > LONGEST_LIMIT_WINDOW_MS) throw new Error(`${reason}: window too long`);
      return keyed({ ...filter, since: ago(windowMs) });
    });
    const counts = await countEach(tx, filters);
    for (const [i, { windowMs, max, reason }] of rules.entries()) {
      const { count: seen, oldest } = counts[i] ?? { count: 0, oldest: clock.now() };
      // Free again when the oldest attempt counted leaves the window.
      if (seen >= max) return refuse(reason, oldest.getTime() + windowMs - clock.now().getTime());
    }
    return allow;
  }

  /** The check of an attempt under the locks of its keys (held to commit). */
  async function checkedUnderLocks(
    tx: Transaction,
    kind: AttemptKind,
    counted: { subject: string; ip: string },
    verdictOf: (tx: Transaction) => Promise<LimitVerdict>,
  ): Promise<LimitVerdict> {
    await lockKeys(tx, [`${kind}|subject|${counted.subject}`, `${kind}|ip|${counted.ip}`]);
    return verdictOf(tx);
  }

  /** A check of count rules, raised where they hold for a venue network. */
  async function counting(rules: CountRule[]) {
    const raised = await raisedAtVenues(rules);
    return (tx: Transaction) => firstBroken(tx, raised);
  }

  return {
    ago,
    firstBroken,

    /** Checks and records an attempt as one step under the locks of its subject and IP. */
    async admit(
      kind: AttemptKind,
      subject: string,
      ip: string,
      check: LimitCheck,
    ): Promise<Admission> {
      const counted = keyed({ subject, ip });
      const verdictOf = Array.isArray(check) ? await counting(check) : check;
      return transaction(async (tx) => {
        const verdict = await checkedUnderLocks(tx, kind, counted, verdictOf);
        if (!verdict.allowed) return verdict;
        const at = clock.now();
        const attempt = await recordAttempt(tx, { kind, ...counted, succeeded: false, at });
        return { allowed: true, attempt };
      });
    },

    /**
     * An attempt and its check in one transaction (ADR 0036): under the locks of its subject and
     * IP, held to commit, the rules are counted; if they allow, `work` runs in the same
     * transaction and the attempt is recorded with its outcome (`succeeded`). Nothing is left to
     * settle, and a concurrent attempt on a key waits and then counts this one. For work that
     * answers its refusals (and commits them) rather than throwing: a throw rolls the attempt
     * back with the work. The work may write a success's row in its own last statement
     * (`recording`, ADR 0041); the limiter writes every other.
     */
    async attempt<T>(
      kind: AttemptKind,
      who: { subject: string; ip: string },
      rules: CountRule[],
      work: (tx: Transaction, recording: AttemptRecording) => Promise<T>,
      succeeded: (result: T) => boolean,
    ): Promise<{ allowed: true; result: T } | Refusal> {
      const counted = keyed(who);
      const verdictOf = await counting(rules);
      return transaction(async (tx) => {
        const verdict = await checkedUnderLocks(tx, kind, counted, verdictOf);
        if (!verdict.allowed) return verdict;
        const attempt = { kind, ...counted, at: clock.now() };
        // Whether the work's statement carries the attempt's row (written there on a success).
        let carried = false;
        const recording = (gate: Relation) => {
          carried = true;
          return attemptStep(attempt, gate);
        };
        const result = await work(tx, recording);
        const success = succeeded(result);
        if (!(carried && success)) await recordAttempt(tx, { ...attempt, succeeded: success });
        return { allowed: true, result };
      });
    },

    /** Records the outcome of an admitted attempt (admitted attempts start as failures). */
    settle: (attempt: number, succeeded: boolean) => settleAttempt(db, attempt, succeeded),

    /** Takes back an admitted attempt that never ran: it counts against nobody. */
    withdraw: (attempt: number) => deleteAttempt(db, attempt),

    /** Records a success outside `admit` (e.g. a password reset ending a login backoff). */
    async recordSuccess(tx: Transaction, kind: AttemptKind, subject: string, ip: string) {
      const counted = keyed({ subject, ip });
      await recordAttempt(tx, { kind, ...counted, succeeded: true, at: clock.now() });
    },

    count,

    /** Serialises transactions that count and then write, per key, until they commit. */
    lock: (tx: Transaction, keys: readonly string[]) => lockKeys(tx, keys.map(key)),

    /** Deletes one batch of attempts no window counts any more; how many went. */
    purgeExpired: (limit: number): Promise<number> =>
      purgeAttemptsBefore(db, ago(LONGEST_LIMIT_WINDOW_MS), limit),
    lastSuccess: (tx: Transaction, kind: AttemptKind, subject: string) =>
      lastSuccess(tx, kind, key(subject)),
  };
}

export type Limiter = ReturnType<typeof createLimiter>;
