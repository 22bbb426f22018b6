/**
 * The confirmation mail of a seat booked or joined (ADR 0032): queued in the seat's own
 * transaction, exactly one per seat taken (none for a seat answered again, none for a refused
 * or rolled-back booking), with the start on the venue's clock with its zone and, when the browser sent a
 * time zone this server knows and whose clock reads otherwise, on the player's; the access code;
 * the links to the Game page and My Sessions; every value escaped in the HTML part; and the
 * seat's calendar file, read back here by an independent parser (Mozilla's ical.js) field by
 * field, and the very file Events/Calendar answers. A time zone the server does not know is
 * ignored, never a refusal.
 */
import {
  CALENDAR_ALARM_MINUTES,
  type RegisterEventResponse,
  type UserEvent,
} from '@questfield/contract';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { postJson } from './helpers/accounts';
import { AT, DAY, fixedClock, NOW } from './helpers/clock';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { openedMails } from './helpers/outbox';
import { playersWith as playersWithIn, type Player } from './helpers/players';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';
import { refusal } from './helpers/refusal';

const MINUTE = 60_000;
const ORIGIN = 'http://localhost:3000';
const SESSIONS_URL = `${ORIGIN}/dashboard`;
const GAME_URL = `${ORIGIN}/game`;

type Mail = Awaited<ReturnType<typeof openedMails>>[number];

/** The one VEVENT of a calendar file, parsed by ical.js. */
function eventOf(calendar: string) {
  const root = new ICAL.Component(ICAL.parse(calendar));
  expect(root.name).toBe('vcalendar');
  expect(root.getFirstPropertyValue('version')).toBe('2.0');
  const vevents = root.getAllSubcomponents('vevent');
  expect(vevents).toHaveLength(1);
  const vevent = vevents[0] as ICAL.Component;
  return { vevent, event: new ICAL.Event(vevent) };
}

