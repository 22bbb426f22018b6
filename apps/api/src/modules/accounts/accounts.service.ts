/**
 * Accounts (spec §7; security.md W1, W2, W16, W21, W22): sign-up, sign-in, sign-out and
 * profile updates. The subject of every call is the session's user, never a body field.
 * Answers are domain values (an Account); accounts.routes.ts shapes the spec's wire format.
 */
import {
  loginThrottledMessage,
  PLAYER_SEARCH_PAGE,
  type Role,
  type SignUpRequest,
  type UpdateUserRequest,
} from '@questfield/contract';
import { z } from 'zod';
import type { Executor, Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { Audit, AuditMeta } from '../../lib/audit';
import { decodeCursor, encodeCursor } from '../../lib/page-cursor';
import type { AuthLimits } from './auth-limits';
import { deviceToken, isTrustedDevice } from './device-trust';
import { hashPassword, type Passwords } from './password';
import { passwordProblem } from './password-policy';
import * as repo from './accounts.repository';
import type { SessionService } from './sessions.service';
import { createUnsubscribeTokens } from './unsubscribe-tokens';

export type RequestMeta = AuditMeta & { userAgent: string };

/** A search page's cursor: the last account's lower-cased username and id. */
const searchCursor = z
  .tuple([z.string(), z.uuid()])
  .transform(([username, id]) => ({ username, id }));
/** Who a game reminder goes to, with the token of the mail's unsubscribe link (ADR 0033). */
export type ReminderRecipient = repo.ReminderRecipient & { unsubscribeToken: string };

/** A new session, and the device token of the browser that opened it (device-trust.ts). */
export type SignedIn = { account: repo.Account; sessionId: string; deviceToken: string };

type AccountsDeps = Pick<Infra, 'db' | 'clock' | 'env' | 'transaction'> & {
  sessions: SessionService;
  authLimits: AuthLimits;
  passwords: Passwords;
  audit: Audit;
};

/** Verified against when the account does not exist, so both failures cost one Argon2 run. */
let dummyHash: Promise<string> | undefined;
function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('questfield-timing-equaliser-not-a-password');
  return dummyHash;
}

export function checkPasswordPolicy(password: string): void {
  const problem = passwordProblem(password);
  if (problem !== null) fail(problem);
}

/** An account the operator's tools make (the demo player), not a sign-up. */
export type ProvisionedAccount = Pick<SignUpRequest, 'email' | 'username' | 'password'> & {
  firstName: string;
  lastName: string;
};

/** Makes the account unless its e-mail or username is taken; its id, or undefined. */
export async function provisionAccount(
  db: Executor,
  profile: ProvisionedAccount,
  now: Date,
): Promise<string | undefined> {
  if ((await repo.findUserByEmail(db, profile.email)) !== undefined) return undefined;
  const { password, ...names } = profile;
  const user = await repo.insertUser(db, {
    ...names,
    passwordHash: await hashPassword(password),
    now,
  });
  return typeof user === 'string' ? undefined : user.id;
}

