/**
 * The codes module (security.md W9–W11): Game Passes, issued one per Game Pack inside the
 * transaction that marks the order paid, and operators' code batches; looking codes up and
 * redeeming them.
 *
 * A code is 12 characters of Crockford base32 from a CSPRNG (60 bits), grouped XXXX-XXXX-XXXX,
 * stored as an HMAC for lookup (a Game Pass also sealed for its owner's dashboard); never in
 * plain text. Every lookup and redemption is limited per player and per IP (code-attempts.ts).
 *
 * Redemption is one transaction of the limiter's (its check and attempt in it): the code read
 * with the player's balance locked, then one statement (ADR 0041) in which a one-time code is
 * claimed by a conditional update (of concurrent redeemers exactly one wins), the redemption
 * row is written, keyed by code and player (a promo code once per player), and on it the
 * credits are posted with the code as the source and the attempt recorded as a success.
 */
import {
  GAME_PASS_CREDITS,
  GAME_PASSES_BATCH,
  NO_BATCH,
  PLAYER_PASSES_PAGE_SIZE,
  PLAYER_REDEMPTIONS_PAGE_SIZE,
  type CodeState,
} from '@questfield/contract';
import { z } from 'zod';
import type { Executor, Transaction } from '../../db/client';
import type { Relation, Step } from '../../db/steps';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import { randomCrockfordCode } from '../../lib/crockford';
import type { Audit } from '../../lib/audit';
import { decodeCursor, encodeCursor, readPage, type Page } from '../../lib/page-cursor';
import { hashRedeemableCode } from '../../lib/redeemable-code-hash';
import { createSealedBox } from '../../lib/sealed-box';
import type { CreditsService } from '../credits/credits.service';
import type { AttemptRecording, CodeAttempts, CodeCaller } from '../limits/code-attempts';
import * as repo from './codes.repository';

/** 3 groups of 4: 60 bits. */
const GROUPS = 3;
const TAIL_LENGTH = 4;
const PASSES_LISTED = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const newRedeemableCode = (): string => randomCrockfordCode(GROUPS);

/** A code chosen by the operator's tools, public by design (the demo's): its label is itself. */
export type FixedCode = { code: string; kind: repo.CodeKind; credits: number };

/** Creates the fixed codes that do not exist yet; how many it created. */
export function provisionCodes(
  db: Executor,
  appSecret: string,
  fixed: readonly FixedCode[],
  now: Date,
): Promise<number> {
  const rows = fixed.map(({ code, kind, credits }) => ({
    codeHash: hashRedeemableCode(appSecret, code),
    kind,
    credits,
    label: code,
    createdAt: now,
  }));
  return repo.insertMissingCodes(db, rows);
}

/** What players see instead of a generated code; it never holds the whole code. */
function labelOf(kind: repo.CodeKind, code: string): string {
  const tail = code.slice(-TAIL_LENGTH);
  return kind === 'one_time' ? `Game Pass …${tail}` : `Promo code …${tail}`;
}

export type GamePass = {
  code: string;
  orderNumber: string;
  redeemedAt: Date | null;
  createdAt: Date;
};

/** A Game Pass as operators see it: by its label, never the code. */
export type PlayerPass = {
  label: string;
  orderNumber: string;
  /** Bought by the player; else redeemed by them from another player's order. */
  owned: boolean;
  redeemedAt: Date | null;
  redeemedByPlayer: boolean;
  createdAt: Date;
};

export type CodeKind = repo.CodeKind;
/** A new batch: its name (unique in any case), its codes, and who made it (null: command line). */
export type CodeBatch = {
  name: string;
  kind: CodeKind;
  count: number;
  credits: number;
  expiresAt?: Date;
  createdBy?: string | null;
};
/** The redeeming player, and how their attempt rides in the redemption's statement. */
type Recorded = { userId: string; recording: AttemptRecording };
/** A change's audit row, written in the change's transaction. */
type InTransaction<T> = (tx: Transaction, done: T) => Promise<void>;

export type BatchSummary = repo.BatchRow;
export type BatchCode = repo.BatchCodeRow & { revocable: boolean };

/** A page of batches' cursor: the last batch's creation time (ISO 8601) and id. */
const batchCursor = z
  .tuple([z.iso.datetime(), z.uuid()])
  .transform(([at, id]) => ({ createdAt: new Date(at), id }));

type PassRow = Awaited<ReturnType<typeof repo.listGamePasses>>[number] & { owned: boolean };

