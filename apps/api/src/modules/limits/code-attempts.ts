/**
 * Guesses at codes of every kind (Game Passes, promo codes, game access codes) share one budget
 * (security.md W11): 10 lookups or redemptions a minute per player and per IP, whichever screen
 * they come from, so spreading guesses over routes gains nothing. From a venue network (ADR 0025),
 * where a whole game's players join by the same access code, the per-IP count is raised to the
 * venue networks' limit; each player's own stays.
 */
import type { Transaction } from '../../db/client';
import { fail } from '../../lib/app-error';
import type { Audit, AuditMeta } from '../../lib/audit';
import type { AttemptRecording, CountRule, Limiter } from './limits.service';

export type { AttemptRecording };

export const CODE_LIMITS = { perPlayerPerMinute: 10, perIpPerMinute: 10 } as const;
const MINUTE = 60_000;

/** The signed-in player asking, and where from (for the limits and the audit log). */
export type CodeCaller = AuditMeta & { userId: string };

const rulesFor = (caller: CodeCaller): CountRule[] => [
  {
    kind: 'redeem',
    subject: caller.userId,
    windowMs: MINUTE,
    max: CODE_LIMITS.perPlayerPerMinute,
    reason: 'codes per player',
  },
  {
    kind: 'redeem',
    ip: caller.ip,
    windowMs: MINUTE,
    max: CODE_LIMITS.perIpPerMinute,
    reason: 'codes per IP',
    venue: true,
  },
];

export function createCodeAttempts({ limiter, audit }: { limiter: Limiter; audit: Audit }) {
  const throttled = (caller: CodeCaller, reason: string): never => {
    audit(caller, 'codes.throttled', { userId: caller.userId, reason }, 'warn');
    return fail('CODE_ATTEMPTS_LIMITED');
  };
  return {
    /** Admits one lookup or redemption of `caller`, or answers 429; returns the attempt. */
    async admit(caller: CodeCaller): Promise<number> {
      const admission = await limiter.admit('redeem', caller.userId, caller.ip, rulesFor(caller));
      if (admission.allowed) return admission.attempt;
      return throttled(caller, admission.reason);
    },

    /**
     * `work` as one attempt of `caller`, its check in the same transaction (limiter.attempt),
     * or 429; a result `succeeded` says is a success stops counting against the limits.
     */
    async within<T>(
      caller: CodeCaller,
      work: (tx: Transaction, recording: AttemptRecording) => Promise<T>,
      succeeded: (result: T) => boolean,
    ): Promise<T> {
      const who = { subject: caller.userId, ip: caller.ip };
      const outcome = await limiter.attempt('redeem', who, rulesFor(caller), work, succeeded);
      if (outcome.allowed) return outcome.result;
      return throttled(caller, outcome.reason);
    },

    /** A found or redeemed code: the attempt stops counting as a failure. */
    succeeded: (attempt: number): Promise<void> => limiter.settle(attempt, true),
  };
}

export type CodeAttempts = ReturnType<typeof createCodeAttempts>;
