/**
 * Forgotten passwords (spec §4; security.md W17–W20, R14–R16).
 *
 * Codes: 6 digits from crypto.randomInt, stored as HMAC-SHA256(APP_SECRET, userId ‖ ':' ‖ code).
 * Why an HMAC and not scrypt: a 6-digit code has only 10^6 values, so any unkeyed hash, however
 * slow, falls to an offline search in minutes once the table leaks. The HMAC key (APP_SECRET)
 * is not in the database, so a table leak alone reveals nothing; binding the user id makes one
 * row useless for another account; and the code dies after 10 minutes or 5 wrong tries anyway.
 * Reset tokens are 256-bit random values, so a plain SHA-256 is enough to store them.
 *
 * A request is answered once it is admitted by the limits, which count known and unknown
 * addresses alike; the lookup, the code and its mail (through the outbox) follow the answer, so
 * neither the answer nor its timing tells whether an account exists.
 */
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  RECOVERY_CODE_LENGTH,
  RECOVERY_CODE_MAX_ATTEMPTS,
  RECOVERY_CODE_TTL_MS,
  RESET_TOKEN_TTL_MS,
} from '@questfield/contract';
import type { Infra } from '../../infra';
import type { Mailer } from '../../integrations/email/mailer';
import { mailDraft } from '../../integrations/email/templates';
import { fail } from '../../lib/app-error';
import type { Audit } from '../../lib/audit';
import * as repo from './accounts.repository';
import * as recoveryRepo from './recovery.repository';
import { checkPasswordPolicy, type RequestMeta, type SignedIn } from './accounts.service';
import type { AuthLimits } from './auth-limits';
import type { Passwords } from './password';
import type { SessionService } from './sessions.service';

const CODE_PATTERN = new RegExp(`^\\d{${RECOVERY_CODE_LENGTH}}$`);

/** @internal Exported for tests. */
export function generateRecoveryCode(): string {
  return randomInt(0, 10 ** RECOVERY_CODE_LENGTH)
    .toString()
    .padStart(RECOVERY_CODE_LENGTH, '0');
}

/** @internal Exported for tests. */
export function hashRecoveryCode(secret: string, userId: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}

/** @internal Exported for tests. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

type RecoveryDeps = Pick<Infra, 'db' | 'transaction' | 'clock' | 'env' | 'background'> & {
  sessions: SessionService;
  authLimits: AuthLimits;
  passwords: Passwords;
  audit: Audit;
  mailer: Mailer;
  /** Starts a session for a player (the accounts service's). */
  signIn: (user: repo.UserRow, meta: RequestMeta) => Promise<SignedIn>;
};

