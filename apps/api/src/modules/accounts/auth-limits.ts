/**
 * Brute-force limits of accounts (security.md W20, W22, R17; ADR 0013), admitted atomically by
 * the shared limiter (modules/limits). Nothing locks an account for good.
 *
 * - login, per IP: 30 attempts a minute.
 * - login, per account: after 5 failures (in 15 minutes, since the last success) each further
 *   try waits 1 s · 2^(n−5), at most 5 minutes, after the last failure; and at most 100
 *   failures an hour since the last success, whatever the backoff. A browser that signed in
 *   to the account before (its device cookie) is exempt from both, so nobody can lock a player
 *   out; the per-IP limit still holds for it. A password reset counts as a success.
 * - sign-up, per IP: 20 in 10 minutes and 100 a day; from a venue network (ADR 0025), each at
 *   least the venue networks' limit.
 * - recovery requests: 3 per 15 minutes and 10 a day per email address, 20 per 15 minutes per IP.
 * - recovery code checks: 10 a minute per email address and IP.
 * - password updates with a reset token: 20 per 15 minutes per IP.
 * - a signed-in player's password asked again (account deletion): the same 20 per 15 minutes
 *   per IP, counted with the updates, and 20 per 15 minutes per account.
 * - an operator's two-factor codes (TOTP or recovery): as login, per IP and per account (the
 *   backoff after 5 failures, 100 failures an hour), with no trusted-device exemption.
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
  signUpPerIp10Min: 20,
  signUpPerIpPerDay: 100,
  recoveryPerAccount15Min: 3,
  recoveryPerAccountPerDay: 10,
  recoveryPerIp15Min: 20,
  verifyPerAccountIpPerMinute: 10,
  passwordUpdatePerIp15Min: 20,
  passwordCheckPerAccount15Min: 20,
} as const;

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

  /** The login backoff and hourly cap of `subject`'s failures of `kind` since its last success. */
  async function backoffByAccount(
    tx: Transaction,
    kind: AttemptKind,
    subject: string,
  ): Promise<LimitVerdict> {
    const afterId = await limiter.lastSuccess(tx, kind, subject);
    const failures = (since: Date) =>
      limiter.count(tx, { kind, subject, failedOnly: true, since, afterId });
    const now = clock.now().getTime();
    const hour = await failures(ago(60 * MINUTE));
    if (hour.count >= LIMITS.loginFailuresPerHour) {
      return refuse('login failures per hour', hour.oldest.getTime() + 60 * MINUTE - now);
    }
    const recent = await failures(ago(LIMITS.loginBackoffWindowMs));
    const wait = loginBackoffMs(recent.count);
    const until = recent.latest === null ? now : recent.latest.getTime() + wait;
    return wait > 0 && now < until ? refuse('login backoff', until - now) : allow;
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
        return !byIp.allowed || trustedDevice ? byIp : backoffByAccount(tx, 'login', subject);
      }),

    /** An operator's two-factor codes: limited like password guesses, by account and address. */
    twoFactor: (userId: string, ip: string) =>
      limiter.admit('two_factor', userId, ip, async (tx) => {
        const byIp = await limiter.firstBroken(tx, [
          perIp('two_factor', ip, MINUTE, LIMITS.loginPerIpPerMinute),
        ]);
        return byIp.allowed ? backoffByAccount(tx, 'two_factor', userId) : byIp;
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
