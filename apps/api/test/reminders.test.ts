/**
 * Game reminders (ADR 0033): a mail 24 hours and one 1 hour before each game, exactly once per
 * seat and kind, whichever process runs the pass and however often it restarts; none for a seat
 * given back, none of a kind whose time had passed when the seat was taken, none while the
 * player has reminders off (the key is written all the same, so the seat is not looked at
 * again). Reminders are turned off in Account Settings (Users/ReminderEmails) or with the
 * mail's one-click unsubscribe (RFC 8058: List-Unsubscribe, POSTed as a form with a signed
 * token; a forged token changes nothing). The retention pass deletes keys once their game is a
 * day past. Time is the test's clock; passes are run with `reminderJob.runOnce()`.
 */
import {
  API_ROUTES,
  MESSAGES,
  publicUser,
  type PublicUser,
  type RegisterEventResponse,
} from '@questfield/contract';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { Writable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../src/app';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client';
import { emailOutbox, eventSlots, registrations, seatReminders, users } from '../src/db/schema';
import { systemClock } from '../src/lib/clock';
import { createLogger } from '../src/lib/logger';
import { createAccessCodes } from '../src/modules/bookings/access-codes';
import { REMINDER_INTERVAL_MS } from '../src/modules/bookings/reminder-job';
import {
  REMINDER_BATCH_SIZE,
  REMINDER_KEY_KEPT_MS,
} from '../src/modules/bookings/reminders.service';
import {
  createUnsubscribeTokens,
  UNSUBSCRIBE_LINK_DAYS,
} from '../src/modules/accounts/unsubscribe-tokens';
import type { Services } from '../src/services';
import { postJson } from './helpers/accounts';
import { fixedClock, NOW } from './helpers/clock';
import { openedMails } from './helpers/outbox';
import { playersWith as playersWithIn, type Player } from './helpers/players';
import type { ServerProcess } from './helpers/server-process';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';
import { SECOND_PROCESS_START_MS, withSecondProcess } from './helpers/two-processes';
import { refusal } from './helpers/refusal';

const GAME_DAY = '2026-06-02';
/** Tuesday, June 2, 2026 at 6:00 PM in New York (EDT). */
const GAME = '2026-06-02T22:00:00.000Z';
const GAME_WORDS = 'Tuesday, June 2, 2026, 6:00 PM EDT';
/** The same start as a subject line says it. */
const GAME_SHORT = 'Tue, Jun 2, 6:00 PM EDT';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** `ms` before the game starts. */
const before = (ms: number, start = GAME) => new Date(Date.parse(start) - ms);
const NOTHING = { day: 0, hour: 0, mailed: 0 };
const ORIGIN = 'http://localhost:3000';
const ONE_CLICK = 'List-Unsubscribe=One-Click';

describe(`game reminders [${dbKind}]`, () => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  const db = () => t.database.handle.db;
  const cleanups: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    clock.set(NOW);
    t = await createTestApp({ clock });
    services = servicesOf(t);
    // The day's slots exist once listed.
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: GAME_DAY })).statusCode).toBe(
      200,
    );
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await t.close();
  });

  const playersWith = (credits: number, count = 1) => playersWithIn(t, services, credits, count);
  const playerWith = async (credits: number) => (await playersWith(credits))[0] as Player;
  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });
  const pass = () => t.app.reminderJob.runOnce();

  /** Books the game at `start` for `who` now (the clock); the booking's answer. */
  async function book(who: Player, start = GAME): Promise<RegisterEventResponse> {
    const booked = await postJson(t.app, 'eventsRegister', { EventTime: start }, as(who));
    expect(booked.statusCode, booked.body).toBe(200);
    return jsonOf<RegisterEventResponse>(booked);
  }

  /** The reminder mails queued, oldest first, with their bodies and headers opened. */
  const reminders = async (to?: string) =>
    (await openedMails(t, to)).filter((mail) => mail.template === 'seat_reminder').reverse();

  const keysOf = async (registrationId: string) =>
    (
      await db()
        .select({ kind: seatReminders.kind })
        .from(seatReminders)
        .where(eq(seatReminders.registrationId, registrationId))
        .orderBy(seatReminders.kind)
    ).map((key) => key.kind);

  const reminderSetting = async (who: Player) =>
    (await db().select({ on: users.reminderEmails }).from(users).where(eq(users.id, who.id)))[0]
      ?.on;

  describe('the pass', () => {
    it('mails the day reminder 24 hours before and the hour reminder 1 hour before, each once', async () => {
      clock.set(before(30 * HOUR));
      const player = await playerWith(10);
      const seat = await book(player);

      clock.set(before(25 * HOUR));
      expect(await pass()).toEqual(NOTHING);
      clock.set(before(24 * HOUR + 1));
      expect(await pass()).toEqual(NOTHING);
      clock.set(before(24 * HOUR));
      const wake = vi.spyOn(t.app.emailDispatcher, 'wake');
      expect(await pass()).toEqual({ day: 1, hour: 0, mailed: 1 });
      // Committed, the mail is sent now, not at the dispatcher's next poll.
      expect(wake).toHaveBeenCalled();
      expect(await pass()).toEqual(NOTHING);
      clock.set(before(HOUR + 1));
      expect(await pass()).toEqual(NOTHING);
      clock.set(before(HOUR));
      expect(await pass()).toEqual({ day: 0, hour: 1, mailed: 1 });
      for (const at of [before(HOUR), before(MINUTE), before(0)]) {
        clock.set(at);
        expect(await pass()).toEqual(NOTHING);
      }
      expect(await keysOf(seat.registrationId)).toEqual(['day', 'hour']);

      const [day, hour, ...more] = await reminders(player.email);
      expect(more).toEqual([]);
      expect(day?.subject).toBe(`Reminder: your Questfield game on ${GAME_SHORT}`);
      expect(hour?.subject).toBe(`Starting soon: your Questfield game on ${GAME_SHORT}`);
      const tokens = [day, hour].map(
        (mail) => /\?token=([^>]+)>$/.exec(mail?.extras.headers?.['List-Unsubscribe'] ?? '')?.[1],
      );
      expect(new Set(tokens).size).toBe(2);
      for (const [mail, token] of [
        [day, tokens[0]],
        [hour, tokens[1]],
      ] as const) {
        expect(mail?.textBody).toContain(`the access code ${seat.accessCode}.`);
        expect(mail?.textBody).toContain(`Your sessions: ${ORIGIN}/dashboard`);
        expect(mail?.textBody).toContain(`unsubscribe: ${ORIGIN}/unsubscribe?token=${token}`);
        expect(mail?.htmlBody).toContain(`href="${ORIGIN}/unsubscribe?token=${token}"`);
        expect(mail?.extras.headers).toEqual({
          'List-Unsubscribe': `<${ORIGIN}${API_ROUTES.usersUnsubscribeReminders.path}?token=${token}>`,
          'List-Unsubscribe-Post': ONE_CLICK,
        });
      }
      expect(day?.textBody).toContain(
        `Your game at Old Mill District is coming up on ${GAME_WORDS}.`,
      );
      expect(hour?.textBody).toContain(
        `Your game at Old Mill District starts soon: ${GAME_WORDS}.`,
      );
      // The hour mail's link ended the day mail's (issue 40 item 11).
      const click = (token?: string) =>
        t.app.inject({
          method: 'POST',
          url: `${API_ROUTES.usersUnsubscribeReminders.path}?token=${token}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: ONE_CLICK,
        });
      expect((await click(tokens[0])).statusCode).toBe(400);
      expect(await reminderSetting(player)).toBe(true);
      expect((await click(tokens[1])).statusCode).toBe(200);
      expect(await reminderSetting(player)).toBe(false);
    });

    it('sends no reminder whose time had passed when the seat was taken', async () => {
      const [early, late, exact, last] = await playersWith(10, 4);
      clock.set(before(24 * HOUR));
      const onTime = await book(exact as Player);
      clock.set(before(3 * HOUR));
      const afterDay = await book(early as Player);
      expect(await pass()).toEqual({ day: 1, hour: 0, mailed: 1 });
      clock.set(before(HOUR));
      const atHour = await book(late as Player);
      expect(await pass()).toEqual({ day: 0, hour: 3, mailed: 3 });
      clock.set(before(30 * MINUTE));
      const tooLate = await book(last as Player);
      expect(await pass()).toEqual(NOTHING);
      clock.set(before(MINUTE));
      expect(await pass()).toEqual(NOTHING);

      // Booked 24 hours before: both; 3 hours before: the hour one; 30 minutes before: none.
      expect(await keysOf(onTime.registrationId)).toEqual(['day', 'hour']);
      expect(await keysOf(afterDay.registrationId)).toEqual(['hour']);
      expect(await keysOf(atHour.registrationId)).toEqual(['hour']);
      expect(await keysOf(tooLate.registrationId)).toEqual([]);
      expect((await reminders((last as Player).email)).length).toBe(0);
      expect((await reminders((early as Player).email)).map((mail) => mail.subject)).toEqual([
        `Starting soon: your Questfield game on ${GAME_SHORT}`,
      ]);
    });

    it('sends none for a seat given back, and treats a seat booked again as a new one', async () => {
      const [gone, back] = await playersWith(10, 2);
      clock.set(before(30 * HOUR));
      const goneSeat = await book(gone as Player);
      const backSeat = await book(back as Player);
      clock.set(before(26 * HOUR));
      const cancel = (who: Player, registrationId: string) =>
        postJson(t.app, 'eventsCancel', { registrationId }, as(who));
      expect((await cancel(gone as Player, goneSeat.registrationId)).statusCode).toBe(200);
      clock.set(before(24 * HOUR));
      expect(await pass()).toEqual({ day: 1, hour: 0, mailed: 1 });
      // Given back after its day reminder: its key goes with it, and no hour reminder comes.
      clock.set(before(3 * HOUR));
      expect((await cancel(back as Player, backSeat.registrationId)).statusCode).toBe(200);
      expect(await keysOf(backSeat.registrationId)).toEqual([]);
      clock.set(before(HOUR));
      expect(await pass()).toEqual(NOTHING);
      expect((await reminders((gone as Player).email)).length).toBe(0);
      expect((await reminders((back as Player).email)).length).toBe(1);

      // Booked again 90 minutes before: a new seat, reminded at the hour.
      clock.set(before(90 * MINUTE));
      const again = await book(back as Player);
      clock.set(before(HOUR));
      expect(await pass()).toEqual({ day: 0, hour: 1, mailed: 1 });
      expect(await keysOf(again.registrationId)).toEqual(['hour']);
      expect((await reminders((back as Player).email)).length).toBe(2);
    });

    it('writes the key but sends nothing while reminders are off, or to a deleted account', async () => {
      const [off, gone] = await playersWith(10, 2);
      clock.set(before(30 * HOUR));
      const offSeat = await book(off as Player);
      const goneSeat = await book(gone as Player);
      const turned = await postJson(
        t.app,
        'usersReminderEmails',
        { enabled: false },
        as(off as Player),
      );
      expect(turned.statusCode, turned.body).toBe(200);
      // A deletion racing the pass: the account is scrubbed while its seat still stands.
      await db()
        .update(users)
        .set({ deletedAt: clock.now() })
        .where(eq(users.id, (gone as Player).id));

      clock.set(before(24 * HOUR));
      expect(await pass()).toEqual({ day: 2, hour: 0, mailed: 0 });
      expect(await pass()).toEqual(NOTHING);
      expect(await keysOf(offSeat.registrationId)).toEqual(['day']);
      expect(await keysOf(goneSeat.registrationId)).toEqual(['day']);

      // On again before the hour: that one comes.
      await postJson(t.app, 'usersReminderEmails', { enabled: true }, as(off as Player));
      clock.set(before(HOUR));
      expect(await pass()).toEqual({ day: 0, hour: 2, mailed: 1 });
      expect((await reminders((off as Player).email)).map((mail) => mail.subject)).toEqual([
        `Starting soon: your Questfield game on ${GAME_SHORT}`,
      ]);
      expect(await reminders((gone as Player).email)).toEqual([]);
    });
  });

  describe('exactly once', () => {
    /** A second app on the same database (a restart, or another server): its own pool on Postgres. */
    async function anotherApp(): Promise<App> {
      const handle: DatabaseHandle =
        dbKind === 'postgres'
          ? await openDatabase({ driver: 'postgres', url: t.database.url ?? '', poolSize: 5 })
          : t.database.handle;
      const app = await buildApp({
        env: t.env,
        db: handle,
        clock,
        logger: createLogger({ level: 'silent' }),
      });
      await app.ready();
      cleanups.push(async () => {
        await app.close();
        if (handle !== t.database.handle) await handle.close();
      });
      return app;
    }

    /**
     * `perSlot` seats on each of the games starting at `starts`, booked 30 hours before the
     * first (written directly: the seat counts match, nothing was charged).
     */
    async function seatsOn(starts: string[], perSlot: number): Promise<Player[]> {
      const players = await playersWith(0, starts.length * perSlot);
      const bookedAt = before(30 * HOUR, starts[0]);
      for (const [index, start] of starts.entries()) {
        const [slot] = await db()
          .update(eventSlots)
          .set({ booked: perSlot })
          .where(eq(eventSlots.startsAt, new Date(start)))
          .returning({ id: eventSlots.id });
        const seated = players.slice(index * perSlot, (index + 1) * perSlot);
        await db()
          .insert(registrations)
          .values(
            seated.map((player) => ({
              slotId: slot?.id ?? '',
              userId: player.id,
              source: 'booking' as const,
              createdAt: bookedAt,
            })),
          );
      }
      return players;
    }

    /** How many reminder mails each address got. */
    const mailsPerAddress = async () =>
      queryRows<{ to: string; mails: number }>(
        db(),
        sql`select ${emailOutbox.toAddress} as "to", count(*)::int as mails from ${emailOutbox} where ${emailOutbox.template} = 'seat_reminder' group by 1`,
      );

    it('across a restart: a new app on the same database sends nothing twice', async () => {
      const seated = await seatsOn([GAME], 3);
      clock.set(before(24 * HOUR));
      expect(await pass()).toEqual({ day: 3, hour: 0, mailed: 3 });
      const restarted = await anotherApp();
      expect(await restarted.reminderJob.runOnce()).toEqual(NOTHING);
      clock.set(before(HOUR));
      expect(await restarted.reminderJob.runOnce()).toEqual({ day: 0, hour: 3, mailed: 3 });
      expect(await pass()).toEqual(NOTHING);
      const counts = await mailsPerAddress();
      expect(counts.map((row) => row.to).sort()).toEqual(seated.map((p) => p.email).sort());
      expect(counts.every((row) => row.mails === 2)).toBe(true);
    });

    it('with passes of two apps running at once, over more seats than a batch', async () => {
      // Five games of 25 seats, all in their day window: more than one batch of 100.
      const starts = ['18:00', '18:30', '19:00', '19:30', '20:00'].map((time) => {
        const [hours = 0, minutes = 0] = time.split(':').map(Number);
        return new Date(Date.UTC(2026, 5, 2, hours + 4, minutes)).toISOString();
      });
      const seated = await seatsOn(starts, 25);
      expect(seated.length).toBeGreaterThan(REMINDER_BATCH_SIZE);
      clock.set(before(24 * HOUR, starts.at(-1)));
      const other = await anotherApp();
      const reports = await Promise.all([
        pass(),
        other.reminderJob.runOnce(),
        services.reminders.runOnce(),
      ]);
      expect(reports.reduce((sum, report) => sum + report.day, 0)).toBe(seated.length);
      expect(reports.reduce((sum, report) => sum + report.mailed, 0)).toBe(seated.length);
      expect(reports.every((report) => report.hour === 0)).toBe(true);
      const counts = await mailsPerAddress();
      expect(counts.length).toBe(seated.length);
      expect(counts.every((row) => row.mails === 1)).toBe(true);
      expect(await other.reminderJob.runOnce()).toEqual(NOTHING);
    });

    it('runs a pass as a listening server starts', async () => {
      await seatsOn([GAME], 2);
      clock.set(before(24 * HOUR));
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      // stop() waits for the pass the start began.
      await t.app.reminderJob.stop();
      expect((await mailsPerAddress()).length).toBe(2);
    });
  });

  describe('turning reminders off', () => {
    /** A new unsubscribe token for the player, as the reminder pass issues one with a mail. */
    const tokenOf = async (who: Player) =>
      (await services.accounts.reminderRecipients(db(), [who.id])).get(who.id)?.unsubscribeToken ??
      '';
    const unsubscribeUrl = (token: string) =>
      `${API_ROUTES.usersUnsubscribeReminders.path}?token=${encodeURIComponent(token)}`;
    /** What a mail provider sends (RFC 8058): a form, from its own server, no Origin, no cookie. */
    const oneClick = (token: string, body = ONE_CLICK) =>
      t.app.inject({
        method: 'POST',
        url: unsubscribeUrl(token),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });

    it('Users/Me says whether reminders are on; Users/ReminderEmails sets it for the session player only', async () => {
      const [player, other] = await playersWith(0, 2);
      const me = async (who: Player) =>
        jsonOf<PublicUser[]>(await postJson(t.app, 'usersMe', {}, as(who)))[0];
      expect((await me(player as Player))?.reminderEmails).toBe(true);
      expect(Object.keys((await me(player as Player)) ?? {}).sort()).toEqual(
        Object.keys(publicUser.shape).sort(),
      );

      const off = await postJson(
        t.app,
        'usersReminderEmails',
        { enabled: false },
        as(player as Player),
      );
      expect(off.statusCode, off.body).toBe(200);
      expect(jsonOf<PublicUser[]>(off)[0]).toMatchObject({
        id: (player as Player).id,
        reminderEmails: false,
      });
      expect((await me(player as Player))?.reminderEmails).toBe(false);
      expect(await reminderSetting(other as Player)).toBe(true);
      const on = await postJson(
        t.app,
        'usersReminderEmails',
        { enabled: true },
        as(player as Player),
      );
      expect(jsonOf<PublicUser[]>(on)[0]?.reminderEmails).toBe(true);

      const refused = [
        await postJson(t.app, 'usersReminderEmails', { enabled: false }),
        await postJson(t.app, 'usersReminderEmails', { enabled: 'no' }, as(player as Player)),
        await postJson(
          t.app,
          'usersReminderEmails',
          { enabled: false, userId: (other as Player).id },
          as(player as Player),
        ),
      ];
      expect(refused.map((answer) => answer.statusCode)).toEqual([401, 400, 400]);
      expect(await reminderSetting(player as Player)).toBe(true);
      expect(await reminderSetting(other as Player)).toBe(true);
    });

    it("the mail's List-Unsubscribe link turns reminders off in one click, as a provider posts it", async () => {
      const [player, viaMultipart, viaPage] = await playersWith(0, 3);
      const first = await oneClick(await tokenOf(player as Player));
      expect(first.statusCode, first.body).toBe(200);
      expect(jsonOf(first)).toEqual({ message: MESSAGES.remindersUnsubscribed });
      expect(await reminderSetting(player as Player)).toBe(false);

      // RFC 8058's preferred encoding.
      const boundary = 'qf-boundary-7d1';
      const multipart = await t.app.inject({
        method: 'POST',
        url: unsubscribeUrl(await tokenOf(viaMultipart as Player)),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: [
          `--${boundary}`,
          'Content-Disposition: form-data; name="List-Unsubscribe"',
          '',
          'One-Click',
          `--${boundary}--`,
          '',
        ].join('\r\n'),
      });
      expect(multipart.statusCode, multipart.body).toBe(200);
      expect(await reminderSetting(viaMultipart as Player)).toBe(false);

      // The unsubscribe page's button: the same body as JSON, from the app's own origin.
      const page = await postJson(
        t.app,
        'usersUnsubscribeReminders',
        { 'List-Unsubscribe': 'One-Click' },
        { headers: { origin: ORIGIN } },
      );
      expect(page.statusCode).toBe(400);
      const pageWithToken = await t.app.inject({
        method: 'POST',
        url: unsubscribeUrl(await tokenOf(viaPage as Player)),
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: JSON.stringify({ 'List-Unsubscribe': 'One-Click' }),
      });
      expect(pageWithToken.statusCode, pageWithToken.body).toBe(200);
      expect(await reminderSetting(viaPage as Player)).toBe(false);
    });

    it('refuses a forged, altered or missing token (never a 500) and changes nothing', async () => {
      const [player, other] = await playersWith(0, 2);
      const token = await tokenOf(player as Player);
      const [id, version, expires, mac] = token.split('.') as [string, string, string, string];
      const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
      const foreignSecret = createUnsubscribeTokens('another-secret-0123456789-abcdefghijklmnop');
      const forged = [
        `${(other as Player).id}.${version}.${expires}.${mac}`,
        `${id}.${version}.${expires}.${flipped}`,
        `${id}.${version}.${expires}.${mac}A`,
        `${id}.${version}.${expires}.${mac}.x`,
        `${id}.${Number(version) + 1}.${expires}.${mac}`,
        `${id}.${version}.${Number(expires) + 86_400}.${mac}`,
        `${id.toUpperCase()}.${version}.${expires}.${mac}`,
        foreignSecret.tokenFor({ userId: id, version: Number(version), expires: Number(expires) }),
        `${id}.${version}.${expires}`,
        id,
        'not-a-token',
      ];
      for (const bad of forged) {
        const answer = await oneClick(bad);
        expect(answer.statusCode, bad).toBe(400);
        expect(jsonOf(answer), bad).toEqual(refusal('UNSUBSCRIBE_LINK_INVALID'));
      }
      const missing = await t.app.inject({
        method: 'POST',
        url: API_ROUTES.usersUnsubscribeReminders.path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: ONE_CLICK,
      });
      expect(jsonOf(missing)).toEqual(refusal('UNSUBSCRIBE_LINK_INVALID'));
      // Not a one-click post: the wrong body, a plain-text body, a GET (a link scanner).
      expect((await oneClick(token, 'List-Unsubscribe=Other')).statusCode).toBe(400);
      expect((await oneClick(token, '')).statusCode).toBe(400);
      const text = await t.app.inject({
        method: 'POST',
        url: unsubscribeUrl(token),
        headers: { 'content-type': 'text/plain' },
        payload: ONE_CLICK,
      });
      expect(text.statusCode).toBe(415);
      const scanned = await t.app.inject({ method: 'GET', url: unsubscribeUrl(token) });
      expect(scanned.statusCode).toBe(404);

      expect(await reminderSetting(player as Player)).toBe(true);
      expect(await reminderSetting(other as Player)).toBe(true);
    });

    it("answers 200 for a deleted account's link, and changes nothing of it", async () => {
      const player = await playerWith(0);
      const token = await tokenOf(player);
      await db().update(users).set({ deletedAt: clock.now() }).where(eq(users.id, player.id));
      const answer = await oneClick(token);
      expect(answer.statusCode).toBe(200);
      expect(await reminderSetting(player)).toBe(true);
    });

    it('a link works once: a second click, or one after reminders were turned back on, is refused', async () => {
      const player = await playerWith(0);
      const token = await tokenOf(player);
      expect((await oneClick(token)).statusCode).toBe(200);
      await postJson(t.app, 'usersReminderEmails', { enabled: true }, as(player));
      const again = await oneClick(token);
      expect(again.statusCode).toBe(400);
      expect(jsonOf(again)).toEqual(refusal('UNSUBSCRIBE_LINK_INVALID'));
      expect(await reminderSetting(player)).toBe(true);
    });

    it('a new link ends the old one', async () => {
      const player = await playerWith(0);
      const old = await tokenOf(player);
      const current = await tokenOf(player);
      expect(jsonOf(await oneClick(old))).toEqual(refusal('UNSUBSCRIBE_LINK_INVALID'));
      expect(await reminderSetting(player)).toBe(true);
      expect((await oneClick(current)).statusCode).toBe(200);
      expect(await reminderSetting(player)).toBe(false);
    });

    it(`a link expires ${UNSUBSCRIBE_LINK_DAYS} days after its mail`, async () => {
      const [kept, lapsed] = await playersWith(0, 2);
      const tokens = [await tokenOf(kept as Player), await tokenOf(lapsed as Player)];
      clock.set(new Date(Date.parse(NOW) + UNSUBSCRIBE_LINK_DAYS * 24 * HOUR - 1000));
      expect((await oneClick(tokens[0] as string)).statusCode).toBe(200);
      clock.set(new Date(Date.parse(NOW) + UNSUBSCRIBE_LINK_DAYS * 24 * HOUR));
      const late = await oneClick(tokens[1] as string);
      expect(jsonOf(late)).toEqual(refusal('UNSUBSCRIBE_LINK_INVALID'));
      expect(await reminderSetting(lapsed as Player)).toBe(true);
    });
  });

  describe('retention', () => {
    it('deletes a key two days after it was written, when its game is a day past, and sends nothing again', async () => {
      clock.set(before(30 * HOUR));
      const seat = await book(await playerWith(10));
      clock.set(before(24 * HOUR));
      await pass();
      clock.set(before(HOUR));
      await pass();
      expect(await keysOf(seat.registrationId)).toEqual(['day', 'hour']);

      // Kept two days (a day after the game): the day key goes first, the hour key 23 hours on.
      clock.set(new Date(before(24 * HOUR).getTime() + REMINDER_KEY_KEPT_MS));
      expect(REMINDER_KEY_KEPT_MS).toBe(2 * 24 * HOUR);
      expect(await t.app.retentionJob.runOnce()).toMatchObject({ reminders: 0 });
      clock.advance(1);
      expect(await t.app.retentionJob.runOnce()).toMatchObject({ reminders: 1 });
      expect(await keysOf(seat.registrationId)).toEqual(['hour']);
      clock.advance(23 * HOUR);
      expect(await t.app.retentionJob.runOnce()).toMatchObject({ reminders: 1 });
      expect(await keysOf(seat.registrationId)).toEqual([]);
      expect(await pass()).toEqual(NOTHING);
      expect((await reminders()).length).toBe(2);
    });
  });
});

/**
 * Two API processes on one Postgres database, their passes held inside their transactions at
 * once: each claims its own seats (the other's are locked and skipped), and every seat gets one
 * mail. The outbox is locked by the test until both passes wait on it, so they truly overlap.
 */
describe.runIf(dbKind === 'postgres')('game reminders across two processes [postgres]', () => {
  let t: TestApp;
  let second: ServerProcess | undefined;
  let locker: pg.Client | undefined;
  let watcher: pg.Client | undefined;
  const SEATS = 2 * REMINDER_BATCH_SIZE;

  // Both processes' logs, shown if the passes never meet (a pass that failed says why here).
  const logs: string[] = [];
  const keepLog = (text: string) => void logs.push(text);

  beforeAll(async () => {
    const destination = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        keepLog(chunk.toString());
        done();
      },
    });
    t = await createTestApp({
      clock: systemClock,
      logger: createLogger({ level: 'info', destination }),
    });
  });
  afterAll(async () => {
    await locker?.end();
    await watcher?.end();
    await second?.stop();
    await t?.close();
  });

  /** The reminder passes waiting to write their mails into the locked outbox. */
  const waitingPasses = async (client: pg.Client) =>
    (
      await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'
           and query ilike 'insert into email_outbox%'`,
      )
    ).rows[0]?.n ?? 0;
  /** What every connection to the database is doing, for a failure's message. */
  const activity = async (client: pg.Client) =>
    (
      await client.query<Record<string, unknown>>(
        `select pid, application_name, state, wait_event_type, wait_event, left(query, 80) as query
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).rows;

  it(
    'each seat gets its day reminder once while both passes run at once',
    async () => {
      const db = t.database.handle.db;
      const now = Date.now();
      // Games 23 hours from now, in their day window; seats taken two hours ago.
      const players = await playersWithIn(t, servicesOf(t), 0, SEATS);
      const accessCodes = createAccessCodes(t.env.appSecret);
      for (let slot = 0; slot < SEATS / 25; slot += 1) {
        const startsAt = new Date(
          Math.floor((now + 23 * HOUR) / MINUTE) * MINUTE + slot * 7 * MINUTE,
        );
        const [row] = await db
          .insert(eventSlots)
          .values({ startsAt, booked: 25, ...accessCodes.issue() })
          .returning({ id: eventSlots.id });
        await db.insert(registrations).values(
          players.slice(slot * 25, (slot + 1) * 25).map((player) => ({
            slotId: row?.id ?? '',
            userId: player.id,
            source: 'booking' as const,
            createdAt: new Date(now - 2 * HOUR),
          })),
        );
      }

      locker = new pg.Client({ connectionString: t.database.url });
      await locker.connect();
      await locker.query('begin');
      await locker.query('lock table email_outbox in exclusive mode');
      // Watched from another connection: a transaction sees pg_stat_activity as it was at its
      // first look (Postgres holds the view still until the transaction ends), so the locking
      // one would never see the second pass arrive.
      watcher = new pg.Client({ connectionString: t.database.url });
      await watcher.connect();
      // Listening starts this process's pass; the second process runs one as it starts.
      ({ second } = await withSecondProcess(t, keepLog));
      // Generous: on a loaded machine the second process's first pass may take a while, and a
      // pass that failed (a connection refused while the machine is busy) is tried again by
      // the job a minute later, as in production.
      const deadline = Date.now() + 2 * REMINDER_INTERVAL_MS + 10_000;
      while ((await waitingPasses(watcher)) < 2) {
        if (Date.now() > deadline) {
          const state = JSON.stringify(await activity(watcher), null, 1);
          throw new Error(`the two passes never ran at once:\n${state}\n${logs.join('')}`);
        }
        await sleep(50);
      }
      await locker.query('commit');
      await second.stop();
      await t.app.reminderJob.stop();

      const [keys] = await queryRows<{ day: number; hour: number }>(
        db,
        sql`select count(*) filter (where kind = 'day')::int as day, count(*) filter (where kind = 'hour')::int as hour from ${seatReminders}`,
      );
      expect(keys).toEqual({ day: SEATS, hour: 0 });
      const mails = await queryRows<{ to: string; mails: number }>(
        db,
        sql`select ${emailOutbox.toAddress} as "to", count(*)::int as mails from ${emailOutbox} where ${emailOutbox.template} = 'seat_reminder' group by 1`,
      );
      expect(mails.map((row) => row.to).sort()).toEqual(players.map((p) => p.email).sort());
      expect(mails.every((row) => row.mails === 1)).toBe(true);
    },
    SECOND_PROCESS_START_MS + 2 * REMINDER_INTERVAL_MS + 40_000,
  );
});
