/**
 * Operators' two-factor sign-in (TOTP, RFC 6238, with the otpauth library). A staff or admin
 * session opens the console only once it has passed a code; money moves need the password and
 * a code again every OPERATOR_REAUTH_MS (the session plugin decides both from the route table).
 *
 * - The secret is sealed at rest (lib/sealed-box.ts) and shown once, at set-up, as the QR
 *   code's URI and as text; set-up asks for the password.
 * - A code is accepted once: the time step it was taken at is stored, and a code of that step
 *   or an earlier one is refused, so a code seen over a shoulder cannot be replayed.
 * - Ten recovery codes (XXXXX-XXXXX, 50 bits each) are handed out when two-factor is turned on;
 *   only their HMACs are stored, each works once.
 * - Every code, TOTP or recovery, is admitted by the limits first (auth-limits.ts twoFactor).
 *   Wrong TOTP codes are counted per session (CODE_TRIES_PER_SESSION, then a new sign-in) and
 *   per address, with a cap per account an hour: a guesser holding the password spends its own
 *   session, never the operator's. A recovery code (50 bits) is limited per address only, so it
 *   lets the operator in whatever the guesser did (ADR 0052).
 * - A session that passes the check (enable, verify) gains console rights under a new id,
 *   which the route sets as the cookie; the old id opens nothing (ADR 0052).
 */
