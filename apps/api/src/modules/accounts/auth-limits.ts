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
 * - sign-up, per IP: 20 in 10 minutes and 100 a day.
 * - recovery requests: 3 per 15 minutes and 10 a day per e-mail address, 20 per 15 minutes per IP.
 * - recovery code checks: 10 a minute per e-mail address and IP.
 * - password updates with a reset token: 20 per 15 minutes per IP.
 */
import type { Transaction } from '../../db/client';
import { allow, refuse, type Limiter, type LimitVerdict } from '../limits/limits.service';

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
} as const;

export function loginBackoffMs(recentFailures: number): number {
  if (recentFailures < LIMITS.loginBackoffAfter) return 0;
  const exponent = Math.min(recentFailures - LIMITS.loginBackoffAfter, 20);
  return Math.min(LIMITS.loginBackoffBaseMs * 2 ** exponent, LIMITS.loginBackoffMaxMs);
}

export function createAuthLimits({ limiter, clock }: { limiter: Limiter; clock: { now(): Date } }) {
  const { ago } = limiter;

  async function loginByAccount(tx: Transaction, subject: string): Promise<LimitVerdict> {
    const afterId = await limiter.lastSuccess(tx, 'login', subject);
    const failures = (since: Date) =>
      limiter.count(tx, { kind: 'login', subject, failedOnly: true, since, afterId });
    const hour = await failures(ago(60 * MINUTE));
    if (hour.count >= LIMITS.loginFailuresPerHour) return refuse('login failures per hour');
    const recent = await failures(ago(LIMITS.loginBackoffWindowMs));
    const wait = loginBackoffMs(recent.count);
    if (wait > 0 && recent.latest !== null) {
      if (clock.now().getTime() < recent.latest.getTime() + wait) return refuse('login backoff');
    }
    return allow;
  }

  return {
    settle: limiter.settle,

    /** Counts as a successful sign-in of `userId`: its login backoff starts over. */
    clearLoginBackoff: (tx: Transaction, userId: string, ip: string) =>
      limiter.recordSuccess(tx, 'login', userId, ip),

    login: (subject: string, ip: string, trustedDevice: boolean) =>
      limiter.admit('login', subject, ip, async (tx) => {
        const byIp = await limiter.firstBroken(tx, [
          {
            kind: 'login',
            ip,
            windowMs: MINUTE,
            max: LIMITS.loginPerIpPerMinute,
            reason: 'login per IP',
          },
        ]);
        return !byIp.allowed || trustedDevice ? byIp : loginByAccount(tx, subject);
      }),

    signUp: (ip: string) =>
      limiter.admit('signup', ip, ip, [
        {
          kind: 'signup',
          ip,
          windowMs: 10 * MINUTE,
          max: LIMITS.signUpPerIp10Min,
          reason: 'sign-up per IP',
        },
        {
          kind: 'signup',
          ip,
          windowMs: DAY,
          max: LIMITS.signUpPerIpPerDay,
          reason: 'sign-up per IP per day',
        },
      ]),

    recoveryRequest: (subject: string, ip: string) =>
      limiter.admit('recovery_request', subject, ip, [
        {
          kind: 'recovery_request',
          subject,
          windowMs: 15 * MINUTE,
          max: LIMITS.recoveryPerAccount15Min,
          reason: 'recovery per account',
        },
        {
          kind: 'recovery_request',
          subject,
          windowMs: DAY,
          max: LIMITS.recoveryPerAccountPerDay,
          reason: 'recovery per day',
        },
        {
          kind: 'recovery_request',
          ip,
          windowMs: 15 * MINUTE,
          max: LIMITS.recoveryPerIp15Min,
          reason: 'recovery per IP',
        },
      ]),

    recoveryVerify: (subject: string, ip: string) =>
      limiter.admit('recovery_verify', subject, ip, [
        {
          kind: 'recovery_verify',
          subject,
          ip,
          windowMs: MINUTE,
          max: LIMITS.verifyPerAccountIpPerMinute,
          reason: 'verify',
        },
      ]),

    passwordUpdate: (subject: string, ip: string) =>
      limiter.admit('password_update', subject, ip, [
        {
          kind: 'password_update',
          ip,
          windowMs: 15 * MINUTE,
          max: LIMITS.passwordUpdatePerIp15Min,
          reason: 'password update per IP',
        },
      ]),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