describe(`the booking confirmation mail [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: DAY })).statusCode).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(NOW));
  afterEach(async () => {
    const violations = await findInvariantViolations(t.database.handle.db);
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  const playerWith = async (credits: number) =>
    (await playersWithIn(t, services, credits, 1))[0] as Player;
  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });
  const book = (who: Player, body: Record<string, unknown>) =>
    postJson(t.app, 'eventsRegister', body, as(who));
  const join = (who: Player, body: Record<string, unknown>) =>
    postJson(t.app, 'itemsJoinByAccessCode', body, as(who));
  const runCommand = (command: Record<string, unknown>) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });

  /** Books `eventTime` (with `timeZone` when given); the answer, which must be a 200. */
  async function booked(who: Player, eventTime: string, timeZone?: unknown) {
    const body =
      timeZone === undefined ? { EventTime: eventTime } : { EventTime: eventTime, timeZone };
    const answer = await book(who, body);
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<RegisterEventResponse>(answer);
  }

  /** The seat_booked mails to `who`, newest first. */
  const confirmationsTo = async (who: Player): Promise<Mail[]> =>
    (await openedMails(t, who.email)).filter((mail) => mail.template === 'seat_booked');

  /** The player's only mail, which must be one confirmation. */
  async function onlyMailTo(who: Player): Promise<Mail> {
    const mails = await openedMails(t, who.email);
    expect(mails.map((mail) => mail.template)).toEqual(['seat_booked']);
    return mails[0] as Mail;
  }

  it('mails one confirmation: both clocks, the access code, the links, and the calendar file', async () => {
    const player = await playerWith(10);
    const seat = await booked(player, AT('10:00'), 'Europe/Berlin');
    const mail = await onlyMailTo(player);
    const [username] = (
      await t.database.handle.db
        .select({ username: users.username })
        .from(users)
        .where(eq(users.id, player.id))
    ).map((row) => row.username);

    expect(mail.toAddress).toBe(player.email);
    expect(mail.subject).toBe(
      'Your Questfield game at Old Mill District: Mon, Jun 1, 10:00 AM EDT',
    );
    expect(mail.textBody).toBe(
      [
        `Hi ${username},`,
        '',
        'Your seat is booked on Monday, June 1, 2026, 10:00 AM EDT (4:00 PM CEST your time).',
        'Where: Old Mill District.',
        '',
        `Friends join this game with the access code ${seat.accessCode} on the Game page: ${GAME_URL}`,
        '',
        `Your sessions: ${SESSIONS_URL}`,
        '',
        `The attached calendar file adds the game to your calendar, with a reminder ${CALENDAR_ALARM_MINUTES} minutes before it starts.`,
      ].join('\n'),
    );
    expect(mail.htmlBody).toContain(
      '<p>Your seat is booked on Monday, June 1, 2026, 10:00 AM EDT (4:00 PM CEST your time).</p>',
    );
    expect(mail.htmlBody).toContain('<p>Where: Old Mill District.</p>');
    expect(mail.htmlBody).toContain(`>${seat.accessCode}</p>`);
    expect(mail.htmlBody).toContain(`<a href="${SESSIONS_URL}">${SESSIONS_URL}</a>`);
    expect(mail.htmlBody).toContain(`<a href="${GAME_URL}">${GAME_URL}</a>`);
    expect(mail.extras.headers).toEqual({});

    // The calendar file: one attachment, read back by another parser, field by field.
    expect(
      mail.extras.attachments.map(({ filename, contentType }) => ({ filename, contentType })),
    ).toEqual([
      { filename: 'questfield-2026-06-01.ics', contentType: 'text/calendar; charset=utf-8' },
    ]);
    const content = mail.extras.attachments[0]?.content ?? '';
    const { vevent, event } = eventOf(content);
    expect(event.uid).toBe(`${seat.registrationId}@localhost:3000`);
    expect(event.startDate.toJSDate().toISOString()).toBe(AT('10:00'));
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.endDate.toJSDate().toISOString()).toBe(
      new Date(Date.parse(AT('10:00')) + 30 * MINUTE).toISOString(),
    );
    expect(event.endDate.zone?.tzid).toBe('UTC');
    expect(content).toContain(`DTSTART:20260601T140000Z`);
    expect(content).toContain(`DTEND:20260601T143000Z`);
    expect(event.summary).toBe('Questfield game, Old Mill District');
    expect(event.description).toContain(seat.accessCode);
    expect(event.description).toContain(SESSIONS_URL);
    const [alarm, ...more] = vevent.getAllSubcomponents('valarm');
    expect(more).toEqual([]);
    expect(alarm?.getFirstPropertyValue('action')).toBe('DISPLAY');
    expect(String(alarm?.getFirstPropertyValue('trigger'))).toBe(`-PT${CALENDAR_ALARM_MINUTES}M`);

    // The same file as the download (one calendar, made in one place; the clock stands still).
    const download = await postJson(
      t.app,
      'eventsCalendar',
      { registrationId: seat.registrationId },
      as(player),
    );
    expect(jsonOf<{ filename: string; calendar: string }>(download)).toEqual({
      filename: 'questfield-2026-06-01.ics',
      calendar: content,
    });
  });

  it('gives the venue time only without a time zone, or with one whose clock reads the same', async () => {
    for (const timeZone of [undefined, 'America/New_York', 'US/Eastern', 'america/detroit']) {
      const player = await playerWith(2);
      await booked(player, AT('10:30'), timeZone);
      const mail = await onlyMailTo(player);
      expect(mail.textBody.split('\n')[2], String(timeZone)).toBe(
        'Your seat is booked on Monday, June 1, 2026, 10:30 AM EDT.',
      );
      expect(mail.textBody, String(timeZone)).not.toContain('your time');
    }
  });

  it('reads a time zone by its canonical name, and an offset zone too', async () => {
    const cases = [
      ['asia/tokyo', '11:30 PM GMT+9'],
      ['+05:30', '8:00 PM GMT+5:30'],
      ['Pacific/Kiritimati', 'Tuesday, June 2, 2026, 4:30 AM GMT+14'],
    ] as const;
    for (const [timeZone, line] of cases) {
      const player = await playerWith(2);
      await booked(player, AT('10:30'), timeZone);
      expect((await onlyMailTo(player)).textBody).toContain(
        `on Monday, June 1, 2026, 10:30 AM EDT (${line} your time).`,
      );
    }
  });

  it('books and mails the venue time only for a time zone it does not know', async () => {
    for (const timeZone of ['Mars/Base', 'Europe/Berlin'.padEnd(300, 'x'), '', 42, null]) {
      const player = await playerWith(2);
      const seat = await booked(player, AT('11:00'), timeZone);
      expect(seat.credits).toBe(0);
      const mail = await onlyMailTo(player);
      expect(mail.textBody).toContain('on Monday, June 1, 2026, 11:00 AM EDT.');
      expect(mail.textBody).not.toContain('your time');
      expect(mail.extras.attachments).toHaveLength(1);
    }
  });

  it('mails a seat joined by access code, and says it was joined', async () => {
    const host = await playerWith(2);
    const { accessCode } = await booked(host, AT('12:00'));
    clock.set(new Date(Date.parse(AT('12:00')) + 5 * MINUTE).toISOString());
    const friend = await playerWith(2);
    const joined = await join(friend, { accessCode, timeZone: 'Europe/London' });
    expect(joined.statusCode, joined.body).toBe(200);
    const seat = jsonOf<RegisterEventResponse>(joined);
    const mail = await onlyMailTo(friend);
    expect(mail.textBody).toContain(
      'You joined the game on Monday, June 1, 2026, 12:00 PM EDT (5:00 PM BST your time).',
    );
    expect(mail.textBody).toContain(`the access code ${accessCode} on the Game page`);
    const { event } = eventOf(mail.extras.attachments[0]?.content ?? '');
    expect(event.uid).toBe(`${seat.registrationId}@localhost:3000`);
    expect(event.startDate.toJSDate().toISOString()).toBe(AT('12:00'));
    // The host's own mail is still the one of the booking.
    expect((await confirmationsTo(host)).map((sent) => sent.textBody.split('\n')[2])).toEqual([
      'Your seat is booked on Monday, June 1, 2026, 12:00 PM EDT.',
    ]);
    // Joined again: answered as held, no second mail. A time zone past its length is dropped.
    const again = await join(friend, { accessCode, timeZone: 'x'.repeat(300) });
    expect(jsonOf<RegisterEventResponse>(again).repeated).toBe(true);
    expect(await confirmationsTo(friend)).toHaveLength(1);
  });

  it('sends no second mail for a seat answered again, two at once included', async () => {
    const player = await playerWith(10);
    await booked(player, AT('13:00'));
    const again = await booked(player, AT('13:00'), 'Europe/Berlin');
    expect(again.repeated).toBe(true);
    const racing = await playerWith(10);
    const answers = await Promise.all([
      book(racing, { EventTime: AT('13:30') }),
      book(racing, { EventTime: AT('13:30') }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => jsonOf<RegisterEventResponse>(answer).repeated).sort()).toEqual([
      false,
      true,
    ]);
    expect(await confirmationsTo(player)).toHaveLength(1);
    expect(await confirmationsTo(racing)).toHaveLength(1);
  });

  it('sends none for a refused booking: too few credits, a full slot (rolled back), closed', async () => {
    const broke = await playerWith(1);
    expect(jsonOf(await book(broke, { EventTime: AT('14:00') }))).toEqual(
      refusal('NOT_ENOUGH_CREDITS'),
    );
    const full = await runCommand({
      command: 'slots set-capacity',
      date: DAY,
      time: '14:30',
      capacity: 1,
    });
    expect(full.statusCode, full.body).toBe(200);
    const first = await playerWith(2);
    await booked(first, AT('14:30'));
    const late = await playerWith(2);
    expect(jsonOf(await book(late, { EventTime: AT('14:30'), timeZone: 'Europe/Berlin' }))).toEqual(
      refusal('SLOT_FULL'),
    );
    const closed = await playerWith(2);
    expect(jsonOf(await book(closed, { EventTime: AT('07:00') }))).toEqual(refusal('SLOT_CLOSED'));
    for (const who of [broke, late, closed]) expect(await openedMails(t, who.email)).toEqual([]);
    expect(await confirmationsTo(first)).toHaveLength(1);
  });

  it('mails only the seats a crowd takes: the last free seats, booked all at once', async () => {
    const set = { command: 'slots set-capacity', date: DAY, time: '17:00', capacity: 3 };
    expect((await runCommand(set)).statusCode).toBe(200);
    const crowd = await playersWithIn(t, services, 2, 8);
    // On Postgres, where they run side by side, bookings that read a free seat find it taken at
    // the seat step itself: all of that statement's writes, the mail's included, are undone.
    const answers = await Promise.all(crowd.map((who) => book(who, { EventTime: AT('17:00') })));
    const seated = crowd.filter((_, i) => answers[i]?.statusCode === 200);
    expect(seated).toHaveLength(3);
    for (const [i, who] of crowd.entries()) {
      const took = seated.includes(who);
      if (!took) expect(jsonOf(answers[i]!)).toEqual(refusal('SLOT_FULL'));
      expect(await confirmationsTo(who)).toHaveLength(took ? 1 : 0);
      expect(await services.credits.balance(t.database.handle.db, who.id)).toBe(took ? 0 : 2);
    }
  });

  it('mails a seat staff book for the player, with the venue time', async () => {
    const player = await playerWith(2);
    const command = { command: 'seats book', email: player.email, date: DAY, time: '15:00' };
    const answer = await runCommand(command);
    expect(answer.statusCode, answer.body).toBe(200);
    const mail = await onlyMailTo(player);
    expect(mail.textBody).toContain('Your seat is booked on Monday, June 1, 2026, 3:00 PM EDT.');
    const games = jsonOf<UserEvent[]>(
      await postJson(t.app, 'eventsCheckUserEvent', { hours: 24 }, as(player)),
    );
    const { event } = eventOf(mail.extras.attachments[0]?.content ?? '');
    expect(event.uid).toBe(`${games[0]?.registrationId}@localhost:3000`);
  });

  it('escapes every value in the HTML part', async () => {
    const player = await playerWith(2);
    const username = `<script>alert("${randomUUID().slice(0, 8)}")</script>`;
    await t.database.handle.db.update(users).set({ username }).where(eq(users.id, player.id));
    await booked(player, AT('15:30'));
    const mail = await onlyMailTo(player);
    expect(mail.textBody).toContain(`Hi ${username},`);
    expect(mail.htmlBody).not.toContain('<script>');
    expect(mail.htmlBody).toContain(
      `Hi ${username.replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')},`,
    );
  });
});

describe(`the booking confirmation mail, venue values escaped [${dbKind}]`, () => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { DISTRICT_NAME: 'Old Mill <District> & "Co"' } });
    services = servicesOf(t);
  });
  afterAll(() => t.close());

  it('escapes the district in the HTML part, and keeps it whole in the text and the file', async () => {
    const [player] = (await playersWithIn(t, services, 2, 1)) as [Player];
    await postJson(t.app, 'eventsAvailableTimes', { date: DAY });
    const answer = await postJson(
      t.app,
      'eventsRegister',
      { EventTime: AT('16:00') },
      { cookie: player.cookie, ip: player.ip },
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const [mail] = await openedMails(t, player.email);
    expect(mail?.textBody).toContain('Where: Old Mill <District> & "Co".');
    expect(mail?.htmlBody).toContain('Where: Old Mill &lt;District&gt; &amp; &quot;Co&quot;.');
    expect(mail?.htmlBody).not.toContain('<District>');
    const { event } = eventOf(mail?.extras.attachments[0]?.content ?? '');
    expect(event.location).toBe('Old Mill <District> & "Co"');
  });
});