import { createHmac } from 'node:crypto';
import {
  OPERATOR_REAUTH_MS,
  TOTP as TOTP_SETTINGS,
  TWO_FACTOR_RECOVERY_CODES,
  type ConsoleSession,
  type TwoFactorVerifyRequest,
} from '@questfield/contract';
import { Secret, TOTP } from 'otpauth';
import type { Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { Audit } from '../../lib/audit';
import { randomCrockford } from '../../lib/crockford';
import { normalizeRedeemableCode } from '../../lib/redeemable-code-hash';
import { createSealedBox } from '../../lib/sealed-box';
import type { RequestMeta } from '../accounts/accounts.service';
import type { AuthLimits } from '../accounts/auth-limits';
import type { ConfirmPassword } from '../accounts/password-confirmation';
import { operatorActor, type AuditLogService } from '../audit-log/audit-log.service';
import type { SessionInfo, SessionService } from '../accounts/sessions.service';
import * as repo from './two-factor.repository';

/** Wrong TOTP codes a session may send; then it signs in again or uses a recovery code. */
const CODE_TRIES_PER_SESSION = 5;
/** A code of the step before or after the server's is accepted too (clocks drift). */
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20;

type TwoFactorDeps = Pick<Infra, 'db' | 'transaction' | 'clock' | 'env'> & {
  sessions: Pick<
    SessionService,
    'passSecondFactor' | 'reauthenticated' | 'revokeAll' | 'takeCodeTry' | 'giveCodeTryBack'
  >;
  authLimits: Pick<AuthLimits, 'twoFactor' | 'settle'>;
  confirmPassword: ConfirmPassword;
  audit: Audit;
  auditLog: Pick<AuditLogService, 'record'>;
};

const totpOf = (secret: Secret, label: string) =>
  new TOTP({
    issuer: TOTP_SETTINGS.issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_SETTINGS.digits,
    period: TOTP_SETTINGS.periodSeconds,
    secret,
  });

/** XXXXX-XXXXX: 50 bits; 'ab12c def34' is the same code (case and separators are ignored). */
const newRecoveryCode = () => `${randomCrockford(5)}-${randomCrockford(5)}`;

/** An answer of a check that gave the session console rights, and the session's new id. */
export type Elevated<T> = { answer: T; sessionId: string };

export function createTwoFactorService(deps: TwoFactorDeps) {
  const { db, transaction, clock, env, sessions, authLimits, audit } = deps;
  const box = createSealedBox(env.appSecret, 'two-factor secret');
  const hashRecoveryCode = (code: string) =>
    createHmac('sha256', env.appSecret)
      .update(`two-factor recovery ${normalizeRedeemableCode(code)}`)
      .digest('hex');

  function secretOf(row: repo.SecretRow): Secret {
    const base32 = box.open(row.secretSealed);
    // A secret sealed under another APP_SECRET cannot be read: set up again (an admin resets).
    if (base32 === null) fail('TWO_FACTOR_NOT_SET_UP');
    return Secret.fromBase32(base32);
  }

  /**
   * Admits a guess under the limits (a TOTP code also takes one of the session's tries); runs
   * `check`, which says whether it was right.
   */
  async function guarded(
    session: SessionInfo,
    meta: RequestMeta,
    kind: 'code' | 'recovery code',
    check: () => Promise<boolean>,
  ) {
    const byCode = kind === 'code';
    if (byCode && !(await sessions.takeCodeTry(session, CODE_TRIES_PER_SESSION))) {
      audit(meta, 'two_factor.tries_spent', { userId: session.userId }, 'warn');
      fail('TWO_FACTOR_TRIES_SPENT');
    }
    const admission = await authLimits.twoFactor(session.userId, meta.ip, kind);
    if (!admission.allowed) {
      if (byCode) await sessions.giveCodeTryBack(session);
      audit(meta, 'two_factor.throttled', { userId: session.userId }, 'warn');
      fail('RATE_LIMITED');
    }
    if (!(await check())) {
      audit(meta, 'two_factor.failed', { userId: session.userId }, 'warn');
      fail('TWO_FACTOR_CODE_INVALID');
    }
    await authLimits.settle(admission.attempt, true);
    if (byCode) await sessions.giveCodeTryBack(session);
  }

  /** Whether `code` is current for the row's secret and its step was not used before. */
  async function takeCode(row: repo.SecretRow, label: string, code: string): Promise<boolean> {
    const now = clock.now().getTime();
    const delta = totpOf(secretOf(row), label).validate({
      token: code,
      timestamp: now,
      window: DRIFT_STEPS,
    });
    if (delta === null) return false;
    const step = TOTP.counter({ period: TOTP_SETTINGS.periodSeconds, timestamp: now }) + delta;
    return repo.takeStep(db, row.userId, step);
  }

  async function enabledSecret(userId: string): Promise<repo.SecretRow> {
    const row = await repo.findSecret(db, userId);
    return row?.enabledAt ? row : fail('TWO_FACTOR_NOT_SET_UP');
  }

  async function status(session: SessionInfo) {
    const row = await repo.findSecret(db, session.userId);
    const role = session.account.role;
    if (role === 'player') fail('FORBIDDEN');
    const reauthAt = session.reauthAt?.getTime();
    const reauthUntil =
      reauthAt === undefined || reauthAt + OPERATOR_REAUTH_MS <= clock.now().getTime()
        ? null
        : new Date(reauthAt + OPERATOR_REAUTH_MS).toISOString();
    return {
      username: session.account.username,
      role,
      twoFactorEnabled: Boolean(row?.enabledAt),
      twoFactorPassed: session.secondFactorAt !== null,
      reauthUntil,
      recoveryCodesLeft: row?.enabledAt ? await repo.countUnusedRecoveryCodes(db, row.userId) : 0,
    } satisfies ConsoleSession;
  }

  /** The session as it is after `passSecondFactor` (one less round trip than resolving it). */
  const passedNow = (session: SessionInfo, reauth: boolean): SessionInfo => ({
    ...session,
    secondFactorAt: clock.now(),
    reauthAt: reauth ? clock.now() : session.reauthAt,
  });

  return {
    status,

    /** Whether the account has two-factor on (set up and confirmed with a first code). */
    isEnabled: async (userId: string): Promise<boolean> =>
      Boolean((await repo.findSecret(db, userId))?.enabledAt),

    /** A new secret for an account without two-factor on, after its password. */
    async setup(session: SessionInfo, password: string, meta: RequestMeta) {
      const user = await deps.confirmPassword(session.userId, password, meta, 'two_factor.setup');
      const secret = new Secret({ size: SECRET_BYTES });
      const saved = await repo.savePendingSecret(db, user.id, box.seal(secret.base32), clock.now());
      if (!saved) fail('TWO_FACTOR_ALREADY_ENABLED');
      audit(meta, 'two_factor.setup', { userId: user.id });
      return { secret: secret.base32, uri: totpOf(secret, user.email).toString() };
    },

    /** Turns two-factor on with a first code; the recovery codes, shown this once. */
    async enable(
      session: SessionInfo,
      code: string,
      meta: RequestMeta,
    ): Promise<Elevated<{ recoveryCodes: string[] }>> {
      const row = await repo.findSecret(db, session.userId);
      if (row === undefined) fail('TWO_FACTOR_NOT_SET_UP');
      if (row.enabledAt !== null) fail('TWO_FACTOR_ALREADY_ENABLED');
      await guarded(session, meta, 'code', () => takeCode(row, session.account.email, code));
      const codes = Array.from({ length: TWO_FACTOR_RECOVERY_CODES }, newRecoveryCode);
      await transaction(async (tx) => {
        if (!(await repo.enable(tx, session.userId, clock.now()))) {
          fail('TWO_FACTOR_ALREADY_ENABLED');
        }
        const hashes = codes.map(hashRecoveryCode);
        await repo.replaceRecoveryCodes(tx, session.userId, hashes, clock.now());
        await deps.auditLog.record(tx, operatorActor(session, meta.ip), {
          action: 'two-factor.enable',
          targetUserId: session.userId,
          before: { enabled: false },
          after: { enabled: true, recoveryCodes: codes.length },
        });
      });
      const sessionId = await sessions.passSecondFactor(session, true);
      audit(meta, 'two_factor.enabled', { userId: session.userId });
      return { answer: { recoveryCodes: codes }, sessionId };
    },

    /** Passes the session's two-factor check with a current code or a recovery code. */
    async verify(
      session: SessionInfo,
      input: TwoFactorVerifyRequest,
      meta: RequestMeta,
    ): Promise<Elevated<ConsoleSession>> {
      const row = await enabledSecret(session.userId);
      const check =
        'code' in input
          ? () => takeCode(row, session.account.email, input.code)
          : () =>
              repo.useRecoveryCode(
                db,
                row.userId,
                hashRecoveryCode(input.recoveryCode),
                clock.now(),
              );
      await guarded(session, meta, 'code' in input ? 'code' : 'recovery code', check);
      const sessionId = await sessions.passSecondFactor(session, false);
      if (!('code' in input)) {
        // A recovery code spent is worth knowing about: a lost phone, or someone else.
        await deps.auditLog.record(db, operatorActor(session, meta.ip), {
          action: 'two-factor.recovery-code-used',
          targetUserId: session.userId,
        });
      }
      audit(meta, 'two_factor.passed', {
        userId: session.userId,
        with: 'code' in input ? 'code' : 'recovery code',
      });
      return { answer: await status(passedNow(session, false)), sessionId };
    },

    /** The password and a current code again: money may move for OPERATOR_REAUTH_MS. */
    async reauth(
      session: SessionInfo,
      input: { password: string; code: string },
      meta: RequestMeta,
    ) {
      const row = await enabledSecret(session.userId);
      await deps.confirmPassword(session.userId, input.password, meta, 'two_factor.reauth');
      await guarded(session, meta, 'code', () => takeCode(row, session.account.email, input.code));
      await sessions.reauthenticated(session);
      audit(meta, 'two_factor.reauth', { userId: session.userId });
      return status(passedNow(session, true));
    },

    /** Removes the account's two-factor set-up, in the caller's transaction (deletion). */
    forget: repo.forget,

    /**
     * An admin's reset (a lost phone): the set-up goes and the account is signed out
     * everywhere, so no session keeps a check passed with it; `also` joins the transaction.
     */
    reset: (userId: string, also: (tx: Transaction) => Promise<void>) =>
      transaction(async (tx) => {
        const removed = (await repo.findSecret(tx, userId)) !== undefined;
        if (!removed) return { removed, signedOut: 0 };
        await repo.forget(tx, userId);
        const signedOut = await sessions.revokeAll(tx, userId);
        await also(tx);
        return { removed, signedOut };
      }),
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
