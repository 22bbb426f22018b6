/**
 * Brute-force limits of accounts (security.md W20, W22, R17; ADR 0013), admitted atomically by
 * the shared limiter (modules/limits). Nothing locks an account for good.
 *
 * - login, per IP: 30 attempts a minute.
 * - login, per account: after 5 failures (in 15 minutes, since the last success) each further
 *   try waits 1 s · 2^(n−5), at most 5 minutes, after the last failure; and at most 100
 *   failures an hour since the last success, whatever the backoff. During the backoff an
 *   address that has failed nothing on the account is still checked while fewer than 10
 *   addresses have failed on it this hour (ADR 0052), so a few strangers' guesses do not keep
 *   the owner out of a new browser, and guesses from many addresses stop at 10. A browser that
 *   signed in to the account before (its device cookie) is exempt from all of it; the per-IP
 *   limit still holds for it. A recovery code signs the owner in whatever the backoff
 *   (Users/SignInWithResetToken). A password reset counts as a success.
 * - sign-up, per IP: 20 in 10 minutes and 100 a day; from a venue network (ADR 0025), each at
 *   least the venue networks' limit.
 * - recovery requests: 3 per 15 minutes and 10 a day per email address, 20 per 15 minutes per IP.
 * - recovery code checks: 10 a minute per email address and IP.
 * - password updates with a reset token: 20 per 15 minutes per IP.
 * - a signed-in player's password asked again (account deletion): the same 20 per 15 minutes
 *   per IP, counted with the updates, and 20 per 15 minutes per account.
 * - an operator's two-factor codes: 30 a minute per IP; TOTP codes also at most 100 failures an
 *   hour per account (and 5 per session, sessions.takeCodeTry), but no account backoff, so a
 *   guesser's wrong codes never pause the operator's own; a recovery code (50 bits) only per IP,
 *   so it always lets the operator in (ADR 0052).
 */
import type { Transaction } from '../../db/client';
import {
  allow,
  refuse,
  type AttemptKind,
  type CountRule,
  type Limiter,
  type LimitVerdict,
} from '../limits/limits.service';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const LIMITS = {
  loginPerIpPerMinute: 30,
  loginBackoffAfter: 5,
  loginBackoffWindowMs: 15 * MINUTE,
  loginBackoffBaseMs: 1_000,
  loginBackoffMaxMs: 5 * MINUTE,
  loginFailuresPerHour: 100,
  /** Addresses that may fail on an account in an hour before a new one waits for the backoff. */
  loginAddressesPerHour: 10,
  signUpPerIp10Min: 20,
  signUpPerIpPerDay: 100,
  recoveryPerAccount15Min: 3,
  recoveryPerAccountPerDay: 10,
  recoveryPerIp15Min: 20,
  verifyPerAccountIpPerMinute: 10,
  passwordUpdatePerIp15Min: 20,
  passwordCheckPerAccount15Min: 20,
} as const;

/** @internal Exported for tests. */
export function loginBackoffMs(recentFailures: number): number {
  if (recentFailures < LIMITS.loginBackoffAfter) return 0;
  const exponent = Math.min(recentFailures - LIMITS.loginBackoffAfter, 20);
  return Math.min(LIMITS.loginBackoffBaseMs * 2 ** exponent, LIMITS.loginBackoffMaxMs);
}

/** At most `max` attempts of `kind` from `ip` in `windowMs`. */
const perIp = (kind: AttemptKind, ip: string, windowMs: number, max: number) =>
  ({ kind, ip, windowMs, max, reason: `${kind} per IP` }) satisfies CountRule;

/** A per-IP rule that a venue network raises to its limit (ADR 0025). */
const atVenues = (rule: CountRule): CountRule => ({ ...rule, venue: true });

/** At most `max` attempts of `kind` on `subject` (an account or address) in `windowMs`. */
const perSubject = (kind: AttemptKind, subject: string, windowMs: number, max: number) =>
  ({ kind, subject, windowMs, max, reason: `${kind} per subject` }) satisfies CountRule;

