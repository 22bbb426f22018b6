/**
 * Checkout (security.md W5, W6; R6, R7, R11): the server prices the SKU from the catalogue,
 * refuses a total the player was not shown, records a pending order per Idempotency-Key, charges
 * through the payment provider with the order id as the provider's idempotency key, and grants
 * in the statement that marks the order paid.
 *
 * Exactly once, whoever asks: a repeated or concurrent request with the same key finds the order
 * and asks the provider again with the same key, which never charges twice and answers the first
 * payment; marking it paid is conditional, and one statement with everything the order brings
 * (`markPaidWith`, ADR 0042), so only one of the racers grants. A request left without a
 * clear answer (timeout, outage) keeps the order pending; the same request again, or the
 * reconciler, settles it.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  formatUsd,
  ORDERS_EXPORT_MAX,
  ORDERS_PAGE_SIZE,
  ordersExportFilename,
  PLAYER_ORDERS_PAGE_SIZE,
  type CheckoutRequest,
  type ConsoleOrdersFilter,
  type ConsoleOrdersRequest,
} from '@questfield/contract';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import { readPage, type Page } from '../../lib/page-cursor';
import { venueDayOf, venueDayRange } from '../../lib/slot-schedule';
import {
  failureReason,
  type FoundPayment,
  type PaymentResult,
} from '../../integrations/payments/provider';
import type { Mailer } from '../../integrations/email/mailer';
import { mailDraft } from '../../integrations/email/templates';
import type { AccountsService } from '../accounts/accounts.service';
import type { CodesService, GamePass } from '../codes/codes.service';
import type { CreditsService } from '../credits/credits.service';
import { passCountOf, withLines, type Order } from './order';
import { ordersCsv } from './orders-csv';
import * as repo from './orders.repository';
import { quote, type Quote } from './quote';
import { createRefunds, type RefundNews, type RefundsDeps, type RefundUpdate } from './refunds';

export type { Order } from './order';
export type { RefundUpdate } from './refunds';

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

/** What an event did, for the webhook's log line. */
export type EventOutcome = 'applied' | 'repeated' | 'unknown-order' | repo.OrderFlag;

/**
 * Pending orders older than this are asked after by the reconciler…
 * @internal Exported for tests.
 */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/**
 * …and failed when the processor has no payment for them after this long.
 * @internal Exported for tests.
 */
export const ABANDON_AFTER_MS = 30 * 60_000;
const RECONCILE_BATCH = 20;

const ORDER_NUMBER_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ORDER_NUMBER_LENGTH = 10;
const ORDERS_LISTED = 50;
/** Orders one read of the console's CSV takes, so no statement returns the whole export. */
const EXPORT_PAGE_SIZE = 1_000;

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

export type OrdersDeps = Pick<Infra, 'db' | 'env' | 'transaction' | 'clock' | 'payments'> & {
  credits: CreditsService;
  seats: RefundsDeps['seats'];
  codes: Pick<
    CodesService,
    'issuing' | 'revokeOrderPasses' | 'orderPassClaimers' | 'gamePasses' | 'redeemedGamePass'
  >;
  accounts: Pick<AccountsService, 'find'>;
  mailer: Pick<Mailer, 'queue' | 'queueing' | 'wake'>;
};

/** The buyer as the checkout's session read them: whom the confirmation goes to. */
type Buyer = { email: string; username: string };