export function createAccountsService(deps: AccountsDeps) {
  const { db, clock, env, transaction, sessions, authLimits, passwords, audit } = deps;
  const unsubscribeTokens = createUnsubscribeTokens(env.appSecret);

  async function accountOf(userId: string): Promise<repo.Account> {
    return (await repo.findAccount(db, userId)) ?? fail('UNAUTHENTICATED');
  }

  async function startSession(user: repo.UserRow, meta: RequestMeta): Promise<SignedIn> {
    const session = await sessions.create(user.id, meta);
    return {
      account: await accountOf(user.id),
      sessionId: session.id,
      deviceToken: deviceToken(env.appSecret, user),
    };
  }

  function throttled(meta: RequestMeta, event: string, reason: string, userId?: string): never {
    audit(meta, event, { userId, reason }, 'warn');
    fail('RATE_LIMITED');
  }

  return {
    /** A new session for `user` (who proved who they are another way: a recovery code). */
    startSession,

    /** The account of `userId` (for mail addressed to a player), read through `executor`. */
    find: (userId: string, executor: Executor = db): Promise<repo.Account | undefined> =>
      repo.findAccount(executor, userId),

    /** The account with this email address, for operators; undefined when there is none. */
    findByEmail: (email: string) => repo.findAccountRecord(db, { email }),

    /** The account with this id, for operators; undefined when there is none (or it was deleted). */
    findForOperator: (userId: string) => repo.findAccountRecord(db, { id: userId }),

    /**
     * The console's search: live accounts whose email or username starts with `query` (any
     * case), by username, PLAYER_SEARCH_PAGE at a time; `after` is the cursor of the page before.
     */
    async search(query: string, after?: string) {
      const from =
        after === undefined ? null : (decodeCursor(after, searchCursor) ?? fail('BAD_REQUEST'));
      const rows = await repo.searchAccounts(db, query.toLowerCase(), from, PLAYER_SEARCH_PAGE + 1);
      const page = rows.slice(0, PLAYER_SEARCH_PAGE);
      const last = page.at(-1);
      return {
        players: page.map(({ sortName: _sortName, ...player }) => player),
        nextCursor:
          rows.length > PLAYER_SEARCH_PAGE && last !== undefined
            ? encodeCursor([last.sortName, last.id])
            : null,
      };
    },

    async signUp(input: SignUpRequest, meta: RequestMeta): Promise<SignedIn> {
      checkPasswordPolicy(input.password);
      // Hashed before the names are looked up, so a taken name answers as slowly as a free
      // one and the answer's timing adds nothing to what it says (ADR 0013).
      const passwordHash = await passwords.step(meta, async (work) => {
        const admission = await authLimits.signUp(meta.ip);
        if (!admission.allowed) throttled(meta, 'auth.signup.throttled', admission.reason);
        return work.hash(input.password);
      });
      if ((await repo.findUserByEmail(db, input.email)) !== undefined) fail('EMAIL_TAKEN');
      if ((await repo.findUserByUsername(db, input.username)) !== undefined) {
        fail('USERNAME_TAKEN');
      }
      const user = await repo.insertUser(db, {
        email: input.email,
        username: input.username,
        passwordHash,
        now: clock.now(),
      });
      if (typeof user === 'string') fail(user);
      audit(meta, 'auth.signup', { userId: user.id });
      return startSession(user, meta);
    },

    /**
     * `device` is the browser's device token, which exempts it from the account backoff. The
     * whole sign-in is one password step of its address (password.ts): a flood from one network
     * is answered at once rather than queued for the database and the hashes.
     */
    login(
      identifier: string,
      password: string,
      meta: RequestMeta,
      device?: string,
    ): Promise<SignedIn> {
      return passwords.step(meta, async (work) => {
        const user = await repo.findUserByNameOrEmail(db, identifier);
        const subject = user?.id ?? `unknown:${identifier.toLowerCase()}`;
        const trusted = user !== undefined && isTrustedDevice(env.appSecret, device, user);
        const admission = await authLimits.login(subject, meta.ip, trusted);
        if (!admission.allowed) {
          const reason = admission.reason;
          audit(meta, 'auth.login.throttled', { userId: user?.id, reason }, 'warn');
          // The wait, and the way round it: a code sent to the account's mailbox (recovery).
          const seconds = Math.max(1, Math.ceil((admission.retryAfterMs ?? 60_000) / 1000));
          fail('LOGIN_THROTTLED', loginThrottledMessage(seconds), { retryAfterSeconds: seconds });
        }
        const matches = await authLimits.checkAdmitted(admission.attempt, async () =>
          user === undefined
            ? (await work.verify(await timingDummyHash(), password)) && false
            : await work.verify(user.passwordHash, password, trusted),
        );
        if (!matches || user === undefined) {
          audit(meta, 'auth.login.failed', { userId: user?.id });
          fail('LOGIN_FAILED');
        }
        await authLimits.settle(admission.attempt, true);
        audit(meta, 'auth.login.succeeded', { userId: user.id, trustedDevice: trusted });
        return startSession(user, meta);
      });
    },

    async logout(sessionId: string | undefined, meta: AuditMeta): Promise<void> {
      await sessions.destroy(sessionId);
      audit(meta, 'auth.logout');
    },

    async update(
      userId: string,
      input: UpdateUserRequest,
      meta: RequestMeta,
    ): Promise<repo.Account> {
      if (input.id !== undefined && input.id !== userId) {
        audit(meta, 'users.update.foreign_id', { userId }, 'warn');
        fail('FORBIDDEN');
      }
      const { username, firstName, lastName } = input;
      const fields = Object.fromEntries(
        Object.entries({ username, firstName, lastName }).filter(([, v]) => v !== undefined),
      );
      if (username !== undefined) {
        const owner = await repo.findUserByUsername(db, username);
        if (owner !== undefined && owner.id !== userId) fail('USERNAME_TAKEN');
      }
      if (Object.keys(fields).length > 0) {
        const taken = await repo.updateProfile(db, userId, fields, clock.now());
        if (taken !== null) fail(taken);
      }
      return accountOf(userId);
    },

    /** Game reminder mails on or off for the player (Account Settings); the account after. */
    async setReminderEmails(userId: string, enabled: boolean): Promise<repo.Account> {
      await repo.updateReminderEmails(db, userId, enabled, clock.now());
      return accountOf(userId);
    },

    /**
     * A reminder mail's one-click unsubscribe (RFC 8058): turns reminders off for the player
     * the token names, and spends its link. A deleted account, or reminders off already, is
     * answered the same; UNSUBSCRIBE_LINK_INVALID when the token is not ours, has expired, was
     * clicked already or a newer mail's link ended it (ADR 0048).
     */
    async unsubscribeReminders(token: string): Promise<void> {
      const now = clock.now();
      const link = unsubscribeTokens.read(token, now) ?? fail('UNSUBSCRIBE_LINK_INVALID');
      await transaction(async (tx) => {
        const spent = await repo.spendUnsubscribeVersion(tx, link.userId, link.version);
        if (!spent) fail('UNSUBSCRIBE_LINK_INVALID');
        await repo.updateReminderEmails(tx, link.userId, false, now);
      });
    },

    /**
     * Who the reminders of these players go to, read in the caller's transaction: live accounts
     * only (a deleted one is left out), with their choice and a new unsubscribe token, which
     * ends their older ones (ADR 0048).
     */
    async reminderRecipients(
      tx: Executor,
      userIds: string[],
    ): Promise<Map<string, ReminderRecipient>> {
      const rows = await repo.findReminderRecipients(tx, [...new Set(userIds)]);
      const versions = await repo.nextUnsubscribeVersions(
        tx,
        rows.map((row) => row.id),
      );
      const expires = unsubscribeTokens.expiresFrom(clock.now());
      return new Map(
        rows.map((row) => {
          const link = { userId: row.id, version: versions.get(row.id) ?? 0, expires };
          return [row.id, { ...row, unsubscribeToken: unsubscribeTokens.tokenFor(link) }];
        }),
      );
    },

    /**
     * Gives the account a role (operators only). A change signs the account out everywhere, so
     * no session keeps the reach of the role it had. `also` joins the transaction with the role
     * the account had (the operator's audit row).
     */
    setRole(
      userId: string,
      role: Role,
      also?: (tx: Transaction, previous: Role) => Promise<void>,
    ): Promise<{ previous: Role; changed: boolean; signedOut: number }> {
      return transaction(async (tx) => {
        const previous = (await repo.lockRole(tx, userId)) ?? fail('OPERATOR_ACCOUNT_NOT_FOUND');
        const changed = await repo.updateRole(tx, userId, role, clock.now());
        const signedOut = changed ? await sessions.revokeAll(tx, userId) : 0;
        await also?.(tx, previous);
        return { previous, changed, signedOut };
      });
    },

    /**
     * Ends every sign-in session of the live account (an operator's action); how many ended.
     * The account's row is locked meanwhile, so a deletion or role change waits. `also` joins
     * the transaction with that count (the operator's audit row).
     */
    signOutEverywhere(
      userId: string,
      also?: (tx: Transaction, signedOut: number) => Promise<void>,
    ): Promise<number> {
      return transaction(async (tx) => {
        if ((await repo.lockRole(tx, userId)) === undefined) fail('PLAYER_NOT_FOUND');
        const signedOut = await sessions.revokeAll(tx, userId);
        await also?.(tx, signedOut);
        return signedOut;
      });
    },

    /** The session user's own account when the name or email is theirs; otherwise null. */
    ownAccountNamed(account: repo.Account, identifier: string): repo.Account | null {
      const wanted = identifier.trim().toLowerCase();
      const own =
        account.email.toLowerCase() === wanted || account.username.toLowerCase() === wanted;
      return own ? account : null;
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
