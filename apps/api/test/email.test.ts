import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { emailOutbox } from '../src/db/schema';
import { escapeHtml } from '../src/integrations/email/escape-html';
import {
  createEmailDispatcher,
  MAX_ATTEMPTS,
  retryDelayMs,
  type MailTransport,
} from '../src/integrations/email/dispatcher';
import {
  mailDraft,
  passwordChangedEmail,
  recoveryCodeEmail,
} from '../src/integrations/email/templates';
import { DEFAULT_VENUE_SETTINGS, type VenueDetails } from '@questfield/contract';
import { mailRendererFor, venueReaderFor } from '../src/services';
import { createSealedBox } from '../src/lib/sealed-box';
import { postJson, signUp } from './helpers/accounts';
import { getLocally } from './helpers/mailbox';
import {
  createTestApp,
  dbKind,
  jsonOf,
  PRODUCTION_ENV,
  servicesOf,
  testEnv,
} from './helpers/test-app';

type Clock = { advance(ms: number): void };

/** The venue as a fresh database has it. */
const VENUE: VenueDetails = { ...DEFAULT_VENUE_SETTINGS, timeZone: 'America/New_York' };
type Received = { to: string; data: string };

/** A real SMTP server on loopback that refuses the first `refuse` messages. */
async function startSmtp(refuse = 0) {
  const received: Received[] = [];
  let refusals = refuse;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = Object.assign(new Error('try again later'), { responseCode: 451 });
          callback(error);
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address).join(','),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A booking confirmation's facts, as the bookings module queues them. */
const SEAT_BOOKED = {
  registrationId: '7b0a4d52-3f0c-4c55-9d8a-2f6f1c1e9a01',
  startsAt: '2026-06-01T22:00:00.000Z',
  lengthMinutes: 30,
  accessCode: 'QX7K-9MZD',
  username: 'ada',
  timeZone: null,
  joined: false,
};