/** Newest first, ties by id: the order the pass lists are read in, so their merge is too. */
const newestFirst = (a: PassRow, b: PassRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/** A pass as operators see it on the page of player `userId`. */
const playerPassOf = (row: PassRow, userId: string): PlayerPass => ({
  label: row.label,
  orderNumber: row.orderNumber,
  owned: row.owned,
  redeemedAt: row.redeemedAt,
  redeemedByPlayer: row.redeemedBy === userId,
  createdAt: row.createdAt,
});

/** Revoking the code would stop something: not revoked, not expired, not a claimed Game Pass. */
function isRevocable(row: repo.BatchCodeRow, now: Date): boolean {
  if (row.revokedAt !== null || (row.expiresAt !== null && row.expiresAt <= now)) return false;
  return row.kind === 'promo_per_user' || row.state === 'unredeemed';
}

export type { CodeCaller };

/** A code as its caller may see it: the redemption time, and whether it was theirs. */
export type CodeView = {
  id: string;
  label: string;
  redeemedAt: Date | null;
  redeemedByCaller: boolean;
};

/** Why a code was not redeemed: not found (or revoked, expired), or redeemed already. */
export type Refusal = 'unknown' | 'used' | 'used_by_caller';
export type Redemption =
  { status: 'redeemed'; item: CodeView; credits: number; balance: number } | { status: Refusal };

/** Why a code cannot be redeemed now (unknown: also revoked, or expired unredeemed); null: free. */
function refusalOf(row: repo.CodeState | undefined, now: Date): Refusal | null {
  if (row === undefined || row.revokedAt !== null) return 'unknown';
  if (row.mine !== null) return 'used_by_caller';
  if (row.claimedAt !== null) return 'used';
  return row.expiresAt !== null && row.expiresAt <= now ? 'unknown' : null;
}

function viewOf(row: repo.CodeState): CodeView {
  return {
    id: row.id,
    label: row.label,
    redeemedAt: row.mine ?? row.claimedAt,
    redeemedByCaller: row.mine !== null,
  };
}

export type CodeStatus = 'live' | 'redeemed' | 'expired' | 'revoked';

function statusOf(row: repo.ListedCodeRow, now: Date): CodeStatus {
  if (row.revokedAt !== null) return 'revoked';
  if (row.kind === 'one_time' && row.redemptions > 0) return 'redeemed';
  return row.expiresAt !== null && row.expiresAt <= now ? 'expired' : 'live';
}

type CodesDeps = Pick<Infra, 'db' | 'env' | 'clock' | 'transaction'> & {
  credits: CreditsService;
  codeAttempts: CodeAttempts;
  audit: Audit;
};

export function createCodesService({ db, env, clock, transaction, ...deps }: CodesDeps) {
  const { credits, codeAttempts, audit } = deps;
  const passBox = createSealedBox(env.appSecret, 'game-pass');
  const hashOf = (code: string) => hashRedeemableCode(env.appSecret, code);

  const rowOf = (code: string, kind: CodeKind, creditsEach: number): repo.NewCode => ({
    codeHash: hashOf(code),
    kind,
    credits: creditsEach,
    label: labelOf(kind, code),
    createdAt: clock.now(),
  });

  async function lookup(caller: CodeCaller, key: { codeHash: string } | { id: string }) {
    const attempt = await codeAttempts.admit(caller);
    const row = await repo.findCode(db, key, caller.userId);
    if (row === undefined || refusalOf(row, clock.now()) === 'unknown') fail('CODE_INVALID');
    await codeAttempts.succeeded(attempt);
    return viewOf(row);
  }

  /**
   * Writes the redemption with its credits and its attempt (one statement, ADR 0041), the code
   * being the posting's source; when nothing was written (the claim lost to another, or the
   * code stopped being redeemable), reads the code again to say why.
   */
  async function record(tx: Transaction, row: repo.CodeState, attempt: Recorded, now: Date) {
    const userId = attempt.userId;
    const source = { type: 'code', id: row.id } as const;
    const request = { userId, delta: row.credits, reason: 'redeem', source } as const;
    const redemption = {
      codeId: row.id,
      kind: row.kind,
      userId,
      codeLabel: row.label,
      redeemedAt: now,
    };
    const balance = await repo.redeemCode(tx, redemption, {
      credit: credits.charging(request, repo.REDEEMED),
      attempt: attempt.recording(repo.REDEEMED),
    });
    if (balance === undefined) {
      const again = await repo.findCode(tx, { id: row.id }, userId);
      return { status: refusalOf(again, now) ?? 'unknown' } as const;
    }
    const item = viewOf({ ...row, mine: now });
    return { status: 'redeemed', item, credits: row.credits, balance } as const;
  }

  async function redeemIn(tx: Transaction, code: string, attempt: Recorded): Promise<Redemption> {
    const now = clock.now();
    // The balance is locked in the code's read, before the claim and the redemption row, whose
    // foreign keys share-lock the player's row (see credits.lock).
    const lock = credits.locking(attempt.userId);
    const row = await repo.findCode(tx, { codeHash: hashOf(code) }, attempt.userId, lock);
    const refusal = refusalOf(row, now);
    if (refusal !== null || row === undefined) return { status: refusal ?? 'unknown' };
    return record(tx, row, attempt, now);
  }

  return {
    /**
     * `count` new Game Passes for an order, as a step of its statement (ADR 0042): issued once
     * for each row of `gate`, or not at all. The codes, and the step (null: none to issue).
     */
    issuing(
      order: { id: string; ownerId: string; count: number },
      gate: Relation,
    ): { codes: string[]; step: Step | null } {
      const issued = Array.from({ length: order.count }, newRedeemableCode);
      const rows = issued.map((code) => ({
        ...rowOf(code, 'one_time', GAME_PASS_CREDITS),
        orderId: order.id,
        ownerId: order.ownerId,
        sealedCode: passBox.seal(code),
      }));
      return { codes: issued, step: rows.length === 0 ? null : repo.insertPassesStep(rows, gate) };
    },

    /** Who has redeemed a pass of the order that is still valid (a refund locks them first). */
    orderPassClaimers: (executor: Executor, orderId: string) =>
      repo.orderPassClaimers(executor, orderId),

    /**
     * Takes back a refunded order's Game Passes in its transaction: each is revoked, and the
     * credits of the redeemed ones are returned per claimer for the caller to take back.
     */
    revokeOrderPasses: (tx: Transaction, orderId: string) =>
      repo.revokeOrderPasses(tx, orderId, clock.now()),

    /**
     * Creates a named batch and its codes (operators) in one transaction, with `recorded` (its
     * audit row); CODE_BATCH_NAME_TAKEN when a batch has the name in any case. `admit` runs
     * first in the transaction with the credits of the day's batches so far (from `since`,
     * counted under the batches' lock), and may refuse. The returned codes exist nowhere else.
     */
    async create(
      batch: CodeBatch,
      hooks: {
        /** Runs first in the batch's transaction (a second admin's approval taken, ADR 0053). */
        claim?: (tx: Transaction) => Promise<void>;
        recorded?: InTransaction<{ batchId: string }>;
        admit?: { since: Date; check: (creditsSoFar: number) => void };
      } = {},
    ): Promise<{ batchId: string; codes: string[] }> {
      const issued = Array.from({ length: batch.count }, newRedeemableCode);
      const createdAt = clock.now();
      const expiresAt = batch.expiresAt ?? null;
      return transaction(async (tx) => {
        const { admit } = hooks;
        await hooks.claim?.(tx);
        if (admit !== undefined) admit.check(await repo.lockAndSumBatchCredits(tx, admit.since));
        const batchId =
          (await repo.insertBatch(tx, {
            name: batch.name,
            kind: batch.kind,
            credits: batch.credits,
            count: batch.count,
            expiresAt,
            createdBy: batch.createdBy ?? null,
            createdAt,
          })) ?? fail('CODE_BATCH_NAME_TAKEN');
        const rows = issued.map((code) => ({
          ...rowOf(code, batch.kind, batch.credits),
          expiresAt,
          batchId,
        }));
        await repo.insertCodes(tx, rows);
        await hooks.recorded?.(tx, { batchId });
        return { batchId, codes: issued };
      });
    },

    /** The revoked code's label; null when no live code matches. A revoked code is never found again. */
    revoke: async (code: string): Promise<string | null> =>
      (await repo.revokeCode(db, { codeHash: hashOf(code) }, clock.now())) ?? null,

    /** As `revoke`, by the code's id (a batch's code, whose text nobody has any more). */
    revokeById: async (id: string): Promise<string | null> =>
      (await repo.revokeCode(db, { id }, clock.now())) ?? null,

    /** Batches newest first, `limit` at a time; `after` is the page before's `nextCursor`. */
    async batches(after: string | undefined, limit: number) {
      const from =
        after === undefined ? null : (decodeCursor(after, batchCursor) ?? fail('BAD_REQUEST'));
      const rows = await repo.listBatches(db, from, limit + 1, clock.now());
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const more = rows.length > limit && last !== undefined;
      return {
        batches: page,
        nextCursor: more ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
      };
    },

    /** The batch with this id, or this name in any case. */
    findBatch: (key: { id: string } | { name: string }): Promise<BatchSummary | undefined> =>
      repo.findBatch(db, key, clock.now()),

    /** A batch's codes, of one state or all, `limit` at a time after the code `afterId`. */
    async batchCodes(filter: {
      batchId: string;
      state?: CodeState;
      afterId?: string;
      limit: number;
    }): Promise<{ codes: BatchCode[]; nextCursor: string | null }> {
      const now = clock.now();
      const rows = await repo.listBatchCodes(db, { ...filter, limit: filter.limit + 1 }, now);
      const page = rows.slice(0, filter.limit);
      return {
        codes: page.map((row) => ({ ...row, revocable: isRevocable(row, now) })),
        nextCursor: rows.length > filter.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /**
     * Revokes a batch: the batch is marked revoked and its codes that could still be redeemed
     * stop working, with `recorded` (its audit row) in the same transaction; how many codes.
     * CODE_BATCH_REVOKED when it was revoked before, CODE_BATCH_NOT_FOUND when there is none.
     */
    async revokeBatch(batchId: string, recorded: InTransaction<{ revoked: number }>) {
      return transaction(async (tx) => {
        const revoked = await repo.revokeBatch(tx, batchId, clock.now());
        if (revoked === undefined) {
          const exists = await repo.findBatch(tx, { id: batchId }, clock.now());
          return fail(exists === undefined ? 'CODE_BATCH_NOT_FOUND' : 'CODE_BATCH_REVOKED');
        }
        await recorded(tx, { revoked });
        return revoked;
      });
    },

    /** Codes for the operator, newest first, with what became of each (never the code). */
    async list(filter: { kind?: CodeKind; unredeemed: boolean; limit: number }) {
      const now = clock.now();
      const rows = await repo.listCodes(db, filter);
      return rows.map((row) => ({ ...row, status: statusOf(row, now) }));
    },

    async gamePasses(ownerId: string): Promise<GamePass[]> {
      const rows = await repo.listGamePasses(db, ownerId, { after: null, limit: PASSES_LISTED });
      return rows.map((row) => ({
        code: (row.sealedCode === null ? null : passBox.open(row.sealedCode)) ?? row.label,
        orderNumber: row.orderNumber,
        redeemedAt: row.redeemedAt,
        createdAt: row.createdAt,
      }));
    },

    /**
     * A page of the Game Passes the player bought (whoever redeemed them) or redeemed from
     * another player's order, newest first, by label (the console's player page).
     */
    async passesOf(userId: string, cursor?: string): Promise<Page<PlayerPass>> {
      const page = await readPage(
        cursor,
        PLAYER_PASSES_PAGE_SIZE,
        async (after, limit) => {
          // Both lists read a page's worth after the same position: the page is in their merge.
          const [owned, redeemed] = await Promise.all([
            repo.listGamePasses(db, userId, { after, limit }),
            repo.listRedeemedPasses(db, userId, { after, limit }),
          ]);
          const passes = [
            ...owned.map((row) => ({ ...row, owned: true })),
            ...redeemed.map((row) => ({ ...row, owned: false })),
          ];
          return passes.sort(newestFirst).slice(0, limit);
        },
        (row) => ({ at: row.createdAt, id: row.id }),
      );
      return { ...page, entries: page.entries.map((row) => playerPassOf(row, userId)) };
    },

    /** A page of the player's redemptions of codes of every kind, latest first (player page). */
    redemptionsOf: (userId: string, cursor?: string) =>
      readPage(
        cursor,
        PLAYER_REDEMPTIONS_PAGE_SIZE,
        (after, limit) => repo.listRedemptions(db, userId, { after, limit }),
        (row) => ({ at: row.redeemedAt, id: row.codeId }),
      ),

    /** Whether the player redeemed a Game Pass (which unlocks the Game Pack's soundtracks). */
    redeemedGamePass: (userId: string): Promise<boolean> => repo.hasRedeemedOneTime(db, userId),

    /** The code as typed (case and separators ignored); CODE_INVALID when not found. */
    findByCode: (caller: CodeCaller, code: string): Promise<CodeView> =>
      lookup(caller, { codeHash: hashOf(code) }),

    findById: (caller: CodeCaller, id: string): Promise<CodeView> =>
      UUID.test(id)
        ? lookup(caller, { id })
        : codeAttempts.admit(caller).then(() => fail('CODE_INVALID')),

    /** Redeems a code of either kind for the caller (see the module comment). */
    async redeem(caller: CodeCaller, code: string): Promise<Redemption> {
      // The limits' check and attempt ride in the redemption's transaction: a redemption
      // answers its refusals (committing the failed attempt), it does not throw them.
      const outcome = await codeAttempts.within(
        caller,
        (tx, recording) => redeemIn(tx, code, { userId: caller.userId, recording }),
        (done) => done.status === 'redeemed',
      );
      if (outcome.status === 'redeemed') {
        audit(caller, 'codes.redeemed', { userId: caller.userId, codeId: outcome.item.id });
      }
      return outcome;
    },

    /** A report's redemptions in [from, to) by batch name. */
    redemptionsByBatch: (range: { from: Date; to: Date }) =>
      repo.redemptionsByBatch(db, range, { passes: GAME_PASSES_BATCH, none: NO_BATCH }),
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
