/**
 * Accounts (spec §7; security.md W1, W2, W16, W21, W22): sign-up, sign-in, profile updates.
 * The subject of every call is the session's user, never a body field.
 */
import type { PublicUser, SignUpRequest, UpdateUserRequest } from '@questfield/contract';
import type { AppDeps } from '../../app-deps';
import type { Executor } from '../../db/client';
import { SQLSTATE, sqlStateOf } from '../../db/errors';
import { fail } from '../../lib/app-error';
import { createAudit, type AuditMeta } from '../../lib/audit';
import { createAuthLimits } from './auth-limits';
import { hashPassword, verifyPassword } from './password';
import { passwordProblem } from './password-policy';
import * as repo from './users.repository';

export type RequestMeta = AuditMeta & { userAgent: string };

/** A duplicate e-mail or username that slipped past the look-up (two sign-ups at once). */
function uniqueViolationCode(error: unknown): 'EMAIL_TAKEN' | 'USERNAME_TAKEN' | null {
  const state = sqlStateOf(error);
  if (state.code !== SQLSTATE.uniqueViolation) return null;
  return state.constraint === 'users_email_lower_key' ? 'EMAIL_TAKEN' : 'USERNAME_TAKEN';
}

/** Runs a write; a duplicate e-mail or username becomes its spec message. */
async function withUniqueNames<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const taken = uniqueViolationCode(error);
    if (taken === null) throw error;
    fail(taken);
  }
}

/** Verified against when the account does not exist, so both failures cost one Argon2 run. */
let dummyHash: Promise<string> | undefined;
function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('questfield-timing-equaliser-not-a-password');
  return dummyHash;
}

export async function publicUserOf(db: Executor, user: repo.UserRow): Promise<PublicUser> {
  const labels = await repo.redeemedLabels(db, user.id);
  return {
    id: user.id,
    userId: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    credits: user.credits,
    redeemedCodes: labels.map((code) => ({ code })),
  };
}

export function checkPasswordPolicy(password: string): void {
  const problem = passwordProblem(password);
  if (problem !== null) fail(problem);
}

export function createUsersService(deps: AppDeps) {
  const { db, clock, sessions } = deps;
  const limits = createAuthLimits(db.db, clock);
  const audit = createAudit(clock);

  async function startSession(user: repo.UserRow, meta: RequestMeta) {
    const session = await sessions.create(user.id, meta);
    return { user: await publicUserOf(db.db, user), sessionId: session.id };
  }

  return {
    async signUp(input: SignUpRequest, meta: RequestMeta) {
      checkPasswordPolicy(input.password);
      if ((await repo.findUserByEmail(db.db, input.email)) !== undefined) fail('EMAIL_TAKEN');
      if ((await repo.findUserByUsername(db.db, input.username)) !== undefined) {
        fail('USERNAME_TAKEN');
      }
      const passwordHash = await hashPassword(input.password);
      const user = await withUniqueNames(() =>
        repo.insertUser(db.db, {
          email: input.email,
          username: input.username,
          passwordHash,
          now: clock.now(),
        }),
      );
      audit(meta, 'auth.signup', { userId: user.id });
      return startSession(user, meta);
    },

    async login(identifier: string, password: string, meta: RequestMeta) {
      const byIp = await limits.loginByIp(meta.ip);
      if (!byIp.allowed) {
        audit(meta, 'auth.login.throttled', { reason: byIp.reason }, 'warn');
        fail('RATE_LIMITED');
      }
      const user = await repo.findUserByNameOrEmail(db.db, identifier);
      const subject = user?.id ?? `unknown:${identifier.toLowerCase()}`;
      const byAccount = await limits.loginByAccount(subject);
      if (!byAccount.allowed) {
        audit(meta, 'auth.login.throttled', { userId: user?.id, reason: byAccount.reason }, 'warn');
        fail('RATE_LIMITED');
      }
      const matches =
        user === undefined
          ? (await verifyPassword(await timingDummyHash(), password)) && false
          : await verifyPassword(user.passwordHash, password);
      await limits.record('login', subject, meta.ip, matches);
      if (!matches || user === undefined) {
        audit(meta, 'auth.login.failed', { userId: user?.id });
        fail('LOGIN_FAILED');
      }
      audit(meta, 'auth.login.succeeded', { userId: user.id });
      return startSession(user, meta);
    },

    async me(userId: string): Promise<PublicUser[]> {
      const user = await repo.findUserById(db.db, userId);
      return user === undefined ? [] : [await publicUserOf(db.db, user)];
    },

    async update(
      userId: string,
      input: UpdateUserRequest,
      meta: RequestMeta,
    ): Promise<PublicUser[]> {
      if (input.id !== undefined && input.id !== userId) {
        audit(meta, 'users.update.foreign_id', { userId }, 'warn');
        fail('FORBIDDEN');
      }
      const fields: { username?: string; firstName?: string; lastName?: string } = {};
      if (input.username !== undefined) fields.username = input.username;
      if (input.firstName !== undefined) fields.firstName = input.firstName;
      if (input.lastName !== undefined) fields.lastName = input.lastName;
      if (fields.username !== undefined) {
        const owner = await repo.findUserByUsername(db.db, fields.username);
        if (owner !== undefined && owner.id !== userId) fail('USERNAME_TAKEN');
      }
      if (Object.keys(fields).length > 0) {
        await withUniqueNames(() => repo.updateProfile(db.db, userId, fields, clock.now()));
      }
      return this.me(userId);
    },

    /** The session user's own record when the name or e-mail is theirs; otherwise nothing. */
    async getByNameOrEmail(userId: string, identifier: string): Promise<PublicUser[]> {
      const user = await repo.findUserById(db.db, userId);
      if (user === undefined) return [];
      const wanted = identifier.trim().toLowerCase();
      const own = user.email.toLowerCase() === wanted || user.username.toLowerCase() === wanted;
      return own ? [await publicUserOf(db.db, user)] : [];
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
