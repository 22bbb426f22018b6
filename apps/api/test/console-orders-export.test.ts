/**
 * The console's orders by status and flag, and their CSV: the filters narrow the list and the
 * file alike; a filter value the contract does not know is a 400 naming it, never a shorter
 * list; the file is RFC 4180 with a formula guard on every cell, its times in ISO 8601 with the
 * venue's offset of that day, the buyer's username and no email, newest first, read in pages
 * up to ORDERS_EXPORT_MAX rows; staff download it, players are refused.
 */
import { randomUUID } from 'node:crypto';
import {
  API_ROUTES,
  ERRORS,
  ORDERS_EXPORT_MAX,
  type ConsoleOrder,
  type ConsoleOrdersFilter,
} from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orders, paymentDisputes } from '../src/db/schema';
import {
  createTestPaymentProvider,
  type TestPaymentProvider,
} from '../src/integrations/payments/test-provider';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { COOKIE, postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { deliverSquareEvent, disputeEvent, purchase, SQUARE_ENV } from './helpers/payments';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

/** Summer time in the venue's zone (America/New_York, -04:00)… */
const SUMMER = '2026-10-31T16:00:00Z';
/** …and winter time (-05:00): 18:00 on the venue day 2026-11-29. */
const WINTER = '2026-11-29T23:00:00Z';
const HEADER =
  'order number,status,amount,currency,buyer,created at (America/New_York),paid at (America/New_York),refunded,refunded at (America/New_York),flag,dispute state';
/** What a chargeback's state may carry from Square: a formula, quotes and a comma. */
const FORMULA = '=HYPERLINK("https://evil.example","Click,here")';

describe(`the console's orders by status and flag, and their CSV [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(SUMMER);
  let t: TestApp;
  let processor: TestPaymentProvider;
  const { operator, enrol, post, reauth } = consoleClient(() => t, token, clock);
  const db = () => t.database.handle.db;

  beforeEach(async () => {
    clock.set(SUMMER);
    processor = createTestPaymentProvider();
    t = await createTestApp({
      env: SQUARE_ENV,
      clock,
      paymentProvider: processor,
      operatorToken: token,
    });
  });
  afterEach(() => t.close());

  async function buy(who: SignedUp): Promise<string> {
    const answer = await postJson(t.app, 'squareCheckout', purchase('credits-16'), {
      cookie: who.cookie,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<{ order: { orderNumber: string } }>(answer).order.orderNumber;
  }
  const orderRow = async (orderNumber: string) =>
    (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0] ??
    expect.fail(`no order ${orderNumber}`);

  /** The CSV as the screen's link asks for it, with `query` as its query string. */
  const download = (who: { cookie: string; ip: string }, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `${API_ROUTES.consoleOrdersExport.path}${query}`,
      remoteAddress: who.ip,
      headers: { cookie: `${COOKIE}=${who.cookie}` },
    });
  const csvOf = async (who: Operator, query = '') => {
    const answer = await download(who, query);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.body;
  };
  const numbersIn = (csv: string) =>
    csv
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[0]);
  const listed = async (who: Operator, filter: ConsoleOrdersFilter) => {
    const answer = await post(who, 'consoleOrders', filter);
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<{ orders: ConsoleOrder[] }>(answer).orders.map((order) => order.orderNumber);
  };

  /**
   * A paid order in summer time; then in winter time a refund the processor turned down
   * (flagged refund_failed), the summer order refunded in two parts, a chargeback (flagged
   * disputed) and a declined card (failed).
   */
  async function scene() {
    const summerBuyer = await signUp(t.app);
    const summer = await buy(summerBuyer);
    clock.set(WINTER);
    const buyer = await signUp(t.app);
    // '-2-3' is a formula to a spreadsheet (-5): it must stay the buyer's name.
    const formulaName = await signUp(t.app, { username: '-2-3' });
    const staff = await operator('staff');
    const admin = await operator('admin');
    for (const who of [staff, admin]) await enrol(who);
    await reauth(admin);
    const refundFailed = await buy(buyer);
    processor.declineRefunds = true;
    const refund = { orderNumber: refundFailed, reason: 'Bought twice' };
    expect((await post(admin, 'consoleOrderRefund', refund)).statusCode).toBe(200);
    processor.declineRefunds = false;
    // The summer order refunded in two parts, $2.00 now and $3.00 a minute later (ADR 0056).
    const part = { orderNumber: summer, reason: 'One game was cut short' };
    expect(
      (await post(admin, 'consoleOrderRefund', { ...part, amountCents: 200 })).statusCode,
    ).toBe(200);
    clock.advance(60_000);
    expect(
      (await post(admin, 'consoleOrderRefund', { ...part, amountCents: 300 })).statusCode,
    ).toBe(200);
    const disputed = await buy(formulaName);
    const { providerPaymentId } = await orderRow(disputed);
    const chargeback = { id: 'DISPUTE-1', paymentId: providerPaymentId ?? '', amount: 1799 };
    const delivered = await deliverSquareEvent(t.app, disputeEvent(chargeback));
    expect(delivered.statusCode, delivered.body).toBe(200);
    // A state Square's printable ASCII allows: a formula with quotes and a comma.
    await db().update(paymentDisputes).set({ state: FORMULA });
    clock.advance(60_000);
    const declined = await postJson(
      t.app,
      'squareCheckout',
      purchase('credits-16', 1, { paymentToken: 'cnon:card-nonce-declined' }),
      { cookie: buyer.cookie, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(declined.statusCode).toBe(402);
    const [failed] = await db().select().from(orders).where(eq(orders.status, 'failed')).limit(1);
    return {
      staff,
      admin,
      buyer,
      summerBuyer,
      numbers: { summer, refundFailed, disputed, failed: failed?.orderNumber ?? '' },
    };
  }

  it('narrows the list by status and flag, and together with the day', async () => {
    const { staff, numbers } = await scene();
    const { summer, refundFailed, disputed, failed } = numbers;
    expect(await listed(staff, {})).toEqual([failed, disputed, refundFailed, summer]);
    expect(await listed(staff, { flag: 'any' })).toEqual([disputed, refundFailed]);
    expect(await listed(staff, { flag: 'disputed' })).toEqual([disputed]);
    expect(await listed(staff, { flag: 'refund_failed' })).toEqual([refundFailed]);
    expect(await listed(staff, { flag: 'payment_mismatch' })).toEqual([]);
    expect(await listed(staff, { status: 'paid', flag: 'any' })).toEqual([disputed]);
    expect(await listed(staff, { status: 'paid' })).toEqual([disputed, summer]);
    expect(await listed(staff, { status: 'paid', day: '2026-10-31' })).toEqual([summer]);
  });

  it('refuses a filter it does not know with a 400 that names it, listing nothing', async () => {
    const { staff } = await scene();
    const message = `${ERRORS.VALIDATION_FAILED.message.replace(/\.$/, '')}: flag.`;
    for (const flag of ['chargeback', 'ANY', '']) {
      const answer = await post(staff, 'consoleOrders', { flag });
      expect(answer.statusCode).toBe(400);
      expect(jsonOf(answer)).toEqual({ code: 'VALIDATION_FAILED', message });
    }
    for (const query of ['?flag=chargeback', '?status=paid&status=failed', '?colour=red']) {
      const answer = await download(staff, query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.headers['content-type'], query).toMatch(/^application\/json/);
      expect(answer.headers['content-disposition'], query).toBeUndefined();
      expect(jsonOf(answer), query).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect(jsonOf(await download(staff, '?flag=chargeback'))).toEqual({
      code: 'VALIDATION_FAILED',
      message,
    });
  });

  it('downloads the filtered orders as RFC 4180 CSV, guarded, with the venue offsets', async () => {
    const { staff, buyer, summerBuyer, numbers } = await scene();
    const { summer, refundFailed, disputed, failed } = numbers;
    const answer = await download(staff, '');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="orders-2026-11-29.csv"',
    );
    expect(answer.body).toBe(
      [
        HEADER,
        `${failed},failed,17.99,USD,${buyer.username},2026-11-29T18:02:30-05:00,,0.00,,,`,
        `${disputed},paid,17.99,USD,'-2-3,2026-11-29T18:01:30-05:00,2026-11-29T18:01:30-05:00,0.00,,disputed,` +
          `"'=HYPERLINK(""https://evil.example"",""Click,here"")"`,
        `${refundFailed},refunded,17.99,USD,${buyer.username},2026-11-29T18:00:30-05:00,` +
          `2026-11-29T18:00:30-05:00,17.99,2026-11-29T18:00:30-05:00,refund_failed,`,
        // Refunded in parts: the money so far, and when it last was.
        `${summer},paid,17.99,USD,${summerBuyer.username},2026-10-31T12:00:00-04:00,2026-10-31T12:00:00-04:00,` +
          `5.00,2026-11-29T18:01:30-05:00,,`,
        '',
      ].join('\r\n'),
    );
    // The screen shows no email, and neither does its file.
    expect(answer.body).not.toContain('@');
    expect(numbersIn(await csvOf(staff, '?flag=any'))).toEqual([disputed, refundFailed]);
    expect(numbersIn(await csvOf(staff, '?status=paid&flag=disputed'))).toEqual([disputed]);
    expect(numbersIn(await csvOf(staff, '?day=2026-10-31'))).toEqual([summer]);
    expect(await csvOf(staff, '?flag=payment_mismatch')).toBe(`${HEADER}\r\n`);
  });

  it('quotes a line break, and gives staff and admins the file but not players', async () => {
    const { staff, admin, buyer } = await scene();
    await db().update(paymentDisputes).set({ state: 'UNDER\nREVIEW' });
    expect(await csvOf(admin, '?flag=disputed')).toMatch(/,disputed,"UNDER\nREVIEW"\r\n$/);
    expect((await csvOf(staff)).split('\r\n')).toHaveLength(6);
    const refused = await download({ ...buyer, ip: '203.0.113.9' }, '');
    expect(refused.statusCode).toBe(403);
    expect(jsonOf(refused)).toMatchObject({ code: 'FORBIDDEN' });
  });

  it(`reads every match in pages, newest first, up to ${ORDERS_EXPORT_MAX} orders`, async () => {
    const buyer = await signUp(t.app);
    const staff = await operator('staff');
    await enrol(staff);
    // More than the cap, a second apart, written straight to the table (checkouts take long).
    const start = new Date('2026-01-01T00:00:00Z').getTime();
    const all = Array.from({ length: ORDERS_EXPORT_MAX + 1 }, (_, index) => ({
      orderNumber: `QF-${String(index).padStart(10, '0')}`,
      userId: buyer.id,
      idemKey: `bulk-${index}`,
      requestHash: 'bulk',
      kind: 'credit_pack' as const,
      items: [],
      amountCents: 1799,
      provider: 'test' as const,
      status: 'paid' as const,
      createdAt: new Date(start + index * 1000),
    }));
    for (let from = 0; from < all.length; from += 2_000) {
      await db()
        .insert(orders)
        .values(all.slice(from, from + 2_000));
    }
    const numbers = numbersIn(await csvOf(staff));
    expect(numbers).toHaveLength(ORDERS_EXPORT_MAX);
    expect(new Set(numbers).size).toBe(ORDERS_EXPORT_MAX);
    expect(numbers[0]).toBe(all.at(-1)?.orderNumber);
    expect(numbers.at(-1)).toBe(all[1]?.orderNumber);
  });
});
