/**
 * Closures that cancel seats (issue 42 item 2): a day blocked or a slot closed with
 * `cancelSeats` gives back every seat on its games not started with its credits, mails each
 * player the operator's reason, ends the games' waitlists (their players mailed), and audits
 * each step; two closures at once refund and mail each seat once. Without it, seats stay.
 */
import type { AuditEntry, ConsoleClosurePreview } from '@questfield/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, waitlistEntries } from '../src/db/schema';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { postJson } from './helpers/accounts';
import { fixedClock, NOW } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { openedMails } from './helpers/outbox';
import { playersWith, type Player } from './helpers/players';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

// Monday 2026-06-01, 8:00 AM in New York: Tuesday and Wednesday are ahead.
const TUESDAY = '2026-06-02';
const WEDNESDAY = '2026-06-03';
/** 18:00 and 18:30 on the venue clock (New York, summer time). */
const startOf = (day: string, time: '18:00' | '18:30') =>
  `${day}T${time === '18:00' ? '22:00' : '22:30'}:00.000Z`;

describe(`closures that cancel seats [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  let staff: Operator;
  let admin: Operator;
  const { operator, enrol, post } = consoleClient(() => t, token, clock);
  const run = (command: Record<string, unknown>) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });
  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    staff = await operator('staff');
    await enrol(staff);
    admin = await operator('admin');
    await enrol(admin);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    const violations = await findInvariantViolations(t.database.handle.db);
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  /** Two players seated on the day's 18:00 game (made full at 2 seats), one waiting; one at 18:30. */
  async function busyDay(day: string) {
    const players = await playersWith(t, services, 10, 4);
    const [ana, ben, cy, dee] = players as [Player, Player, Player, Player];
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: day })).statusCode).toBe(200);
    await run({ command: 'slots set-capacity', date: day, time: '18:00', capacity: 2 });
    const six = startOf(day, '18:00');
    for (const who of [ana, ben]) {
      expect(
        (await postJson(t.app, 'eventsRegister', { EventTime: six }, as(who))).statusCode,
      ).toBe(200);
    }
    expect((await postJson(t.app, 'waitlistJoin', { EventTime: six }, as(cy))).statusCode).toBe(
      200,
    );
    const half = startOf(day, '18:30');
    expect((await postJson(t.app, 'eventsRegister', { EventTime: half }, as(dee))).statusCode).toBe(
      200,
    );
    return { seated: [ana, ben, dee], waiting: cy };
  }

  const balanceOf = (who: Player) => services.credits.balance(t.database.handle.db, who.id);
  const audited = async (action: string) =>
    jsonOf<{ entries: AuditEntry[] }>(await post(staff, 'consoleAuditLog', { action })).entries;
  const closedMails = async (who: Player) =>
    (await openedMails(t, who.email)).filter((mail) => mail.template === 'game_closed');

  it('previews who a closure reaches, then two closures at once cancel each seat once', async () => {
    const { seated, waiting } = await busyDay(TUESDAY);
    const preview = jsonOf<ConsoleClosurePreview>(
      await post(staff, 'consoleClosurePreview', { day: TUESDAY }),
    );
    expect(preview.waiting).toBe(1);
    // Games earliest first (seats taken at the same instant: in any order within a game).
    expect(preview.seats.map((seat) => seat.time)).toEqual(['18:00', '18:00', '18:30']);
    expect(preview.seats.map((seat) => seat.username).sort()).toEqual(
      seated.map((who) => who.email.split('@')[0]).sort(),
    );
    const reason = 'Burst pipe <b>&</b> flooding';
    const block = { command: 'days block', date: TUESDAY, reason, cancelSeats: true };
    const [fromConsole, fromCommandLine] = await Promise.all([
      post(admin, 'consoleWeekChange', block),
      run(block),
    ]);
    expect(fromConsole.statusCode, fromConsole.body).toBe(200);
    expect(fromCommandLine.statusCode, fromCommandLine.body).toBe(200);
    const answers = [fromConsole, fromCommandLine].map((answer) =>
      jsonOf<{ cancelled: number; refunded: number; released: number }>(answer),
    );
    expect(answers.reduce((sum, answer) => sum + answer.cancelled, 0)).toBe(3);
    expect(answers.reduce((sum, answer) => sum + answer.refunded, 0)).toBe(6);
    expect(answers.reduce((sum, answer) => sum + answer.released, 0)).toBe(1);

    for (const who of seated) {
      expect(await balanceOf(who)).toBe(10);
      const refunds = await t.database.handle.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, who.id), eq(creditLedger.refType, 'cancellation')));
      expect(refunds).toHaveLength(1);
      const mails = await closedMails(who);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.textBody).toContain(`The reason our staff gave: ${reason}`);
      expect(mails[0]?.textBody).toMatch(
        /the session of \w+day, June \d, 2026, \d{1,2}:\d\d [AP]M EDT at Old Mill District,/,
      );
      // The reason is escaped in the HTML part.
      expect(mails[0]?.htmlBody).toContain('Burst pipe &lt;b&gt;&amp;&lt;/b&gt; flooding');
      expect(mails[0]?.htmlBody).not.toContain('<b>&</b>');
    }
    const line = await closedMails(waiting);
    expect(line).toHaveLength(1);
    expect(line[0]?.textBody).toContain('your place on its waitlist has ended');
    const places = await t.database.handle.db.select().from(waitlistEntries);
    expect(places).toEqual([]);

    const cancels = await audited('seats.cancel');
    expect(cancels).toHaveLength(3);
    expect(cancels.every((entry) => entry.reason === reason)).toBe(true);
    const blocks = await audited('days.block');
    const counted = blocks.map((entry) => entry.after as { cancelled: number });
    expect(counted.reduce((sum, after) => sum + after.cancelled, 0)).toBe(3);
    const after = jsonOf<ConsoleClosurePreview>(
      await post(staff, 'consoleClosurePreview', { day: TUESDAY }),
    );
    expect(after).toEqual({ seats: [], waiting: 0 });
  });

  it('closes one slot with its seats cancelled, and keeps them without the choice', async () => {
    const { seated, waiting } = await busyDay(WEDNESDAY);
    const refused = await run({
      command: 'slots close',
      date: WEDNESDAY,
      time: '18:00',
      cancelSeats: true,
    });
    expect(refused.statusCode).toBe(400);
    const kept = await run({ command: 'slots close', date: WEDNESDAY, time: '18:30' });
    expect(jsonOf(kept)).toMatchObject({ slot: { booked: 1, open: false }, cancelled: 0 });
    expect(await balanceOf(seated[2] as Player)).toBe(8);

    const close = {
      command: 'slots close',
      date: WEDNESDAY,
      time: '18:00',
      reason: 'No power',
      cancelSeats: true,
    };
    const closed = await post(staff, 'consoleSlotChange', close);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(jsonOf(closed)).toMatchObject({
      slot: { booked: 0, open: false },
      closure: { cancelled: 2, refunded: 4, released: 1 },
    });
    expect(await balanceOf(seated[0] as Player)).toBe(10);
    expect(await closedMails(waiting)).toHaveLength(1);
    const again = await run(close);
    expect(jsonOf(again)).toMatchObject({ cancelled: 0, refunded: 0, released: 0 });
    expect(await closedMails(seated[0] as Player)).toHaveLength(1);
    const [row] = await audited('slots.close');
    expect(row).toMatchObject({ reason: 'No power', after: { open: false } });
  });

  it('cuts a capacity below the seats taken only when asked: the latest booked seats, once', async () => {
    const THURSDAY = '2026-06-04';
    const players = await playersWith(t, services, 10, 5);
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: THURSDAY })).statusCode).toBe(
      200,
    );
    const six = startOf(THURSDAY, '18:00');
    const full = { command: 'slots set-capacity', date: THURSDAY, time: '18:00', capacity: 5 };
    expect((await run(full)).statusCode).toBe(200);
    // Booked a second apart, in the players' order; then the game is full and one waits.
    for (const who of players) {
      clock.advance(1_000);
      const booked = await postJson(t.app, 'eventsRegister', { EventTime: six }, as(who));
      expect(booked.statusCode, booked.body).toBe(200);
    }
    const line = (await playersWith(t, services, 10, 1))[0] as Player;
    const joined = await postJson(t.app, 'waitlistJoin', { EventTime: six }, as(line));
    expect(joined.statusCode, joined.body).toBe(200);
    const [first, second, ...latest] = players as [Player, Player, ...Player[]];
    const base = { command: 'slots set-capacity', date: THURSDAY, time: '18:00', capacity: 2 };
    const refused = await run(base);
    expect(refused.statusCode).toBe(409);
    expect(jsonOf(refused)).toMatchObject({ code: 'OPERATOR_CAPACITY_BELOW_BOOKED' });
    expect((await run({ ...base, cancelSeats: true })).statusCode).toBe(400);

    // The preview names the seats that would go, latest booked first; nobody's place ends.
    const preview = jsonOf<ConsoleClosurePreview>(
      await post(staff, 'consoleClosurePreview', { day: THURSDAY, time: '18:00', capacity: 2 }),
    );
    expect(preview.seats.map((seat) => seat.username)).toEqual(
      latest.map((who) => who.email.split('@')[0]).reverse(),
    );
    expect(preview.seats.every((seat) => seat.time === '18:00')).toBe(true);
    expect(preview.waiting).toBe(0);

    // The console and the command line at once: each seat goes once.
    const reason = 'Half the room is <b>painted</b>';
    const cut = { ...base, cancelSeats: true, reason };
    const [fromConsole, fromCommandLine] = await Promise.all([
      post(staff, 'consoleSlotChange', cut),
      run(cut),
    ]);
    expect(fromConsole.statusCode, fromConsole.body).toBe(200);
    expect(fromCommandLine.statusCode, fromCommandLine.body).toBe(200);
    const consoleCut = jsonOf<{
      slot: { capacity: number; booked: number };
      closure: { cancelled: number; refunded: number; released: number };
    }>(fromConsole);
    const lineCut = jsonOf<{ cancelled: number; refunded: number; slot: { capacity: number } }>(
      fromCommandLine,
    );
    expect(consoleCut.closure.cancelled + lineCut.cancelled).toBe(3);
    expect(consoleCut.closure.refunded + lineCut.refunded).toBe(6);
    expect(consoleCut.closure.released).toBe(0);
    expect([consoleCut.slot.capacity, lineCut.slot.capacity]).toEqual([2, 2]);

    for (const who of [first, second]) {
      expect(await balanceOf(who)).toBe(8);
      expect(await closedMails(who)).toEqual([]);
    }
    for (const who of latest) {
      expect(await balanceOf(who)).toBe(10);
      const refunds = await t.database.handle.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, who.id), eq(creditLedger.refType, 'cancellation')));
      expect(refunds.map((refund) => refund.delta)).toEqual([2]);
      const mails = await closedMails(who);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.textBody).toContain('yours was among the last booked, so it was cancelled');
      expect(mails[0]?.textBody).toContain(`The reason our staff gave: ${reason}`);
      expect(mails[0]?.htmlBody).not.toContain('<b>painted</b>');
    }
    // The seats cut are not offered to the line: the game is full at its new capacity.
    const places = await t.database.handle.db
      .select({ status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.userId, line.id));
    expect(places).toEqual([{ status: 'waiting' }]);
    expect((await openedMails(t, line.email)).map((mail) => mail.template)).toEqual([]);

    const cancels = (await audited('seats.cancel')).filter((entry) => entry.reason === reason);
    expect(cancels).toHaveLength(3);
    const cuts = (await audited('slots.set-capacity')).filter((entry) => entry.reason === reason);
    expect(cuts.map((entry) => entry.after)).toEqual(
      expect.arrayContaining([expect.objectContaining({ capacity: 2 })]),
    );
    // Again: nothing more moves.
    const again = await run(cut);
    expect(jsonOf(again)).toMatchObject({ cancelled: 0, refunded: 0, slot: { booked: 2 } });
    expect(await closedMails(latest[0] as Player)).toHaveLength(1);
  });
});