export function createOrdersService(deps: OrdersDeps) {
  const { db, env, transaction, clock, payments, credits, codes, accounts, mailer } = deps;
  const { seats } = deps;
  const refunds = createRefunds({
    ...{ db, transaction, clock, payments },
    ...{ credits, seats, codes, accounts, mailer },
  });

  /** The console's filter as the repository takes it (a venue day is a range of instants). */
  const consoleFilter = ({ status, flag, day }: ConsoleOrdersFilter) => ({
    status,
    flag,
    between: day === undefined ? undefined : venueDayRange(day, env.venueTimezone),
  });

  /**
   * What a paid order brings, as steps of the statement that marks it paid (ADR 0042): credits,
   * Game Passes, the confirmation (to `buyer` when the checkout's session named them, else as
   * the account reads now; none for an account gone).
   */
  async function grants(order: Order, buyer?: Buyer): Promise<repo.PaidSteps> {
    const gate = repo.ORDER_PAID;
    const source = { type: 'order', id: order.id } as const;
    const request = {
      userId: order.userId,
      delta: order.credits,
      reason: 'purchase',
      source,
    } as const;
    const credit = order.credits > 0 ? credits.charging(request, gate) : null;
    const passes = codes.issuing(
      { id: order.id, ownerId: order.userId, count: passCountOf(order) },
      gate,
    );
    const to = buyer ?? (await accounts.find(order.userId));
    if (to === undefined) return { credit, passes: passes.step, mail: null };
    const mail = mailDraft('order_confirmation', {
      username: to.username,
      orderNumber: order.orderNumber,
      amount: formatUsd(order.amountCents),
      lines: order.lines,
      credits: order.credits,
      gamePasses: passes.codes,
    });
    return { credit, passes: passes.step, mail: mailer.queueing(to.email, mail, gate) };
  }

  /** Marks the order paid and grants what it bought, together, once (one statement). */
  async function fulfil(
    order: repo.OrderRow,
    paymentId: string,
    buyer?: Buyer,
  ): Promise<CheckoutOutcome> {
    const now = clock.now();
    const steps = await grants(withLines(order), buyer);
    const paid = await repo.markPaidWith(db, { id: order.id, paymentId, now }, steps);
    if (paid === undefined) {
      // Settled by another request, or no longer pending: answered as it stands.
      const current = (await repo.findById(db, order.id)) ?? order;
      return { order: withLines(current), balance: await credits.balance(db, order.userId) };
    }
    mailer.wake();
    const current = {
      ...order,
      status: 'paid',
      providerPaymentId: paymentId,
      paidAt: now,
      updatedAt: now,
    } as const;
    const balance = paid.balanceAfter ?? (await credits.balance(db, order.userId));
    return { order: withLines(current), balance };
  }

  /** Whether a report is about another payment, or another amount, than the order's. */
  function mismatchOf(order: repo.OrderRow, state: PaymentState): boolean {
    const otherPayment =
      order.providerPaymentId !== null && order.providerPaymentId !== state.paymentId;
    const moneyMoved = state.status === 'completed' || state.refundedCents > 0;
    return otherPayment || (moneyMoved && state.amountCents !== order.amountCents);
  }

  /**
   * How much of a payment is refunded, by what the processor says of it now and by the refunds
   * it reported before (their events may have come before any order named the payment), and
   * what to record of the refund: the reported one, completed if the payment says so.
   */
  async function refundOf(state: Pick<PaymentState, 'paymentId' | 'refundedCents'>) {
    const reported = await repo.reportedRefundsOf(db, state.paymentId);
    const reportedCents = reported.reduce((sum, refund) => sum + refund.amountCents, 0);
    const [first] = reported;
    const news: RefundNews = {
      paymentId: state.paymentId,
      providerRefundId: first?.refundId ?? null,
      status: state.refundedCents > 0 || first?.status !== 'pending' ? 'completed' : 'pending',
    };
    return { cents: Math.max(state.refundedCents, reportedCents), news };
  }

  /** A full refund of the payment reported before it settled takes the order back; true if so. */
  async function applyReportedRefund(order: repo.OrderRow, paymentId: string): Promise<boolean> {
    const refunded = await refundOf({ paymentId, refundedCents: 0 });
    if (refunded.cents < order.amountCents) return false;
    await refunds.refund(order, refunded.news);
    return true;
  }

  /**
   * What the processor reports for an order, applied whatever order reports arrive in: a full
   * refund, reported now or before, wins over everything (a refunded Square payment stays
   * COMPLETED); a report about another payment or amount changes nothing and flags the order.
   * Idempotent.
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
    const refunded = await refundOf(state);
    if (refunded.cents >= order.amountCents) {
      await refunds.refund(order, refunded.news);
      return 'applied';
    }
    // What an admin refunded of it here (ADR 0056) is ours; only more than that is a person's call.
    const partlyElsewhere = refunded.cents > order.refundedCents;
    if (partlyElsewhere) await repo.flagOrder(db, order.id, 'partially_refunded', now);
    if (state.status === 'completed') {
      await fulfil(order, state.paymentId);
      // A refund reported while this settled, when no order named the payment yet, finds it now.
      if (await applyReportedRefund(order, state.paymentId)) return 'applied';
    }
    if (state.status === 'failed') await repo.markFailed(db, order.id, 'PAYMENT_FAILED', now);
    return partlyElsewhere ? 'partially_refunded' : 'applied';
  }

  /** What the reconciler's lookup found, as a payment state. */
  function stateOfFound(found: FoundPayment): PaymentState | null {
    if (found.status === 'completed') return { ...found, status: 'completed' };
    if (found.status === 'failed') {
      return { paymentId: found.paymentId, status: 'failed', amountCents: null, refundedCents: 0 };
    }
    return null;
  }

  async function settle(
    order: repo.OrderRow,
    result: PaymentResult,
    buyer?: Buyer,
  ): Promise<CheckoutOutcome> {
    switch (result.outcome) {
      case 'completed':
        return fulfil(order, result.paymentId, buyer);
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
  async function resume(order: repo.OrderRow, paymentToken: string, buyer: Buyer) {
    if (order.status === 'paid') return fulfil(order, order.providerPaymentId ?? '', buyer);
    if (order.status !== 'pending') return fail('PAYMENT_FAILED', failureReason(order.failureCode));
    return settle(order, await charge(order, paymentToken, buyer.email), buyer);
  }

  const ordersOf = async (userId: string): Promise<Order[]> =>
    (await repo.listForUser(db, userId, { after: null, limit: ORDERS_LISTED })).map(withLines);

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
      buyer: Buyer & { userId: string },
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
        return settle(created, await charge(created, request.paymentToken, buyer.email), buyer);
      }
      const existing = await repo.findByKey(db, buyer.userId, idemKey);
      if (existing === undefined || existing.requestHash !== hash) fail('IDEMPOTENCY_KEY_REUSED');
      return resume(existing, request.paymentToken, buyer);
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

    /**
     * Settles orders a crash or a lost answer left pending, and asks again about refunds whose
     * answer was lost; returns how many it looked at.
     */
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
      return stale.length + (await refunds.askUnanswered());
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

    /** A page of the player's orders, newest first (the console's player page). */
    ordersPage: (userId: string, cursor?: string): Promise<Page<Order>> =>
      readPage(
        cursor,
        PLAYER_ORDERS_PAGE_SIZE,
        async (after, limit) =>
          (await repo.listForUser(db, userId, { after, limit })).map(withLines),
        (order) => ({ at: order.createdAt, id: order.id }),
      ),

    /**
     * A Square refund event, once per event id: our refund's news, or a dashboard refund. It is
     * recorded before the order is looked for, so that of a refund and its payment's settlement
     * at once, one finds the other (the settlement looks for it after marking the order paid).
     */
    async applyRefundUpdate(update: RefundUpdate): Promise<EventOutcome> {
      if (await repo.isEventHandled(db, update.eventId)) return 'repeated';
      const { refundId, paymentId, amountCents } = update;
      const refund = { refundId, paymentId, amountCents, status: update.status };
      const recorded = await repo.recordReportedRefund(db, refund, clock.now());
      const order = await repo.findByPaymentId(db, update.paymentId);
      const latest = { ...update, status: recorded.status };
      const outcome =
        order === undefined ? 'unknown-order' : await refunds.applyRefundState(order, latest);
      await repo.recordEvent(db, update.eventId, update.eventType, clock.now());
      return outcome;
    },

    /** Every order for the console, newest first, a page at a time. */
    async listForConsole(filter: ConsoleOrdersRequest) {
      const rows = await repo.listForConsole(db, {
        ...consoleFilter(filter),
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
     * The console's CSV of every order the filter matches, newest first: at most
     * ORDERS_EXPORT_MAX, read EXPORT_PAGE_SIZE at a time, named by today's venue day.
     */
    async exportForConsole(filter: ConsoleOrdersFilter) {
      const rows: repo.ConsoleOrderRow[] = [];
      let cursor: string | undefined;
      while (rows.length < ORDERS_EXPORT_MAX) {
        const limit = Math.min(EXPORT_PAGE_SIZE, ORDERS_EXPORT_MAX - rows.length);
        const page = await repo.listForConsole(db, { ...consoleFilter(filter), cursor, limit });
        rows.push(...page);
        cursor = page.at(-1)?.order.id;
        if (page.length < limit || cursor === undefined) break;
      }
      return {
        csv: ordersCsv(rows, env.venueTimezone),
        filename: ordersExportFilename(venueDayOf(clock.now(), env.venueTimezone)),
      };
    },

    refundPlan: refunds.refundPlan,
    refundForOperator: refunds.refundForOperator,

    /** One order as the console lists it (after a refund). */
    async consoleOrderByNumber(orderNumber: string) {
      const order = (await repo.findByNumber(db, orderNumber)) ?? fail('ORDER_NOT_FOUND');
      const [row] = await repo.listForConsole(db, { orderId: order.id, limit: 1 });
      return row === undefined ? fail('ORDER_NOT_FOUND') : { ...row, order: withLines(row.order) };
    },

    /** A report's orders placed in [from, to) by SKU, paid and refunded. */
    revenueBySku: (range: { from: Date; to: Date }) => repo.revenueBySku(db, range),

    /** The console's today: sales and refunds of [from, to), and the orders flagged now. */
    dayTakings: (range: { from: Date; to: Date }) => repo.dayTakings(db, range),
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
