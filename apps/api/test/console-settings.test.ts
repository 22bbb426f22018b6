/**
 * The console's settings (ADR 0025): staff read them, admins change them (the staff grant limit
 * after a fresh password-and-code check), the command line changes them the same way, and every
 * change is in the audit log with its values before and after. Venue networks raise the
 * per-address limits on sign-ups and code entry for addresses in them (security.md W11, W22,
 * R17): matched on request.ip, so an address a client writes into X-Forwarded-For counts only
 * when a trusted proxy sent it; IPv6 ranges, and IPv4 clients seen as IPv4-mapped IPv6, match.
 */
import {
  ERRORS,
  OPERATOR_REAUTH_MS,
  MONEY_LIMITS,
  STAFF_CREDIT_LIMIT_DEFAULT,
  VENUE_NETWORKS,
  VENUE_RANGE_MESSAGES,
  type AuditEntry,
  type ConsolePlayer,
  type ConsoleSettings,
  operatorResult,
} from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, runAdmin } from '../src/cli/admin-program';
import { OperatorFailure } from '../src/cli/operator-runner';
import { LIMITS } from '../src/modules/accounts/auth-limits';
import { CODE_LIMITS } from '../src/modules/limits/code-attempts';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import {
  COOKIE,
  PASSWORD,
  distinctIp,
  postJson,
  signUp,
  type PostOptions,
} from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;
const VENUE_V4 = '203.0.113.0/24';
const VENUE_V6 = '2001:db8:5::/48';

let accounts = 0;
/** A sign-up from `options.ip` (through `options.headers`, a proxy's), answered with its status. */
async function signUpFrom(t: TestApp, options: PostOptions): Promise<number> {
  accounts += 1;
  const username = `venueplayer${accounts}`;
  const body = {
    username,
    email: `${username}@example.com`,
    password: PASSWORD,
    appid: 'questfield-web',
  };
  return (await postJson(t.app, 'usersCreate', body, options)).statusCode;
}

/** The statuses of `count` sign-ups in a row, as counts of each. */
async function signUps(t: TestApp, count: number, options: PostOptions) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push(await signUpFrom(t, options));
  return {
    passed: statuses.filter((s) => s === 200).length,
    refused: statuses.filter((s) => s === 429).length,
  };
}