export function createAuthLimits({ limiter, clock }: { limiter: Limiter; clock: { now(): Date } }) {
  const { ago } = limiter;

  /** Refused once `subject` has failed `kind` LIMITS.loginFailuresPerHour times since its last success. */
  async function hourlyCap(
    tx: Transaction,
    kind: AttemptKind,
    subject: string,
    afterId: number | undefined,
  ): Promise<LimitVerdict> {
    const hour = await limiter.count(tx, {
      kind,
      subject,
      failedOnly: true,
      since: ago(60 * MINUTE),
      afterId,
    });
    if (hour.count < LIMITS.loginFailuresPerHour) return allow;
    return refuse(
      `${kind} failures per hour`,
      hour.oldest.getTime() + 60 * MINUTE - clock.now().getTime(),
    );
  }

  /**
   * The login backoff and hourly cap of `subject`'s failures since its last success. In the
   * backoff, `ip` is still let through when it failed nothing in the backoff's window and
   * fewer than LIMITS.loginAddressesPerHour addresses failed this hour.
   */
  async function backoffByAccount(
    tx: Transaction,
    subject: string,
    ip: string,
  ): Promise<LimitVerdict> {
    const afterId = await limiter.lastSuccess(tx, 'login', subject);
    const failures = (since: Date, from?: string) =>
      limiter.count(tx, { kind: 'login', subject, ip: from, failedOnly: true, since, afterId });
    const capped = await hourlyCap(tx, 'login', subject, afterId);
    if (!capped.allowed) return capped;
    const recent = await failures(ago(LIMITS.loginBackoffWindowMs));
    const now = clock.now().getTime();
    const wait = loginBackoffMs(recent.count);
    const until = recent.latest === null ? now : recent.latest.getTime() + wait;
    if (wait === 0 || now >= until) return allow;
    const hour = await failures(ago(60 * MINUTE));
    const own = await failures(ago(LIMITS.loginBackoffWindowMs), ip);
    const newAddress = own.count === 0 && hour.addresses < LIMITS.loginAddressesPerHour;
    return newAddress ? allow : refuse('login backoff', until - now);
  }

  return {
    settle: limiter.settle,

    /**
     * Runs the password check of an admitted attempt. A check that never ran (the password
     * work's bound turned it away with Retry-After, password.ts) tested nothing, so its attempt
     * is withdrawn: a crowd signing in on a busy server is not pushed into the login backoff.
     */
    async checkAdmitted<T>(attempt: number, check: () => Promise<T>): Promise<T> {
      try {
        return await check();
      } catch (error) {
        await limiter.withdraw(attempt);
        throw error;
      }
    },

    /** Counts as a successful sign-in of `userId`: its login backoff starts over. */
    clearLoginBackoff: (tx: Transaction, userId: string, ip: string) =>
      limiter.recordSuccess(tx, 'login', userId, ip),

    login: (subject: string, ip: string, trustedDevice: boolean) =>
      limiter.admit('login', subject, ip, async (tx) => {
        const byIp = await limiter.firstBroken(tx, [
          perIp('login', ip, MINUTE, LIMITS.loginPerIpPerMinute),
        ]);
        return !byIp.allowed || trustedDevice ? byIp : backoffByAccount(tx, subject, ip);
      }),

    /** An operator's two-factor code: per address, and a TOTP code per account an hour. */
    twoFactor: (userId: string, ip: string, kind: 'code' | 'recovery code') =>
      limiter.admit('two_factor', userId, ip, async (tx) => {
        const byIp = await limiter.firstBroken(tx, [
          perIp('two_factor', ip, MINUTE, LIMITS.loginPerIpPerMinute),
        ]);
        if (!byIp.allowed || kind === 'recovery code') return byIp;
        const afterId = await limiter.lastSuccess(tx, 'two_factor', userId);
        return hourlyCap(tx, 'two_factor', userId, afterId);
      }),

    signUp: (ip: string) =>
      limiter.admit('signup', ip, ip, [
        atVenues(perIp('signup', ip, 10 * MINUTE, LIMITS.signUpPerIp10Min)),
        atVenues(perIp('signup', ip, DAY, LIMITS.signUpPerIpPerDay)),
      ]),

    recoveryRequest: (subject: string, ip: string) =>
      limiter.admit('recovery_request', subject, ip, [
        perSubject('recovery_request', subject, 15 * MINUTE, LIMITS.recoveryPerAccount15Min),
        perSubject('recovery_request', subject, DAY, LIMITS.recoveryPerAccountPerDay),
        perIp('recovery_request', ip, 15 * MINUTE, LIMITS.recoveryPerIp15Min),
      ]),

    recoveryVerify: (subject: string, ip: string) =>
      limiter.admit('recovery_verify', subject, ip, [
        {
          ...perSubject('recovery_verify', subject, MINUTE, LIMITS.verifyPerAccountIpPerMinute),
          ip,
        },
      ]),

    passwordUpdate: (subject: string, ip: string) =>
      limiter.admit('password_update', subject, ip, [
        perIp('password_update', ip, 15 * MINUTE, LIMITS.passwordUpdatePerIp15Min),
      ]),

    passwordCheck: (userId: string, ip: string) =>
      limiter.admit('password_update', userId, ip, [
        perIp('password_update', ip, 15 * MINUTE, LIMITS.passwordUpdatePerIp15Min),
        perSubject('password_update', userId, 15 * MINUTE, LIMITS.passwordCheckPerAccount15Min),
      ]),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
