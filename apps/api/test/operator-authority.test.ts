/**
 * Whom an operator's power reaches, and how much money it moves (docs/operations.md, "What
 * operators can do to each other"): nobody grants, deducts or moves seats on their own
 * account; staff act on players only (credits, seats, signing out everywhere); staff move at
 * most their budget of credits per venue day, counted across parallel requests; and staff's
 * seat bookings ask for the password and a code again, like a grant. Each case is an attack
 * seen on the console, replayed.
 */
import {
  codeBatchTooLargeMessage,
  codeCreditsLeftMessage,
  creditBudgetMessage,
  MONEY_LIMITS,
  OPERATOR_REAUTH_MS,
  type AuditEntry,
  type AvailableTime,
  type ConsolePlayer,
} from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venueDayOf } from '../src/lib/slot-schedule';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { SETTINGS_TTL_MS } from '../src/modules/settings/settings.service';
import { postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';
import { refusal } from './helpers/refusal';

// 8:00 AM in New York (EDT): the venue day runs until 04:00 UTC tomorrow.
const START = '2026-06-01T12:00:10Z';
const REASON = 'Headset broke mid-game';

describe(`whom operators act on, and how much [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(START);
  let t: TestApp;
  let staff: Operator;
  let colleague: Operator;
  let admin: Operator;
  let otherAdmin: Operator;
  const { operator, signInAgain, enrol, post, reauth, answersAnyBody, setMoneyLimits } =
    consoleClient(() => t, token, clock);

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    staff = await operator('staff');
    colleague = await operator('staff');
    admin = await operator('admin');
    otherAdmin = await operator('admin');
    for (const who of [staff, colleague, admin, otherAdmin]) await enrol(who);
  });
  afterAll(() => t.close());

  const grant = (who: Operator, target: { id: string }, credits = 10) =>
    post(who, 'consolePlayerCredits', {
      playerId: target.id,
      change: 'grant',
      credits,
      reason: REASON,
    });
  const balanceOf = async (target: { id: string }) =>
    jsonOf<ConsolePlayer>(await post(admin, 'consolePlayer', { playerId: target.id })).balance;
  const audited = async (action: string, target: { id: string }) =>
    jsonOf<{ entries: AuditEntry[] }>(
      await post(admin, 'consoleAuditLog', { action, playerId: target.id }),
    ).entries;
  const playerWith = async (credits: number): Promise<SignedUp> => {
    const player = await signUp(t.app);
    if (credits > 0) {
      await servicesOf(t).credits.grant({ userId: player.id, credits, reason: 'test' });
    }
    return player;
  };
  /** The first open game of the venue's today, as the players' list names it. */
  const firstGame = async (player: SignedUp) => {
    const answer = await postJson(
      t.app,
      'eventsAvailableTimes',
      { date: venueDayOf(clock.now(), t.env.venueTimezone) },
      { cookie: player.cookie },
    );
    const [slot] = jsonOf<AvailableTime[]>(answer);
    return slot?.EventTime ?? expect.fail(answer.body);
  };

  it('refuses 20 parallel self-grants of staff, and of an admin: the balance stays 0', async () => {
    await reauth(staff);
    await reauth(admin);
    for (const who of [staff, admin]) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => grant(who, who)));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(403);
        expect(jsonOf(answer)).toEqual(refusal('OPERATOR_OWN_ACCOUNT'));
      }
      expect(await balanceOf(who)).toBe(0);
      const deduct = await post(who, 'consolePlayerCredits', {
        playerId: who.id,
        change: 'deduct',
        credits: 1,
        reason: REASON,
      });
      expect(jsonOf(deduct)).toEqual(refusal('OPERATOR_OWN_ACCOUNT'));
    }
  });

  it("refuses staff a colleague's and an admin's account: credits, seats, signing out", async () => {
    await reauth(staff);
    const staffed = { ...colleague };
    for (const target of [staffed, admin]) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => grant(staff, target)));
      for (const answer of answers) {
        expect(jsonOf(answer)).toEqual(refusal('OPERATOR_TARGET_NOT_PLAYER'));
      }
      const signOut = await post(staff, 'consolePlayerSignOut', { playerId: target.id });
      expect(signOut.statusCode).toBe(403);
      expect(jsonOf(signOut)).toEqual(refusal('OPERATOR_TARGET_NOT_PLAYER'));
      const seat = { playerId: target.id, startsAt: await firstGame(target) };
      for (const route of ['consolePlayerSeatBook', 'consolePlayerSeatCancel'] as const) {
        expect(jsonOf(await post(staff, route, seat))).toEqual(
          refusal('OPERATOR_TARGET_NOT_PLAYER'),
        );
      }
      expect(await balanceOf(target)).toBe(0);
    }
    // The admin's sessions were never ended: the admin still reads the console.
    expect((await post(admin, 'consolePlayer', { playerId: staff.id })).statusCode).toBe(200);
    expect(await audited('users.sign-out-everywhere', admin)).toEqual([]);
  });

  it("lets an admin act on a staff member's account, and staff sign themselves out", async () => {
    await reauth(otherAdmin);
    expect(jsonOf(await grant(otherAdmin, colleague, 5))).toEqual({ balance: 5, approval: null });
    const [row] = await audited('users.grant-credits', colleague);
    expect(row).toMatchObject({ actor: { id: otherAdmin.id }, after: { balance: 5 } });
    const own = await operator('staff');
    await enrol(own);
    expect(jsonOf(await post(own, 'consolePlayerSignOut', { playerId: own.id }))).toEqual({
      signedOut: 1,
    });
  });

  it("says what is left of the day's budget, and follows the money limits' setting", async () => {
    const player = await playerWith(0);
    const other = await operator('staff');
    await enrol(other);
    await reauth(admin);
    const set = await post(admin, 'consoleStaffCreditLimit', {
      command: 'settings money-limits',
      staffDailyCredits: 15,
    });
    expect(jsonOf(set)).toEqual({
      command: 'settings money-limits',
      limits: { ...MONEY_LIMITS.defaults, staffDailyCredits: 15 },
      before: MONEY_LIMITS.defaults,
    });
    clock.advance(SETTINGS_TTL_MS);
    await reauth(other);
    expect((await grant(other, player, 10)).statusCode).toBe(200);
    expect(jsonOf(await grant(other, player, 10))).toEqual(
      refusal('CREDIT_BUDGET_EXCEEDED', creditBudgetMessage(15, 5)),
    );
    expect((await grant(other, player, 5)).statusCode).toBe(200);
    // Staff may not change the limits.
    const byStaff = await post(other, 'consoleStaffCreditLimit', {
      command: 'settings money-limits',
      staffDailyCredits: 1_000,
    });
    expect(byStaff.statusCode).toBe(403);
    // Any body of the money settings is answered, never with a 500.
    await answersAnyBody(
      admin,
      [['consoleStaffCreditLimit', [{ command: 'settings money-limits', codesPerBatch: 5 }]]],
      40,
    );
    await reauth(admin);
    await post(admin, 'consoleStaffCreditLimit', {
      command: 'settings money-limits',
      ...MONEY_LIMITS.defaults,
    });
    clock.advance(SETTINGS_TTL_MS);
  });

  it("asks staff for the password and a code again before booking or cancelling a player's seat", async () => {
    const player = await playerWith(16);
    const other = await operator('staff');
    await enrol(other);
    clock.advance(OPERATOR_REAUTH_MS + 1);
    const startsAt = await firstGame(player);
    for (const route of ['consolePlayerSeatBook', 'consolePlayerSeatCancel'] as const) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => post(other, route, { playerId: player.id, startsAt })),
      );
      for (const answer of answers)
        expect(jsonOf(answer)).toMatchObject({ code: 'REAUTH_REQUIRED' });
    }
    expect(await balanceOf(player)).toBe(16);
    await reauth(other);
    const booked = await post(other, 'consolePlayerSeatBook', { playerId: player.id, startsAt });
    expect(jsonOf(booked)).toMatchObject({ balance: 14, repeated: false });
  });
  it("caps the console's code batches per batch and per venue day, under parallel requests", async () => {
    await reauth(admin);
    const batch = (name: string, count: number, credits: number) =>
      post(admin, 'consoleCodeBatchCreate', { name, kind: 'promo', count, credits });
    const { codesPerBatch, codeCreditsPerDay } = MONEY_LIMITS.defaults;
    // No second admin in this test: its batches are made at once (approvals.test.ts asks).
    await setMoneyLimits({ batchApprovalCredits: MONEY_LIMITS.max.batchApprovalCredits });
    // The attack: six batches of 10,000 promo codes worth 1,000 credits each.
    const huge = await Promise.all(
      Array.from({ length: 6 }, (_, i) => batch(`Huge ${i}`, 10_000, 1_000)),
    );
    for (const answer of huge) {
      expect(jsonOf(answer)).toEqual(
        refusal('CODE_BATCH_TOO_LARGE', codeBatchTooLargeMessage(codesPerBatch)),
      );
    }
    const wide = await batch('Wide', codesPerBatch, 1_000);
    expect(jsonOf(wide)).toEqual(
      refusal(
        'CODE_CREDITS_DAILY_CAP',
        codeCreditsLeftMessage(codeCreditsPerDay, codeCreditsPerDay),
      ),
    );
    // Six batches of 2,000 credits at once: five fit the day's 10,000.
    const fair = await Promise.all(
      Array.from({ length: 6 }, (_, i) => batch(`Fair ${i}`, 100, 20)),
    );
    expect(fair.filter((answer) => answer.statusCode === 200)).toHaveLength(
      codeCreditsPerDay / 2_000,
    );
    const [refused] = fair.filter((answer) => answer.statusCode !== 200);
    expect(jsonOf(refused!)).toEqual(
      refusal('CODE_CREDITS_DAILY_CAP', codeCreditsLeftMessage(codeCreditsPerDay, 0)),
    );
    // The command line is held to none, and its batches count against the console's day.
    const cli = await postJson(
      t.app,
      'operatorRun',
      { command: 'codes create', name: 'Fair night', kind: 'promo', count: 2_000, credits: 5 },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(cli.statusCode, cli.body).toBe(200);
    const batches = jsonOf<{ batches: { name: string }[] }>(
      await post(admin, 'consoleCodeBatches', {}),
    ).batches;
    expect(batches.filter((one) => /^(Huge|Wide)/.test(one.name))).toEqual([]);
    await setMoneyLimits(MONEY_LIMITS.defaults);
  });

  it("holds staff to their day's budget across 50 parallel grants; refusals are audited", async () => {
    const budget = MONEY_LIMITS.defaults.staffDailyCredits;
    const player = await playerWith(0);
    const other = await operator('staff');
    await enrol(other);
    await reauth(other);
    const answers = await Promise.all(Array.from({ length: 50 }, () => grant(other, player, 10)));
    const granted = answers.filter((answer) => answer.statusCode === 200);
    expect(granted).toHaveLength(budget / 10);
    for (const answer of answers.filter((one) => one.statusCode !== 200)) {
      expect(answer.statusCode).toBe(403);
      expect(jsonOf(answer)).toEqual(
        refusal('CREDIT_BUDGET_EXCEEDED', creditBudgetMessage(budget, 0)),
      );
    }
    expect(await balanceOf(player)).toBe(budget);
    expect(await audited('users.grant-credits', player)).toHaveLength(budget / 10);
    const refused = await audited('users.credit-budget-refused', player);
    expect(refused).toHaveLength(50 - budget / 10);
    expect(refused[0]).toMatchObject({ actor: { id: other.id }, after: { credits: 10 } });
    // A deduction spends the same budget: none is left today.
    const deduct = await post(other, 'consolePlayerCredits', {
      playerId: player.id,
      change: 'deduct',
      credits: 1,
      reason: REASON,
    });
    expect(jsonOf(deduct)).toMatchObject({ code: 'CREDIT_BUDGET_EXCEEDED' });
    // Admins have no daily budget; another staff member has their own.
    await reauth(admin);
    expect((await grant(admin, player, 10)).statusCode).toBe(200);

    // The next venue day (04:00 UTC in New York), signed in again, the budget is whole again.
    clock.set('2026-06-02T04:00:00Z');
    await signInAgain(other);
    expect(jsonOf(await grant(other, player, 10))).toEqual({
      balance: budget + 20,
      approval: null,
    });
  });
});
