/**
 * Code redemption (security.md W9–W11; R5, R17): the redeem modal's Users/RedeemCode, the items
 * service of /experience-card and /game, exactly-once redemption under concurrency, expiry and
 * revocation, the lookup limits, and no other player's data in any answer.
 */
import {
  API_ROUTES,
  formatUsd,
  priceCents,
  SANDBOX_NONCES,
  type AvailableTime,
  type CodeItem,
} from '@questfield/contract';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codes, creditLedger, redemptions, users } from '../src/db/schema';
import { seedDemoData } from '../src/db/seed';
import { createTestPaymentProvider } from '../src/integrations/payments/test-provider';
import type { Services } from '../src/services';
import { distinctIp, login, postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { createTestApp, dbKind, jsonOf, type TestApp, servicesOf } from './helpers/test-app';
import { refusal } from './helpers/refusal';

type Player = SignedUp & { ip: string };
type Redeemed = { message: string; credits: number; item: CodeItem };

const MINUTE = 60_000;

describe(`code redemption [${dbKind}]`, () => {
  let t: TestApp;
  let services: Services;
  const db = () => t.database.handle.db;
  const clock = fixedClock('2026-06-01T12:00:00Z');

  const newPlayer = async (): Promise<Player> => {
    const ip = distinctIp();
    return { ...(await signUp(t.app, { ip })), ip };
  };
  const call = (route: Parameters<typeof postJson>[1], body: unknown, who: Player) =>
    postJson(t.app, route, body, { cookie: who.cookie, ip: who.ip });
  const balanceOf = async (userId: string) =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]
      ?.credits;

  /** Game Passes bought as players buy them: Game Packs through Square/Checkout. */
  const buyGamePasses = async (buyer: Player, quantity: number): Promise<string[]> => {
    const purchase = {
      items: [{ id: 'game-pack', qty: quantity }],
      total: formatUsd(priceCents('game-pack', quantity)),
      paymentToken: SANDBOX_NONCES.ok,
      sku: 'game-pack',
      quantity,
    };
    const paid = await postJson(t.app, 'squareCheckout', purchase, {
      cookie: buyer.cookie,
      ip: buyer.ip,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.statusCode).toBe(200);
    const listed = await call('ordersList', {}, buyer);
    return jsonOf<{ gamePasses: { code: string }[] }>(listed).gamePasses.map((pass) => pass.code);
  };
  const buyGamePass = async (buyer: Player): Promise<string> =>
    (await buyGamePasses(buyer, 1))[0] ?? '';

  const seedWelcome16 = () =>
    seedDemoData(db(), {
      appSecret: t.env.appSecret,
      clock,
      demoAccounts: true,
    });

  beforeEach(async () => {
    clock.set('2026-06-01T12:00:00Z');
    const payments = createTestPaymentProvider();
    t = await createTestApp({ clock, paymentProvider: payments });
    services = servicesOf(t, payments);
  });
  afterEach(async () => {
    const violations = await findInvariantViolations(db());
    await t.close();
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  describe('Users/RedeemCode (the redeem modal)', () => {
    it('adds 16 credits for WELCOME16 once per player, listed in Users/Me', async () => {
      await seedWelcome16();
      const player = await newPlayer();
      const response = await call('usersRedeemCode', { code: 'WELCOME16' }, player);
      expect(response.statusCode).toBe(200);
      const body = jsonOf<Redeemed>(response);
      expect(body.message).toContain('added');
      expect(body).toMatchObject({ credits: 16, item: { name: 'WELCOME16' } });
      expect(await balanceOf(player.id)).toBe(16);
      const me = jsonOf<{ redeemedCodes: { code: string }[] }[]>(await call('usersMe', {}, player));
      expect(me[0]?.redeemedCodes).toEqual([{ code: 'WELCOME16' }]);

      const again = await call('usersRedeemCode', { code: 'welcome16' }, player);
      expect(again.statusCode).toBe(409);
      expect(jsonOf(again)).toEqual(refusal('PROMO_ALREADY_REDEEMED'));
      expect(await balanceOf(player.id)).toBe(16);
    });

    it('R5c: refused again from a new sign-in (nothing lives in the browser)', async () => {
      await seedWelcome16();
      const player = await newPlayer();
      await call('usersRedeemCode', { code: 'WELCOME16' }, player);
      const signedIn = await login(t.app, player.email, undefined, player.ip);
      const cookie = signedIn.cookies.find((entry) => entry.name === 'qf_session')?.value ?? '';
      const again = await call('usersRedeemCode', { code: 'WELCOME16' }, { ...player, cookie });
      expect(jsonOf(again)).toEqual(refusal('PROMO_ALREADY_REDEEMED'));
      expect(await balanceOf(player.id)).toBe(16);
    });

    it('lets every player redeem the promo code, whatever case or dashes they type', async () => {
      await seedWelcome16();
      const [first, second] = [await newPlayer(), await newPlayer()];
      expect((await call('usersRedeemCode', { code: 'WELCOME16' }, first)).statusCode).toBe(200);
      expect((await call('usersRedeemCode', { code: ' wel-come 16 ' }, second)).statusCode).toBe(
        200,
      );
      expect([await balanceOf(first.id), await balanceOf(second.id)]).toEqual([16, 16]);
    });

    it("answers 'Invalid or expired code.' for an unknown code and 'Please enter a code.' for none", async () => {
      const player = await newPlayer();
      const unknown = await call('usersRedeemCode', { code: 'WELCOME17' }, player);
      expect(unknown.statusCode).toBe(400);
      expect(jsonOf(unknown)).toEqual(refusal('PROMO_INVALID'));
      const empty = await call('usersRedeemCode', { code: '  ' }, player);
      expect(jsonOf(empty)).toMatchObject({ message: 'Please enter a code.' });
      expect(await balanceOf(player.id)).toBe(0);
    });

    it('redeems a Game Pass too (the same code, once), and says so when it is used', async () => {
      const [buyer, friend] = [await newPlayer(), await newPlayer()];
      const pass = await buyGamePass(buyer);
      const redeemed = await call('usersRedeemCode', { code: pass }, friend);
      expect(jsonOf(redeemed)).toMatchObject({ credits: 16, item: { name: /^Game Pass …/ } });
      const used = await call('usersRedeemCode', { code: pass }, buyer);
      expect(jsonOf(used)).toEqual(refusal('CODE_ALREADY_REDEEMED'));
      const mine = await call('usersRedeemCode', { code: pass }, friend);
      expect(jsonOf(mine)).toEqual(refusal('PROMO_ALREADY_REDEEMED'));
    });

    it("unlocks the Game Pack's soundtracks for whoever redeems a Game Pass, not for a promo", async () => {
      await seedWelcome16();
      const [buyer, friend, promoOnly] = [await newPlayer(), await newPlayer(), await newPlayer()];
      const owns = async (who: Player) =>
        jsonOf<{ ownsSoundtracks: boolean }>(await call('ordersList', {}, who)).ownsSoundtracks;
      expect(await owns(friend)).toBe(false);
      const pass = await buyGamePass(buyer);
      expect((await call('itemsRedeem', { name: pass }, friend)).statusCode).toBe(200);
      expect((await call('usersRedeemCode', { code: 'WELCOME16' }, promoOnly)).statusCode).toBe(
        200,
      );
      expect([await owns(buyer), await owns(friend), await owns(promoOnly)]).toEqual([
        true,
        true,
        false,
      ]);
    });
  });

  describe('Items (/experience-card, /game)', () => {
    it('finds a Game Pass by its code, redeems it once and shows the redemption', async () => {
      const buyer = await newPlayer();
      const pass = await buyGamePass(buyer);
      const typed = pass.toLowerCase().replaceAll('-', ' ');
      const found = jsonOf<CodeItem>(await call('itemsGetByName', { name: typed }, buyer));
      expect(found).toEqual({
        id: expect.any(String),
        name: `Game Pass …${pass.slice(-4)}`,
        redeemedat: '',
        redeemedAt: '',
        RedeemedAt: '',
        redeemedby: '',
        scheduledSessions: [],
      });

      const redeemed = await call('itemsRedeem', { name: typed }, buyer);
      expect(redeemed.statusCode).toBe(200);
      expect(jsonOf<Redeemed>(redeemed)).toMatchObject({ credits: 16, item: { id: found.id } });
      const at = clock.now().toISOString();
      const after = jsonOf<CodeItem>(await call('itemsGetByName', { name: pass }, buyer));
      expect(after).toMatchObject({ redeemedat: at, redeemedAt: at, RedeemedAt: at });
      expect(after.redeemedby).toBe(buyer.username);

      const again = await call('itemsRedeem', { name: pass }, buyer);
      expect(again.statusCode).toBe(409);
      expect(jsonOf(again)).toEqual(refusal('CODE_ALREADY_REDEEMED'));
      expect(await balanceOf(buyer.id)).toBe(16);
      const me = jsonOf<{ redeemedCodes: { code: string }[] }[]>(await call('usersMe', {}, buyer));
      expect(me[0]?.redeemedCodes).toEqual([{ code: found.name }]);
      const passes = jsonOf<{ gamePasses: object[] }>(await call('ordersList', {}, buyer));
      expect(passes.gamePasses).toMatchObject([{ redeemed: true, redeemedAt: at }]);
    });

    it("answers 'Invalid code.' (404) for a code that does not exist, 400 for none", async () => {
      const player = await newPlayer();
      for (const route of ['itemsGetByName', 'itemsRedeem'] as const) {
        const response = await call(route, { name: 'QF-NOPE-0000' }, player);
        expect(response.statusCode).toBe(404);
        expect(jsonOf(response)).toEqual(refusal('CODE_INVALID'));
      }
      const empty = await call('itemsRedeem', { name: '' }, player);
      expect(jsonOf(empty)).toMatchObject({ message: 'Please enter a code.' });
      for (const id of [randomUUID(), 'device-1']) {
        expect(jsonOf(await call('itemsGetById', { id }, player))).toEqual(refusal('CODE_INVALID'));
      }
    });

    it('GetByID answers the item in a list, by anyone signed in, with no one else’s data', async () => {
      const [buyer, friend] = [await newPlayer(), await newPlayer()];
      const pass = await buyGamePass(buyer);
      const { item } = jsonOf<Redeemed>(await call('itemsRedeem', { name: pass }, friend));
      const byId = await call('itemsGetById', { id: item.id }, buyer);
      expect(jsonOf(byId)).toEqual([{ ...item, redeemedby: '' }]);
      const byName = await call('itemsGetByName', { name: pass }, buyer);
      expect(jsonOf(byName)).toEqual({ ...item, redeemedby: '' });
      for (const response of [byId, byName]) {
        for (const secret of [friend.id, friend.username, friend.email, pass]) {
          expect(response.body).not.toContain(secret);
        }
        expect(response.body).not.toContain('owner');
      }
    });

    it('Items/Update is refused to players (403) and changes nothing', async () => {
      const buyer = await newPlayer();
      const pass = await buyGamePass(buyer);
      const found = jsonOf<CodeItem>(await call('itemsGetByName', { name: pass }, buyer));
      const body = { id: found.id, redeemedat: clock.now().toISOString(), redeemedby: 'x' };
      const response = await call('itemsUpdate', body, buyer);
      expect(response.statusCode).toBe(403);
      expect(jsonOf(response)).toMatchObject({ code: 'FORBIDDEN' });
      const redeemed = await call('itemsRedeem', { name: pass }, buyer);
      expect(redeemed.statusCode).toBe(200);
    });

    it('every code route needs a session', async () => {
      const routes = ['usersRedeemCode', 'itemsGetByName', 'itemsGetById', 'itemsRedeem'] as const;
      for (const route of routes) {
        const response = await postJson(t.app, route, { code: 'WELCOME16', name: 'x', id: 'x' });
        expect(response.statusCode, API_ROUTES[route].path).toBe(401);
      }
    });
  });

  describe('expiry and revocation', () => {
    it('refuses an expired code on every route, and a code once it expires', async () => {
      const player = await newPlayer();
      const hourAgo = new Date(clock.now().getTime() - 60 * MINUTE);
      const inAnHour = new Date(clock.now().getTime() + 60 * MINUTE);
      const batch = { kind: 'one_time', count: 1, credits: 16 } as const;
      const created = (name: string, expiresAt: Date) =>
        services.codes.create({ ...batch, name, expiresAt }).then(({ codes }) => codes[0]);
      const expired = await created('Expired an hour ago', hourAgo);
      const expiring = await created('Expiring in an hour', inAnHour);
      expect(jsonOf(await call('itemsGetByName', { name: expired }, player))).toEqual(
        refusal('CODE_INVALID'),
      );
      expect(jsonOf(await call('itemsRedeem', { name: expired }, player))).toEqual(
        refusal('CODE_INVALID'),
      );
      expect(jsonOf(await call('usersRedeemCode', { code: expired }, player))).toEqual(
        refusal('PROMO_INVALID'),
      );
      clock.advance(61 * MINUTE);
      expect(jsonOf(await call('itemsRedeem', { name: expiring }, player))).toEqual(
        refusal('CODE_INVALID'),
      );
      expect(await balanceOf(player.id)).toBe(0);
    });

    it('refuses a revoked Game Pass and a revoked promo code', async () => {
      const player = await newPlayer();
      const pass = await buyGamePass(player);
      const {
        codes: [promo],
      } = await services.codes.create({
        name: 'Revoked promo',
        kind: 'promo_per_user',
        count: 1,
        credits: 5,
      });
      expect(await services.codes.revoke(pass.toLowerCase())).toMatch(/^Game Pass …/);
      expect(await services.codes.revoke(promo ?? '')).toMatch(/^Promo code …/);
      expect(await services.codes.revoke(promo ?? '')).toBeNull();
      expect(jsonOf(await call('itemsRedeem', { name: pass }, player))).toEqual(
        refusal('CODE_INVALID'),
      );
      expect(jsonOf(await call('usersRedeemCode', { code: promo }, player))).toEqual(
        refusal('PROMO_INVALID'),
      );
      expect(jsonOf(await call('itemsGetByName', { name: pass }, player))).toEqual(
        refusal('CODE_INVALID'),
      );
      expect(await balanceOf(player.id)).toBe(0);
    });

    it('redeems an operator’s promo code for its own credits, labelled without the code', async () => {
      const player = await newPlayer();
      const {
        codes: [promo],
      } = await services.codes.create({
        name: 'Five-credit promo',
        kind: 'promo_per_user',
        count: 1,
        credits: 5,
      });
      const body = jsonOf<Redeemed>(await call('usersRedeemCode', { code: promo }, player));
      expect(body).toMatchObject({ credits: 5, item: { name: `Promo code …${promo?.slice(-4)}` } });
      expect(body.message).toBe('Code redeemed! 5 credits have been added to your account.');
    });
  });

  describe('limits (R17)', () => {
    it('allows 10 lookups a minute per player, then 429 with a clear message', async () => {
      const player = await newPlayer();
      const ips = Array.from({ length: 11 }, () => distinctIp());
      for (const ip of ips.slice(0, 10)) {
        const response = await call('itemsGetByName', { name: 'QF-NOPE-0000' }, { ...player, ip });
        expect(response.statusCode).toBe(404);
      }
      const eleventh = await call('itemsRedeem', { name: 'x' }, { ...player, ip: ips[10] ?? '' });
      expect(eleventh.statusCode).toBe(429);
      expect(jsonOf(eleventh)).toEqual(refusal('CODE_ATTEMPTS_LIMITED'));
      clock.advance(MINUTE + 1);
      const later = await call('itemsGetByName', { name: 'QF-NOPE-0000' }, player);
      expect(later.statusCode).toBe(404);
    });

    it('allows 10 a minute per IP, whichever players ask', async () => {
      const ip = distinctIp();
      const players = [await newPlayer(), await newPlayer()];
      for (let i = 0; i < 10; i += 1) {
        const who = { ...(players[i % 2] as Player), ip };
        expect((await call('usersRedeemCode', { code: 'NOPE' }, who)).statusCode).toBe(400);
      }
      const third = { ...(await newPlayer()), ip };
      const response = await call('itemsGetById', { id: randomUUID() }, third);
      expect(jsonOf(response)).toEqual(refusal('CODE_ATTEMPTS_LIMITED'));
    });
  });

  describe('R5: exactly once under concurrency', () => {
    it('100 players redeem one Game Pass at once: one +16, 99 already redeemed', async () => {
      const buyer = await newPlayer();
      const pass = await buyGamePass(buyer);
      // Signed up in turn: 100 sign-ups at once are more than the server takes on (password.ts).
      const players = [];
      for (let i = 0; i < 100; i += 1) players.push(await newPlayer());
      const responses = await Promise.all(
        players.map((who) => call('itemsRedeem', { name: pass }, who)),
      );
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      const refused = responses.filter((response) => response.statusCode !== 200);
      expect(refused.map((response) => jsonOf(response))).toEqual(
        Array(99).fill(refusal('CODE_ALREADY_REDEEMED')),
      );
      const winner = players[statuses.indexOf(200)];
      const postings = await db()
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.refType, 'code'), eq(creditLedger.reason, 'redeem')));
      expect(postings).toMatchObject([{ userId: winner?.id, delta: 16, balanceAfter: 16 }]);
      const [row] = await db().select().from(codes).where(eq(codes.ownerId, buyer.id));
      expect(row?.claimedBy).toBe(winner?.id);
    });

    it('one player sends the promo code 50 times at once: +16 exactly once', async () => {
      await seedWelcome16();
      const player = await newPlayer();
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => call('usersRedeemCode', { code: 'WELCOME16' }, player)),
      );
      const codesOf = responses.map((response) =>
        response.statusCode === 200 ? 'OK' : jsonOf<{ code: string }>(response).code,
      );
      // 10 admitted by the per-player limit, of which one redeems.
      expect(codesOf.filter((code) => code === 'OK')).toHaveLength(1);
      expect(codesOf.filter((code) => code === 'PROMO_ALREADY_REDEEMED')).toHaveLength(9);
      expect(codesOf.filter((code) => code === 'CODE_ATTEMPTS_LIMITED')).toHaveLength(40);
      expect(await balanceOf(player.id)).toBe(16);
      expect(await db().$count(redemptions, eq(redemptions.userId, player.id))).toBe(1);
    });

    it('one player redeems a promo code and four Game Passes at once: all five count', async () => {
      await seedWelcome16();
      const player = await newPlayer();
      const passes = await buyGamePasses(player, 4);
      const responses = await Promise.all([
        call('usersRedeemCode', { code: 'WELCOME16' }, player),
        ...passes.map((pass) => call('itemsRedeem', { name: pass }, player)),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual(Array(5).fill(200));
      expect(await balanceOf(player.id)).toBe(5 * 16);
    });

    it('one player redeems four Game Passes and books four games at once: all eight count', async () => {
      // Both kinds lock the player's balance in their first write-side statement (a redemption
      // in its code's read, a booking in its posting, with its mail): each waits for the other.
      const player = await newPlayer();
      const passes = await buyGamePasses(player, 4);
      await services.credits.grant({ userId: player.id, credits: 8, reason: 'test' });
      const listed = await call('eventsAvailableTimes', { date: '2026-06-01' }, player);
      const slots = jsonOf<AvailableTime[]>(listed).slice(0, 4);
      expect(slots).toHaveLength(4);
      const responses = await Promise.all([
        ...passes.map((pass) => call('itemsRedeem', { name: pass }, player)),
        ...slots.map(({ EventTime }) => call('eventsRegister', { EventTime }, player)),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
      expect(await balanceOf(player.id)).toBe(8 + 4 * 16 - 4 * 2);
    });
  });

  it('the invariant checker reports a redemption without its posting', async () => {
    const player = await newPlayer();
    const {
      codes: [code],
    } = await services.codes.create({ name: 'Unposted', kind: 'one_time', count: 1, credits: 16 });
    const found = jsonOf<CodeItem>(await call('itemsGetByName', { name: code }, player));
    await db().insert(redemptions).values({ codeId: found.id, userId: player.id, codeLabel: 'x' });
    const violations = await findInvariantViolations(db());
    expect(violations.redemptions).toEqual([
      { codeId: found.id, userId: player.id },
      { codeId: found.id, userId: null },
    ]);
    await db().delete(redemptions);
  });
});
