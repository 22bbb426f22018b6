/**
 * Checkout (security.md W5, W6; R6, R7, R11): the server prices the SKU from the catalogue,
 * refuses a total the player was not shown, records a pending order per Idempotency-Key, charges
 * through the payment provider with the order id as the provider's idempotency key, and grants
 * in one transaction with marking the order paid.
 *
 * Exactly once, whoever asks: a repeated or concurrent request with the same key finds the order
 * and asks the provider again with the same key, which never charges twice and answers the first
 * payment; `markPaid` is conditional, so only one of the racers grants. A request left without a
 * clear answer (timeout, outage) keeps the order pending; the same request again, or the
 * reconciler, settles it.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  formatUsd,
  orderLine,
  ORDERS_PAGE_SIZE,
  refundShortfallMessage,
  type CheckoutRequest,
  type ConsoleOrdersRequest,
  type OrderLine,
} from '@questfield/contract';
import { z } from 'zod';
import type { Executor, Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import { venueDayRange } from '../../lib/slot-schedule';
import {
  failureReason,
  type FoundPayment,
  type PaymentResult,
  type RefundResult,
} from '../../integrations/payments/provider';
import type { Mailer } from '../../integrations/email/mailer';
import { orderConfirmationEmail } from '../../integrations/email/templates';
import type { AccountsService } from '../accounts/accounts.service';
import type { CodesService, GamePass } from '../codes/codes.service';
import type { CreditsService } from '../credits/credits.service';
import * as repo from './orders.repository';
import { quote, type Quote } from './quote';

export type Order = repo.OrderRow & { lines: OrderLine[] };

export type CheckoutOutcome = { order: Order; balance: number };

/** A paid Game Pack, or a redeemed Game Pass, unlocks the pack's soundtracks. */
export type Purchases = {
  orders: Order[];
  gamePasses: GamePass[];
  ownsSoundtracks: boolean;
};

const boughtGamePack = (order: Order) =>
  order.status === 'paid' && order.lines.some((line) => line.sku === 'game-pack');

/**
 * What the processor says of an order's payment, from a webhook event or the reconciler's
 * lookup. `amountCents` null: the event did not say, so a completed payment is not believed.
 */
export type PaymentState = {
  paymentId: string;
  status: 'completed' | 'failed' | 'open';
  amountCents: number | null;
  refundedCents: number;
};

/** A Square payment event (security.md W8). */
export type PaymentUpdate = PaymentState & {
  eventId: string;
  eventType: string;
  referenceId: string | undefined;
};

/** A Square dispute event: a chargeback on one of our payments. */
export type DisputeUpdate = {
  eventId: string;
  eventType: string;
  disputeId: string;
  paymentId: string;
  state: string;
  reason: string;
  amountCents: number;
};

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

/** What a full refund takes back from one player: what the order gave them, and what they have. */
type TakeBack = { userId: string; credits: number; balance: number; missing: number };

/** What a full refund of a paid order does besides the money: passes revoked, credits taken back. */
export type Clawback = { takeBack: TakeBack[]; passes: number; credits: number; missing: number };

/**
 * Joins an admin's refund with the audit row: in the refund's transaction with what it took
 * back, or alone (null) when a failed refund is asked for again.
 */
type Also = (executor: Executor, order: repo.OrderRow, clawback: Clawback | null) => Promise<void>;

/** A player a refund takes back from, by name. */
type NamedTakeBack = TakeBack & { username: string };

/** What an event did, for the webhook's log line. */
export type EventOutcome = 'applied' | 'repeated' | 'unknown-order' | repo.OrderFlag;

/** Pending orders older than this are asked after by the reconciler… */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** …and failed when the processor has no payment for them after this long. */
export const ABANDON_AFTER_MS = 30 * 60_000;
const RECONCILE_BATCH = 20;

const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ORDER_NUMBER_LENGTH = 10;
const ORDERS_LISTED = 50;

