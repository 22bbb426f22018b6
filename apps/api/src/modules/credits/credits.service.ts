/**
 * The credits module: the only code that changes a balance (product.md "Credits change only
 * inside server transactions"; security.md W3, W5). Every change is a posting: one ledger row
 * and the balance it leaves, written in the caller's transaction (or, for a booking's seat and
 * a redemption, as steps of its one statement: `charging`, ADR 0040 and 0041), so a purchase,
 * redemption or booking and its credits commit or roll back together.
 *
 * - Idempotent on its source: the same order, code, registration or refund posts once; a
 *   repeat returns the first posting (the ledger's unique key backs this up).
 * - Never below zero: a debit larger than the balance is refused with `insufficient`, which
 *   callers answer as NOT_ENOUGH_CREDITS.
 * - Serialised per user: the user's row is locked for the rest of the transaction, so
 *   concurrent postings queue instead of reading the same old balance.
 */
import {
  CREDIT_HISTORY_PAGE_SIZE,
  type CreditPosting,
  type LedgerReason,
} from '@questfield/contract';
import type { Infra } from '../../infra';
import type { Executor, Statement, Transaction } from '../../db/client';
import type { PostingSteps, Relation } from '../../db/steps';
import * as repo from './credits.repository';

/** The business event behind a posting: ('order', order id), ('code', code id), … */
type PostingSource = { type: repo.PostingSourceType; id: string };

export type PostingRequest = {
  userId: string;
  /** Credits added (positive) or taken (negative); never 0. */
  delta: number;
  reason: LedgerReason;
  source: PostingSource;
};

export type Posting = {
  id: number;
  userId: string;
  delta: number;
  reason: LedgerReason;
  source: PostingSource;
  balanceAfter: number;
  at: Date;
};

export type PostingOutcome =
  | { status: 'posted'; posting: Posting }
  /** This source had already posted: nothing changed, here is the first posting. */
  | { status: 'repeated'; posting: Posting }
  /** The debit would take the balance below zero: nothing changed. */
  | { status: 'insufficient'; balance: number };

/** How an operator's grant or deduction went: the balance before and after, or refused. */
export type Adjustment =
  | { status: 'posted'; before: number; balance: number }
  /** A deduction larger than the balance: nothing changed. */
  | { status: 'insufficient'; balance: number };

/**
 * A posting as the history lists it: with the order number of a purchase or refund, and the
 * reason an operator gave for a grant or deduction (shown to operators only).
 */
export type HistoryEntry = Posting & { orderNumber: string | null; grantReason: string | null };
export type CreditHistoryPage = { entries: HistoryEntry[]; nextCursor: number | null };

/** A posting as the wire carries it (the player's history and the console's). */
export function toCreditPosting(posting: HistoryEntry): CreditPosting {
  return {
    id: String(posting.id),
    at: posting.at.toISOString(),
    reason: posting.reason,
    delta: posting.delta,
    balanceAfter: posting.balanceAfter,
    orderNumber: posting.orderNumber,
  };
}

function toPosting(row: repo.LedgerRow): Posting {
  return {
    id: row.id,
    userId: row.userId,
    delta: row.delta,
    reason: row.reason,
    source: { type: row.refType, id: row.refId },
    balanceAfter: row.balanceAfter,
    at: row.createdAt,
  };
}

function checkRequest(request: PostingRequest): void {
  if (!Number.isSafeInteger(request.delta) || request.delta === 0) {
    throw new Error(`A posting needs a whole, non-zero number of credits (got ${request.delta}).`);
  }
}

/** The ledger row a request writes, stamped `now`; throws for a request no posting may make. */
function ledgerRowOf(request: PostingRequest, now: Date): repo.NewLedgerRow {
  checkRequest(request);
  const { userId, delta, reason, source } = request;
  return { userId, delta, reason, refType: source.type, refId: source.id, createdAt: now };
}

/** Posts in `tx` (see the module comment); `now` stamps the ledger row. */
export async function postCredits(
  tx: Transaction,
  request: PostingRequest,
  now: Date,
): Promise<PostingOutcome> {
  const { type, id } = request.source;
  const result = await repo.post(tx, ledgerRowOf(request, now));
  if (result === undefined) throw new Error('A posting needs an existing user.');
  if (result.posting !== undefined) return { status: 'posted', posting: toPosting(result.posting) };
  // Nothing written: the source posted before (answered with that posting), or too few credits.
  const earlier = await repo.findPostingBySource(tx, request.userId, type, id);
  if (earlier !== undefined) return { status: 'repeated', posting: toPosting(earlier) };
  if (result.balance + request.delta < 0)
    return { status: 'insufficient', balance: result.balance };
  throw new Error('A posting conflicted with none.');
}

