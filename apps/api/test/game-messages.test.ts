/**
 * A message to a game's players (ADR 0058): previewed without sending, mailed once to each
 * player booked (and to the line only when asked), escaped; a retry of the same request id
 * sends nothing again, and neither do two sends of it at once; at most GAME_MESSAGE_LIMITS per
 * game an hour and per operator a day, refused with Retry-After; staff may, players may not;
 * an ended or unknown game is refused; deleted accounts are skipped; audited; and the command
 * line's `slots message` does the same.
 */
import {
  DEFAULT_VENUE_SETTINGS,
  GAME_MESSAGE_LIMITS,
  operatorResult,
  type AuditEntry,
  type GameMessagePreview,
  type GameMessageSent,
} from '@questfield/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../src/cli/admin-program';
import { mailDraft } from '../src/integrations/email/templates';
import { mailRendererFor } from '../src/services';
import { OperatorFailure } from '../src/cli/operator-runner';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { postJson } from './helpers/accounts';
import { fixedClock, NOW } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { openedMails } from './helpers/outbox';
import { playersWith, type Player } from './helpers/players';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

// Monday 2026-06-01, 8:00 AM in New York; each test messages a game of its own day ahead.
const TUESDAY = '2026-06-02';
const WEDNESDAY = '2026-06-03';
const THURSDAY = '2026-06-04';
const FRIDAY = '2026-06-05';
const SATURDAY = '2026-06-06';
const SUNDAY = '2026-06-07';
/** 18:00 on the venue clock (New York, summer time). */
const sixOf = (day: string) => `${day}T22:00:00.000Z`;
const MINUTE = 60_000;