/** 'QF-7K3M9X2P4D': 50 random bits, Crockford base32, never a client's choice (W5). */
function newOrderNumber(): string {
  const chars = Array.from(
    { length: ORDER_NUMBER_LENGTH },
    () => ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)],
  );
  return `QF-${chars.join('')}`;
}

/** Binds a key to one request: the same key with another body is refused, not charged. */
function requestHash(quoted: Quote, paymentToken: string): string {
  const body = JSON.stringify([quoted.sku, quoted.quantity, quoted.amountCents, paymentToken]);
  return createHash('sha256').update(body).digest('hex');
}

/** The Game Passes an order issues: one per Game Pack it bought. */
const passCountOf = (order: Order) =>
  order.kind === 'game_pack' ? (order.lines[0]?.quantity ?? 0) : 0;

/** A stored order's lines, checked against the contract: a row this code did not write fails loudly. */
const orderLines = z.array(orderLine);
const withLines = (row: repo.OrderRow): Order => ({ ...row, lines: orderLines.parse(row.items) });

export type OrdersDeps = Pick<Infra, 'db' | 'env' | 'transaction' | 'clock' | 'payments'> & {
  credits: CreditsService;
  codes: Pick<
    CodesService,
    'issueGamePasses' | 'revokeOrderPasses' | 'gamePasses' | 'redeemedGamePass'
  >;
  accounts: Pick<AccountsService, 'find'>;
  mailer: Pick<Mailer, 'queue' | 'wake'>;
};