export function createCreditsService({
  db,
  clock,
  transaction,
}: Pick<Infra, 'db' | 'clock' | 'transaction'>) {
  /**
   * An operator's grant (`credits` > 0) or deduction (< 0, a negative grant): its record and
   * its posting in one transaction, or nothing when a deduction would take the balance below
   * zero. `admit` runs first in the transaction (the operator's budget, under its own lock; a
   * refusal it throws rolls everything back). The balance is locked before the record is
   * written: the record's foreign key share-locks the player's row, and two adjustments holding
   * that lock would deadlock at the post. `also` joins the transaction with the balance before
   * and after (the audit row).
   */
  function adjust(
    request: { userId: string; credits: number; reason: string },
    hooks: {
      admit?: (tx: Transaction) => Promise<void>;
      also?: (tx: Transaction, balance: { before: number; after: number }) => Promise<void>;
    } = {},
  ): Promise<Adjustment> {
    return transaction(async (tx) => {
      await hooks.admit?.(tx);
      const before = await repo.lockBalance(tx, request.userId);
      if (before === undefined) throw new Error('An adjustment needs an existing user.');
      if (before + request.credits < 0) return { status: 'insufficient', balance: before };
      const now = clock.now();
      const id = await repo.insertGrant(tx, { ...request, createdAt: now });
      const posting: PostingRequest = {
        userId: request.userId,
        delta: request.credits,
        reason: 'admin',
        source: { type: 'admin', id },
      };
      const outcome = await postCredits(tx, posting, now);
      if (outcome.status !== 'posted') {
        throw new Error(`A new adjustment posted ${outcome.status}.`);
      }
      const after = outcome.posting.balanceAfter;
      await hooks.also?.(tx, { before, after });
      return { status: 'posted', before, balance: after };
    });
  }

  return {
    /** Posts inside the caller's transaction; see the module comment. */
    post: (tx: Transaction, request: PostingRequest) => postCredits(tx, request, clock.now()),

    /**
     * A posting as steps of another module's one statement (a booking's debit, ADR 0040; a
     * redemption's credit, ADR 0041), written once for each row of that statement's `gate`, or
     * not at all; see postingSteps.
     */
    charging: (request: PostingRequest, gate: Relation): PostingSteps =>
      repo.postingSteps(ledgerRowOf(request, clock.now()), gate),

    /**
     * Locks the user's balance until the transaction ends, as `post` does. A transaction that
     * writes rows referring to the user before posting calls this first: each such write holds
     * a key-share lock on the user's row, so two of them would deadlock waiting to post.
     * Returns the balance as locked (0 for an unknown user).
     */
    lock: async (tx: Transaction, userId: string): Promise<number> =>
      (await repo.lockBalance(tx, userId)) ?? 0,

    /** The query `lock` runs, for another module's read to take the lock in (ADR 0039). */
    locking: (userId: string): Statement => repo.balanceLock(userId),

    /** The user's balance as the caller's transaction sees it (0 for an unknown user). */
    balance: async (tx: Executor, userId: string): Promise<number> =>
      (await repo.readBalance(tx, userId)) ?? 0,

    /** The posting `source` made on the user's balance, if any (what a booking took). */
    async postingOf(
      executor: Executor,
      userId: string,
      source: PostingSource,
    ): Promise<Posting | undefined> {
      const row = await repo.findPostingBySource(executor, userId, source.type, source.id);
      return row === undefined ? undefined : toPosting(row);
    },

    /**
     * What paid for `source` (its debit), on whoever's balance: a party's guest seat was paid
     * for by its leader, whoever holds it now (ADR 0065).
     */
    async paymentOf(executor: Executor, source: PostingSource): Promise<Posting | undefined> {
      const row = await repo.findPaymentBySource(executor, source.type, source.id);
      return row === undefined ? undefined : toPosting(row);
    },

    /** See `adjust` above. */
    adjust,

    /**
     * A grant (`credits` > 0), which nothing refuses, without an operator (tests' and benches'
     * scenes): the balance after it.
     */
    async grant(request: { userId: string; credits: number; reason: string }): Promise<number> {
      const outcome = await adjust(request);
      if (outcome.status !== 'posted') throw new Error(`A grant was ${outcome.status}.`);
      return outcome.balance;
    },

    /** The user's postings, newest first, CREDIT_HISTORY_PAGE_SIZE a page. */
    async history(userId: string, cursor?: number): Promise<CreditHistoryPage> {
      const limit = CREDIT_HISTORY_PAGE_SIZE;
      const rows = await repo.listPostings(db, userId, { beforeId: cursor, limit: limit + 1 });
      const entries = rows.slice(0, limit).map((row) => ({
        ...toPosting(row),
        orderNumber: row.orderNumber,
        grantReason: row.grantReason,
      }));
      const last = entries.at(-1);
      return { entries, nextCursor: rows.length > limit && last !== undefined ? last.id : null };
    },

    /** A report's credits bought and spent on seats per venue day of [from, to). */
    soldAndSpentByDay: (range: { from: Date; to: Date }, timeZone: string) =>
      repo.soldAndSpentByDay(db, range, timeZone),
  };
}

export type CreditsService = ReturnType<typeof createCreditsService>;