describe(`messages to a game's players [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  let staff: Operator;
  const { operator, enrol, post } = consoleClient(() => t, token, clock);
  const run = (command: Record<string, unknown>) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });
  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    staff = await operator('staff');
    await enrol(staff);
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(NOW));
  afterEach(async () => {
    const violations = await findInvariantViolations(t.database.handle.db);
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  /** Two players seated on the day's 18:00 game (made full at 2 seats), one in its line. */
  async function busyGame(day: string) {
    const players = await playersWith(t, services, 10, 3);
    const [ana, ben, cy] = players as [Player, Player, Player];
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: day })).statusCode).toBe(200);
    await run({ command: 'slots set-capacity', date: day, time: '18:00', capacity: 2 });
    for (const who of [ana, ben]) {
      const booked = await postJson(t.app, 'eventsRegister', { EventTime: sixOf(day) }, as(who));
      expect(booked.statusCode, booked.body).toBe(200);
    }
    const joined = await postJson(t.app, 'waitlistJoin', { EventTime: sixOf(day) }, as(cy));
    expect(joined.statusCode, joined.body).toBe(200);
    return { booked: [ana, ben], waiting: cy };
  }

  const messagesTo = async (who: Player) =>
    (await openedMails(t, who.email)).filter((mail) => mail.template === 'game_message');
  const audited = async (reader = staff) =>
    jsonOf<{ entries: AuditEntry[] }>(
      await post(reader, 'consoleAuditLog', { action: 'slots.message' }),
    ).entries;

  let ids = 0;
  const requestId = () => `message-request-${(ids += 1)}`;
  const message = (day: string, extra: Record<string, unknown> = {}) => ({
    day,
    time: '18:00',
    subject: 'Doors open late',
    body: 'Hello <b>all</b> & welcome.\nWe start at 18:10.',
    waiting: false,
    ...extra,
  });

  it('renders the game_message mail: brand and venue, the game, the text escaped, whom to write', () => {
    const venue = {
      ...DEFAULT_VENUE_SETTINGS,
      name: 'Mill <Hall>',
      contactPhone: '+1 555 0100',
      timeZone: 'America/New_York',
    };
    const draft = mailDraft('game_message', {
      startsAt: '2026-06-02T22:00:00.000Z',
      subject: 'Doors\r\nBcc: x@example.com',
      body: '<img src=x onerror=alert(1)> & "quotes"\nline two',
    });
    const mail = mailRendererFor(t.env)(draft, new Date(NOW), venue);
    // One line under the brand and the venue: no header can be smuggled in.
    expect(mail.subject).toBe('Questfield Mill <Hall>: Doors Bcc: x@example.com');
    expect(mail.text).toContain('<img src=x onerror=alert(1)> & "quotes"\nline two');
    expect(mail.text).toMatch(/session of .*June 2, 2026.*6:00.* at Mill <Hall>:/);
    expect(mail.text).toContain('write to hello@questfield.example or call +1 555 0100');
    expect(mail.html).toContain(
      '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;<br>line two',
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Mill &lt;Hall&gt;');
  });

  it('previews the mail and whom it reaches, sending nothing', async () => {
    const { booked, waiting } = await busyGame(TUESDAY);
    const answer = await post(
      staff,
      'consoleGameMessagePreview',
      message(TUESDAY, { waiting: true }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const preview = jsonOf<GameMessagePreview>(answer);
    expect(preview).toMatchObject({ booked: 2, waiting: 1 });
    // Under the brand and the venue's name.
    expect(preview.subject).toBe('Questfield Old Mill District: Doors open late');
    expect(preview.text).toContain('Hello <b>all</b> & welcome.\nWe start at 18:10.');
    expect(preview.text).toMatch(/June 2, 2026.* 6:00/);
    const without = jsonOf<GameMessagePreview>(
      await post(staff, 'consoleGameMessagePreview', message(TUESDAY)),
    );
    expect(without).toMatchObject({ booked: 2, waiting: 0 });
    for (const who of [...booked, waiting]) expect(await messagesTo(who)).toEqual([]);
    expect(await audited()).toEqual([]);
  });

  it('mails each player once, escaped; a retry sends nothing again; the line only when asked', async () => {
    const { booked, waiting } = await busyGame(WEDNESDAY);
    const preview = jsonOf<GameMessagePreview>(
      await post(staff, 'consoleGameMessagePreview', message(WEDNESDAY)),
    );
    const first = { ...message(WEDNESDAY), requestId: requestId() };
    const sent = await post(staff, 'consoleGameMessageSend', first);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(jsonOf<GameMessageSent>(sent)).toEqual({ booked: 2, waiting: 0, repeated: false });
    for (const who of booked) {
      const mails = await messagesTo(who);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail?.subject).toBe(preview.subject);
      expect(mail?.htmlBody).toContain(
        'Hello &lt;b&gt;all&lt;/b&gt; &amp; welcome.<br>We start at 18:10.',
      );
      expect(mail?.htmlBody).not.toContain('<b>all</b>');
      expect(mail?.textBody).toContain('hello@questfield.example');
    }
    expect(await messagesTo(waiting)).toEqual([]);

    const again = await post(staff, 'consoleGameMessageSend', first);
    expect(jsonOf<GameMessageSent>(again)).toEqual({ booked: 2, waiting: 0, repeated: true });
    for (const who of booked) expect(await messagesTo(who)).toHaveLength(1);
    const reused = await post(staff, 'consoleGameMessageSend', { ...first, body: 'Other words' });
    expect(reused.statusCode).toBe(422);
    expect(jsonOf(reused)).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });

    const withLine = { ...message(WEDNESDAY, { waiting: true }), requestId: requestId() };
    expect(jsonOf(await post(staff, 'consoleGameMessageSend', withLine))).toEqual({
      booked: 2,
      waiting: 1,
      repeated: false,
    });
    expect(await messagesTo(waiting)).toHaveLength(1);
    expect(await messagesTo(booked[0] as Player)).toHaveLength(2);

    const rows = await audited();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      actor: { kind: 'operator', id: staff.id },
      subject: `${WEDNESDAY} 18:00`,
      after: { subject: 'Doors open late', booked: 2, waiting: 0, waitlist: false },
    });
    expect(JSON.stringify(rows)).not.toContain('We start at 18:10');
  });

  it('sends one request made several times at once only once', async () => {
    const { booked } = await busyGame(THURSDAY);
    const once = { ...message(THURSDAY), requestId: requestId() };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(staff, 'consoleGameMessageSend', once)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const first = answers.filter((answer) => !jsonOf<GameMessageSent>(answer).repeated);
    expect(first).toHaveLength(1);
    for (const who of booked) expect(await messagesTo(who)).toHaveLength(1);
  });

  it('holds the per-game and per-operator limits, refused with Retry-After', async () => {
    await busyGame(FRIDAY);
    const sender = await operator('staff');
    await enrol(sender);
    const send = () =>
      post(sender, 'consoleGameMessageSend', { ...message(FRIDAY), requestId: requestId() });
    for (let i = 0; i < GAME_MESSAGE_LIMITS.perGame; i += 1) {
      expect((await send()).statusCode).toBe(200);
      clock.advance(10 * MINUTE);
    }
    // Three sent at 0, 10 and 20 minutes; now 30: the first leaves the hour in 30 minutes.
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(jsonOf(refused)).toMatchObject({
      code: 'GAME_MESSAGE_RATE_LIMITED',
      message: 'A game takes at most 3 messages an hour. Try again in 30 minutes.',
    });
    expect(refused.headers['retry-after']).toBe(String(30 * 60));
    clock.advance(30 * MINUTE);
    expect((await send()).statusCode).toBe(200);

    // The operator's day: 4 sent so far; the rest up to the limit on the day's other games.
    await run({ command: 'slots set-capacity', date: FRIDAY, time: '19:00', capacity: 25 });
    const [dee] = await playersWith(t, services, 10, 1);
    await postJson(
      t.app,
      'eventsRegister',
      { EventTime: `${FRIDAY}T23:00:00.000Z` },
      as(dee as Player),
    );
    let sentToday = GAME_MESSAGE_LIMITS.perGame + 1;
    while (sentToday < GAME_MESSAGE_LIMITS.perOperator) {
      clock.advance(21 * MINUTE);
      const other = { ...message(FRIDAY, { time: '19:00' }), requestId: requestId() };
      const answer = await post(sender, 'consoleGameMessageSend', other);
      expect(answer.statusCode, answer.body).toBe(200);
      sentToday += 1;
    }
    clock.advance(61 * MINUTE);
    const tooMany = await send();
    expect(tooMany.statusCode, tooMany.body).toBe(429);
    expect(jsonOf<{ message: string }>(tooMany).message).toMatch(
      /^You may send at most 20 messages a day/,
    );
    const wait = Number(tooMany.headers['retry-after']);
    expect(wait).toBeGreaterThan(60 * 60);
    expect(wait).toBeLessThanOrEqual(24 * 60 * 60);
    // Another operator is not held to this one's day.
    const other = await post(staff, 'consoleGameMessageSend', {
      ...message(FRIDAY),
      requestId: requestId(),
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('answers players 403 and strangers 401; refuses ended and unknown games', async () => {
    const [player] = await playersWith(t, services, 0, 1);
    const body = { ...message(SATURDAY), requestId: requestId() };
    expect(
      (await postJson(t.app, 'consoleGameMessageSend', body, as(player as Player))).statusCode,
    ).toBe(403);
    expect((await postJson(t.app, 'consoleGameMessageSend', body)).statusCode).toBe(401);
    expect(
      (await postJson(t.app, 'consoleGameMessagePreview', message(SATURDAY), as(player as Player)))
        .statusCode,
    ).toBe(403);

    const { booked } = await busyGame(SATURDAY);
    const unknown = await post(
      staff,
      'consoleGameMessagePreview',
      message(SATURDAY, { time: '03:00' }),
    );
    expect(jsonOf(unknown)).toMatchObject({ code: 'OPERATOR_SLOT_NOT_FOUND' });
    // 18:30 on Saturday: the 18:00 game has ended (an operator signed in then asks).
    clock.set(`${SATURDAY}T22:30:00.000Z`);
    const late = await operator('staff');
    await enrol(late);
    for (const [route, asked] of [
      ['consoleGameMessagePreview', message(SATURDAY)],
      ['consoleGameMessageSend', body],
    ] as const) {
      const ended = await post(late, route, asked);
      expect(ended.statusCode).toBe(409);
      expect(jsonOf(ended)).toMatchObject({
        code: 'GAME_MESSAGE_GAME_ENDED',
        message: 'That game has ended: its players can no longer be messaged.',
      });
    }
    for (const who of booked) expect(await messagesTo(who)).toEqual([]);
  });

  it('skips deleted accounts, and the command line sends, previews and retries the same', async () => {
    const { booked, waiting } = await busyGame(SUNDAY);
    const [ana, ben] = booked as [Player, Player];
    // Live: a seat on a started game stays when its player deletes the account.
    clock.set(`${SUNDAY}T22:05:00.000Z`);
    expect((await run({ command: 'users delete', email: ben.email })).statusCode).toBe(200);
    const output: string[] = [];
    const commandLine = (argv: string[]) =>
      runAdmin(argv, {
        out: (text) => output.push(text),
        err: (text) => output.push(text),
        loadEnv: () => t.env,
        run: async (_env, command) => {
          const answer = await run(command);
          if (answer.statusCode !== 200) {
            throw new OperatorFailure(jsonOf<{ message: string }>(answer).message);
          }
          return operatorResult.parse(jsonOf(answer));
        },
      });
    const args = ['slots', 'message', '--date', SUNDAY, '--time', '18:00'];
    const words = ['--subject', 'Lost keys', '--body', 'Blue keyring\nat the desk', '--waiting'];
    expect(await commandLine([...args, ...words, '--dry-run'])).toBe(0);
    expect(output.join('')).toContain('Dry run, nothing sent: it would reach 1 booked, 1 waiting.');
    expect(await messagesTo(ana)).toEqual([]);

    output.length = 0;
    const once = ['--request-id', 'cli-run-000001'];
    expect(await commandLine([...args, ...words, ...once])).toBe(0);
    expect(output.join('')).toContain('Sent to 1 booked, 1 waiting');
    expect(await commandLine([...args, ...words, ...once])).toBe(0);
    expect(output.join('')).toContain('Already sent under this request id');
    expect(await messagesTo(ana)).toHaveLength(1);
    expect(await messagesTo(waiting)).toHaveLength(1);
    expect(await messagesTo(ben)).toHaveLength(0);
    const reader = await operator('staff');
    await enrol(reader);
    const [row] = await audited(reader);
    expect(row).toMatchObject({
      actor: { kind: 'command_line' },
      subject: `${SUNDAY} 18:00`,
      after: { subject: 'Lost keys', booked: 1, waiting: 1, waitlist: true },
    });

    output.length = 0;
    expect(await commandLine([...args, '--subject', 'x', '--body', ' '])).toBe(2);
    expect(output.join('')).toContain('Write the message.');
  });
});
