/**
 * The player's own clock in the mails sent after a booking (ADR 0057): the zone the browser sent
 * with a booking, a join or a place in a waitlist's line is kept with the seat or the place (by
 * its canonical name, when this server knows it; a name it does not know is dropped, never a
 * refusal), and the game reminders, the cancellations (by the player and by staff), the
 * closures (a seat and a place in line), the waitlist offer and the seat it books say the
 * venue's time first and the player's beside it where it reads otherwise, as the confirmation
 * does. Without a zone, or with one whose clock reads the same, they say the venue's alone.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registrations, waitlistEntries } from '../src/db/schema';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { postJson } from './helpers/accounts';
import { AT, DAY, fixedClock, NOW } from './helpers/clock';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { openedMails } from './helpers/outbox';
import { playersWith as playersWithIn, type Player } from './helpers/players';
import { createTestApp, dbKind, servicesOf, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;

describe(`the player's clock in later mails [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: DAY })).statusCode).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(NOW));
  afterEach(async () => {
    const violations = await findInvariantViolations(db());
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  const players = (count: number) => playersWithIn(t, services, 10, count);
  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });
  const ok = async (answer: Promise<{ statusCode: number; body: string }>) => {
    const done = await answer;
    expect(done.statusCode, done.body).toBe(200);
  };
  /** `timeZone` left out of the body when undefined, as a browser that says none sends it. */
  const withZone = (at: string, timeZone: string | undefined) =>
    timeZone === undefined ? { EventTime: at } : { EventTime: at, timeZone };
  const book = (who: Player, at: string, timeZone?: string) =>
    ok(postJson(t.app, 'eventsRegister', withZone(at, timeZone), as(who)));
  const joinLine = (who: Player, at: string, timeZone?: string) =>
    ok(postJson(t.app, 'waitlistJoin', withZone(at, timeZone), as(who)));
  const run = (command: Record<string, unknown>) =>
    ok(postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } }));

  /** The player's mails of `template`, newest first: subject and plain text. */
  async function mailsOf(who: Player, template: string) {
    const mails = await openedMails(t, who.email);
    return mails
      .filter((mail) => mail.template === template)
      .map((mail) => ({ subject: mail.subject, text: mail.textBody, html: mail.htmlBody }));
  }
  async function onlyMail(who: Player, template: string) {
    const mails = await mailsOf(who, template);
    expect(mails).toHaveLength(1);
    return mails[0] as { subject: string; text: string; html: string };
  }

  it('reminds on the venue clock, with the seat’s own zone beside it where it differs', async () => {
    const [berlin, none, detroit] = (await players(3)) as [Player, Player, Player];
    const six = AT('18:00');
    await book(berlin, six, 'europe/berlin');
    await book(none, six);
    // Detroit's clock reads as New York's: nothing to add.
    await book(detroit, six, 'America/Detroit');
    const [kept] = await db()
      .select({ timeZone: registrations.timeZone })
      .from(registrations)
      .where(eq(registrations.userId, berlin.id));
    expect(kept).toEqual({ timeZone: 'Europe/Berlin' });

    // The hour's reminder (the day's was due before these seats were taken).
    clock.set(new Date(Date.parse(six) - 50 * MINUTE));
    await t.app.reminderJob.runOnce();
    const zoned = await onlyMail(berlin, 'seat_reminder');
    expect(zoned.subject).toBe('Starting soon: your Questfield game on Mon, Jun 1, 6:00 PM EDT');
    expect(zoned.text).toContain(
      'starts soon: Monday, June 1, 2026, 6:00 PM EDT (Tuesday, June 2, 2026, 12:00 AM CEST your time).',
    );
    expect(zoned.html).toContain('12:00 AM CEST your time');
    for (const who of [none, detroit]) {
      const plain = await onlyMail(who, 'seat_reminder');
      expect(plain.text).toContain('starts soon: Monday, June 1, 2026, 6:00 PM EDT.');
      expect(plain.text).not.toContain('your time');
    }
  });

  it('says a cancellation, by the player or by staff, on both clocks', async () => {
    const [london, none] = (await players(2)) as [Player, Player];
    await book(london, AT('10:30'), 'Europe/London');
    await book(none, AT('10:30'));
    for (const who of [london, none]) {
      const [seat] = await db()
        .select({ id: registrations.id })
        .from(registrations)
        .where(eq(registrations.userId, who.id));
      await ok(postJson(t.app, 'eventsCancel', { registrationId: seat?.id }, as(who)));
    }
    expect((await onlyMail(london, 'seat_cancelled')).text).toContain(
      'You cancelled your seat on the session of Monday, June 1, 2026, 10:30 AM EDT (3:30 PM BST your time) at Old Mill District.',
    );
    const plain = await onlyMail(none, 'seat_cancelled');
    expect(plain.text).toContain(
      'You cancelled your seat on the session of Monday, June 1, 2026, 10:30 AM EDT at Old Mill District.',
    );

    await book(london, AT('11:00'), 'Europe/London');
    await book(none, AT('11:00'));
    for (const who of [london, none]) {
      await run({ command: 'seats cancel', email: who.email, date: DAY, time: '11:00' });
    }
    const [byStaff] = await mailsOf(london, 'seat_cancelled');
    expect(byStaff?.text).toContain(
      'Our staff cancelled your seat on the session of Monday, June 1, 2026, 11:00 AM EDT (4:00 PM BST your time) at Old Mill District.',
    );
    const [plainByStaff] = await mailsOf(none, 'seat_cancelled');
    expect(plainByStaff?.text).toContain(
      'Our staff cancelled your seat on the session of Monday, June 1, 2026, 11:00 AM EDT at Old Mill District.',
    );
  });

  it("tells a game's players the staff's message on each seat's and each place's own clock", async () => {
    const [seatedTokyo, seatedNone, waitingChicago] = (await players(3)) as [
      Player,
      Player,
      Player,
    ];
    await run({ command: 'slots set-capacity', date: DAY, time: '16:00', capacity: 2 });
    await book(seatedTokyo, AT('16:00'), 'Asia/Tokyo');
    await book(seatedNone, AT('16:00'));
    await joinLine(waitingChicago, AT('16:00'), 'America/Chicago');
    const words = { subject: 'Parking', body: 'Use the north lot.', waiting: true };
    await run({ command: 'slots message', date: DAY, time: '16:00', ...words });

    const about =
      'A message from our staff about your session of Monday, June 1, 2026, 4:00 PM EDT';
    expect((await onlyMail(seatedTokyo, 'game_message')).text).toContain(
      `${about} (Tuesday, June 2, 2026, 5:00 AM GMT+9 your time) at Old Mill District:`,
    );
    expect((await onlyMail(waitingChicago, 'game_message')).text).toContain(
      `${about} (3:00 PM CDT your time) at Old Mill District:`,
    );
    expect((await onlyMail(seatedNone, 'game_message')).text).toContain(
      `${about} at Old Mill District:`,
    );
  });

  it("says a closure on each seat's and each place's own clock", async () => {
    const [seatedLa, seatedNone, waitingChicago, waitingNone] = (await players(4)) as [
      Player,
      Player,
      Player,
      Player,
    ];
    await run({ command: 'slots set-capacity', date: DAY, time: '12:00', capacity: 2 });
    await book(seatedLa, AT('12:00'), 'America/Los_Angeles');
    await book(seatedNone, AT('12:00'));
    await joinLine(waitingChicago, AT('12:00'), 'America/Chicago');
    await joinLine(waitingNone, AT('12:00'));
    const reason = 'No power';
    await run({ command: 'slots close', date: DAY, time: '12:00', reason, cancelSeats: true });

    const seat = await onlyMail(seatedLa, 'game_closed');
    expect(seat.subject).toBe('Your Questfield game on Mon, Jun 1, 12:00 PM EDT was cancelled');
    expect(seat.text).toContain(
      'We closed the session of Monday, June 1, 2026, 12:00 PM EDT (9:00 AM PDT your time) at Old Mill District, so your seat on it was cancelled.',
    );
    expect((await onlyMail(waitingChicago, 'game_closed')).text).toContain(
      'We closed the session of Monday, June 1, 2026, 12:00 PM EDT (11:00 AM CDT your time) at Old Mill District, so your place on its waitlist has ended.',
    );
    expect((await onlyMail(seatedNone, 'game_closed')).text).toContain(
      'We closed the session of Monday, June 1, 2026, 12:00 PM EDT at Old Mill District, so your seat on it was cancelled.',
    );
    expect((await onlyMail(waitingNone, 'game_closed')).text).toContain(
      'We closed the session of Monday, June 1, 2026, 12:00 PM EDT at Old Mill District, so your place on its waitlist has ended.',
    );
  });

  it('offers a freed seat on the place’s clock and keeps that zone with the seat it books', async () => {
    const [seated, berlin, unknown] = (await players(3)) as [Player, Player, Player];
    const two = AT('14:00');
    await run({ command: 'slots set-capacity', date: DAY, time: '14:00', capacity: 1 });
    await book(seated, two);
    await joinLine(berlin, two, 'Europe/Berlin');
    // A zone this server does not know is dropped, not refused; joined a second later: second
    // in line.
    clock.advance(1_000);
    await joinLine(unknown, two, 'Mars/Base');
    const line = await db()
      .select({ userId: waitlistEntries.userId, timeZone: waitlistEntries.timeZone })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.userId, unknown.id));
    expect(line).toEqual([{ userId: unknown.id, timeZone: null }]);

    // The seat frees: the first in line is offered it.
    await run({ command: 'seats cancel', email: seated.email, date: DAY, time: '14:00' });
    const offer = await onlyMail(berlin, 'waitlist_offer');
    expect(offer.text).toContain(
      'A seat has freed up on the session of Monday, June 1, 2026, 2:00 PM EDT (8:00 PM CEST your time) at Old Mill District, and it is yours if you want it.',
    );
    expect(offer.text).toContain(
      'We hold it for you for 15 minutes, until 8:15 AM EDT (2:15 PM CEST your time).',
    );
    await ok(postJson(t.app, 'waitlistAccept', { EventTime: two }, as(berlin)));
    const booked = await onlyMail(berlin, 'seat_booked');
    expect(booked.text).toContain(
      'Your seat is booked on Monday, June 1, 2026, 2:00 PM EDT (8:00 PM CEST your time).',
    );
    const [seat] = await db()
      .select({ timeZone: registrations.timeZone, source: registrations.source })
      .from(registrations)
      .where(eq(registrations.userId, berlin.id));
    expect(seat).toEqual({ timeZone: 'Europe/Berlin', source: 'waitlist' });

    // Given back, the next in line (no zone kept) is offered it on the venue's clock alone.
    await run({ command: 'seats cancel', email: berlin.email, date: DAY, time: '14:00' });
    const plain = await onlyMail(unknown, 'waitlist_offer');
    expect(plain.text).toContain(
      'A seat has freed up on the session of Monday, June 1, 2026, 2:00 PM EDT at Old Mill District',
    );
    expect(plain.text).toContain('until 8:15 AM EDT. After that');
  });
});
