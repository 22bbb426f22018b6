/**
 * Redeemable codes: stored as HMACs only; Game Passes also sealed for their owner; operators'
 * codes made in named batches.
 */
import type { CodeState as BatchState } from '@questfield/contract';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { queryRows, type Executor, type Transaction } from '../../db/client';
import { keyset, type KeysetPage } from '../../db/keyset';
import { dateOrNull, timestamp } from '../../db/sql-text';
import {
  relation,
  step,
  withSteps,
  type PostingSteps,
  type Relation,
  type Step,
} from '../../db/steps';
import { codeBatches, codes, redemptions, type CODE_KINDS } from '../../db/schema/codes';
import { orderNumbers, playerNames } from '../../db/schema/views';

export type CodeKind = (typeof CODE_KINDS)[number];

export type NewCode = {
  codeHash: string;
  kind: CodeKind;
  credits: number;
  label: string;
  expiresAt?: Date | null;
  /** A Game Pass: the order that issued it, its buyer and the code sealed for them. */
  orderId?: string;
  ownerId?: string;
  sealedCode?: string;
  /** An operators' batch (codeBatches). */
  batchId?: string;
  createdAt: Date;
};

/** Rows per INSERT, well below Postgres's 65,535 parameters per statement. */
const INSERT_CHUNK = 1_000;

export async function insertCodes(db: Executor, rows: NewCode[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(codes).values(rows.slice(start, start + INSERT_CHUNK));
  }
}

/** A Game Pass to issue: a code with the order that issued it, its buyer and its sealed text. */
export type NewPass = NewCode & { orderId: string; ownerId: string; sealedCode: string };

/** The relation of the passes an order's statement issues. */
const ISSUED = relation('codes', 'issued');

/**
 * Game Passes as a step of another module's statement (a paid order's, ADR 0042): inserted
 * once for each row of `gate`, or not at all.
 */
export function insertPassesStep(rows: NewPass[], gate: Relation): Step {
  const values = rows.map(
    (row) => sql`(${row.codeHash}::text, ${row.kind}::text, ${row.credits}::int, ${row.label}::text,
      ${timestamp(row.createdAt)}, ${row.orderId}::uuid, ${row.ownerId}::uuid, ${row.sealedCode}::text)`,
  );
  return step(
    ISSUED,
    sql`insert into codes
        (code_hash, kind, credits, label, created_at, order_id, owner_id, sealed_code)
      select issued.* from ${gate.ref}, (values ${sql.join(values, sql`, `)})
        as issued (code_hash, kind, credits, label, created_at, order_id, owner_id, sealed_code)`,
  );
}

/** Creates the codes whose HMAC is not stored yet (fixed codes, e.g. the demo's); how many. */
export async function insertMissingCodes(db: Executor, rows: NewCode[]): Promise<number> {
  const created = await db
    .insert(codes)
    .values(rows)
    .onConflictDoNothing({ target: codes.codeHash })
    .returning({ id: codes.id });
  return created.length;
}

/** A Game Pass with its order number, and who redeemed it when. */
const passColumns = {
  id: codes.id,
  sealedCode: codes.sealedCode,
  label: codes.label,
  orderNumber: orderNumbers.orderNumber,
  redeemedAt: codes.claimedAt,
  redeemedBy: codes.claimedBy,
  createdAt: codes.createdAt,
};

/** A player's Game Passes with their order number and redemption, newest first (ties by id). */
export async function listGamePasses(db: Executor, ownerId: string, page: KeysetPage) {
  const { where, orderBy } = keyset(codes.createdAt, codes.id, page);
  return db
    .select(passColumns)
    .from(codes)
    .innerJoin(orderNumbers, eq(orderNumbers.orderId, codes.orderId))
    .where(and(eq(codes.ownerId, ownerId), where))
    .orderBy(...orderBy)
    .limit(page.limit);
}

/**
 * Game Passes of other players' orders that the player redeemed, in the same order as the
 * owned ones (newest pass first), so a page of both is one sorted merge (codes.service).
 */
export async function listRedeemedPasses(db: Executor, userId: string, page: KeysetPage) {
  const { where, orderBy } = keyset(codes.createdAt, codes.id, page);
  return db
    .select(passColumns)
    .from(redemptions)
    .innerJoin(codes, eq(codes.id, redemptions.codeId))
    .innerJoin(orderNumbers, eq(orderNumbers.orderId, codes.orderId))
    .where(and(eq(redemptions.userId, userId), ne(codes.ownerId, userId), where))
    .orderBy(...orderBy)
    .limit(page.limit);
}

