/**
 * The venue's own details and its clock (ADR 0057): admins change the name, address, contact
 * and hour cycle in the console's settings (two-factor passed) or with `settings venue`, each
 * change audited with its values before and after; staff and visitors are refused; the public
 * GET /api/Venue serves them at once after a change. Mails, the calendar file and the CSV
 * exports say every time on the venue's clock with its zone named, and where the venue is.
 */
import {
  API_ROUTES,
  DEFAULT_VENUE_SETTINGS,
  VENUE_MESSAGES,
  type AuditEntry,
  type RegisterEventResponse,
  type VenueDetails,
} from '@questfield/contract';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runAdmin } from '../src/cli/admin-program';
import { OperatorFailure } from '../src/cli/operator-runner';
import { mailDraft } from '../src/integrations/email/templates';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { mailRendererFor, type Services } from '../src/services';
import { COOKIE, postJson, signUp } from './helpers/accounts';
import { AT, DAY, fixedClock, NOW } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { openedMails } from './helpers/outbox';
import { playersWith, type Player } from './helpers/players';
import {
  createTestApp,
  dbKind,
  jsonOf,
  servicesOf,
  testEnv,
  type TestApp,
} from './helpers/test-app';

const DEFAULT_VENUE: VenueDetails = { ...DEFAULT_VENUE_SETTINGS, timeZone: 'America/New_York' };
const HARBOUR = {
  name: 'Harbour Hall',
  // A comma and a semicolon: the calendar file must escape both (RFC 5545 §3.3.11).
  address: '12 Quay Street; Unit 4, Bristol',
  contactEmail: 'desk@harbour.example',
  contactPhone: '+44 117 496 0000',
  hourCycle: '24',
} as const;

