/**
 * Brute-force limits (security.md W20, W22, R17), counted in auth_attempts so they survive
 * restarts and hold across processes on Postgres; time comes from the injected clock. Nothing
 * locks an account for good: every limit is a window that slides away.
 *
 * - login, per IP: 30 attempts a minute.
 * - login, per account: after 5 failures (in 15 minutes, since the last success) each further
 *   try waits 1 s · 2^(n−5), at most 5 minutes, after the last failure; and at most 100 failures
 *   an hour, whatever the backoff.
 * - recovery requests: 3 per 15 minutes and 10 a day per e-mail address, 20 per 15 minutes per IP.
 * - recovery code checks: 10 a minute per e-mail address and IP.
 */
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import {
  countAttempts,
  lastSuccess,
  recordAttempt,
  type AttemptKind,
} from './auth-attempts.repository';

const MINUTE = 60_000;

export const LIMITS = {
  loginPerIpPerMinute: 30,
  loginBackoffAfter: 5,
  loginBackoffWindowMs: 15 * MINUTE,
  loginBackoffBaseMs: 1_000,
  loginBackoffMaxMs: 5 * MINUTE,
  loginFailuresPerHour: 100,
  recoveryPerAccount15Min: 3,
  recoveryPerAccountPerDay: 10,
  recoveryPerIp15Min: 20,
  verifyPerAccountIpPerMinute: 10,
} as const;

export type LimitVerdict = { allowed: true } | { allowed: false; reason: string };

const allow: LimitVerdict = { allowed: true };
const refuse = (reason: string): LimitVerdict => ({ allowed: false, reason });

export function loginBackoffMs(recentFailures: number): number {
  if (recentFailures < LIMITS.loginBackoffAfter) return 0;
  const exponent = Math.min(recentFailures - LIMITS.loginBackoffAfter, 20);
  return Math.min(LIMITS.loginBackoffBaseMs * 2 ** exponent, LIMITS.loginBackoffMaxMs);
}

export function createAuthLimits({ db, clock }: { db: Executor; clock: Clock }) {
  const ago = (ms: number) => new Date(clock.now().getTime() - ms);

  return {
    record(kind: AttemptKind, subject: string, ip: string, succeeded: boolean) {
      return recordAttempt(db, { kind, subject, ip, succeeded, at: clock.now() });
    },

    async loginByIp(ip: string): Promise<LimitVerdict> {
      const perIp = await countAttempts(db, { kind: 'login', ip, since: ago(MINUTE) });
      return perIp.count >= LIMITS.loginPerIpPerMinute ? refuse('login per IP') : allow;
    },

    async loginByAccount(subject: string): Promise<LimitVerdict> {
      const hour = await countAttempts(db, {
        kind: 'login',
        subject,
        failedOnly: true,
        since: ago(60 * MINUTE),
      });
      if (hour.count >= LIMITS.loginFailuresPerHour) return refuse('login failures per hour');
      const success = await lastSuccess(db, 'login', subject);
      const windowStart = ago(LIMITS.loginBackoffWindowMs);
      const since = success !== null && success > windowStart ? success : windowStart;
      const recent = await countAttempts(db, { kind: 'login', subject, failedOnly: true, since });
      const wait = loginBackoffMs(recent.count);
      if (wait > 0 && recent.latest !== null) {
        if (clock.now().getTime() < recent.latest.getTime() + wait) return refuse('login backoff');
      }
      return allow;
    },

    async recoveryRequest(subject: string, ip: string): Promise<LimitVerdict> {
      const quarter = ago(15 * MINUTE);
      const account = await countAttempts(db, {
        kind: 'recovery_request',
        subject,
        since: quarter,
      });
      if (account.count >= LIMITS.recoveryPerAccount15Min) return refuse('recovery per account');
      const day = await countAttempts(db, {
        kind: 'recovery_request',
        subject,
        since: ago(24 * 60 * MINUTE),
      });
      if (day.count >= LIMITS.recoveryPerAccountPerDay) return refuse('recovery per day');
      const perIp = await countAttempts(db, { kind: 'recovery_request', ip, since: quarter });
      return perIp.count >= LIMITS.recoveryPerIp15Min ? refuse('recovery per IP') : allow;
    },

    async recoveryVerify(subject: string, ip: string): Promise<LimitVerdict> {
      const recent = await countAttempts(db, {
        kind: 'recovery_verify',
        subject,
        ip,
        since: ago(MINUTE),
      });
      return recent.count >= LIMITS.verifyPerAccountIpPerMinute ? refuse('verify') : allow;
    },
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;