/**
 * The player's redemptions of codes of every kind, latest first; a player redeems a code once,
 * so the code's id breaks ties.
 */
export async function listRedemptions(db: Executor, userId: string, page: KeysetPage) {
  const { where, orderBy } = keyset(redemptions.redeemedAt, redemptions.codeId, page);
  return db
    .select({
      codeId: redemptions.codeId,
      label: redemptions.codeLabel,
      kind: codes.kind,
      credits: codes.credits,
      redeemedAt: redemptions.redeemedAt,
    })
    .from(redemptions)
    .innerJoin(codes, eq(codes.id, redemptions.codeId))
    .where(and(eq(redemptions.userId, userId), where))
    .orderBy(...orderBy)
    .limit(page.limit);
}

/**
 * A code with the caller's own redemption of it (`mine`), by its HMAC or its id. SQL text
 * (ADR 0037): every redemption reads its code. `lockFirst`, a query locking a row to commit
 * (credits.locking), is joined in, so the read takes that lock (ADR 0039); a code found has
 * taken it, and when none matches nothing is written after.
 */
export async function findCode(
  db: Executor,
  key: { codeHash: string } | { id: string },
  callerId: string,
  lockFirst?: SQL,
): Promise<CodeState | undefined> {
  const [row] = await queryRows<
    Omit<CodeState, 'expiresAt' | 'revokedAt' | 'claimedAt' | 'mine'> &
      Record<'expiresAt' | 'revokedAt' | 'claimedAt' | 'mine', string | Date | null>
  >(
    db,
    sql`select codes.id, codes.kind, codes.label, codes.credits, codes.expires_at as "expiresAt",
          codes.revoked_at as "revokedAt", codes.claimed_at as "claimedAt",
          redemptions.redeemed_at as mine
        from codes left join redemptions
          on redemptions.code_id = codes.id and redemptions.user_id = ${callerId}
        ${lockFirst === undefined ? sql`` : sql`cross join (${lockFirst}) as locked`}
        where ${'codeHash' in key ? sql`codes.code_hash = ${key.codeHash}` : sql`codes.id = ${key.id}`}
        limit 1`,
  );
  if (row === undefined) return undefined;
  return {
    ...row,
    expiresAt: dateOrNull(row.expiresAt),
    revokedAt: dateOrNull(row.revokedAt),
    claimedAt: dateOrNull(row.claimedAt),
    mine: dateOrNull(row.mine),
  };
}
/** A code as a redemption reads it; `mine`: when the caller redeemed it (null: never). */
export type CodeState = {
  id: string;
  kind: CodeKind;
  label: string;
  credits: number;
  expiresAt: Date | null;
  revokedAt: Date | null;
  claimedAt: Date | null;
  mine: Date | null;
};

/** A redemption's row: the code, the player, the code's label then, and when. */
export type NewRedemption = { codeId: string; userId: string; codeLabel: string; redeemedAt: Date };

/**
 * The relation of redeemCode's statement that holds the redemption once written: the gate of
 * the other modules' writes in it (ADR 0041).
 */
export const REDEEMED = relation('codes', 'redeemed');
/** The code a redemption claimed (a one-time code) or found (a shared one). */
const CLAIMED = relation('codes', 'claimed', ['id']);

/** What a redemption's other modules write with its row, gated on REDEEMED (ADR 0041). */
export type RedemptionSteps = {
  /** The credits' posting (credits.charging). */
  credit: PostingSteps;
  /** The limiter's attempt, recorded as a success (limiter.attempt's `recording`). */
  attempt: Step;
};

/**
 * Writes the player's redemption in one statement, all or nothing, in the caller's transaction
 * (which locked the player's balance first, in the code's read): a one-time code is claimed by a
 * conditional update (of concurrent redeemers exactly one wins), the redemption row is written
 * (one per code and player), and on it, and only on it, the credits are posted and the attempt
 * recorded. The balance after, or undefined when nothing was written.
 */
