/**
 * Refunds of paid orders (ADR 0027): an admin's full refund from the console or the command
 * line, a refund made in Square's dashboard, and the processor's news of either.
 *
 * - What the order gave comes back in one transaction before any money moves: the order is
 *   refunded, its Game Passes revoked, and its credits taken back from the buyer and from whoever
 *   redeemed a pass, as far as their balances allow (clawBack). Only then is the processor asked,
 *   so the credits cannot be spent while the money travels.
 * - One flow and one table (ADR 0064): a full refund, an admin's or one made in Square's
 *   dashboard, is the refund of all that is left, a row of `order_refunds` beside the
 *   refunds of an amount (ADR 0056), under a request key of its own (`full:`, `square:`), and is
 *   asked for, answered, asked again, retried and mailed as they are.
 * - Every refund's transaction locks the order's row first (so two requests under one key, or a
 *   webhook's refund beside an admin's, queue there and never deadlock), then every player it
 *   takes from in one id order, so two refunds that take from each other's players (crosswise
 *   Game Passes) never wait on each other.
 * - The processor is asked with the refund's attempt as the idempotency key: a lost answer is
 *   asked again under the same key (the reconciler, or the admin again), a refusal is retried
 *   under the next; nothing is refunded twice.
 * - The buyer of an admin's refund is mailed when the money is back on the card, whichever
 *   answer says so first (the processor's, its webhook, the reconciler's): the mail waits on the
 *   refund row and is taken off it as it is queued, in one transaction, so it goes once.
 */
