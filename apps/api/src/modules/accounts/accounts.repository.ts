/** Users: the Drizzle code of the accounts module (recovery.repository.ts: codes and tokens). */
import type { Role } from '@questfield/contract';
import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { SQLSTATE, sqlStateOf } from '../../db/errors';
import { unsubscribeVersions, users } from '../../db/schema/accounts';
import { redeemedCodeLabels as labels } from '../../db/schema/views';

export type UserRow = typeof users.$inferSelect;

/** A player as the product shows them: never the password hash. */
export type Account = {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  phone: string;
  credits: number;
  role: Role;
  /** Labels of the codes the player redeemed, oldest first. */
  redeemedCodes: string[];
  /** Whether the player gets game reminder mails (ADR 0033). */
  reminderEmails: boolean;
};

/** Why a write of a name was refused: the unique index it hit. */
export type NameTaken = 'EMAIL_TAKEN' | 'USERNAME_TAKEN';

/**
 * The columns of an Account, for a select joined to users. `redeemedCodes` reads the codes
 * module's `redeemed_code_labels` view, so that Users/Me (and every session check) costs one
 * round trip (docs/architecture.md).
 */
export const accountColumns = {
  id: users.id,
  email: users.email,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  phone: users.phone,
  credits: users.credits,
  role: users.role,
  redeemedCodes: sql<
    string[]
  >`coalesce((select json_agg(${labels.codeLabel} order by ${labels.redeemedAt}) from ${labels} where ${labels.userId} = ${users.id}), '[]'::json)`,
  reminderEmails: users.reminderEmails,
};

/** A deleted account's row stays, scrubbed, for the ledger and orders: never a player again. */
export const isLive = isNull(users.deletedAt);

export async function findAccount(db: Executor, id: string): Promise<Account | undefined> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .where(and(eq(users.id, id), isLive))
    .limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isLive))
    .limit(1);
  return row;
}

/** A live account as operators see it: with when it was opened. */
export type AccountRecord = Account & { createdAt: Date };

/** The live account with this id, or this email address (any case), for operators. */
export async function findAccountRecord(
  db: Executor,
  key: { id: string } | { email: string },
): Promise<AccountRecord | undefined> {
  const match =
    'id' in key ? eq(users.id, key.id) : sql`lower(${users.email}) = lower(${key.email})`;
  const [row] = await db
    .select({ ...accountColumns, createdAt: users.createdAt })
    .from(users)
    .where(and(match, isLive))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isLive))
    .limit(1);
  return row;
}

export async function findUserByUsername(
  db: Executor,
  username: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.username}) = lower(${username})`, isLive))
    .limit(1);
  return row;
}

/** By email first, then by username (the sign-in field accepts either, spec §7). */
export async function findUserByNameOrEmail(
  db: Executor,
  identifier: string,
): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${identifier}) or lower(${users.username}) = lower(${identifier})`,
        isLive,
      ),
    )
    .limit(2);
  return rows.find((row) => row.email.toLowerCase() === identifier.toLowerCase()) ?? rows[0];
}

/** A duplicate email or username (two sign-ups at once) becomes its outcome, not an error. */
async function orNameTaken<T>(write: () => Promise<T>): Promise<T | NameTaken> {
  try {
    return await write();
  } catch (error) {
    const state = sqlStateOf(error);
    if (state.code !== SQLSTATE.uniqueViolation) throw error;
    return state.constraint === 'users_email_lower_key' ? 'EMAIL_TAKEN' : 'USERNAME_TAKEN';
  }
}

export async function insertUser(
  db: Executor,
  values: {
    email: string;
    username: string;
    passwordHash: string;
    now: Date;
    firstName?: string;
    lastName?: string;
  },
): Promise<UserRow | NameTaken> {
  return orNameTaken(async () => {
    const [row] = await db
      .insert(users)
      .values({
        email: values.email,
        username: values.username,
        passwordHash: values.passwordHash,
        firstName: values.firstName,
        lastName: values.lastName,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .returning();
    if (row === undefined) throw new Error('insert returned no row');
    return row;
  });
}

export async function updateProfile(
  db: Executor,
  id: string,
  fields: { username?: string; firstName?: string; lastName?: string },
  now: Date,
): Promise<NameTaken | null> {
  const outcome = await orNameTaken(() =>
    db
      .update(users)
      .set({ ...fields, updatedAt: now })
      .where(eq(users.id, id)),
  );
  return outcome === 'EMAIL_TAKEN' || outcome === 'USERNAME_TAKEN' ? outcome : null;
}

export async function updatePasswordHash(
  db: Executor,
  id: string,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, id));
}

