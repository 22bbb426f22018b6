/**
 * Partnership applications (spec §4, §5; security.md W24): Partnerships/Apply stores the
 * application and queues two server-written mails (the applicant's confirmation, the company
 * contact's notification) with every typed value escaped; invalid input, the hourly limit per
 * IP (also under a concurrent burst) and the honeypot leave nothing stored and nothing sent;
 * the spec's client-composed Orders/ProcessCustomEmail stays refused.
 */
import {
  CONTACT,
  ERRORS,
  PARTNERSHIP_RECEIVED_MESSAGE,
  type PartnershipApplyRequest,
} from '@questfield/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authAttempts, emailOutbox, partnershipApplications } from '../src/db/schema';
import { CONFIRMATIONS_PER_ADDRESS_PER_DAY } from '../src/modules/partnerships/partnerships.service';
import { distinctIp, postJson } from './helpers/accounts';
import { fixedClock, NOW } from './helpers/clock';
import { openedMails } from './helpers/outbox';
import { createTestApp, dbKind, jsonOf, testEnv, type TestApp } from './helpers/test-app';
import { refusal } from './helpers/refusal';

const HOUR = 60 * 60_000;
const SCRIPT = '<script>alert(1)</script>';
const ESCAPED_SCRIPT = '&lt;script&gt;alert(1)&lt;/script&gt;';

const VALID: PartnershipApplyRequest = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  companyName: 'Analytical Engines Ltd',
  companyDescription: 'We build engines.\nAnd we like games.',
};