describe(`email [${dbKind}]`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('templates escape user input and carry the code in both parts', () => {
    const mail = recoveryCodeEmail({ username: '<script>alert(1)</script>', code: '012345' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('012345');
    expect(mail.html).toContain('012345');
    expect(mail.text).toMatch(/expires in 10 minutes/);
    expect(passwordChangedEmail({ username: 'a"b' }).html).toContain('a&quot;b');
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });

  it("renders a refund's mail with every value escaped, and what it took back in words", () => {
    const render = mailRendererFor(testEnv());
    const refund = {
      username: 'zoe<b>',
      orderNumber: 'QF-7K3M9X2P4D',
      amount: '$17.99',
      whole: true,
      asCredits: false,
      creditsAdded: 0,
      creditsTakenBack: 6,
      creditsSpent: 10,
      passesRevoked: 1,
      reason: 'Charged twice <script>alert(1)</script> & "sorry"',
    };
    const mail = render(mailDraft('order_refunded', refund), new Date(), VENUE);
    expect(mail.subject).toBe('Your Questfield order QF-7K3M9X2P4D was refunded');
    expect(mail.html).not.toMatch(/<script>|<b>/);
    expect(mail.html).toContain(
      'The reason our staff gave: Charged twice &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;sorry&quot;',
    );
    expect(mail.html).toContain('Hi zoe&lt;b&gt;,');
    expect(mail.text.split('\n')).toEqual([
      'Hi zoe<b>,',
      '',
      'We refunded your order QF-7K3M9X2P4D: $17.99 went back to the card you paid with. Your bank may take a few days to show it.',
      'We took back 6 credits the order added to your account; the other 10 credits had already been spent, so your balance was left at zero.',
      "The order's Game Pass was revoked and no longer works.",
      `The reason our staff gave: ${refund.reason}`,
      'If you have a question about this refund, write to us at hello@questfield.example.',
    ]);
    const allSpent = { ...refund, creditsTakenBack: 0, creditsSpent: 16, passesRevoked: 0 };
    expect(render(mailDraft('order_refunded', allSpent), new Date(), VENUE).text).toContain(
      'The 16 credits the order added to your account had already been spent, so your balance was left at zero.',
    );
  });

  it('renders a refund of part of an order, to the card and as credits (ADR 0056)', () => {
    const render = mailRendererFor(testEnv());
    const part = {
      username: 'zoe',
      orderNumber: 'QF-7K3M9X2P4D',
      amount: '$5.00',
      whole: false,
      asCredits: false,
      creditsAdded: 0,
      creditsTakenBack: 4,
      creditsSpent: 0,
      passesRevoked: 0,
      reason: 'One game was cut short',
    };
    const toCard = render(mailDraft('order_refunded', part), new Date(), VENUE).text.split('\n');
    expect(toCard.slice(2)).toEqual([
      'We refunded $5.00 of your order QF-7K3M9X2P4D to the card you paid with. Your bank may take a few days to show it.',
      'We took back 4 credits of the credits the order added to your account.',
      'The reason our staff gave: One game was cut short',
      'If you have a question about this refund, write to us at hello@questfield.example.',
    ]);
    const asCredits = { ...part, asCredits: true, creditsAdded: 4 };
    const credited = render(mailDraft('order_refunded', asCredits), new Date(), VENUE).text.split(
      '\n',
    );
    expect(credited.slice(2, 4)).toEqual([
      'We refunded $5.00 of your order QF-7K3M9X2P4D as credits instead of to your card: we added 4 credits to your account.',
      'We took back 4 credits of the credits the order added to your account.',
    ]);
  });

  it('delivers through a real SMTP server, retrying after a refusal', async () => {
    const smtp = await startSmtp(1);
    cleanups.push(smtp.close);
    const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    cleanups.push(t.close);
    const player = await signUp(t.app);
    await postJson(t.app, 'usersRequestRecoveryCode', { email: player.email });

    const first = await t.app.emailDispatcher.runOnce();
    expect(first).toMatchObject({ sent: 0, retried: 1 });
    const [row] = await t.database.handle.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toMatch(/try again later/);

    // Not due yet: nothing happens until the backoff has passed.
    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ sent: 0, retried: 0 });
    (t.clock as unknown as Clock).advance(retryDelayMs(1) + 1);
    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ sent: 1 });
    const [sent] = await t.database.handle.db.select().from(emailOutbox);
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toBe(player.email);
    expect(smtp.received[0]?.data).toMatch(/recovery code/);
  });

  /** The SMTP message's List-Unsubscribe header and calendar attachment, as received. */
  function unsubscribeAndCalendar(data: string) {
    // Long header lines arrive folded (RFC 5322 §2.2.3): unfold them to read.
    const unfolded = data.replace(/\r\n[ \t]+/g, ' ');
    const attached = /filename="?[\w.-]+\.ics"?\r\n\r\n([A-Za-z0-9+/=\r\n]+?)\r\n--/.exec(
      unfolded,
    )?.[1];
    return {
      unsubscribe: /List-Unsubscribe: (<[^>]+>)/.exec(unfolded)?.[1],
      calendar: attached === undefined ? undefined : Buffer.from(attached, 'base64').toString(),
    };
  }

  it('renders a draft when it sends it: attachments and headers, sealed at rest, blanked once sent', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    cleanups.push(t.close);
    const { db } = t.database.handle;
    const facts = SEAT_BOOKED;
    const oneClickUrl = 'https://questfield.example/api/unsubscribe?token=secret-token';
    const reminder = {
      username: 'ada',
      kind: 'hour' as const,
      startsAt: 'Monday, June 1, 2026 at 6:00 PM',
      place: 'Old Mill',
      accessCode: 'QX7K-9MZD',
      sessionsUrl: 'https://questfield.example/dashboard',
      unsubscribeUrl: 'https://questfield.example/unsubscribe?token=secret-token',
      oneClickUrl,
    };
    const { mailer } = servicesOf(t);
    await mailer.queue(db, 'booked@example.com', mailDraft('seat_booked', facts));
    await mailer.queue(db, 'reminded@example.com', mailDraft('seat_reminder', reminder));
    for (const row of await db.select().from(emailOutbox)) {
      expect(row).toMatchObject({ subject: '', textBody: '', htmlBody: '', extras: '' });
      expect(row.draft).toMatch(/^v1\./);
      for (const secret of ['QX7K-9MZD', 'secret-token', facts.registrationId]) {
        expect(row.draft).not.toContain(secret);
      }
    }

    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ sent: 2 });
    const received = (to: string) => smtp.received.find((mail) => mail.to === to)?.data ?? '';
    const booked = unsubscribeAndCalendar(received('booked@example.com'));
    expect(booked.unsubscribe).toBeUndefined();
    expect(booked.calendar).toContain(`UID:${facts.registrationId}@`);
    expect(booked.calendar).toContain('DTSTART:20260601T220000Z');
    expect(received('booked@example.com')).toMatch(/Subject: Your Questfield game at /);
    const reminded = unsubscribeAndCalendar(received('reminded@example.com'));
    expect(reminded).toEqual({ unsubscribe: `<${oneClickUrl}>`, calendar: undefined });
    for (const row of await db.select().from(emailOutbox)) {
      expect(row).toMatchObject({ status: 'sent', draft: '', textBody: '' });
    }
  });

  it('still sends a mail queued before drafts, its bodies sealed part by part', async () => {
    const smtp = await startSmtp();
    cleanups.push(smtp.close);
    const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    cleanups.push(t.close);
    // As the outbox stored a rendered mail before migration 0028.
    const box = createSealedBox(t.env.appSecret, 'email-outbox');
    const calendar = 'BEGIN:VCALENDAR\r\nUID:seat-secret-uid\r\nEND:VCALENDAR\r\n';
    const unsubscribe = '<https://questfield.example/api/unsubscribe?token=secret-token>';
    const extras = {
      attachments: [{ filename: 'game.ics', contentType: 'text/calendar', content: calendar }],
      headers: { 'List-Unsubscribe': unsubscribe },
    };
    await t.database.handle.db.insert(emailOutbox).values({
      toAddress: 'player@example.com',
      nextAttemptAt: new Date(0),
      template: 'seat_booked',
      subject: 'Your seat',
      textBody: box.seal('See you there'),
      extras: box.seal(JSON.stringify(extras)),
    });

    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ sent: 1 });
    const data = smtp.received[0]?.data ?? '';
    expect(data).toMatch(/Subject: Your seat/);
    expect(data).toMatch(/See you there/);
    expect(unsubscribeAndCalendar(data)).toEqual({ unsubscribe, calendar });
    const [sent] = await t.database.handle.db.select().from(emailOutbox);
    expect(sent).toMatchObject({ status: 'sent', extras: '', textBody: '', htmlBody: '' });
  });

  it('gives up after the last attempt', async () => {
    const smtp = await startSmtp(100);
    cleanups.push(smtp.close);
    const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    cleanups.push(t.close);
    const player = await signUp(t.app);
    await postJson(t.app, 'usersRequestRecoveryCode', { email: player.email });
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      await t.app.emailDispatcher.runOnce();
      (t.clock as unknown as Clock).advance(retryDelayMs(attempt) + 1);
    }
    const [row] = await t.database.handle.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ sent: 0, retried: 0, failed: 0 });
  });

  it('keeps mail for the dev mailbox without SMTP, newest first, JSON and page', async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    const player = await signUp(t.app, { username: 'mailbox' });
    await postJson(t.app, 'usersRequestRecoveryCode', { email: player.email });
    (t.clock as unknown as Clock).advance(1_000);
    await postJson(t.app, 'usersRequestRecoveryCode', { email: player.email });
    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ dev: 2 });
    const rows = await t.database.handle.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'dev'));
    expect(rows).toHaveLength(2);

    const list = jsonOf<
      { to: string; subject: string; text: string; html: string; createdAt: string }[]
    >(await getLocally(t.app, '/api/dev/mailbox'));
    expect(list).toHaveLength(2);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual([
      'attachments',
      'createdAt',
      'headers',
      'html',
      'subject',
      'text',
      'to',
    ]);
    expect(Date.parse(list[0]?.createdAt ?? '')).toBeGreaterThan(
      Date.parse(list[1]?.createdAt ?? ''),
    );

    const page = await getLocally(t.app, '/dev/mailbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('mailbox@example.com');
    expect(page.body).toMatch(/recovery code is: \d{6}/);
  });

  it('escapes the dev mailbox page', async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    const draft = mailDraft('account_deleted', { username: '</pre><script>y</script>' });
    await servicesOf(t).mailer.queue(
      t.database.handle.db,
      '<img src=x onerror=alert(1)>@example.com',
      draft,
    );
    const page = await getLocally(t.app, '/dev/mailbox');
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('<img');
  });

  it("offers each attachment of the dev mailbox's page as a download of the file", async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    const { registrationId } = SEAT_BOOKED;
    const draft = mailDraft('seat_booked', SEAT_BOOKED);
    await servicesOf(t).mailer.queue(t.database.handle.db, 'booked@example.com', draft);
    expect(await t.app.emailDispatcher.runOnce()).toMatchObject({ dev: 1 });
    const page = (await getLocally(t.app, '/dev/mailbox')).body;
    const link = /<a href="data:([^",]+);base64,([^"]+)" download="([^"]+)">Download /.exec(page);
    expect(link?.[1]).toBe('text/calendar;charset=utf-8');
    expect(link?.[3]).toMatch(/\.ics$/);
    const file = Buffer.from(link?.[2] ?? '', 'base64').toString('utf8');
    expect(file).toContain(`UID:${registrationId}@`);
    expect(file).toContain('DTSTART:20260601T220000Z');
  });

  it('has no mailbox in production', async () => {
    const t = await createTestApp({ env: PRODUCTION_ENV });
    cleanups.push(t.close);
    expect((await getLocally(t.app, '/api/dev/mailbox')).statusCode).toBe(404);
    expect((await getLocally(t.app, '/dev/mailbox')).statusCode).toBe(404);
  });

  it('queues mail in the action transaction: a failed reset queues nothing', async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    const player = await signUp(t.app);
    const response = await postJson(t.app, 'usersUpdatePassword', {
      email: player.email,
      password: 'copper-meadow-sextant-77',
      resetToken: 'A'.repeat(43),
    });
    expect(response.statusCode).toBe(400);
    expect(await t.database.handle.db.select().from(emailOutbox)).toEqual([]);
  });

  it('start() polls and wake() sends soon after an enqueue; stop() ends it', async () => {
    const smtp = await startSmtp(0);
    cleanups.push(smtp.close);
    const t = await createTestApp({ env: { SMTP_URL: smtp.url } });
    cleanups.push(t.close);
    t.app.emailDispatcher.start();
    const player = await signUp(t.app);
    await postJson(t.app, 'usersRequestRecoveryCode', { email: player.email });
    for (let i = 0; i < 50 && smtp.received.length === 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(smtp.received).toHaveLength(1);
    await t.app.emailDispatcher.stop();
  });

  it('runs one pass more for a wake that met a pass in flight, without waiting for the poll', async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    const [first, second] = [await signUp(t.app), await signUp(t.app)];
    const sent: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The first mail's sending waits for the test: its pass is in flight meanwhile.
    const transport = {
      sendMail: async (mail: { to?: unknown }) => {
        sent.push(String(mail.to));
        if (sent.length === 1) await held;
        return {};
      },
      close: () => {},
    } as unknown as MailTransport;
    const dispatcher = createEmailDispatcher({
      db: t.database.handle.db,
      clock: t.clock,
      logger: { info: () => {}, warn: () => {}, error: () => {} },
      smtpUrl: 'smtp://127.0.0.1:1',
      transport,
      mailFrom: t.env.mailFrom,
      appSecret: t.env.appSecret,
      renderMail: mailRendererFor(t.env),
      venueDetails: () => venueReaderFor(t.env)(t.database.handle.db),
      // No poll within the test: only the wake can send the second mail.
      pollMs: 60 * 60_000,
    });
    cleanups.push(() => dispatcher.stop());
    await postJson(t.app, 'usersRequestRecoveryCode', { email: first.email });
    dispatcher.start();
    await expect.poll(() => sent).toHaveLength(1);
    await postJson(t.app, 'usersRequestRecoveryCode', { email: second.email });
    dispatcher.wake();
    // The wake's tick runs (and finds the pass in flight) before the pass may end.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await expect.poll(() => sent, { timeout: 10_000 }).toHaveLength(2);
    expect(sent[1]).toContain(second.email);
  });

  it('goes quiet after wakes that meet passes in flight', async () => {
    const t = await createTestApp();
    cleanups.push(t.close);
    let passes = 0;
    // A pass reads the clock once, at its start (without SMTP nothing else does).
    const clock = { now: () => ((passes += 1), new Date()) };
    const logger = { info: () => {}, warn: () => {}, error: () => {} };
    const { db } = t.database.handle;
    const { mailFrom, appSecret } = t.env;
    const dispatcher = createEmailDispatcher({
      db,
      clock,
      logger,
      smtpUrl: null,
      mailFrom,
      appSecret,
      renderMail: mailRendererFor(t.env),
      venueDetails: () => venueReaderFor(t.env)(db),
    });
    cleanups.push(() => dispatcher.stop());
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    dispatcher.start();
    // Wakes at every moment of the passes they cause, as enqueues come in a busy server.
    for (let i = 0; i < 50; i += 1) {
      dispatcher.wake();
      await pause(i % 7);
    }
    await pause(300);
    const settled = passes;
    expect(settled).toBeGreaterThanOrEqual(1);
    await pause(600);
    // The poll (every 5 s) may come once in between; passes keeping each other going (as they
    // once did on Postgres) ran thousands.
    expect(passes - settled).toBeLessThanOrEqual(1);
  });
});
