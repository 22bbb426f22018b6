/**
 * The codes module (security.md W9–W11): Game Passes, issued one per Game Pack inside the
 * transaction that marks the order paid, and operators' code batches; looking codes up and
 * redeeming them.
 *
 * A code is 12 characters of Crockford base32 from a CSPRNG (60 bits), grouped XXXX-XXXX-XXXX,
 * stored as an HMAC for lookup (a Game Pass also sealed for its owner's dashboard); never in
 * plain text. Every lookup and redemption is limited per player and per IP (code-attempts.ts).
 *
 * Redemption is one transaction: a one-time code is claimed by a conditional update (of
 * concurrent redeemers exactly one wins), the redemption row is keyed by code and player (a
 * promo code once per player), and the credits are posted with the code as the source.
 */
import { GAME_PASS_CREDITS } from '@questfield/contract';
import type { Executor, Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import { randomCrockfordCode } from '../../lib/crockford';
import type { Audit } from '../../lib/audit';
import { hashRedeemableCode } from '../../lib/redeemable-code-hash';
import { createSealedBox } from '../../lib/sealed-box';
import type { CreditsService } from '../credits/credits.service';
import type { CodeAttempts, CodeCaller } from '../limits/code-attempts';
import * as repo from './codes.repository';

/** 3 groups of 4: 60 bits. */
const GROUPS = 3;
const TAIL_LENGTH = 4;
const PASSES_LISTED = 200;
const REDEMPTIONS_LISTED = 100;
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
export type CodeBatch = { kind: CodeKind; count: number; credits: number; expiresAt?: Date };

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

  /** Claims a one-time code for the player, or says why not (lost the race, or expired). */
  async function claim(tx: Transaction, row: repo.CodeState, userId: string, now: Date) {
    if (row.kind !== 'one_time' || (await repo.claimCode(tx, row.id, userId, now))) return null;
    return refusalOf(await repo.findCode(tx, { id: row.id }, userId), now) ?? 'unknown';
  }

  /** Writes the redemption row and posts its credits, the code being the posting's source. */
  async function record(tx: Transaction, row: repo.CodeState, userId: string, now: Date) {
    const redemption = { codeId: row.id, userId, codeLabel: row.label, redeemedAt: now };
    const isNew = await repo.insertRedemption(tx, redemption);
    if (!isNew) return { status: 'used_by_caller' } as const;
    const source = { type: 'code', id: row.id } as const;
    const request = { userId, delta: row.credits, reason: 'redeem', source } as const;
    const posting = await credits.post(tx, request);
    if (posting.status !== 'posted') throw new Error(`A new redemption posted ${posting.status}.`);
    const { balanceAfter } = posting.posting;
    const item = viewOf({ ...row, mine: now });
    return { status: 'redeemed', item, credits: row.credits, balance: balanceAfter } as const;
  }

  async function redeemIn(tx: Transaction, caller: CodeCaller, code: string): Promise<Redemption> {
    const now = clock.now();
    const { userId } = caller;
    // Before the claim and the redemption row, whose foreign keys share-lock the player's row.
    await credits.lock(tx, userId);
    const row = await repo.findCode(tx, { codeHash: hashOf(code) }, userId);
    const refusal = refusalOf(row, now);
    if (refusal !== null || row === undefined) return { status: refusal ?? 'unknown' };
    const lost = await claim(tx, row, userId, now);
    return lost === null ? record(tx, row, userId, now) : { status: lost };
  }

  return {
    /** Issues `count` Game Passes for a paid order in its transaction; returns the codes. */
    async issueGamePasses(
      tx: Executor,
      order: { id: string; ownerId: string; count: number },
    ): Promise<string[]> {
      const issued = Array.from({ length: order.count }, newRedeemableCode);
      await repo.insertCodes(
        tx,
        issued.map((code) => ({
          ...rowOf(code, 'one_time', GAME_PASS_CREDITS),
          orderId: order.id,
          ownerId: order.ownerId,
          sealedCode: passBox.seal(code),
        })),
      );
      return issued;
    },

    /**
     * Takes back a refunded order's Game Passes in its transaction: each is revoked, and the
     * credits of the redeemed ones are returned per claimer for the caller to take back.
     */
    revokeOrderPasses: (tx: Transaction, orderId: string) =>
      repo.revokeOrderPasses(tx, orderId, clock.now()),

    /** Creates a batch of codes (operators); the returned codes exist nowhere else. */
    async create(batch: CodeBatch): Promise<string[]> {
      const issued = Array.from({ length: batch.count }, newRedeemableCode);
      const rows = issued.map((code) => ({
        ...rowOf(code, batch.kind, batch.credits),
        expiresAt: batch.expiresAt ?? null,
      }));
      await repo.insertCodes(db, rows);
      return issued;
    },

    /** The revoked code's label; null when no live code matches. A revoked code is never found again. */
    revoke: async (code: string): Promise<string | null> =>
      (await repo.revokeCode(db, hashOf(code), clock.now())) ?? null,

    /** Codes for the operator, newest first, with what became of each (never the code). */
    async list(filter: { kind?: CodeKind; unredeemed: boolean; limit: number }) {
      const now = clock.now();
      const rows = await repo.listCodes(db, filter);
      return rows.map((row) => ({ ...row, status: statusOf(row, now) }));
    },

    async gamePasses(ownerId: string): Promise<GamePass[]> {
      const rows = await repo.listGamePasses(db, ownerId, PASSES_LISTED);
      return rows.map((row) => ({
        code: (row.sealedCode === null ? null : passBox.open(row.sealedCode)) ?? row.label,
        orderNumber: row.orderNumber,
        redeemedAt: row.redeemedAt,
        createdAt: row.createdAt,
      }));
    },

    /**
     * The Game Passes the player bought (whoever redeemed them) or redeemed from another
     * player's order, newest first, by label (the console's player page).
     */
    async passesOf(userId: string): Promise<PlayerPass[]> {
      const [owned, redeemed] = await Promise.all([
        repo.listGamePasses(db, userId, PASSES_LISTED),
        repo.listRedeemedPasses(db, userId, PASSES_LISTED),
      ]);
      const passes = [
        ...owned.map((row) => ({ ...row, owned: true })),
        ...redeemed.map((row) => ({ ...row, owned: false })),
      ];
      return passes
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, PASSES_LISTED)
        .map((row) => ({
          label: row.label,
          orderNumber: row.orderNumber,
          owned: row.owned,
          redeemedAt: row.redeemedAt,
          redeemedByPlayer: row.redeemedBy === userId,
          createdAt: row.createdAt,
        }));
    },

    /** The player's latest redemptions of codes of every kind (the console's player page). */
    redemptionsOf: (userId: string) => repo.listRedemptions(db, userId, REDEMPTIONS_LISTED),

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
      const attempt = await codeAttempts.admit(caller);
      const outcome = await transaction((tx) => redeemIn(tx, caller, code));
      if (outcome.status === 'redeemed') {
        await codeAttempts.succeeded(attempt);
        audit(caller, 'codes.redeemed', { userId: caller.userId, codeId: outcome.item.id });
      }
      return outcome;
    },
  };
}

export type CodesService = ReturnType<typeof createCodesService>;