describe(`partnerships [${dbKind}]`, () => {
  let t: TestApp;
  const clock = fixedClock(NOW);
  const db = () => t.database.handle.db;

  beforeEach(async () => {
    clock.set(NOW);
    t = await createTestApp({ clock });
  });
  afterEach(async () => {
    await t.close();
  });

  const apply = (body: unknown, ip = '203.0.113.7') =>
    postJson(t.app, 'partnershipsApply', body, { ip });
  const applications = () => db().select().from(partnershipApplications);
  const outbox = () => db().select().from(emailOutbox);

  it('stores a valid application and queues the two mails to the right addresses', async () => {
    const response = await apply(VALID);

    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ message: PARTNERSHIP_RECEIVED_MESSAGE });
    const stored = await applications();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ ...VALID, ip: '203.0.113.7', createdAt: new Date(NOW) });

    const mails = await openedMails(t);
    expect(mails.map((mail) => [mail.toAddress, mail.template]).sort()).toEqual([
      ['ada@example.com', 'partnership_confirmation'],
      [CONTACT.partnersEmail, 'partnership_notification'],
    ]);
    const [notification] = await openedMails(t, CONTACT.partnersEmail);
    expect(notification?.subject).toBe('New partnership application: Analytical Engines Ltd');
    expect(notification?.textBody).toContain('Phone: +44 20 7946 0000');
    expect(notification?.textBody).toContain('We build engines.\nAnd we like games.');
    const [confirmation] = await openedMails(t, 'ada@example.com');
    expect(confirmation?.subject).toBe('We received your Questfield partnership application');
    // Nothing typed comes back to the address typed (no relay for someone else's words).
    for (const typed of [VALID.name, VALID.phone, VALID.companyName, 'We build engines']) {
      expect(confirmation?.textBody).not.toContain(typed);
      expect(confirmation?.htmlBody).not.toContain(typed);
    }
  });

  it('trims what was typed before storing and mailing it', async () => {
    const padded = { ...VALID, name: '  Ada Lovelace  ', email: ' ada@example.com ' };
    expect((await apply(padded)).statusCode).toBe(200);
    const [stored] = await applications();
    expect([stored?.name, stored?.email]).toEqual(['Ada Lovelace', 'ada@example.com']);
    expect((await openedMails(t, 'ada@example.com')).length).toBe(1);
  });

  it('sends the notification to the configured company contact only', async () => {
    await t.close();
    t = await createTestApp({ clock, env: { PARTNERSHIP_EMAIL: 'deals@questfield.example' } });
    expect((await apply(VALID)).statusCode).toBe(200);
    const recipients = (await outbox()).map((mail) => mail.toAddress).sort();
    expect(recipients).toEqual(['ada@example.com', 'deals@questfield.example']);
  });

  it('refuses to start with a company contact that is not an email address', () => {
    expect(testEnv().partnershipEmail).toBe('partners@questfield.example');
    expect(() => testEnv({ PARTNERSHIP_EMAIL: 'partners' })).toThrow(
      /PARTNERSHIP_EMAIL: must be an email address/,
    );
  });

  it('escapes markup typed into any field in both mails', async () => {
    const hostile = {
      name: SCRIPT,
      email: 'ada@example.com',
      phone: SCRIPT,
      companyName: SCRIPT,
      companyDescription: `${SCRIPT}<img src=x onerror=alert(2)>`,
    };
    expect((await apply(hostile)).statusCode).toBe(200);

    expect(await openedMails(t)).toHaveLength(2);
    const [notification] = await openedMails(t, CONTACT.partnersEmail);
    expect(notification?.htmlBody).not.toContain('<script');
    expect(notification?.htmlBody).not.toContain('<img');
    expect(notification?.htmlBody).toContain(`Name: ${ESCAPED_SCRIPT}`);
    expect(notification?.htmlBody).toContain(`Phone: ${ESCAPED_SCRIPT}`);
    expect(notification?.htmlBody).toContain(`Company name: ${ESCAPED_SCRIPT}`);
    expect(notification?.htmlBody).toContain(`${ESCAPED_SCRIPT}&lt;img src=x onerror=alert(2)&gt;`);
    const [confirmation] = await openedMails(t, 'ada@example.com');
    expect(confirmation?.htmlBody).not.toContain('script');
    expect(notification?.htmlBody).toContain(
      `<title>New partnership application: ${ESCAPED_SCRIPT}</title>`,
    );
  });

  describe('refuses invalid applications with 400, storing and sending nothing', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['a missing name', { name: undefined }, 'Some fields are missing or not valid: name.'],
      ['a blank name', { name: '   ' }, 'Please enter your name.'],
      ['a missing email', { email: undefined }, 'Some fields are missing or not valid: email.'],
      ['a blank email', { email: '' }, 'Please enter your email address.'],
      ['an invalid email', { email: 'ada@' }, 'Please enter a valid email address.'],
      [
        'a second address',
        { email: 'a@example.com,b@example.com' },
        'Please enter a valid email address.',
      ],
      ['a missing phone', { phone: undefined }, 'Some fields are missing or not valid: phone.'],
      ['a blank phone', { phone: ' ' }, 'Please enter your phone number.'],
      [
        'a phone too long',
        { phone: '1'.repeat(41) },
        'Your phone number can be at most 40 characters.',
      ],
      [
        'a missing company name',
        { companyName: undefined },
        'Some fields are missing or not valid: companyName.',
      ],
      ['a blank company name', { companyName: '' }, 'Please enter your company name.'],
      [
        'a missing description',
        { companyDescription: undefined },
        'Some fields are missing or not valid: companyDescription.',
      ],
      ['a blank description', { companyDescription: '\n ' }, 'Please describe your company.'],
      [
        'a description too long',
        { companyDescription: 'x'.repeat(2001) },
        'Your company description can be at most 2000 characters.',
      ],
      ['a number for a name', { name: 42 }, 'Some fields are missing or not valid: name.'],
      [
        'an unknown field',
        { to: 'victim@example.com' },
        'Some fields are missing or not valid: body.',
      ],
    ];
    it.each(cases)('%s', async (_label, change, message) => {
      const response = await apply({ ...VALID, ...change });
      expect(response.statusCode).toBe(400);
      expect(jsonOf(response)).toEqual({ code: 'VALIDATION_FAILED', message });
      expect(await applications()).toEqual([]);
      expect(await outbox()).toEqual([]);
    });
  });

  it('admits 5 applications an hour per IP: the 6th gets 429, another IP still passes', async () => {
    const ip = distinctIp();
    for (let i = 0; i < 5; i += 1) {
      const applicant = { ...VALID, name: `Applicant ${i}`, email: `applicant${i}@example.com` };
      expect((await apply(applicant, ip)).statusCode).toBe(200);
      clock.advance(60_000);
    }
    const sixth = await apply(VALID, ip);
    expect(sixth.statusCode).toBe(429);
    expect(jsonOf(sixth)).toEqual(refusal('PARTNERSHIP_RATE_LIMITED'));
    expect(ERRORS.PARTNERSHIP_RATE_LIMITED.message).toBe(
      'Too many applications from this network. Please try again in an hour.',
    );
    expect(await applications()).toHaveLength(5);
    expect(await outbox()).toHaveLength(10);

    expect((await apply(VALID, distinctIp())).statusCode).toBe(200);
    expect(await applications()).toHaveLength(6);

    // The first application leaves the window an hour after it was made.
    clock.set(new Date(Date.parse(NOW) + HOUR - 1));
    expect((await apply(VALID, ip)).statusCode).toBe(429);
    clock.set(new Date(Date.parse(NOW) + HOUR + 1));
    expect((await apply(VALID, ip)).statusCode).toBe(200);
    expect((await apply(VALID, ip)).statusCode).toBe(429);
    expect(await applications()).toHaveLength(7);
  });

  it('lets exactly 5 of 20 concurrent applications from one IP through', async () => {
    const ip = distinctIp();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        apply({ ...VALID, name: `Burst ${i}`, email: `burst${i}@example.com` }, ip),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    expect(await applications()).toHaveLength(5);
    expect(await outbox()).toHaveLength(10);
  });

  it('sends one address at most 3 confirmations a day, from any number of networks', async () => {
    const victim = 'victim@example.com';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        apply({ ...VALID, email: i % 2 === 0 ? victim : 'VICTIM@example.com' }, distinctIp()),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
    expect(await applications()).toHaveLength(12);
    const mails = await outbox();
    const to = (address: string) =>
      mails.filter((mail) => mail.toAddress.toLowerCase() === address).length;
    expect(to(victim)).toBe(CONFIRMATIONS_PER_ADDRESS_PER_DAY);
    expect(to(t.env.partnershipEmail)).toBe(12);
    // A day later the address may be confirmed again.
    clock.set(new Date(Date.parse(NOW) + 24 * HOUR + 1));
    await apply({ ...VALID, email: victim }, distinctIp());
    expect(to(victim) + 1).toBe(
      (await outbox()).filter((mail) => mail.toAddress.toLowerCase() === victim).length,
    );
  });

  it('answers a filled honeypot like a success and keeps nothing', async () => {
    const response = await apply({ ...VALID, website: 'https://spam.example' });
    expect(response.statusCode).toBe(200);
    expect(jsonOf(response)).toEqual({ message: PARTNERSHIP_RECEIVED_MESSAGE });
    expect(await applications()).toEqual([]);
    expect(await outbox()).toEqual([]);
    expect(await db().select().from(authAttempts)).toEqual([]);
  });

  it('accepts an empty honeypot as a person leaves it', async () => {
    expect((await apply({ ...VALID, website: '' })).statusCode).toBe(200);
    expect(await applications()).toHaveLength(1);
  });

  it.each(['ordersCustomEmail', 'ordersConfirmationEmail'] as const)(
    'refuses the spec’s client-composed mail call %s from a browser and sends nothing',
    async (route) => {
      const response = await postJson(
        t.app,
        route,
        {
          subject: 'Your account',
          htmlText: '<a href="https://phish.example">Sign in</a>',
          appid: 'questfield-web',
          username: 'victim',
          email: 'victim@example.com',
        },
        { headers: { origin: t.env.publicOrigin } },
      );
      expect(response.statusCode).toBe(403);
      expect(jsonOf(response)).toEqual(refusal('FORBIDDEN'));
      expect(await outbox()).toEqual([]);
    },
  );
});