export async function redeemCode(
  tx: Transaction,
  row: NewRedemption & { kind: CodeKind },
  steps: RedemptionSteps,
): Promise<number | undefined> {
  const at = timestamp(row.redeemedAt);
  const claim =
    row.kind === 'one_time'
      ? sql`update codes set claimed_by = ${row.userId}, claimed_at = ${at}
          where codes.id = ${row.codeId} and codes.kind = 'one_time' and codes.claimed_at is null
            and codes.revoked_at is null and (codes.expires_at is null or codes.expires_at > ${at})
          returning codes.id`
      : sql`select ${row.codeId}::uuid as id`;
  const redeemed = step(
    REDEEMED,
    sql`insert into redemptions (code_id, user_id, code_label, redeemed_at)
      select ${CLAIMED.columns.id}, ${row.userId}, ${row.codeLabel}, ${at} from ${CLAIMED.ref}
      on conflict do nothing
      returning code_id`,
  );
  const { funded, posted, posting } = steps.credit;
  const [written] = await queryRows<{ balanceAfter: number }>(
    tx,
    sql`${withSteps([funded, step(CLAIMED, claim), redeemed, ...posted, steps.attempt])}
        select ${posting.columns.balance_after} as "balanceAfter" from ${posting.ref}`,
  );
  return written?.balanceAfter;
}

/**
 * Revokes a code by its HMAC or its id; its label, or undefined when there is no such code or it
 * was revoked already.
 */
export async function revokeCode(
  db: Executor,
  key: { codeHash: string } | { id: string },
  now: Date,
): Promise<string | undefined> {
  const [revoked] = await db
    .update(codes)
    .set({ revokedAt: now })
    .where(
      and(
        'codeHash' in key ? eq(codes.codeHash, key.codeHash) : eq(codes.id, key.id),
        isNull(codes.revokedAt),
      ),
    )
    .returning({ label: codes.label });
  return revoked?.label;
}

/** Who has redeemed the passes an order issued that are still valid (read without a lock). */
export async function orderPassClaimers(db: Executor, orderId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ claimedBy: codes.claimedBy })
    .from(codes)
    .where(and(eq(codes.orderId, orderId), isNull(codes.revokedAt), isNotNull(codes.claimedBy)));
  return rows.flatMap(({ claimedBy }) => (claimedBy === null ? [] : [claimedBy]));
}

/**
 * Revokes every pass a refunded order issued (redeemed or not: a revoked pass unlocks nothing)
 * and returns the redeemed ones' claimers with the credits each brought.
 */
export async function revokeOrderPasses(tx: Transaction, orderId: string, now: Date) {
  const revoked = await tx
    .update(codes)
    .set({ revokedAt: now })
    .where(and(eq(codes.orderId, orderId), isNull(codes.revokedAt)))
    .returning({ claimedBy: codes.claimedBy, credits: codes.credits });
  return revoked.flatMap(({ claimedBy, credits }) =>
    claimedBy === null ? [] : [{ userId: claimedBy, credits }],
  );
}

const redemptionCount = sql<number>`(select count(*)::int from ${redemptions} where ${redemptions.codeId} = ${codes.id})`;

/** Codes for the operator, newest first; `unredeemed`: nobody has redeemed them. */
export async function listCodes(
  db: Executor,
  filter: { kind?: CodeKind; unredeemed: boolean; limit: number },
) {
  const rows = await db
    .select({
      id: codes.id,
      label: codes.label,
      kind: codes.kind,
      credits: codes.credits,
      expiresAt: codes.expiresAt,
      revokedAt: codes.revokedAt,
      redemptions: redemptionCount,
      createdAt: codes.createdAt,
    })
    .from(codes)
    .where(
      and(
        filter.kind === undefined ? undefined : eq(codes.kind, filter.kind),
        filter.unredeemed ? sql`${redemptionCount} = 0` : undefined,
      ),
    )
    .orderBy(desc(codes.createdAt), desc(codes.id))
    .limit(filter.limit);
  return rows;
}
export type ListedCodeRow = Awaited<ReturnType<typeof listCodes>>[number];

/** Whether the player has redeemed a one-time code (a Game Pass, printed or bought). */
export async function hasRedeemedOneTime(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ codeId: redemptions.codeId })
    .from(redemptions)
    .innerJoin(codes, eq(codes.id, redemptions.codeId))
    .where(and(eq(redemptions.userId, userId), eq(codes.kind, 'one_time'), isNull(codes.revokedAt)))
    .limit(1);
  return row !== undefined;
}