describe(`the console's settings [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock('2026-06-01T12:00:10Z');
  let t: TestApp;
  let staff: Operator;
  let admin: Operator;
  const { operator, enrol, post, reauth } = consoleClient(() => t, token, clock);
  const run = (command: Record<string, unknown>) =>
    postJson(t.app, 'operatorRun', command, { headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    staff = await operator('staff');
    admin = await operator('admin');
    for (const who of [staff, admin]) await enrol(who);
  });
  afterAll(() => t.close());

  const settingsOf = async (who: Operator) => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/console/settings',
      remoteAddress: who.ip,
      headers: { cookie: `${COOKIE}=${who.cookie}` },
    });
    expect(answer.statusCode).toBe(200);
    return jsonOf<ConsoleSettings>(answer);
  };
  const change = (body: Record<string, unknown>, who = admin) =>
    post(who, 'consoleSettingsChange', body);
  const setStaffLimit = (limit: unknown, who = admin) =>
    post(who, 'consoleStaffCreditLimit', { command: 'settings staff-credit-limit', limit });
  const audited = async (action: string) => {
    const answer = await post(staff, 'consoleAuditLog', { action });
    return jsonOf<{ entries: AuditEntry[] }>(answer).entries;
  };

  it('shows staff every setting, and refuses them every change', async () => {
    expect(await settingsOf(staff)).toEqual({
      multiplayer: true,
      staffCreditLimit: STAFF_CREDIT_LIMIT_DEFAULT,
      moneyLimits: MONEY_LIMITS.defaults,
      cancelCutoffMinutes: 120,
      waitlistHoldMinutes: 15,
      noShowGraceMinutes: 10,
      venueLimit: VENUE_NETWORKS.limitDefault,
      venueNetworks: [],
      venue: {
        name: 'Old Mill District',
        address: '',
        contactEmail: 'hello@questfield.example',
        contactPhone: '',
        timeZone: 'America/New_York',
        hourCycle: '12',
      },
      ordinaryLimits: {
        signUpsPer10Minutes: LIMITS.signUpPerIp10Min,
        signUpsPerDay: LIMITS.signUpPerIpPerDay,
        codesPerMinute: CODE_LIMITS.perIpPerMinute,
      },
    });
    for (const body of [
      { command: 'multiplayer', state: 'off' },
      { command: 'venues add', name: 'Main hall', range: VENUE_V4 },
      { command: 'venues limit', limit: 200 },
    ]) {
      const refused = await change(body, staff);
      expect(refused.statusCode, JSON.stringify(body)).toBe(403);
      expect(jsonOf(refused)).toMatchObject({ code: 'FORBIDDEN' });
    }
    const limit = await setStaffLimit(25, staff);
    expect(jsonOf(limit)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await settingsOf(admin)).toMatchObject({
      multiplayer: true,
      staffCreditLimit: STAFF_CREDIT_LIMIT_DEFAULT,
      cancelCutoffMinutes: 120,
      venueNetworks: [],
    });
  });

  it('switches multiplayer off and on for the site, each switch audited', async () => {
    const multiplayer = async () =>
      jsonOf<{ multiplayerEnabled: boolean }>(await t.app.inject('/api/config')).multiplayerEnabled;
    expect(jsonOf(await change({ command: 'multiplayer', state: 'off' }))).toEqual({
      command: 'multiplayer',
      enabled: false,
      changed: true,
    });
    expect(await multiplayer()).toBe(false);
    expect((await settingsOf(staff)).multiplayer).toBe(false);
    await change({ command: 'multiplayer', state: 'on' });
    expect(await multiplayer()).toBe(true);
    const rows = await audited('settings.multiplayer');
    expect(rows.map((row) => [row.before, row.after, row.actor.id])).toEqual([
      [{ enabled: false }, { enabled: true }, admin.id],
      [{ enabled: true }, { enabled: false }, admin.id],
    ]);
    // The console's switch has no 'status': that is the command line's read.
    expect((await change({ command: 'multiplayer', state: 'status' })).statusCode).toBe(400);
  });

  it('sets the staff grant limit after a fresh check; staff then grant up to it', async () => {
    const player = await signUp(t.app);
    clock.advance(OPERATOR_REAUTH_MS);
    expect(jsonOf(await setStaffLimit(25))).toMatchObject({ code: 'REAUTH_REQUIRED' });
    await reauth(admin);
    for (const wrong of [0, 2.5, 100_001, '25']) {
      const refused = await setStaffLimit(wrong);
      expect(refused.statusCode, String(wrong)).toBe(400);
      expect(jsonOf(refused)).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Enter a whole number of credits from 1 to 100,000.',
      });
    }
    expect((await settingsOf(staff)).staffCreditLimit).toBe(STAFF_CREDIT_LIMIT_DEFAULT);

    expect(jsonOf(await setStaffLimit(25))).toEqual({
      command: 'settings staff-credit-limit',
      limit: 25,
      before: STAFF_CREDIT_LIMIT_DEFAULT,
    });
    const page = jsonOf<ConsolePlayer>(await post(staff, 'consolePlayer', { playerId: player.id }));
    expect(page.creditLimit).toBe(25);
    await reauth(staff);
    const grant = (credits: number) =>
      post(staff, 'consolePlayerCredits', {
        playerId: player.id,
        change: 'grant',
        credits,
        reason: 'Venue night',
      });
    expect((await grant(25)).statusCode).toBe(200);
    expect(jsonOf(await grant(26))).toMatchObject({ code: 'CREDIT_LIMIT_EXCEEDED' });
    const [row] = await audited('settings.staff-credit-limit');
    expect(row).toMatchObject({
      actor: { id: admin.id, role: 'admin' },
      subject: 'staff credit limit',
      before: { limit: STAFF_CREDIT_LIMIT_DEFAULT },
      after: { limit: 25 },
    });
  });

  it('refuses a range that is malformed, too wide, mapped or not its start, changing nothing', async () => {
    const cases: [string, string][] = [
      ['lobby wifi', VENUE_RANGE_MESSAGES.malformed],
      ['203.0.113.0', VENUE_RANGE_MESSAGES.malformed],
      ['203.0.113.0/33', VENUE_RANGE_MESSAGES.malformed],
      ['203.0.113.0/24/8', VENUE_RANGE_MESSAGES.malformed],
      ['203.0.113.256/24', VENUE_RANGE_MESSAGES.malformed],
      // Octal to ipaddr.js (8.0.0.0/24): refused rather than read as something else.
      ['010.0.0.0/24', VENUE_RANGE_MESSAGES.malformed],
      ['2001:db8::g/48', VENUE_RANGE_MESSAGES.malformed],
      ['10.0.0.0/8', VENUE_RANGE_MESSAGES.tooWide],
      ['0.0.0.0/0', VENUE_RANGE_MESSAGES.tooWide],
      ['2001:db8::/32', VENUE_RANGE_MESSAGES.tooWide],
      ['::ffff:203.0.113.0/120', VENUE_RANGE_MESSAGES.mapped],
      ['203.0.113.7/24', '203.0.113.7/24 is not where its range starts: write 203.0.113.0/24.'],
      [
        '2001:db8:5:1::/48',
        '2001:db8:5:1::/48 is not where its range starts: write 2001:db8:5::/48.',
      ],
    ];
    for (const [range, message] of cases) {
      const refused = await change({ command: 'venues add', name: 'Main hall', range });
      expect(refused.statusCode, range).toBe(400);
      expect(jsonOf<{ message: string }>(refused).message, range).toBe(message);
    }
    expect(jsonOf(await change({ command: 'venues add', name: ' ', range: VENUE_V4 }))).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Name the network, e.g. Main hall Wi-Fi.',
    });
    for (const limit of [VENUE_NETWORKS.limitMin - 1, VENUE_NETWORKS.limitMax + 1, 30.5]) {
      expect((await change({ command: 'venues limit', limit })).statusCode).toBe(400);
    }
    expect(await settingsOf(admin)).toMatchObject({
      venueLimit: VENUE_NETWORKS.limitDefault,
      venueNetworks: [],
    });
    expect(await audited('settings.venue-networks')).toEqual([]);
  });

  it('lets 20 sign-ups through from an ordinary address, and 25 from a venue network', async () => {
    const ordinary = await signUps(t, LIMITS.signUpPerIp10Min + 1, { ip: '198.51.100.201' });
    expect(ordinary).toEqual({ passed: LIMITS.signUpPerIp10Min, refused: 1 });

    const added = await change({ command: 'venues add', name: 'Main hall Wi-Fi', range: VENUE_V4 });
    expect(jsonOf(added)).toEqual({
      command: 'venues add',
      name: 'Main hall Wi-Fi',
      range: VENUE_V4,
      limit: VENUE_NETWORKS.limitDefault,
    });
    expect(await signUps(t, 25, { ip: '203.0.113.10' })).toEqual({ passed: 25, refused: 0 });
    // The same range again is refused.
    const again = await change({ command: 'venues add', name: 'Again', range: '203.0.113.0/24' });
    expect(jsonOf(again)).toEqual({
      code: 'VENUE_NETWORK_EXISTS',
      message: ERRORS.VENUE_NETWORK_EXISTS.message,
    });

    // A lower limit takes effect at once: one more sign-up, then none.
    const limit = await change({ command: 'venues limit', limit: 26 });
    expect(jsonOf(limit)).toEqual({ command: 'venues limit', limit: 26, before: 100 });
    expect(await signUps(t, 2, { ip: '203.0.113.10' })).toEqual({ passed: 1, refused: 1 });
    // Outside the range, the ordinary limit holds as before.
    expect(await signUps(t, 1, { ip: '198.51.100.201' })).toEqual({ passed: 0, refused: 1 });

    expect((await settingsOf(staff)).venueNetworks).toEqual([
      { name: 'Main hall Wi-Fi', range: VENUE_V4 },
    ]);
    const rows = await audited('settings.venue-networks');
    expect(rows.map((row) => [row.subject, row.before, row.after])).toEqual([
      ['venue limit', { limit: 100 }, { limit: 26 }],
      [VENUE_V4, { listed: false }, { listed: true, name: 'Main hall Wi-Fi' }],
    ]);
  });

  it('raises code entry for IPv6 ranges and IPv4-mapped clients; a removal takes effect', async () => {
    clock.advance(MINUTE + 1);
    const players: Operator[] = [];
    for (let i = 0; i < 3; i += 1) players.push({ ...(await signUp(t.app)), ip: distinctIp() });
    /** `count` code lookups from `ip`, spread over the players (10 a minute each at most). */
    const lookups = async (count: number, ip: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i += 1) {
        const who = players[i % players.length] as Operator;
        const body = { name: 'QF-NOPE-0000' };
        const answer = await postJson(t.app, 'itemsGetByName', body, { cookie: who.cookie, ip });
        statuses.push(answer.statusCode);
      }
      return {
        found: statuses.filter((s) => s === 404).length,
        refused: statuses.filter((s) => s === 429).length,
      };
    };
    expect(await lookups(CODE_LIMITS.perIpPerMinute + 1, '2001:db8:6:1::9')).toEqual({
      found: CODE_LIMITS.perIpPerMinute,
      refused: 1,
    });

    clock.advance(MINUTE + 1);
    await change({ command: 'venues add', name: 'Main hall IPv6', range: '2001:DB8:5:0::/48' });
    expect((await settingsOf(admin)).venueNetworks.map((network) => network.range)).toEqual([
      VENUE_V4,
      VENUE_V6,
    ]);
    // Two /64s of the venue's /48: each counts on its own, both raised.
    expect(await lookups(25, '2001:db8:5:1::9')).toEqual({ found: 25, refused: 0 });
    clock.advance(MINUTE + 1);
    // An IPv4 client on a dual-stack socket, in the IPv4 venue range.
    expect(await lookups(25, '::ffff:203.0.113.44')).toEqual({ found: 25, refused: 0 });

    clock.advance(MINUTE + 1);
    const removed = await change({ command: 'venues remove', range: VENUE_V6 });
    expect(jsonOf(removed)).toEqual({
      command: 'venues remove',
      name: 'Main hall IPv6',
      range: VENUE_V6,
    });
    expect(await lookups(CODE_LIMITS.perIpPerMinute + 1, '2001:db8:5:2::9')).toEqual({
      found: CODE_LIMITS.perIpPerMinute,
      refused: 1,
    });
    const missing = await change({ command: 'venues remove', range: VENUE_V6 });
    expect(jsonOf(missing)).toMatchObject({ code: 'VENUE_NETWORK_NOT_FOUND' });
    const [row] = await audited('settings.venue-networks');
    expect(row).toMatchObject({
      subject: VENUE_V6,
      before: { listed: true, name: 'Main hall IPv6' },
      after: { listed: false },
    });
  });

  it('keeps every network two operators add at the same moment', async () => {
    const ranges = ['192.0.2.0/28', '192.0.2.16/28', '192.0.2.32/28', '192.0.2.48/28'];
    const answers = await Promise.all(
      ranges.map((range, n) =>
        n % 2 === 0
          ? change({ command: 'venues add', name: `Room ${n}`, range })
          : run({ command: 'venues add', name: `Room ${n}`, range }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const listed = (await settingsOf(staff)).venueNetworks.map((network) => network.range);
    expect(listed).toEqual(expect.arrayContaining(ranges));
    for (const range of ranges) await run({ command: 'venues remove', range });
  });

  /** `npm run admin -- …argv`, sent to this app's operator route as the running server's. */
  async function commandLine(argv: string[]) {
    let out = '';
    let err = '';
    const code = await runAdmin(argv, {
      out: (text) => (out += text),
      err: (text) => (err += text),
      loadEnv: () => t.env,
      run: async (_env, command) => {
        const answer = await run(command);
        if (answer.statusCode !== 200)
          throw new OperatorFailure(jsonOf<{ message: string }>(answer).message);
        return operatorResult.parse(jsonOf(answer));
      },
    });
    return { code, out, err };
  }

  it('is the command line’s too: settings show and staff-credit-limit, venues list, add, remove, limit', async () => {
    const shown = await commandLine(['settings', 'show']);
    expect(shown).toEqual({
      code: EXIT.done,
      out: [
        'Multiplayer        on',
        'Staff grant limit  25 credits per action',
        'Staff daily budget 100 credits per staff member and venue day',
        'Console batches    at most 1000 codes each, 10000 credits of codes per venue day',
        "Second admin       for an admin's grants past 500 credits a venue day, and batches of over 1000 credits",
        'Cancel cut-off     120 minutes before a game',
        'Waitlist hold      15 minutes for an offered seat',
        "No-show grace      10 minutes after a game's start",
        'Venue limit        26 per address and window (elsewhere 20 sign-ups in 10 minutes, 100 a day, 10 code entries a minute)',
        'Venue networks (1)',
        `  ${VENUE_V4}  Main hall Wi-Fi`,
        'Venue              Old Mill District',
        'Address            (none)',
        'Contact            hello@questfield.example',
        'Clock              12-hour, America/New_York (VENUE_TIMEZONE)',
        '',
      ].join('\n'),
      err: '',
    });
    expect((await commandLine(['settings', 'staff-credit-limit', '12'])).out).toBe(
      'Staff may grant or deduct at most 12 credits per action (before: 25; every server within 5 seconds).\n',
    );
    expect(
      (await commandLine(['venues', 'add', '--name', 'Terrace', '--range', '198.51.100.0/24'])).out,
    ).toBe(
      'Added 198.51.100.0/24 (Terrace): its addresses may sign up and enter codes up to 26 times per window (every server within 5 seconds).\n',
    );
    expect((await commandLine(['venues', 'limit', '60'])).out).toMatch(
      /up to 60 times per address and window \(before: 26;/,
    );
    expect((await commandLine(['venues', 'remove', VENUE_V4])).out).toMatch(
      /^Removed 203\.0\.113\.0\/24 \(Main hall Wi-Fi\): its addresses have the ordinary limits again/,
    );
    expect((await commandLine(['venues', 'list'])).out).toBe(
      'range,name\n198.51.100.0/24,Terrace\n',
    );
    expect(await commandLine(['venues', 'add', '--name', 'Wide', '--range', '10.0.0.0/8'])).toEqual(
      {
        code: EXIT.failed,
        out: '',
        err: `${VENUE_RANGE_MESSAGES.tooWide}\n`,
      },
    );
    for (const argv of [
      ['venues', 'add', '--name', 'Lobby'],
      ['venues', 'add', '--name', 'Lobby', '--range', 'lobby wifi'],
      ['venues', 'limit', '24'],
      ['venues', 'remove'],
      ['settings', 'staff-credit-limit', 'ten'],
      ['settings', 'staff-credit-limit', '0'],
    ]) {
      expect((await commandLine(argv)).code, argv.join(' ')).toBe(EXIT.usage);
    }
    const rows = await audited('settings.venue-networks');
    expect(rows.slice(0, 3).map((row) => [row.actor.kind, row.subject])).toEqual([
      ['command_line', VENUE_V4],
      ['command_line', 'venue limit'],
      ['command_line', '198.51.100.0/24'],
    ]);
    expect((await audited('settings.staff-credit-limit'))[0]).toMatchObject({
      actor: { kind: 'command_line' },
      before: { limit: 25 },
      after: { limit: 12 },
    });
  });
});

describe(`venue networks behind a proxy [${dbKind}]`, () => {
  const PROXY = '10.0.0.1';
  const token = newOperatorToken();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ operatorToken: token, env: { TRUST_PROXY: PROXY } });
    const added = await postJson(
      t.app,
      'operatorRun',
      { command: 'venues add', name: 'Main hall', range: VENUE_V4 },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(added.statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('raises nothing for a venue address a client forged; the trusted proxy’s counts', async () => {
    const forged = { ip: '198.51.100.77', headers: { 'x-forwarded-for': '203.0.113.10' } };
    expect(await signUps(t, LIMITS.signUpPerIp10Min + 1, forged)).toEqual({
      passed: LIMITS.signUpPerIp10Min,
      refused: 1,
    });
    const relayed = { ip: PROXY, headers: { 'x-forwarded-for': '203.0.113.10' } };
    expect(await signUps(t, 25, relayed)).toEqual({ passed: 25, refused: 0 });
    // What the proxy relays for an address outside the venue is held to the ordinary limit.
    const outside = { ip: PROXY, headers: { 'x-forwarded-for': '198.51.100.78' } };
    expect(await signUps(t, LIMITS.signUpPerIp10Min + 1, outside)).toEqual({
      passed: LIMITS.signUpPerIp10Min,
      refused: 1,
    });
  });
});