import { randomUUID } from 'node:crypto';
import {
  formatUsd,
  GAME_PASS_CREDITS,
  refundOverRemainingMessage,
  refundShortfallMessage,
} from '@questfield/contract';
import type { Executor, Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { RefundResult } from '../../integrations/payments/provider';
import type { Mailer } from '../../integrations/email/mailer';
import { mailDraft } from '../../integrations/email/templates';
import type { AccountsService } from '../accounts/accounts.service';
import type { CodesService } from '../codes/codes.service';
import type { CancellationService } from '../bookings/cancellation.service';
import type { CreditsService } from '../credits/credits.service';
import { passCountOf, withLines } from './order';
import * as repo from './orders.repository';

/** A Square refund event (refund.created, refund.updated): one refund of one of our payments. */
export type RefundUpdate = {
  eventId: string;
  eventType: string;
  refundId: string;
  paymentId: string;
  status: 'pending' | 'completed' | 'failed';
  /** Square's status when it failed (FAILED, REJECTED). */
  failureCode: string;
  amountCents: number;
};

/** A full refund the processor reported: of which payment, its id (if it named one), its status. */
export type RefundNews = {
  paymentId: string;
  providerRefundId: string | null;
  status: 'pending' | 'completed';
};

/** What a full refund takes back from one player: what the order gave them, and what they have. */
type TakeBack = { userId: string; credits: number; balance: number; missing: number };

/** What the buyer gave back of what the order gave them, and what they had spent (not taken). */
type BuyerTakeBack = { creditsTakenBack: number; creditsSpent: number };

/** What a refund of a paid order does besides the money: passes revoked, credits taken back. */
export type Clawback = {
  takeBack: TakeBack[];
  passes: number;
  credits: number;
  missing: number;
  buyer: BuyerTakeBack;
  /** Credits added to the buyer instead of the money (a refund as credits, ADR 0056). */
  creditsAdded: number;
  /** The money this refund returns. */
  amountCents: number;
};

/**
 * A paid order's refund request from an admin: the order, the shortfall choice and why; with an
 * amount, as credits or a request key it is a refund of an amount (ADR 0056).
 */
type OperatorRefund = {
  orderNumber: string;
  leaveShortfall: boolean;
  reason: string;
  amountCents?: number | undefined;
  asCredits?: boolean | undefined;
  requestKey?: string | undefined;
};

/** A refund of an amount of the order: the money, where it goes, the ledger's source id. */
type Portion = { amountCents: number; asCredits: boolean; sourceId: string };

/**
 * Of `credits` bought for `amountCents`, those counted as refunded once `refundedCents` of the
 * money are (ADR 0056): in proportion, rounded down (in the buyer's favour), all of them once
 * everything is refunded. A refund takes back the difference it makes to the order's credits,
 * and a refund as credits adds the difference it makes to the order's value in credits.
 *
 * @internal Exported for tests.
 */
export function creditsRefundedAt(credits: number, amountCents: number, refundedCents: number) {
  if (refundedCents >= amountCents) return credits;
  return Math.floor((credits * refundedCents) / amountCents);
}

/** What an order is worth in credits: its own, and its Game Passes' (ADR 0056). */
const creditValueOf = (order: repo.OrderRow) =>
  order.credits + passCountOf(withLines(order)) * GAME_PASS_CREDITS;

/** What a refund did besides the money, as its row keeps it. */
const doneBy = (clawed: Clawback) => ({
  creditsTakenBack: clawed.credits - clawed.missing,
  creditsAdded: clawed.creditsAdded,
  shortfallCredits: clawed.missing,
  passesRevoked: clawed.passes,
});

/**
 * Joins an admin's refund with the audit row: in the refund's transaction with what it took
 * back, or (null) in the transaction that asks again for a failed refund, with the amount of
 * that refund when it is one of part of the order (`partCents`).
 */
type Also = (
  executor: Executor,
  order: repo.OrderRow,
  clawback: Clawback | null,
  partCents?: number,
) => Promise<void>;

/** Why an admin asks again for a refund the processor turned down, audited with `also`. */
type AskedAgain = { reason: string; also: Also };

/** A refund's answer that is missing (lost on the way back) or a refusal: someone asks again. */
const waitsForAnswer = (row: { status: string; providerRefundId: string | null }) =>
  row.status === 'failed' || (row.status === 'pending' && row.providerRefundId === null);

/** A player a refund takes back from, by name. */
type NamedTakeBack = TakeBack & { username: string };

/** Refunds whose first answer was lost are asked again after this long… */
const ASK_AGAIN_AFTER_MS = 2 * 60_000;
/** …this many per pass. */
const ASK_AGAIN_BATCH = 20;

export type RefundsDeps = Pick<Infra, 'db' | 'transaction' | 'clock' | 'payments'> & {
  credits: CreditsService;
  seats: Pick<CancellationService, 'giveBackForRefund'>;
  codes: Pick<CodesService, 'revokeOrderPasses' | 'orderPassClaimers'>;
  accounts: Pick<AccountsService, 'find'>;
  mailer: Pick<Mailer, 'queue' | 'wake'>;
};

const NOTHING_TAKEN: BuyerTakeBack = { creditsTakenBack: 0, creditsSpent: 0 };

export function createRefunds({ db, transaction, clock, payments, ...modules }: RefundsDeps) {
  const { credits, seats, codes, accounts, mailer } = modules;

  /**
   * Takes `amount` credits back from a player for a refunded order, as far as the balance
   * allows; how many it took (a repeat takes none again and answers the first).
   */
  async function takeBack(tx: Transaction, sourceId: string, userId: string, amount: number) {
    const posting = (delta: number) => ({
      userId,
      delta,
      reason: 'refund' as const,
      source: { type: 'refund' as const, id: sourceId },
    });
    const outcome = await credits.post(tx, posting(-amount));
    if (outcome.status !== 'insufficient') return -outcome.posting.delta;
    // Credits already spent stay spent; the rest is taken back.
    if (outcome.balance > 0) await credits.post(tx, posting(-outcome.balance));
    return outcome.balance;
  }

  /**
   * Takes back from each player what the order gave them, as far as their balances allow; what
   * the buyer gave back and had spent, which their mail says.
   */
  async function takeBackAll(
    tx: Transaction,
    order: repo.OrderRow,
    players: TakeBack[],
    sourceId: string,
  ) {
    let buyer = NOTHING_TAKEN;
    for (const player of players) {
      const taken = await takeBack(tx, sourceId, player.userId, player.credits);
      if (player.userId !== order.userId) continue;
      buyer = { creditsTakenBack: taken, creditsSpent: player.credits - taken };
    }
    return buyer;
  }

  /**
   * Locks the balances of everyone the order's refund takes from, in one id order, after the
   * order's row and before its passes: the same order every refund and every posting keeps. A
   * pass redeemed after this read is locked when its revocation finds it (that redemption has
   * committed).
   */
  async function lockPlayers(tx: Transaction, order: repo.OrderRow) {
    const claimers = await codes.orderPassClaimers(tx, order.id);
    const players = [...new Set([order.userId, ...claimers])].sort();
    for (const userId of players) await credits.lock(tx, userId);
  }

  /**
   * The order's money this refund claims (all that is left, or `portion`'s amount), and whether
   * it is the last: the order is refunded then. Null when there is none to claim.
   */
  async function claim(
    tx: Transaction,
    order: repo.OrderRow,
    paymentId: string | null,
    portion: Portion | undefined,
  ) {
    if (portion === undefined) {
      const marked = await repo.markRefunded(tx, { id: order.id, paymentId }, clock.now());
      if (marked === undefined) return null;
      const amountCents = order.amountCents - marked.refundedBefore;
      return { ...marked, amountCents, final: true };
    }
    const claimed = await repo.claimRefundAmount(tx, order.id, portion.amountCents, clock.now());
    if (claimed.outcome === 'not_paid') return null;
    if (claimed.outcome === 'over') {
      fail('REFUND_OVER_REMAINING', refundOverRemainingMessage(claimed.remaining));
    }
    return { wasPaid: true, ...claimed, amountCents: portion.amountCents };
  }

  /**
   * In `tx`, a paid order gives back what the refunded money bought (ADR 0027, 0056): a refund
   * of all that is left makes it refunded, revokes its Game Passes and takes back from whoever
   * redeemed one; the buyer gives back the credits the rule counts for this money
   * (creditsRefundedAt), as far as balances allow, and a refund as credits adds that many. A
   * pending order becomes refunded and never pays. Null when the order was neither paid nor
   * pending (refunded already: nothing happens twice).
   */
  async function clawBack(
    tx: Transaction,
    order: repo.OrderRow,
    paymentId = order.providerPaymentId,
    portion?: Portion,
  ): Promise<Clawback | null> {
    // The order first, as every refund's transaction (ADR 0064): a webhook's refund beside an
    // admin's would otherwise hold a player the other waits on while waiting on the order.
    await repo.lockOrder(tx, order.id);
    await lockPlayers(tx, order);
    const claimed = await claim(tx, order, paymentId, portion);
    if (claimed === null) return null;
    if (!claimed.wasPaid) {
      return {
        takeBack: [],
        passes: 0,
        credits: 0,
        missing: 0,
        buyer: NOTHING_TAKEN,
        creditsAdded: 0,
        amountCents: 0,
      };
    }
    const refundedAfter = claimed.refundedBefore + claimed.amountCents;
    // Credits for part of the passes' worth would sit beside the passes themselves.
    if (portion?.asCredits === true && !claimed.final && passCountOf(withLines(order)) > 0) {
      fail('REFUND_PASSES_IN_FULL');
    }
    const share = (credits: number) =>
      creditsRefundedAt(credits, order.amountCents, refundedAfter) -
      creditsRefundedAt(credits, order.amountCents, claimed.refundedBefore);
    const buyerCredits = share(order.credits);
    const owed = new Map<string, number>([[order.userId, buyerCredits]]);
    const revoked = claimed.final ? await codes.revokeOrderPasses(tx, order.id) : [];
    for (const pass of revoked) owed.set(pass.userId, (owed.get(pass.userId) ?? 0) + pass.credits);
    const players = [...owed]
      .filter(([, amount]) => amount > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    const takenBack: TakeBack[] = [];
    for (const [userId, amount] of players) {
      const balance = await credits.lock(tx, userId);
      takenBack.push({ userId, credits: amount, balance, missing: Math.max(0, amount - balance) });
    }
    // What was spent on games not played yet comes back as those seats (ADR 0051).
    const short = takenBack.filter((player) => player.missing > 0);
    const shortOf = new Map(short.map((player) => [player.userId, player.missing]));
    if (shortOf.size > 0) await seats.giveBackForRefund(tx, shortOf);
    const sourceId = portion?.sourceId ?? order.id;
    const buyer = await takeBackAll(tx, order, takenBack, sourceId);
    // Instead of the money: its share of the order's value in credits, after the take-back.
    const creditsAdded = portion?.asCredits === true ? share(creditValueOf(order)) : 0;
    if (creditsAdded > 0) {
      const source = { type: 'refund' as const, id: `${sourceId}.credits` };
      await credits.post(tx, {
        userId: order.userId,
        delta: creditsAdded,
        reason: 'refund',
        source,
      });
    }
    const total = (key: 'credits' | 'missing') =>
      takenBack.reduce((sum, player) => sum + player[key], 0);
    return {
      takeBack: takenBack,
      passes: claimed.final ? passCountOf(withLines(order)) : 0,
      credits: total('credits'),
      missing: total('missing'),
      buyer,
      creditsAdded,
      amountCents: claimed.amountCents,
    };
  }

  /**
   * A full refund of `paymentId` the processor reports, whenever it arrives (its dashboard, or
   * a payment event, before or after the payment settled): what the order gave comes back as far
   * as balances allow, and the refund is recorded, once.
   */
  async function refund(order: repo.OrderRow, news: RefundNews) {
    const { paymentId, ...answer } = news;
    await transaction(async (tx) => {
      const clawed = await clawBack(tx, order, paymentId);
      if (clawed === null) return;
      const id = randomUUID();
      await repo.insertRefund(tx, {
        id,
        orderId: order.id,
        requestKey: repo.refundKey.square(id),
        // An order refunded before it was paid gave nothing: its row keeps what Square returned.
        amountCents: clawed.amountCents > 0 ? clawed.amountCents : order.amountCents,
        destination: 'card',
        ...doneBy(clawed),
        requestedBy: null,
        buyerMail: null,
        ...answer,
        now: clock.now(),
      });
    });
  }

  /** Runs `work` in a transaction that is always rolled back: what it would do, with nothing done. */
  async function rehearse<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    let done: { value: T } | undefined;
    try {
      await transaction(async (tx) => {
        done = { value: await work(tx) };
        tx.rollback();
      });
    } catch (error) {
      if (done === undefined) throw error;
    }
    if (done === undefined) throw new Error('A rehearsal ended without rolling back.');
    return done.value;
  }

  /** Queues the buyer's mail about a refund with these facts (none: nothing), in `tx`. */
  async function queueBuyerMail(
    tx: Transaction,
    order: repo.OrderRow,
    facts: repo.RefundMailFacts | null,
    passesRevoked: number,
  ) {
    const buyer = facts === null ? undefined : await accounts.find(order.userId, tx);
    if (facts === null || buyer === undefined) return false;
    const { part, ...said } = facts;
    const mail = mailDraft('order_refunded', {
      username: buyer.username,
      orderNumber: order.orderNumber,
      amount: formatUsd(part?.amountCents ?? order.amountCents),
      passesRevoked,
      whole: part === undefined || part.amountCents === order.amountCents,
      asCredits: part?.asCredits ?? false,
      creditsAdded: part?.creditsAdded ?? 0,
      ...said,
    });
    await mailer.queue(tx, buyer.email, mail);
    return true;
  }

  /**
   * In the transaction that records a refund's answer: a refusal flags the order
   * `refund_failed`; the money back clears that flag once no other refund of the order is
   * turned down (an order refunded in parts can have several).
   */
  async function flagAfterAnswer(tx: Transaction, order: repo.OrderRow, status?: string) {
    if (status === 'failed') await repo.flagOrder(tx, order.id, 'refund_failed', clock.now());
    if (status !== 'completed' || (await repo.hasFailedRefund(tx, order.id))) return;
    await repo.unflagOrder(tx, order.id, 'refund_failed');
  }

  /**
   * Records the processor's answer on a refund, and once the money is back on the card mails
   * the buyer in the same transaction (an admin's refund holds the mail; an account deleted
   * since has no address, and the mail is dropped with it); the refund as it stands after it.
   */
  async function recordAnswer(
    order: repo.OrderRow,
    row: repo.RefundRow,
    answer: RefundResult,
  ): Promise<repo.RefundRow> {
    const now = clock.now();
    if (answer.outcome === 'unknown') return row;
    const change =
      answer.outcome === 'failed'
        ? ({ status: 'failed', failureCode: answer.code } as const)
        : { status: answer.outcome, providerRefundId: answer.refundId };
    const { settled, mailed } = await transaction(async (tx) => {
      const after = await repo.settleRefund(tx, row.id, change, now);
      await flagAfterAnswer(tx, order, after?.status);
      if (after?.status !== 'completed') return { settled: after, mailed: false };
      const facts = await repo.takeBuyerMail(tx, after.id);
      return {
        settled: after,
        mailed: await queueBuyerMail(tx, order, facts, after.passesRevoked),
      };
    });
    if (mailed) mailer.wake();
    return settled ?? (await repo.findRefund(db, order.id, row.requestKey)) ?? row;
  }

  /**
   * Asks the processor to return a refund to the card, with its attempt as the key: the same
   * attempt asked again (a lost answer, a double click) never refunds twice.
   */
  async function askProcessor(order: repo.OrderRow, row: repo.RefundRow) {
    const answer = await payments.refundPayment({
      idempotencyKey: `${row.id}.${row.attempts}`,
      paymentId: order.providerPaymentId ?? '',
      amountCents: row.amountCents,
      currency: 'USD',
      reason: `${repo.isFullRefund(row) ? 'Refund' : 'Partial refund'} of ${order.orderNumber}`,
    });
    return recordAnswer(order, row, answer);
  }

  /**
   * A refund asked for again (its request key again, or the console's Retry Refund): nothing is
   * taken or claimed again; a card refund whose answer was lost is asked again under its key,
   * one turned down is retried under the next attempt's, audited with the admin's reason, which
   * the buyer's mail then gives; any other answers as it stands.
   */
  async function askAgain(order: repo.OrderRow, row: repo.RefundRow, asked: AskedAgain) {
    if (row.destination === 'credits' || !waitsForAnswer(row)) return row;
    if (row.status !== 'failed') return askProcessor(order, row);
    // The audit row names the amount of a refund of part; a full refund's is the order's.
    const full = repo.isFullRefund(row);
    const retried = await transaction(async (tx) => {
      const pending = await repo.retryRefund(tx, row.id, asked.reason, clock.now());
      if (pending !== undefined) {
        await asked.also(tx, order, null, full ? undefined : row.amountCents);
      }
      return pending;
    });
    if (retried !== undefined) return askProcessor(order, retried);
    // Retried at the same moment by another admin, who asks the processor.
    if (full) fail('ORDER_ALREADY_REFUNDED');
    return (await repo.findRefund(db, order.id, row.requestKey)) ?? row;
  }

  /** The money a refund request returns: its amount, or all that is left of the order. */
  const amountOf = (order: repo.OrderRow, request: Pick<OperatorRefund, 'amountCents'>) =>
    request.amountCents ?? order.amountCents - order.refundedCents;

  /** A paid order with a payment to refund, by its number; refused otherwise. */
  async function refundableOrder(orderNumber: string): Promise<repo.OrderRow> {
    const order = (await repo.findByNumber(db, orderNumber)) ?? fail('ORDER_NOT_FOUND');
    if (order.status === 'refunded') fail('ORDER_ALREADY_REFUNDED');
    if (order.status !== 'paid' || order.providerPaymentId === null) fail('ORDER_NOT_REFUNDABLE');
    return order;
  }

  /** Names the players a refund takes from, for its plan. */
  async function named(players: TakeBack[]): Promise<NamedTakeBack[]> {
    const takeBack: NamedTakeBack[] = [];
    for (const player of players) {
      const account = await accounts.find(player.userId);
      takeBack.push({ ...player, username: account?.username ?? 'deleted player' });
    }
    return takeBack;
  }

  /**
   * An admin's refund (ADR 0027, 0056): in one transaction the money is claimed (the whole
   * order, or an amount, refused past what is left), what the rule counts for it taken back
   * (refused while credits are missing, unless `leaveShortfall`; as credits, added too), the row
   * written under its request key with the buyer's mail and the audit row (`also`); then a card
   * refund asks the processor for the money. The same request key again refunds nothing twice:
   * it answers the refund it made (asking the processor again if its answer was lost).
   */
  async function refundOnce(
    order: repo.OrderRow,
    request: OperatorRefund,
    requestedBy: string | null,
    asked: AskedAgain,
  ) {
    const asCredits = request.asCredits === true;
    // The first refund of an order with no amount and no key is its full refund (ADR 0027):
    // claimed as the whole order, its credits posted under the order's id, as they always were.
    const whole =
      request.amountCents === undefined &&
      !asCredits &&
      request.requestKey === undefined &&
      order.refundedCents === 0;
    const id = randomUUID();
    const requestKey = request.requestKey ?? (whole ? repo.refundKey.full(id) : randomUUID());
    const existing = await repo.findRefund(db, order.id, requestKey);
    if (existing !== undefined) return { order, refund: await askAgain(order, existing, asked) };
    await refundableOrder(request.orderNumber);
    const portion: Portion | undefined = whole
      ? undefined
      : { amountCents: amountOf(order, request), asCredits, sourceId: id };
    let written: { row: repo.RefundRow; mailed: boolean };
    try {
      written = await transaction(async (tx) => {
        await repo.lockOrder(tx, order.id);
        // Made meanwhile under the same key: the catch below answers with it.
        if ((await repo.findRefund(tx, order.id, requestKey)) !== undefined) {
          fail('ORDER_ALREADY_REFUNDED');
        }
        const clawed =
          (await clawBack(tx, order, order.providerPaymentId, portion)) ??
          fail('ORDER_ALREADY_REFUNDED');
        if (clawed.missing > 0 && !request.leaveShortfall) {
          fail('REFUND_SHORTFALL', refundShortfallMessage(clawed.missing));
        }
        const said = { reason: request.reason, ...clawed.buyer };
        const facts: repo.RefundMailFacts =
          portion === undefined
            ? said
            : {
                ...said,
                part: {
                  amountCents: clawed.amountCents,
                  asCredits,
                  creditsAdded: clawed.creditsAdded,
                },
              };
        const inserted =
          (await repo.insertRefund(tx, {
            id,
            orderId: order.id,
            requestKey,
            amountCents: clawed.amountCents,
            destination: asCredits ? 'credits' : 'card',
            ...doneBy(clawed),
            // No money moves for credits: done when written, and the buyer mailed now.
            status: asCredits ? 'completed' : 'pending',
            requestedBy,
            buyerMail: asCredits ? null : facts,
            now: clock.now(),
          })) ?? fail('ORDER_ALREADY_REFUNDED');
        await asked.also(tx, order, clawed);
        const mailed = asCredits && (await queueBuyerMail(tx, order, facts, clawed.passes));
        return { row: inserted, mailed };
      });
    } catch (error) {
      // The same request made at the same moment: the one that wrote answers for both.
      const same = await repo.findRefund(db, order.id, requestKey);
      if (same === undefined) throw error;
      return { order, refund: await askAgain(order, same, asked) };
    }
    if (written.mailed) mailer.wake();
    if (asCredits) return { order, refund: written.row };
    return { order, refund: await askProcessor(order, written.row) };
  }

  /**
   * The order's refund that waits for someone, which a request without an amount or a key (the
   * console's Retry Refund, `orders refund` again) asks again for: one turned down before one
   * whose answer was lost, the oldest first (an order's full refund, made before any of part
   * could be, comes first).
   */
  async function waitingRefund(order: repo.OrderRow) {
    const waiting = (await repo.listRefunds(db, order.id)).filter(
      (row) => row.destination === 'card' && waitsForAnswer(row),
    );
    return waiting.find((row) => row.status === 'failed') ?? waiting[0];
  }

  /**
   * Our refund that a refund event is about: by Square's refund id, or (its news came before the
   * processor's answer named it) a card refund of that amount still unnamed.
   */
  async function ourRefund(order: repo.OrderRow, update: RefundUpdate) {
    const known = await repo.findRefundByProviderId(db, update.refundId);
    if (known !== undefined) return known;
    const rows = await repo.listRefunds(db, order.id);
    return rows.find(
      (row) =>
        row.destination === 'card' &&
        row.providerRefundId === null &&
        row.amountCents === update.amountCents,
    );
  }

  return {
    refund,

    /** What a refund event says, applied to our refund of that payment, or as a dashboard refund. */
    async applyRefundState(
      order: repo.OrderRow,
      update: RefundUpdate,
    ): Promise<'applied' | repo.OrderFlag> {
      const answer: RefundResult =
        update.status === 'failed'
          ? { outcome: 'failed', code: update.failureCode }
          : { outcome: update.status, refundId: update.refundId };
      const row = await ourRefund(order, update);
      if (row !== undefined) {
        // News of an earlier attempt than the one on record changes nothing.
        if (row.providerRefundId !== null && row.providerRefundId !== update.refundId)
          return 'applied';
        const after = await recordAnswer(order, row, answer);
        return after.status === 'failed' ? 'refund_failed' : 'applied';
      }
      if (answer.outcome === 'failed') return 'applied';
      if (update.amountCents < order.amountCents) {
        await repo.flagOrder(db, order.id, 'partially_refunded', clock.now());
        return 'partially_refunded';
      }
      const { paymentId, refundId } = update;
      await refund(order, { paymentId, providerRefundId: refundId, status: answer.outcome });
      return 'applied';
    },

    /**
     * What refunding a paid order would take back from whom, rehearsed in a transaction that is
     * rolled back, so the plan is what the refund itself would do now.
     */
    async refundPlan(
      orderNumber: string,
      part: Pick<OperatorRefund, 'amountCents' | 'asCredits'> = {},
    ) {
      const order = await refundableOrder(orderNumber);
      const portion: Portion = {
        amountCents: amountOf(order, part),
        asCredits: part.asCredits === true,
        sourceId: randomUUID(),
      };
      const clawed =
        (await rehearse((tx) => clawBack(tx, order, order.providerPaymentId, portion))) ??
        fail('ORDER_ALREADY_REFUNDED');
      return {
        order,
        takeBack: await named(clawed.takeBack),
        passes: clawed.passes,
        missing: clawed.missing,
        amountCents: clawed.amountCents,
        remainingCents: order.amountCents - order.refundedCents,
        creditsAdded: clawed.creditsAdded,
      };
    },

    /**
     * An admin's refund of a paid order (ADR 0027, 0056), or one that waits asked again: without
     * an amount, credits or a key, a refund that waits for someone (ADR 0062) is asked again
     * before anything else is refunded; otherwise it is refunded once (refundOnce).
     */
    async refundForOperator(request: OperatorRefund, requestedBy: string | null, also: Also) {
      const order = (await repo.findByNumber(db, request.orderNumber)) ?? fail('ORDER_NOT_FOUND');
      const asked = { reason: request.reason, also };
      const named =
        request.amountCents !== undefined ||
        request.asCredits === true ||
        request.requestKey !== undefined;
      const waiting = named ? undefined : await waitingRefund(order);
      if (waiting !== undefined) return { order, refund: await askAgain(order, waiting, asked) };
      return refundOnce(order, request, requestedBy, asked);
    },

    /**
     * Asks the processor again, under the same key, about refunds to the card whose first answer
     * was lost (a crash or a timeout after the credits were taken back); returns how many it
     * asked about.
     */
    async askUnanswered(): Promise<number> {
      const before = new Date(clock.now().getTime() - ASK_AGAIN_AFTER_MS);
      const unanswered = await repo.listUnansweredRefunds(db, before, ASK_AGAIN_BATCH);
      for (const { order, refund: row } of unanswered) await askProcessor(order, row);
      return unanswered.length;
    },
  };
}