describe(`the venue's details [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  let staff: Operator;
  let admin: Operator;
  const { operator, enrol, post } = consoleClient(() => t, token, clock);
  const change = (body: Record<string, unknown>, who = admin) =>
    post(who, 'consoleSettingsChange', { command: 'settings venue', ...body });
  const venueNow = () => t.app.inject({ method: 'GET', url: API_ROUTES.venue.path });
  const audited = async () => {
    const answer = await post(admin, 'consoleAuditLog', { action: 'settings.venue' });
    return jsonOf<{ entries: AuditEntry[] }>(answer).entries;
  };

  /** `npm run admin -- …argv`, sent to this app's operator route as the running server's. */
  async function commandLine(argv: string[]) {
    let out = '';
    let err = '';
    const code = await runAdmin(argv, {
      out: (text) => (out += text),
      err: (text) => (err += text),
      loadEnv: () => t.env,
      run: async (_env, command) => {
        const answer = await postJson(t.app, 'operatorRun', command, {
          headers: { authorization: `Bearer ${token}` },
        });
        if (answer.statusCode !== 200) throw new OperatorFailure(answer.body);
        return jsonOf(answer);
      },
    });
    return { code, out, err };
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    services = servicesOf(t);
    staff = await operator('staff');
    admin = await operator('admin');
    for (const who of [staff, admin]) await enrol(who);
  });
  afterAll(() => t.close());

  it('serves the defaults to anyone, cached a minute', async () => {
    const answer = await venueNow();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('public, max-age=60');
    expect(jsonOf(answer)).toEqual(DEFAULT_VENUE);
  });

  it('refuses visitors, players, staff and an admin without two-factor; changes nothing', async () => {
    const visitor = await postJson(t.app, 'consoleSettingsChange', {
      command: 'settings venue',
      name: 'Nope',
    });
    expect(visitor.statusCode).toBe(401);
    const player = await signUp(t.app);
    const asPlayer = await postJson(
      t.app,
      'consoleSettingsChange',
      { command: 'settings venue', name: 'Nope' },
      { cookie: player.cookie },
    );
    expect(asPlayer.statusCode).toBe(403);
    const refused = await change({ name: 'Nope' }, staff);
    expect(refused.statusCode).toBe(403);
    expect(jsonOf(refused)).toMatchObject({ code: 'FORBIDDEN' });
    const fresh = await operator('admin');
    const unchecked = await change({ name: 'Nope' }, fresh);
    expect(unchecked.statusCode).toBe(403);
    expect(jsonOf(unchecked)).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    expect(jsonOf(await venueNow())).toEqual(DEFAULT_VENUE);
    expect(await audited()).toEqual([]);
  });

  it('refuses details that do not read, each with its reason, and changes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '  ' }, VENUE_MESSAGES.nameMissing],
      [{ name: 'Hall\r\nBcc: x@example.com' }, VENUE_MESSAGES.oneLine],
      [{ address: 'x'.repeat(201) }, VENUE_MESSAGES.addressLong],
      [{ contactEmail: 'desk at harbour' }, VENUE_MESSAGES.email],
      [{ contactPhone: 'call us' }, VENUE_MESSAGES.phone],
      [{ hourCycle: '13' }, VENUE_MESSAGES.hourCycle],
      [{}, VENUE_MESSAGES.nothing],
    ];
    for (const [body, message] of cases) {
      const refused = await change(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(jsonOf(refused), JSON.stringify(body)).toEqual({ code: 'VALIDATION_FAILED', message });
    }
    expect(jsonOf(await venueNow())).toEqual(DEFAULT_VENUE);
  });

  it('lets an admin change them, audited before and after, and serves them at once', async () => {
    const answer = await change(HARBOUR);
    expect(answer.statusCode, answer.body).toBe(200);
    const changed = { ...HARBOUR, timeZone: 'America/New_York' };
    expect(jsonOf(answer)).toEqual({
      command: 'settings venue',
      venue: changed,
      before: DEFAULT_VENUE,
    });
    expect(jsonOf(await venueNow())).toEqual(changed);
    const [row, ...more] = await audited();
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      action: 'settings.venue',
      actor: { kind: 'operator', id: admin.id },
      subject: 'venue details',
      before: DEFAULT_VENUE_SETTINGS,
      after: HARBOUR,
    });
    // The console's settings show them, with the zone.
    const settings = await t.app.inject({
      method: 'GET',
      url: API_ROUTES.consoleSettings.path,
      remoteAddress: staff.ip,
      headers: { cookie: `${COOKIE}=${staff.cookie}` },
    });
    expect(settings.statusCode).toBe(200);
    expect(jsonOf(settings)).toMatchObject({ venue: changed });
  });

  it('mails the venue, its address, and 24-hour times with their zone; the file says where', async () => {
    const [player] = (await playersWith(t, services, 2, 1)) as [Player];
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: DAY })).statusCode).toBe(200);
    const booked = await postJson(
      t.app,
      'eventsRegister',
      { EventTime: AT('18:00'), timeZone: 'America/Los_Angeles' },
      { cookie: player.cookie, ip: player.ip },
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const seat = jsonOf<RegisterEventResponse>(booked);
    const [mail] = await openedMails(t, player.email);
    expect(mail?.subject).toBe('Your Questfield game at Harbour Hall: Mon, Jun 1, 18:00 EDT');
    expect(mail?.textBody.split('\n').slice(2, 4)).toEqual([
      'Your seat is booked on Monday, June 1, 2026, 18:00 EDT (15:00 PDT your time).',
      'Where: Harbour Hall, 12 Quay Street; Unit 4, Bristol.',
    ]);
    const content = mail?.extras.attachments[0]?.content ?? '';
    expect(content).toContain('LOCATION:Harbour Hall\\, 12 Quay Street\\; Unit 4\\, Bristol');
    const event = new ICAL.Event(
      new ICAL.Component(ICAL.parse(content)).getFirstSubcomponent('vevent') ?? undefined,
    );
    expect(event.location).toBe('Harbour Hall, 12 Quay Street; Unit 4, Bristol');
    expect(event.summary).toBe('Questfield game, Harbour Hall');
    expect(event.startDate.toJSDate().toISOString()).toBe(AT('18:00'));
    expect(event.endDate.toJSDate().getTime() - Date.parse(AT('18:00'))).toBe(30 * 60_000);
    expect(seat.accessCode).not.toBe('');
  });

  it('exports the audit log with times on the venue clock, the header naming its zone', async () => {
    const exported = await post(admin, 'consoleAuditLogExport', { action: 'settings.venue' });
    expect(exported.statusCode, exported.body).toBe(200);
    const { csv, entries } = jsonOf<{ csv: string; entries: AuditEntry[] }>(exported);
    const [header, first, end] = csv.split('\r\n');
    expect(header).toBe(
      'at (America/New_York),operator,role,address,action,player,subject,before,after,reason',
    );
    // NOW is 12:00 UTC: 08:00 in New York, summer time.
    expect(entries[0]?.at).toBe(new Date(NOW).toISOString());
    expect(first?.startsWith('2026-06-01T08:00:00-04:00,')).toBe(true);
    expect(end).toBe('');
  });

  it('is the command line’s too: settings venue, validated, audited as the command line', async () => {
    const set = await commandLine([
      'settings',
      'venue',
      '--name',
      'Old Mill District',
      '--phone',
      '',
      '--hours',
      '12',
    ]);
    expect(set).toEqual({
      code: EXIT.done,
      out: [
        'Venue              Old Mill District',
        'Address            12 Quay Street; Unit 4, Bristol',
        'Contact            desk@harbour.example',
        'Clock              12-hour, America/New_York (VENUE_TIMEZONE)',
        '(every server within 5 seconds; mails sent from now on say it)',
        '',
      ].join('\n'),
      err: '',
    });
    expect(jsonOf(await venueNow())).toMatchObject({
      name: 'Old Mill District',
      contactPhone: '',
      hourCycle: '12',
      address: HARBOUR.address,
    });
    const [row] = await audited();
    expect(row).toMatchObject({
      actor: { kind: 'command_line' },
      before: HARBOUR,
      after: { ...HARBOUR, name: 'Old Mill District', contactPhone: '', hourCycle: '12' },
    });
    const wrong = await commandLine(['settings', 'venue', '--hours', '13']);
    expect(wrong.code).toBe(EXIT.usage);
    const bad = await commandLine(['settings', 'venue', '--email', 'nobody']);
    expect(bad.code).toBe(EXIT.usage);
    expect(bad.err).toContain(VENUE_MESSAGES.email);
    const none = await commandLine(['settings', 'venue']);
    expect(none.code).toBe(EXIT.usage);
    expect(none.err).toContain(VENUE_MESSAGES.nothing);
  });
});

describe('mails on the venue clock, rendered', () => {
  const render = mailRendererFor(testEnv());
  const BERLIN: VenueDetails = {
    name: 'Spree <Hall>',
    address: 'Ufer 1, Berlin',
    contactEmail: 'hallo@spree.example',
    contactPhone: '',
    timeZone: 'Europe/Berlin',
    hourCycle: '24',
  };
  const queued = new Date('2026-11-29T12:00:00Z');

  it("names the zone of a waitlist offer's hold, in the venue's hour cycle", () => {
    const offer = {
      username: 'zoe',
      startsAt: '2026-11-29T17:00:00.000Z',
      holdMinutes: 15,
      heldUntil: '2026-11-29T12:15:00.000Z',
      link: 'http://localhost:3000/dashboard#seat-offer',
    };
    const inNewYork = render(mailDraft('waitlist_offer', offer), queued, DEFAULT_VENUE);
    expect(inNewYork.text).toContain(
      'A seat has freed up on the session of Sunday, November 29, 2026, 12:00 PM EST at Old Mill District,',
    );
    expect(inNewYork.text).toContain('for 15 minutes, until 7:15 AM EST.');
    const inBerlin = render(mailDraft('waitlist_offer', offer), queued, BERLIN);
    expect(inBerlin.text).toContain('until 13:15 CET.');
    expect(inBerlin.text).toContain('Sunday, November 29, 2026, 18:00 CET at Spree <Hall>, Ufer 1');
    expect(inBerlin.html).toContain('Spree &lt;Hall&gt;, Ufer 1, Berlin');
    expect(inBerlin.html).not.toContain('<Hall>');
  });

  it('says a game closed or a seat cancelled on the venue clock, and whom to write', () => {
    const closed = render(
      mailDraft('game_closed', {
        username: 'zoe',
        startsAt: '2026-11-29T17:00:00.000Z',
        reason: 'Burst pipe',
        seat: null,
      }),
      queued,
      BERLIN,
    );
    expect(closed.subject).toBe('Your Questfield game on Sun, Nov 29, 18:00 CET was cancelled');
    expect(closed.text).toContain(
      'We closed the session of Sunday, November 29, 2026, 18:00 CET at Spree <Hall>,',
    );
    const cancelled = render(
      mailDraft('seat_cancelled', {
        username: 'zoe',
        startsAt: '2026-11-29T17:00:00.000Z',
        refunded: 2,
        balance: 4,
        byStaff: false,
      }),
      queued,
      DEFAULT_VENUE,
    );
    expect(cancelled.text).toContain(
      'You cancelled your seat on the session of Sunday, November 29, 2026, 12:00 PM EST at Old Mill District.',
    );
    const deleted = render(mailDraft('account_deleted', { username: 'zoe' }), queued, BERLIN);
    expect(deleted.text).toContain('contact us at hallo@spree.example.');
  });

  it('still renders a draft queued before the venue clock, its time in words', () => {
    const legacy = {
      username: 'zoe',
      startsAt: 'Monday, June 1, 2026 at 6:30 PM',
      place: 'Old Mill District',
      refunded: 2,
      balance: 4,
      byStaff: true,
    };
    const mail = render(
      mailDraft(
        'seat_cancelled',
        legacy as unknown as Parameters<typeof mailDraft<'seat_cancelled'>>[1],
      ),
      queued,
      DEFAULT_VENUE,
    );
    expect(mail.text).toContain(
      'Our staff cancelled your seat on the session of Monday, June 1, 2026 at 6:30 PM at Old Mill District.',
    );
  });
});
