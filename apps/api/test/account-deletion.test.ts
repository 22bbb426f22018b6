/**
 * Users/Delete (privacy policy: the right to delete the account; ADR 0018): the password
 * confirms it, then one transaction signs the player out everywhere, gives up future seats,
 * takes the game results off the boards, forfeits the balance with a ledger posting and scrubs
 * the account row, which stays for the ledger and the orders. The email and username are free
 * again; a payment completing afterwards still settles its order.
 */
import { randomUUID } from 'node:crypto';
import {
  formatUsd,
  MESSAGES,
  priceCents,
  SANDBOX_NONCES,
  type LeaderboardResponse,
  type RegisterEventResponse,
  type ValidateTicketResponse,
} from '@questfield/contract';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  creditLedger,
  emailOutbox,
  eventSlots,
  orders,
  registrations,
  sessions,
  users,
} from '../src/db/schema';
import { createTestPaymentProvider } from '../src/integrations/payments/test-provider';
import { login, PASSWORD, postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock, NOW } from './helpers/clock';
import { shortestRun } from './helpers/maze-runs';
import { openedMails } from './helpers/outbox';
import { deliverSquareEvent, lostAnswers, paymentEvent, SQUARE_ENV } from './helpers/payments';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';
import { refusal } from './helpers/refusal';

const TEN = '2026-06-01T14:00:00.000Z'; // the 10:00 AM game
const TEN_THIRTY = '2026-06-01T14:30:00.000Z';