export type NewBatch = typeof codeBatches.$inferInsert;

/** Adds a batch; its id, or undefined when a batch has its name already (in any case). */
/**
 * The credits the batches made since `since` hold in all (a code's credits times its batch's
 * codes), counted under the batches' lock: an advisory lock held to commit, so two batches
 * made at once, from any process, count each other.
 */
export async function lockAndSumBatchCredits(tx: Transaction, since: Date): Promise<number> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended('code-batches', 0))`);
  const [row] = await tx
    .select({
      credits: sql<string>`coalesce(sum(${codeBatches.count}::bigint * ${codeBatches.credits}), 0)`,
    })
    .from(codeBatches)
    .where(gte(codeBatches.createdAt, since));
  return Number(row?.credits ?? 0);
}

export async function insertBatch(tx: Transaction, batch: NewBatch): Promise<string | undefined> {
  const [row] = await tx
    .insert(codeBatches)
    .values(batch)
    .onConflictDoNothing()
    .returning({ id: codeBatches.id });
  return row?.id;
}

/**
 * How many times the code of the outer query was redeemed, counted once per code (a lateral
 * join: the redemptions key, code first, answers it) for the state and the lists to share.
 */
const redeemedTimes = (db: Executor) =>
  db
    .select({ times: sql<number>`count(*)::int`.as('times') })
    .from(redemptions)
    .where(eq(redemptions.codeId, codes.id))
    .as('redeemed');

/**
 * A code's state at `now` (ADR 0026), given how many times it was redeemed: redeemed once anyone
 * has, else revoked, else expired, else unredeemed.
 */
const codeStateAt = (times: SQL.Aliased<number>, now: Date) => sql<BatchState>`case
  when ${times} > 0 then 'redeemed'
  when ${isNotNull(codes.revokedAt)} then 'revoked'
  when ${lte(codes.expiresAt, now)} then 'expired'
  else 'unredeemed' end`;

/** Where a page of batches starts: after the last batch of the page before (newest first). */
export type BatchPosition = { createdAt: Date; id: string };

/**
 * Batches newest first with their codes counted by state and their creator's name now: one
 * statement for the page, which counts, for each of its batches, that batch's codes
 * (codes_batch_idx) and each code's redemptions (their key).
 */
function summarise(db: Executor, where: SQL | undefined, limit: number, now: Date) {
  const page = db
    .$with('page')
    .as(
      db
        .select()
        .from(codeBatches)
        .where(where)
        .orderBy(desc(codeBatches.createdAt), desc(codeBatches.id))
        .limit(limit),
    );
  const times = redeemedTimes(db);
  const perCode = db
    .select({ state: codeStateAt(times.times, now).as('state'), times: times.times })
    .from(codes)
    .innerJoinLateral(times, sql`true`)
    .where(eq(codes.batchId, page.id))
    .as('per_code');
  const inState = (state: BatchState) =>
    sql<number>`(count(*) filter (where ${perCode.state} = ${state}))::int`.as(state);
  // For each batch of the page: its own codes only.
  const counts = db
    .select({
      unredeemed: inState('unredeemed'),
      redeemed: inState('redeemed'),
      expired: inState('expired'),
      revoked: inState('revoked'),
      redemptions: sql<number>`coalesce(sum(${perCode.times}), 0)::int`.as('redemptions'),
    })
    .from(perCode)
    .as('counts');
  return db
    .with(page)
    .select({
      id: page.id,
      name: page.name,
      kind: page.kind,
      credits: page.credits,
      count: page.count,
      expiresAt: page.expiresAt,
      revokedAt: page.revokedAt,
      createdBy: page.createdBy,
      creatorName: playerNames.username,
      createdAt: page.createdAt,
      unredeemed: counts.unredeemed,
      redeemed: counts.redeemed,
      expired: counts.expired,
      revoked: counts.revoked,
      redemptions: counts.redemptions,
    })
    .from(page)
    .innerJoinLateral(counts, sql`true`)
    .leftJoin(playerNames, eq(playerNames.userId, page.createdBy))
    .orderBy(desc(page.createdAt), desc(page.id));
}
export type BatchRow = Awaited<ReturnType<typeof summarise>>[number];

/** Up to `limit` batches newest first, after `after` (the last of the page before). */
export function listBatches(
  db: Executor,
  after: BatchPosition | null,
  limit: number,
  now: Date,
): Promise<BatchRow[]> {
  const where =
    after === null
      ? undefined
      : or(
          lt(codeBatches.createdAt, after.createdAt),
          and(eq(codeBatches.createdAt, after.createdAt), lt(codeBatches.id, after.id)),
        );
  return summarise(db, where, limit, now);
}

/** The batch with this id, or with this name in any case. */
export async function findBatch(
  db: Executor,
  key: { id: string } | { name: string },
  now: Date,
): Promise<BatchRow | undefined> {
  const where =
    'id' in key ? eq(codeBatches.id, key.id) : sql`lower(${codeBatches.name}) = lower(${key.name})`;
  const [row] = await summarise(db, where, 1, now);
  return row;
}

/**
 * A batch's codes in id order after `afterId`, of one state or all, each with its latest
 * redemption (who, when) and that player's name now.
 */
export async function listBatchCodes(
  db: Executor,
  filter: { batchId: string; state?: BatchState; afterId?: string; limit: number },
  now: Date,
) {
  const times = redeemedTimes(db);
  const state = codeStateAt(times.times, now);
  const latest = db
    .select({ userId: redemptions.userId, redeemedAt: redemptions.redeemedAt })
    .from(redemptions)
    .where(eq(redemptions.codeId, codes.id))
    .orderBy(desc(redemptions.redeemedAt))
    .limit(1)
    .as('latest');
  return db
    .select({
      id: codes.id,
      label: codes.label,
      kind: codes.kind,
      state,
      redemptions: times.times,
      redeemedBy: latest.userId,
      redeemerName: playerNames.username,
      redeemedAt: latest.redeemedAt,
      expiresAt: codes.expiresAt,
      revokedAt: codes.revokedAt,
    })
    .from(codes)
    .innerJoinLateral(times, sql`true`)
    .leftJoinLateral(latest, sql`true`)
    .leftJoin(playerNames, eq(playerNames.userId, latest.userId))
    .where(
      and(
        eq(codes.batchId, filter.batchId),
        filter.afterId === undefined ? undefined : gt(codes.id, filter.afterId),
        filter.state === undefined ? undefined : sql`${state} = ${filter.state}`,
      ),
    )
    .orderBy(asc(codes.id))
    .limit(filter.limit);
}
export type BatchCodeRow = Awaited<ReturnType<typeof listBatchCodes>>[number];

/**
 * Marks the batch revoked and revokes its codes that still could be redeemed: not revoked, and
 * not a one-time code already claimed (its player keeps what it gave, Game Pack unlock included).
 * Undefined when no live batch has this id; else how many codes it revoked.
 */
export async function revokeBatch(
  tx: Transaction,
  batchId: string,
  now: Date,
): Promise<number | undefined> {
  const [batch] = await tx
    .update(codeBatches)
    .set({ revokedAt: now })
    .where(and(eq(codeBatches.id, batchId), isNull(codeBatches.revokedAt)))
    .returning({ id: codeBatches.id });
  if (batch === undefined) return undefined;
  const revoked = await tx
    .update(codes)
    .set({ revokedAt: now })
    .where(and(eq(codes.batchId, batchId), isNull(codes.revokedAt), isNull(codes.claimedAt)))
    .returning({ id: codes.id });
  return revoked.length;
}

/**
 * Redemptions in [from, to) by the name of the batch their code came from: Game Passes and codes
 * made outside any batch under the names given; most redeemed first.
 */
export function redemptionsByBatch(
  db: Executor,
  range: { from: Date; to: Date },
  names: { passes: string; none: string },
) {
  const batch = sql<string>`coalesce(${codeBatches.name}, case when ${codes.orderId} is not null then ${names.passes}::text else ${names.none}::text end)`;
  return db
    .select({ batch, redemptions: sql<number>`count(*)::int` })
    .from(redemptions)
    .innerJoin(codes, eq(codes.id, redemptions.codeId))
    .leftJoin(codeBatches, eq(codeBatches.id, codes.batchId))
    .where(and(gte(redemptions.redeemedAt, range.from), lt(redemptions.redeemedAt, range.to)))
    .groupBy(sql`1`)
    .orderBy(sql`2 desc, 1`);
}