export function createRecoveryService(deps: RecoveryDeps) {
  const { db, transaction, clock, env, background, sessions, passwords, mailer, audit } = deps;
  const limits = deps.authLimits;

  /** A reset token's use, admitted under the password-update limits; its normalised email. */
  async function admitTokenUse(email: string, meta: RequestMeta, event: string) {
    const subject = email.trim().toLowerCase();
    const admission = await limits.passwordUpdate(subject, meta.ip);
    if (!admission.allowed) {
      audit(meta, event, { reason: admission.reason }, 'warn');
      fail('RATE_LIMITED');
    }
    return subject;
  }

  async function issueCode(subject: string, now: Date, meta: RequestMeta): Promise<void> {
    const user = await repo.findUserByEmail(db, subject);
    if (user !== undefined) {
      const code = generateRecoveryCode();
      await transaction(async (tx) => {
        await recoveryRepo.upsertRecoveryCode(tx, {
          userId: user.id,
          codeHash: hashRecoveryCode(env.appSecret, user.id, code),
          expiresAt: new Date(now.getTime() + RECOVERY_CODE_TTL_MS),
          now,
        });
        await mailer.queue(
          tx,
          user.email,
          mailDraft('recovery_code', { username: user.username, code }),
        );
      });
      mailer.wake();
    }
    audit(meta, 'auth.recovery.requested', { userId: user?.id, known: user !== undefined });
  }

  return {
    async requestCode(email: string, meta: RequestMeta): Promise<void> {
      const subject = email.trim().toLowerCase();
      const admission = await limits.recoveryRequest(subject, meta.ip);
      if (!admission.allowed) {
        audit(meta, 'auth.recovery.throttled', { reason: admission.reason }, 'warn');
        fail('RATE_LIMITED');
      }
      // Only an address with an account gets a code and a mail; that work runs after the answer,
      // so the answer cannot tell by its timing whether the account exists (R16).
      const requestedAt = clock.now();
      background.run('recovery code', () => issueCode(subject, requestedAt, meta));
    },

    async verifyCode(email: string, code: string, meta: RequestMeta): Promise<string> {
      const subject = email.trim().toLowerCase();
      const admission = await limits.recoveryVerify(subject, meta.ip);
      if (!admission.allowed) fail('RATE_LIMITED');
      const user = await repo.findUserByEmail(db, subject);
      const now = clock.now();
      const outcome = await transaction(async (tx) => {
        if (user === undefined) return { status: 'unknown_email' as const };
        const row = await recoveryRepo.findRecoveryCode(tx, user.id);
        if (row === undefined) return { status: 'no_code' as const };
        if (now.getTime() >= row.expiresAt.getTime()) return { status: 'expired' as const };
        if (row.attempts >= RECOVERY_CODE_MAX_ATTEMPTS) {
          return { status: 'too_many_attempts' as const };
        }
        const candidate = code.trim();
        const matches =
          CODE_PATTERN.test(candidate) &&
          sameHash(row.codeHash, hashRecoveryCode(env.appSecret, user.id, candidate));
        if (!matches) {
          await recoveryRepo.setRecoveryAttempts(tx, user.id, row.attempts + 1);
          return { status: 'wrong_code' as const };
        }
        await recoveryRepo.deleteRecoveryCode(tx, user.id);
        const resetToken = randomBytes(32).toString('base64url');
        await recoveryRepo.insertResetToken(tx, {
          tokenHash: hashResetToken(resetToken),
          userId: user.id,
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
          now,
        });
        return { status: 'verified' as const, resetToken };
      });
      if (outcome.status !== 'verified') {
        audit(meta, 'auth.recovery.verify_failed', { userId: user?.id, reason: outcome.status });
        fail('INVALID_RECOVERY_CODE');
      }
      await limits.settle(admission.attempt, true);
      audit(meta, 'auth.recovery.verified', { userId: user?.id });
      return outcome.resetToken;
    },

    async updatePassword(
      input: { email: string; password: string; resetToken: string },
      meta: RequestMeta,
    ): Promise<void> {
      checkPasswordPolicy(input.password);
      const tokenHash = hashResetToken(input.resetToken);
      const now = clock.now();
      // One password step of the address (password.ts): its limits, lookups and hash.
      const { user, passwordHash } = await passwords.step(meta, async (work) => {
        const subject = await admitTokenUse(input.email, meta, 'auth.reset.throttled');
        const found = await repo.findUserByEmail(db, subject);
        // The token before Argon2: a wrong one answers as fast for a known address as for an
        // unknown one, and costs the server nothing.
        if (
          found === undefined ||
          !(await recoveryRepo.isLiveResetToken(db, tokenHash, found.id, now))
        ) {
          audit(meta, 'auth.reset.failed', { userId: found?.id });
          fail('PASSWORD_UPDATE_FAILED');
        }
        return { user: found, passwordHash: await work.hash(input.password) };
      });
      const revoked = await transaction(async (tx) => {
        // Consumed here too: of two requests with one token, only one resets.
        if (!(await recoveryRepo.consumeResetToken(tx, tokenHash, user.id, now))) return null;
        await repo.updatePasswordHash(tx, user.id, passwordHash, now);
        await recoveryRepo.revokeRecovery(tx, user.id, now);
        await limits.clearLoginBackoff(tx, user.id, meta.ip);
        const count = await sessions.revokeAll(tx, user.id);
        await mailer.queue(
          tx,
          user.email,
          mailDraft('password_changed', { username: user.username }),
        );
        return count;
      });
      if (revoked === null) {
        audit(meta, 'auth.reset.failed', { userId: user.id });
        fail('PASSWORD_UPDATE_FAILED');
      }
      mailer.wake();
      audit(meta, 'auth.reset.succeeded', { userId: user.id, sessionsRevoked: revoked });
    },

    /**
     * Signs in the owner of a mailbox who proved it with a recovery code (its reset token), with
     * the password unchanged: the way in when failed guesses by someone else have paused the
     * account's sign-ins. The token is spent, the remaining codes revoked, the login backoff
     * cleared, and this browser becomes trusted like after any sign-in.
     */
    async signInWithResetToken(
      input: { email: string; resetToken: string },
      meta: RequestMeta,
    ): Promise<SignedIn> {
      const subject = await admitTokenUse(input.email, meta, 'auth.recovery_sign_in.throttled');
      const user = await repo.findUserByEmail(db, subject);
      const now = clock.now();
      const spent =
        user !== undefined &&
        (await transaction(async (tx) => {
          if (
            !(await recoveryRepo.consumeResetToken(
              tx,
              hashResetToken(input.resetToken),
              user.id,
              now,
            ))
          ) {
            return false;
          }
          await recoveryRepo.revokeRecovery(tx, user.id, now);
          await limits.clearLoginBackoff(tx, user.id, meta.ip);
          return true;
        }));
      if (!spent) {
        audit(meta, 'auth.recovery_sign_in.failed', { userId: user?.id });
        // The code's own words: a spent or expired token means the code must be asked again.
        fail('INVALID_RECOVERY_CODE');
      }
      audit(meta, 'auth.recovery_sign_in.succeeded', { userId: user.id });
      return deps.signIn(user, meta);
    },

    /** Deletes one batch each of expired codes and of spent reset tokens; how many went. */
    async purgeSpent(limit: number): Promise<number> {
      const now = clock.now();
      return (
        (await recoveryRepo.purgeExpiredRecoveryCodes(db, now, limit)) +
        (await recoveryRepo.purgeSpentResetTokens(db, now, limit))
      );
    },
  };
}

export type RecoveryService = ReturnType<typeof createRecoveryService>;