describe(`account deletion [${dbKind}]`, () => {
  let t: TestApp;
  let ada: SignedUp;
  const clock = fixedClock(NOW);
  const db = () => t.database.handle.db;

  beforeEach(async () => {
    clock.set(NOW);
    t = await createTestApp({ clock });
    ada = await signUp(t.app, { username: 'ada', email: 'ada@example.com' });
  });
  afterEach(async () => {
    await t.close();
  });

  const deleteAccount = (password: string, cookie = ada.cookie, ip?: string) =>
    postJson(t.app, 'usersDelete', { password }, { cookie, ip });

  async function buyCredits(sku: 'credits-16' = 'credits-16') {
    const body = {
      items: [{ id: sku, qty: 1 }],
      total: formatUsd(priceCents(sku, 1)),
      paymentToken: SANDBOX_NONCES.ok,
      sku,
      quantity: 1,
    };
    const headers = { 'idempotency-key': randomUUID() };
    const response = await postJson(t.app, 'squareCheckout', body, { cookie: ada.cookie, headers });
    expect(response.statusCode, response.body).toBe(200);
  }

  async function book(EventTime: string): Promise<RegisterEventResponse> {
    await postJson(t.app, 'eventsAvailableTimes', { date: '2026-06-01' });
    const response = await postJson(t.app, 'eventsRegister', { EventTime }, { cookie: ada.cookie });
    expect(response.statusCode, response.body).toBe(200);
    return jsonOf<RegisterEventResponse>(response);
  }

  /** Plays the seat's game along the maze's shortest way, as the game's page would send it. */
  async function play(ticket: string) {
    const validated = await fromGame('gamesValidateTicket', { ticket });
    const { mazeSeed } = jsonOf<ValidateTicketResponse>(validated);
    return fromGame('gamesSubmitResult', { ticket, ...shortestRun(mazeSeed ?? '') });
  }

  const fromGame = (route: 'gamesSubmitResult' | 'gamesValidateTicket', body: unknown) =>
    postJson(t.app, route, body, { csrfHeader: false, headers: { origin: t.env.gameOrigin } });

  const leaderboardNames = async () => {
    const boards = jsonOf<LeaderboardResponse>(await postJson(t.app, 'gamesLeaderboard', {}));
    return [...boards.score, ...boards.time, ...boards.distance].map((entry) => entry.name);
  };

  const userRow = async (id = ada.id) =>
    (await db().select().from(users).where(eq(users.id, id)))[0];

  const bookedOn = async (startsAt: string) =>
    (
      await db()
        .select()
        .from(eventSlots)
        .where(eq(eventSlots.startsAt, new Date(startsAt)))
    )[0]?.booked;

  it('refuses a wrong password with nothing changed, and still signed in', async () => {
    await buyCredits();
    const before = await userRow();
    const response = await deleteAccount('not-the-password-9');
    expect(response.statusCode).toBe(400);
    expect(jsonOf(response)).toEqual(refusal('PASSWORD_INCORRECT'));
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await userRow()).toEqual(before);
    expect((await postJson(t.app, 'usersMe', {}, { cookie: ada.cookie })).statusCode).toBe(200);
    const mails = await openedMails(t, 'ada@example.com');
    expect(mails.map((mail) => mail.template)).toEqual(['order_confirmation']);
    // An empty password is a form error, and no account is deleted without a session.
    expect(jsonOf(await deleteAccount(''))).toMatchObject({ code: 'VALIDATION_FAILED' });
    const signedOut = await postJson(t.app, 'usersDelete', { password: PASSWORD });
    expect(signedOut.statusCode).toBe(401);
    expect(await userRow()).toEqual(before);
  });

  it('counts password checks like password updates: 20 per account in 15 minutes', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await deleteAccount(`wrong-password-${attempt}`)).statusCode).toBe(400);
    }
    // Spread over addresses, the account's own limit still holds; the right password waits too.
    expect(jsonOf(await deleteAccount(PASSWORD))).toEqual(refusal('RATE_LIMITED'));
    expect((await userRow())?.deletedAt).toBeNull();
    clock.advance(15 * 60_000 + 1);
    expect((await deleteAccount(PASSWORD)).statusCode).toBe(200);
  });

  it('deletes with the password: signed out everywhere, unable to sign in, names free again', async () => {
    const elsewhere = jsonOf<unknown[]>(await login(t.app, 'ada@example.com'));
    expect(elsewhere).toHaveLength(1);
    const response = await deleteAccount(PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ message: MESSAGES.accountDeleted });
    // Answered like a logout, and the device cookie of an account that is gone goes too.
    expect(response.headers['clear-site-data']).toBe('"storage"');
    const cleared = Object.fromEntries(response.cookies.map((c) => [c.name, c.value]));
    expect(cleared).toEqual({ qf_session: '', qf_device: '' });
    expect(await db().select().from(sessions).where(eq(sessions.userId, ada.id))).toEqual([]);
    expect((await postJson(t.app, 'usersMe', {}, { cookie: ada.cookie })).statusCode).toBe(401);

    for (const name of ['ada@example.com', 'ada', `deleted-${ada.id}`]) {
      expect(jsonOf(await login(t.app, name))).toEqual(refusal('LOGIN_FAILED'));
    }
    const recovery = await postJson(t.app, 'usersRequestRecoveryCode', {
      email: 'ada@example.com',
    });
    expect(recovery.statusCode).toBe(200);
    expect((await openedMails(t)).map((mail) => mail.template)).toEqual(['account_deleted']);

    const row = await userRow();
    expect(row).toMatchObject({
      email: `deleted-${ada.id}`,
      username: `deleted-${ada.id}`,
      firstName: '',
      lastName: '',
      phone: '',
      credits: 0,
      deletedAt: new Date(NOW),
    });
    expect(row?.passwordHash).not.toMatch(/^\$argon2/);

    const again = await signUp(t.app, { username: 'ada', email: 'ada@example.com' });
    expect(again.id).not.toBe(ada.id);
  });

  it('keeps the ledger and orders on the scrubbed row, forfeits the balance, frees future seats', async () => {
    await buyCredits();
    await book(TEN);
    await book(TEN_THIRTY);
    expect([await bookedOn(TEN), await bookedOn(TEN_THIRTY)]).toEqual([1, 1]);

    expect((await deleteAccount(PASSWORD)).statusCode).toBe(200);

    const postings = await db()
      .select({ reason: creditLedger.reason, delta: creditLedger.delta })
      .from(creditLedger)
      .where(eq(creditLedger.userId, ada.id))
      .orderBy(asc(creditLedger.id));
    expect(postings).toEqual([
      { reason: 'purchase', delta: 16 },
      { reason: 'book', delta: -2 },
      { reason: 'book', delta: -2 },
      { reason: 'account_deleted', delta: -12 },
    ]);
    expect((await userRow())?.credits).toBe(0);
    const kept = await db().select().from(orders).where(eq(orders.userId, ada.id));
    expect(kept.map((order) => order.status)).toEqual(['paid']);
    // Both games are still ahead: both seats are free again, no credits come back.
    expect(await db().select().from(registrations).where(eq(registrations.userId, ada.id))).toEqual(
      [],
    );
    expect([await bookedOn(TEN), await bookedOn(TEN_THIRTY)]).toEqual([0, 0]);

    const [mail] = await openedMails(t, 'ada@example.com');
    expect(mail?.subject).toBe('Your Questfield account has been deleted');
    expect(mail?.textBody).toContain('Hi ada,');
    expect(mail?.textBody).toContain('credits left on the account were forfeited');
    expect(mail?.textBody).toContain('We keep your purchase records');
  });

  it('takes the player off the leaderboards and refuses the tickets of a game under way', async () => {
    await buyCredits();
    const { ticket } = await book(TEN);
    clock.set('2026-06-01T14:20:00Z');
    expect((await play(ticket)).statusCode).toBe(200);
    expect(await leaderboardNames()).toEqual(['ada', 'ada', 'ada']);

    expect((await deleteAccount(PASSWORD)).statusCode).toBe(200);
    expect(await leaderboardNames()).toEqual([]);
    // The game had started: its seat stays with the slot's count, but plays for no one.
    expect(await bookedOn(TEN)).toBe(1);
    expect(jsonOf(await fromGame('gamesValidateTicket', { ticket }))).toEqual(
      refusal('GAME_TICKET_INVALID'),
    );
  });

  it('deletes once when asked twice at once', async () => {
    await buyCredits();
    const answers = await Promise.all([deleteAccount(PASSWORD), deleteAccount(PASSWORD)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    const forfeits = await db()
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.reason, 'account_deleted'));
    expect(forfeits.map((row) => row.delta)).toEqual([-16]);
    const mails = await openedMails(t, 'ada@example.com');
    expect(mails.filter((mail) => mail.template === 'account_deleted')).toHaveLength(1);
  });
});