export function createOrdersService(deps: OrdersDeps) {
  const { db, env, transaction, clock, payments, credits, codes, accounts, mailer } = deps;

  /** What a paid order brings, in its transaction: credits, Game Passes, the confirmation. */
  async function grant(tx: Transaction, order: Order): Promise<void> {
    if (order.credits > 0) {
      await credits.post(tx, {
        userId: order.userId,
        delta: order.credits,
        reason: 'purchase',
        source: { type: 'order', id: order.id },
      });
    }
    const gamePasses = await codes.issueGamePasses(tx, {
      id: order.id,
      ownerId: order.userId,
      count: passCountOf(order),
    });
    const buyer = await accounts.find(order.userId, tx);
    if (buyer === undefined) return;
    const mail = orderConfirmationEmail({
      username: buyer.username,
      orderNumber: order.orderNumber,
      amount: formatUsd(order.amountCents),
      lines: order.lines,
      credits: order.credits,
      gamePasses,
    });
    await mailer.queue(tx, buyer.email, mail);
  }

  /** Marks the order paid and grants what it bought, together, once. */
  async function fulfil(order: repo.OrderRow, paymentId: string): Promise<CheckoutOutcome> {
    const outcome = await transaction(async (tx) => {
      const paid = await repo.markPaid(tx, order.id, paymentId, clock.now());
      if (paid !== undefined) await grant(tx, withLines(paid));
      const current = paid ?? (await repo.findById(tx, order.id)) ?? order;
      return { order: withLines(current), balance: await credits.balance(tx, order.userId) };
    });
    mailer.wake();
    return outcome;
  }

  /**
   * Takes `amount` credits back from a player for a refunded order, as far as the balance
   * allows; how many it took (a repeat takes none again and answers the first).
   */
  async function takeBack(tx: Transaction, orderId: string, userId: string, amount: number) {
    const posting = (delta: number) => ({
      userId,
      delta,
      reason: 'refund' as const,
      source: { type: 'refund' as const, id: orderId },
    });
    const outcome = await credits.post(tx, posting(-amount));
    if (outcome.status !== 'insufficient') return -outcome.posting.delta;
    // Credits already spent stay spent; the rest is taken back.
    if (outcome.balance > 0) await credits.post(tx, posting(-outcome.balance));
    return outcome.balance;
  }

  /**
   * In `tx`, a paid order becomes refunded and gives back what it granted: its Game Passes are
   * revoked, and the buyer (its credits) and whoever redeemed a pass (the pass's credits) give
   * them back as far as their balances allow. A pending order becomes refunded and never pays.
   * Null when the order was neither paid nor pending (refunded already: nothing happens twice).
   */
  async function clawBack(tx: Transaction, order: repo.OrderRow): Promise<Clawback | null> {
    await credits.lock(tx, order.userId);
    const wasPaid = await repo.markRefunded(tx, order.id, clock.now());
    if (wasPaid === undefined) return null;
    if (!wasPaid) return { takeBack: [], passes: 0, credits: 0, missing: 0 };
    const owed = new Map<string, number>([[order.userId, order.credits]]);
    const revoked = await codes.revokeOrderPasses(tx, order.id);
    for (const pass of revoked) owed.set(pass.userId, (owed.get(pass.userId) ?? 0) + pass.credits);
    // One player at a time in a fixed order, so two refunds never wait on each other.
    const players = [...owed]
      .filter(([, amount]) => amount > 0)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    const takenBack: TakeBack[] = [];
    for (const [userId, amount] of players) {
      const balance = await credits.lock(tx, userId);
      const taken = await takeBack(tx, order.id, userId, amount);
      takenBack.push({ userId, credits: amount, balance, missing: amount - taken });
    }
    const total = (key: 'credits' | 'missing') =>
      takenBack.reduce((sum, player) => sum + player[key], 0);
    return {
      takeBack: takenBack,
      passes: passCountOf(withLines(order)),
      credits: total('credits'),
      missing: total('missing'),
    };
  }

  /**
   * A full refund the processor reports, whenever it arrives (its dashboard, or a payment event):
   * what the order gave comes back as far as balances allow, and the refund is recorded, once.
   */
  async function refund(
    order: repo.OrderRow,
    news: { providerRefundId: string | null; status: 'pending' | 'completed' } = {
      providerRefundId: null,
      status: 'completed',
    },
  ) {
    await transaction(async (tx) => {
      const clawed = await clawBack(tx, order);
      if (clawed === null) return;
      await repo.insertRefund(tx, {
        orderId: order.id,
        amountCents: order.amountCents,
        requestedBy: null,
        shortfallCredits: clawed.missing,
        ...news,
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

  /** Records the processor's answer on the refund; the refund as it stands after it. */
  async function recordAnswer(
    order: repo.OrderRow,
    row: repo.RefundRow,
    answer: RefundResult,
  ): Promise<repo.RefundRow> {
    const now = clock.now();
    if (answer.outcome === 'unknown') return row;
    const settled = await repo.settleRefund(
      db,
      row.id,
      answer.outcome === 'failed'
        ? { status: 'failed', failureCode: answer.code }
        : { status: answer.outcome, providerRefundId: answer.refundId },
      now,
    );
    if (settled?.status === 'failed') await repo.flagOrder(db, order.id, 'refund_failed', now);
    if (settled?.status === 'completed') await repo.unflagOrder(db, order.id, 'refund_failed');
    return settled ?? (await repo.findRefund(db, order.id)) ?? row;
  }

  /**
   * Asks the processor to refund the order's payment, with the refund's attempt as the key: the
   * same attempt asked again (a lost answer, a double click) never refunds twice.
   */
  async function askProcessor(order: repo.OrderRow, row: repo.RefundRow) {
    const answer = await payments.refundPayment({
      idempotencyKey: `${row.id}.${row.attempts}`,
      paymentId: order.providerPaymentId ?? '',
      amountCents: row.amountCents,
      currency: 'USD',
      reason: `Refund of ${order.orderNumber}`,
    });
    return recordAnswer(order, row, answer);
  }

  /**
   * A refund asked for again: a failed one is retried under a new key (its credits were taken
   * back already), one whose answer was lost is asked again under its own key; any other is done.
   */
  async function askAgain(order: repo.OrderRow, row: repo.RefundRow, also: Also) {
    if (row.status === 'failed') {
      const retried = (await repo.retryRefund(db, row.id, clock.now())) ?? row;
      if (retried.status === 'failed') return fail('ORDER_ALREADY_REFUNDED');
      await also(db, order, null);
      return askProcessor(order, retried);
    }
    if (row.status === 'pending' && row.providerRefundId === null) return askProcessor(order, row);
    return fail('ORDER_ALREADY_REFUNDED');
  }

  /** What a refund event says, applied to our refund of that payment, or as a dashboard refund. */
  async function applyRefundState(
    order: repo.OrderRow,
    update: RefundUpdate,
  ): Promise<EventOutcome> {
    const row = await repo.findRefund(db, order.id);
    const answer: RefundResult =
      update.status === 'failed'
        ? { outcome: 'failed', code: update.failureCode }
        : { outcome: update.status, refundId: update.refundId };
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
    await refund(order, { providerRefundId: update.refundId, status: answer.outcome });
    return 'applied';
  }

  /** A paid order with a payment to refund, by its number; refused otherwise. */
  async function refundableOrder(orderNumber: string): Promise<repo.OrderRow> {
    const order = (await repo.findByNumber(db, orderNumber)) ?? fail('ORDER_NOT_FOUND');
    if (order.status === 'refunded') fail('ORDER_ALREADY_REFUNDED');
    if (order.status !== 'paid' || order.providerPaymentId === null) fail('ORDER_NOT_REFUNDABLE');
    return order;
  }

  /** Whether a report is about another payment, or another amount, than the order's. */
  function mismatchOf(order: repo.OrderRow, state: PaymentState): boolean {
    const otherPayment =
      order.providerPaymentId !== null && order.providerPaymentId !== state.paymentId;
    const moneyMoved = state.status === 'completed' || state.refundedCents > 0;
    return otherPayment || (moneyMoved && state.amountCents !== order.amountCents);
  }

  /**
   * What the processor reports for an order, applied whatever order reports arrive in: a full
   * refund wins over everything (a refunded Square payment stays COMPLETED); a report about
   * another payment or amount changes nothing and flags the order. Idempotent.
   */
  async function applyPaymentState(
    order: repo.OrderRow,
    state: PaymentState,
  ): Promise<EventOutcome> {
    const now = clock.now();
    if (mismatchOf(order, state)) {
      await repo.flagOrder(db, order.id, 'payment_mismatch', now);
      return 'payment_mismatch';
    }
    if (state.refundedCents >= order.amountCents) {
      await refund(order);
      return 'applied';
    }
    if (state.refundedCents > 0) await repo.flagOrder(db, order.id, 'partially_refunded', now);
    if (state.status === 'completed') await fulfil(order, state.paymentId);
    if (state.status === 'failed') await repo.markFailed(db, order.id, 'PAYMENT_FAILED', now);
    return state.refundedCents > 0 ? 'partially_refunded' : 'applied';
  }

  /** What the reconciler's lookup found, as a payment state. */
  function stateOfFound(found: FoundPayment): PaymentState | null {
    if (found.status === 'completed') return { ...found, status: 'completed' };
    if (found.status === 'failed') {
      return { paymentId: found.paymentId, status: 'failed', amountCents: null, refundedCents: 0 };
    }
    return null;
  }

  async function settle(order: repo.OrderRow, result: PaymentResult): Promise<CheckoutOutcome> {
    switch (result.outcome) {
      case 'completed':
        return fulfil(order, result.paymentId);
      case 'declined':
      case 'refused':
      case 'key-reused': {
        const code = result.outcome === 'declined' ? result.code : 'PROVIDER_REFUSED';
        await repo.markFailed(db, order.id, code, clock.now());
        return fail('PAYMENT_FAILED', failureReason(code));
      }
      case 'unknown':
        return fail('PAYMENT_PENDING');
    }
  }

  /** An order this key already made: its result again, asking the provider once more if open. */
  async function resume(order: repo.OrderRow, paymentToken: string, buyerEmail: string) {
    if (order.status === 'paid') return fulfil(order, order.providerPaymentId ?? '');
    if (order.status !== 'pending') return fail('PAYMENT_FAILED', failureReason(order.failureCode));
    return settle(order, await charge(order, paymentToken, buyerEmail));
  }

  const ordersOf = async (userId: string): Promise<Order[]> =>
    (await repo.listForUser(db, userId, ORDERS_LISTED)).map(withLines);

  function charge(order: repo.OrderRow, paymentToken: string, buyerEmail: string) {
    return payments.createPayment({
      idempotencyKey: order.id,
      sourceId: paymentToken,
      amountCents: order.amountCents,
      currency: 'USD',
      referenceId: order.orderNumber,
      buyerEmail,
    });
  }

  return {
    async checkout(
      buyer: { userId: string; email: string },
      request: CheckoutRequest,
      idemKey: string,
    ): Promise<CheckoutOutcome> {
      const quoted = quote(request);
      const hash = requestHash(quoted, request.paymentToken);
      const created = await repo.insertOrder(db, {
        orderNumber: newOrderNumber(),
        userId: buyer.userId,
        idemKey,
        requestHash: hash,
        kind: quoted.kind,
        items: quoted.lines,
        amountCents: quoted.amountCents,
        credits: quoted.credits,
        provider: payments.name,
        createdAt: clock.now(),
      });
      if (created !== undefined) {
        return settle(created, await charge(created, request.paymentToken, buyer.email));
      }
      const existing = await repo.findByKey(db, buyer.userId, idemKey);
      if (existing === undefined || existing.requestHash !== hash) fail('IDEMPOTENCY_KEY_REUSED');
      return resume(existing, request.paymentToken, buyer.email);
    },

    /** A Square payment event, once per event id (security.md W8). */
    async applyPaymentUpdate(update: PaymentUpdate): Promise<EventOutcome> {
      if (await repo.isEventHandled(db, update.eventId)) return 'repeated';
      const order =
        update.referenceId === undefined
          ? undefined
          : await repo.findByNumber(db, update.referenceId);
      const outcome =
        order === undefined ? 'unknown-order' : await applyPaymentState(order, update);
      await repo.recordEvent(db, update.eventId, update.eventType, clock.now());
      return outcome;
    },

    /**
     * A chargeback (dispute.*): recorded with its latest state, and the order flagged for
     * operators. What it granted stays until an operator decides (most disputes are won).
     */
    async applyDispute(update: DisputeUpdate): Promise<EventOutcome> {
      if (await repo.isEventHandled(db, update.eventId)) return 'repeated';
      const order = await repo.findByPaymentId(db, update.paymentId);
      if (order !== undefined) {
        await transaction(async (tx) => {
          const now = clock.now();
          await repo.recordDispute(tx, { ...update, orderId: order.id, now });
          await repo.flagOrder(tx, order.id, 'disputed', now);
        });
      }
      await repo.recordEvent(db, update.eventId, update.eventType, clock.now());
      return order === undefined ? 'unknown-order' : 'disputed';
    },

    /** Orders waiting for an operator (ORDER_FLAGS), newest flag first, with their disputes. */
    flagged: (limit: number) => repo.listFlagged(db, limit),

    /** Settles orders a crash or a lost answer left pending; returns how many it looked at. */
    async reconcile(): Promise<number> {
      const now = clock.now().getTime();
      const stale = await repo.listStalePending(
        db,
        new Date(now - RECONCILE_AFTER_MS),
        RECONCILE_BATCH,
      );
      for (const order of stale) {
        const found = await payments.findPayment(order.orderNumber, order.createdAt);
        const state = stateOfFound(found);
        if (state !== null) await applyPaymentState(order, state);
        else if (found.status === 'none' && now - order.createdAt.getTime() > ABANDON_AFTER_MS) {
          await repo.markFailed(db, order.id, 'NO_PAYMENT', clock.now());
        }
      }
      return stale.length;
    },

    /** The player's orders and Game Passes, and whether the Game Pack's soundtracks are theirs. */
    async purchases(userId: string): Promise<Purchases> {
      const [orders, gamePasses, redeemedPass] = await Promise.all([
        ordersOf(userId),
        codes.gamePasses(userId),
        codes.redeemedGamePass(userId),
      ]);
      return { orders, gamePasses, ownsSoundtracks: redeemedPass || orders.some(boughtGamePack) };
    },

    /** The player's latest orders, newest first (the console's player page). */
    ordersOf,

    /** A Square refund event, once per event id: our refund's news, or a dashboard refund. */
    async applyRefundUpdate(update: RefundUpdate): Promise<EventOutcome> {
      if (await repo.isEventHandled(db, update.eventId)) return 'repeated';
      const order = await repo.findByPaymentId(db, update.paymentId);
      const outcome = order === undefined ? 'unknown-order' : await applyRefundState(order, update);
      await repo.recordEvent(db, update.eventId, update.eventType, clock.now());
      return outcome;
    },

    /** Every order for the console, newest first, a page at a time. */
    async listForConsole(filter: ConsoleOrdersRequest) {
      const rows = await repo.listForConsole(db, {
        status: filter.status,
        between:
          filter.day === undefined ? undefined : venueDayRange(filter.day, env.venueTimezone),
        cursor: filter.cursor,
        limit: ORDERS_PAGE_SIZE + 1,
      });
      const page = rows
        .slice(0, ORDERS_PAGE_SIZE)
        .map((row) => ({ ...row, order: withLines(row.order) }));
      const last = page.at(-1);
      return {
        orders: page,
        nextCursor: rows.length > ORDERS_PAGE_SIZE && last !== undefined ? last.order.id : null,
      };
    },

    /**
     * What refunding a paid order would take back from whom, rehearsed in a transaction that is
     * rolled back, so the plan is what the refund itself would do now.
     */
    async refundPlan(orderNumber: string) {
      const order = await refundableOrder(orderNumber);
      const clawed =
        (await rehearse((tx) => clawBack(tx, order))) ?? fail('ORDER_ALREADY_REFUNDED');
      const takeBack: NamedTakeBack[] = [];
      for (const player of clawed.takeBack) {
        const account = await accounts.find(player.userId);
        takeBack.push({ ...player, username: account?.username ?? 'deleted player' });
      }
      return { order, takeBack, passes: clawed.passes, missing: clawed.missing };
    },

    /**
     * An admin's full refund of a paid order: in one transaction the order is refunded, its
     * passes revoked and its credits taken back (refused while credits are missing, unless
     * `leaveShortfall`), with the refund row and the audit row (`also`); then the processor is
     * asked to return the money. Asking again for a refunded order refunds nothing twice.
     */
    async refundForOperator(
      request: { orderNumber: string; leaveShortfall: boolean },
      requestedBy: string | null,
      also: Also,
    ) {
      const order = (await repo.findByNumber(db, request.orderNumber)) ?? fail('ORDER_NOT_FOUND');
      const existing = await repo.findRefund(db, order.id);
      if (existing !== undefined) return { order, refund: await askAgain(order, existing, also) };
      await refundableOrder(request.orderNumber);
      const row = await transaction(async (tx) => {
        const clawed = (await clawBack(tx, order)) ?? fail('ORDER_ALREADY_REFUNDED');
        if (clawed.missing > 0 && !request.leaveShortfall) {
          fail('REFUND_SHORTFALL', refundShortfallMessage(clawed.missing));
        }
        const inserted = await repo.insertRefund(tx, {
          orderId: order.id,
          amountCents: order.amountCents,
          requestedBy,
          shortfallCredits: clawed.missing,
          status: 'pending',
          providerRefundId: null,
          now: clock.now(),
        });
        await also(tx, order, clawed);
        return inserted ?? fail('ORDER_ALREADY_REFUNDED');
      });
      return { order, refund: await askProcessor(order, row) };
    },

    /** One order as the console lists it (after a refund). */
    async consoleOrderByNumber(orderNumber: string) {
      const order = (await repo.findByNumber(db, orderNumber)) ?? fail('ORDER_NOT_FOUND');
      const [row] = await repo.listForConsole(db, { orderId: order.id, limit: 1 });
      return row === undefined ? fail('ORDER_NOT_FOUND') : { ...row, order: withLines(row.order) };
    },

    /** A report's orders placed in [from, to) by SKU, paid and refunded. */
    revenueBySku: (range: { from: Date; to: Date }) => repo.revenueBySku(db, range),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