/** The live account's role, its row locked until the transaction ends; undefined when none. */
export async function lockRole(tx: Transaction, id: string): Promise<Role | undefined> {
  const [row] = await tx
    .select({ role: users.role })
    .from(users)
    .where(and(eq(users.id, id), isLive))
    .for('update')
    .limit(1);
  return row?.role;
}

/** Gives a live account `role`; false when it had it already (or is gone). */
export async function updateRole(
  db: Executor,
  id: string,
  role: Role,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ role, updatedAt: now })
    .where(and(eq(users.id, id), isLive, ne(users.role, role)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/**
 * What a deleted account's row keeps: nothing that names the player or signs in. The email and
 * username become `deleted-<id>`, which no sign-up or rename can choose (an email needs an @, a
 * username at most 30 characters) and which frees the old ones; the password hash is no PHC
 * string, so no password matches it. False when the account was deleted already.
 */
export async function anonymiseUser(db: Executor, id: string, now: Date): Promise<boolean> {
  const scrubbed = `deleted-${id}`;
  const rows = await db
    .update(users)
    .set({
      email: scrubbed,
      username: scrubbed,
      firstName: '',
      lastName: '',
      phone: '',
      passwordHash: '!deleted',
      deletedAt: now,
      updatedAt: now,
    })
    .where(and(eq(users.id, id), isLive))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Sets whether the live account gets game reminder mails; false when there is none. */
export async function updateReminderEmails(
  db: Executor,
  id: string,
  enabled: boolean,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ reminderEmails: enabled, updatedAt: now })
    .where(and(eq(users.id, id), isLive))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Who a game reminder goes to: live accounts among `ids`, with their choice (ADR 0033). */
export type ReminderRecipient = {
  id: string;
  email: string;
  username: string;
  reminderEmails: boolean;
};

export function findReminderRecipients(db: Executor, ids: string[]): Promise<ReminderRecipient[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      reminderEmails: users.reminderEmails,
    })
    .from(users)
    .where(and(inArray(users.id, ids), isLive));
}

/**
 * Moves each of these players to their next unsubscribe link version (the first is 1), which
 * ends their older links; the new versions by player. Rows are written in id order, so two
 * passes writing the same players never deadlock.
 */
export async function nextUnsubscribeVersions(
  tx: Executor,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .insert(unsubscribeVersions)
    .values([...ids].sort().map((userId) => ({ userId, version: 1 })))
    .onConflictDoUpdate({
      target: unsubscribeVersions.userId,
      set: { version: sql`${unsubscribeVersions.version} + 1` },
    })
    .returning();
  return new Map(rows.map((row) => [row.userId, row.version]));
}

/** Spends the player's link of this version if it is still their newest; whether it was. */
export async function spendUnsubscribeVersion(
  tx: Executor,
  userId: string,
  version: number,
): Promise<boolean> {
  const rows = await tx
    .update(unsubscribeVersions)
    .set({ version: sql`${unsubscribeVersions.version} + 1` })
    .where(and(eq(unsubscribeVersions.userId, userId), eq(unsubscribeVersions.version, version)))
    .returning({ userId: unsubscribeVersions.userId });
  return rows.length === 1;
}

/** The ids of deleted accounts (a subquery served by users_deleted_at_idx). */
export const deletedUserIds = (db: Executor) =>
  db.select({ id: users.id }).from(users).where(isNotNull(users.deletedAt));

/** `text` as a LIKE pattern that matches it literally, as a prefix. */
const likePrefix = (text: string) => `${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Live accounts whose email or username starts with `prefix` (lower case), by username, after
 * the account `after` (its lower-cased username and id); each side has a text_pattern_ops index.
 */
export function searchAccounts(
  db: Executor,
  prefix: string,
  after: { username: string; id: string } | null,
  limit: number,
) {
  const pattern = likePrefix(prefix);
  const name = sql<string>`lower(${users.username})`;
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      credits: users.credits,
      role: users.role,
      createdAt: users.createdAt,
      sortName: name,
    })
    .from(users)
    .where(
      and(
        isLive,
        or(sql`lower(${users.email}) like ${pattern}`, sql`${name} like ${pattern}`),
        after === null ? undefined : sql`(${name}, ${users.id}) > (${after.username}, ${after.id})`,
      ),
    )
    .orderBy(name, users.id)
    .limit(limit);
}