describe(`account deletion with a payment under way [${dbKind}]`, () => {
  let t: TestApp;

  beforeEach(async () => {
    const payments = lostAnswers(createTestPaymentProvider());
    t = await createTestApp({ env: SQUARE_ENV, paymentProvider: payments });
  });
  afterEach(async () => {
    await t.close();
  });

  it('settles the order when Square completes it later, posting to the scrubbed row, mailing no one', async () => {
    const buyer = await signUp(t.app, { username: 'bea', email: 'bea@example.com' });
    const checkout = await postJson(
      t.app,
      'squareCheckout',
      {
        items: 'x',
        total: formatUsd(priceCents('credits-16', 1)),
        paymentToken: SANDBOX_NONCES.ok,
        sku: 'credits-16',
        quantity: 1,
      },
      { cookie: buyer.cookie, headers: { 'idempotency-key': randomUUID() } },
    );
    expect(checkout.statusCode).toBe(409);
    const deleted = await postJson(t.app, 'usersDelete', { password: PASSWORD }, buyer);
    expect(deleted.statusCode).toBe(200);

    const db = t.database.handle.db;
    const [order] = await db.select().from(orders).where(eq(orders.userId, buyer.id));
    const event = paymentEvent(order!, { id: 'sq-pay-late', status: 'COMPLETED' });
    expect((await deliverSquareEvent(t.app, event)).statusCode).toBe(200);

    const [settled] = await db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(settled?.status).toBe('paid');
    const [row] = await db.select().from(users).where(eq(users.id, buyer.id));
    expect(row).toMatchObject({ email: `deleted-${buyer.id}`, credits: 16 });
    const outbox = await db.select({ to: emailOutbox.toAddress }).from(emailOutbox);
    expect(outbox).toEqual([{ to: 'bea@example.com' }]);
  });
});
