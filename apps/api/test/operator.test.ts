/**
 * The operator's command line (`npm run admin`): its arguments, each command against a real
 * database (through the running server on the embedded database, on its own with the server
 * stopped, and on Postgres), and the operator route's refusals.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OperatorCommand } from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { EXIT, runAdmin } from '../src/cli/admin-program';
import { runOperatorCommand } from '../src/cli/operator-runner';
import type { Env } from '../src/config/env';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { DataDirInUseError } from '../src/db/data-dir-lock';
import { migrateDatabase } from '../src/db/migrate';
import { creditGrants, creditLedger, eventSlots } from '../src/db/schema';
import { createLogger } from '../src/lib/logger';
import {
  loopbackUrlOf,
  newOperatorToken,
  publishOperatorAccess,
  readOperatorAccess,
} from '../src/modules/operator/operator-access';
import { expiryAfter, lastDayBefore } from '../src/modules/codes/code-commands';
import { PATHS } from '../src/paths';
import { login, postJson, signUp } from './helpers/accounts';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { createTestApp, dbKind, jsonOf, testEnv, type TestApp } from './helpers/test-app';

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));

type Ran = { code: number; out: string; err: string };

/** Runs the command line in this process, as `npm run admin -- …argv` would with `env`. */
async function admin(argv: string[], env: Env | (() => never)): Promise<Ran> {
  let out = '';
  let err = '';
  const code = await runAdmin(argv, {
    out: (text) => (out += text),
    err: (text) => (err += text),
    loadEnv: typeof env === 'function' ? env : () => env,
    run: runOperatorCommand,
  });
  return { code, out, err };
}

/** The records of a CSV answer, header first (our codes and labels hold no commas or quotes). */
const csvRows = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split(','));

/** The codes a `codes create` printed. */
function createdCodes(ran: Ran): string[] {
  expect(ran).toMatchObject({ code: EXIT.done, err: '' });
  const [header, ...rows] = csvRows(ran.out);
  expect(header).toEqual(['code', 'batch', 'kind', 'credits', 'expires']);
  return rows.map((row) => row[0] ?? '');
}

/** The labels a `codes list` printed ('Game Pass …2P4D'). */
function listedLabels(ran: Ran): string[] {
  expect(ran).toMatchObject({ code: EXIT.done, err: '' });
  const [header, ...rows] = csvRows(ran.out);
  expect(header?.slice(0, 2)).toEqual(['id', 'label']);
  return rows.map((row) => row[1] ?? '');
}

const tailOf = (code: string) => `…${code.slice(-4)}`;

const noDatabase = (): never => {
  throw new Error('a usage error must not reach the database');
};

describe('operator command line: arguments', () => {
  it.each([
    [[]],
    [['codes']],
    [['nonsense']],
    [['codes', 'create', '--name', 'X', '--count', '5']],
    [['codes', 'create', '--kind', 'promo', '--count', '5']],
    [['codes', 'create', '--name', '  ', '--kind', 'promo', '--count', '5']],
    [['codes', 'create', '--name', 'X'.repeat(81), '--kind', 'promo', '--count', '5']],
    [['codes', 'create', '--name', 'X', '--kind', 'gift', '--count', '5']],
    [['codes', 'create', '--name', 'X', '--kind', 'promo', '--count', 'many']],
    [['codes', 'create', '--name', 'X', '--kind', 'promo', '--count', '0']],
    [['codes', 'create', '--name', 'X', '--kind', 'promo', '--count', '10001']],
    [
      [
        'codes',
        'create',
        '--name',
        'X',
        '--kind',
        'promo',
        '--count',
        '2',
        '--expires',
        '31/01/2027',
      ],
    ],
    [
      [
        'codes',
        'create',
        '--name',
        'X',
        '--kind',
        'promo',
        '--count',
        '2',
        '--expires',
        '2027-02-30',
      ],
    ],
    [['codes', 'create', '--name', 'X', '--kind', 'promo', '--count', '2', '--colour', 'red']],
    [['codes', 'revoke']],
    [['codes', 'revoke', 'A', 'B']],
    [['codes', 'revoke', 'AAAA-BBBB-CCCC', '--id', '3f1c9a52-8d0e-4b7a-9c61-2e5d4f7a8b90']],
    [['codes', 'revoke', '--id', 'not-an-id']],
    [['codes', 'batch']],
    [['codes', 'batch', 'Summer', '--state', 'lost']],
    [['codes', 'batch', 'Summer', '--after', 'not-an-id']],
    [['codes', 'batches', '--limit', '0']],
    [['codes', 'revoke-batch']],
    [['users', 'grant-credits', '--email', 'a@example.com', '--credits', '5']],
    [['users', 'grant-credits', '--email', 'a@example.com', '--credits', '-5', '--reason', 'x']],
    [['users', 'show']],
    [['users', 'set-role', '--email', 'a@example.com']],
    [['users', 'set-role', '--email', 'a@example.com', '--role', 'owner']],
    [['multiplayer']],
    [['multiplayer', 'maybe']],
    [['slots', 'show']],
    [['slots', 'show', '--date', 'tomorrow']],
    [['slots', 'close', '--date', '2026-06-01', '--time', '25:00']],
    [['slots', 'set-capacity', '--date', '2026-06-01', '--time', '10:00', '--capacity', '0']],
    [['orders', 'refund', '--order', 'QF-7K3M9X2P4D']],
    [['orders', 'refund', '--order', 'QF-7K3M9X2P4D', '--reason', '  ']],
  ])('refuses %j with usage and exit 2', async (argv) => {
    const ran = await admin(argv, noDatabase);
    expect(ran.code).toBe(EXIT.usage);
    expect(ran.out).toBe('');
    expect(ran.err).toMatch(/error|Usage/);
    expect(ran.err).not.toMatch(/\n\s+at /);
  });

  it('shows help with exit 0 on every command', async () => {
    for (const argv of [['--help'], ['codes', 'create', '--help'], ['users', 'show', '--help']]) {
      const ran = await admin(argv, noDatabase);
      expect(ran.code).toBe(EXIT.done);
      expect(ran.out).toMatch(/^Usage: admin/);
    }
  });

  it('exits 2 with usage from the real entry point, without a stack trace', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/admin.ts', 'codes', 'create', '--count', 'x'],
      { cwd: API_ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(EXIT.usage);
    expect(err).toContain("option '--count <n>' argument 'x' is invalid");
    expect(err).not.toMatch(/\n\s+at /);
  });
});

describe('operator command line: expiry days', () => {
  it('keeps a code working through its last day in venue time', () => {
    const zone = 'America/New_York';
    expect(expiryAfter('2027-01-31', zone).toISOString()).toBe('2027-02-01T05:00:00.000Z');
    expect(expiryAfter('2027-07-31', zone).toISOString()).toBe('2027-08-01T04:00:00.000Z');
    expect(lastDayBefore(expiryAfter('2027-12-31', zone), zone)).toBe('2027-12-31');
  });
});

/** A player who redeems through the API, as on /experience-card. */
async function redeemAs(app: App, code: string) {
  const player = await signUp(app);
  const redeemed = await postJson(app, 'itemsRedeem', { name: code }, { cookie: player.cookie });
  return { player, redeemed };
}

/** The CSV records of a paged list, by their first column's header, without the header. */
function csvRecords(ran: Ran): Record<string, string>[] {
  expect(ran.code, ran.err).toBe(EXIT.done);
  const [header = [], ...rows] = csvRows(ran.out);
  return rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
}

/**
 * A named batch from the command line: made (its name taken in any case refused), redeemed once
 * through the API, listed with its counts a page at a time, its codes by state with who
 * redeemed them, one code revoked by id and the batch revoked.
 */
async function batchJourney(app: App, env: Env) {
  const made = createdCodes(
    await admin(
      [
        'codes',
        'create',
        '--name',
        'Spring fair',
        '--kind',
        'promo',
        '--count',
        '3',
        '--credits',
        '5',
      ],
      env,
    ),
  );
  expect(made).toHaveLength(3);
  const csv = await admin(
    ['codes', 'create', '--name', 'Spring fair 2', '--kind', 'promo', '--count', '1'],
    env,
  );
  expect(csvRows(csv.out)[1]?.slice(1)).toEqual(['Spring fair 2', 'promo', '16', '']);
  const taken = await admin(
    ['codes', 'create', '--name', 'SPRING FAIR', '--kind', 'game-pass', '--count', '1'],
    env,
  );
  expect(taken).toEqual({
    code: EXIT.failed,
    out: '',
    err: 'A code batch already has this name.\n',
  });

  const [redeemedCode = '', revokedCode = ''] = made;
  const player = await signUp(app);
  const redeemed = await postJson(app, 'usersRedeemCode', { code: redeemedCode }, player);
  expect(redeemed.statusCode).toBe(200);

  // A page of one: the next page's cursor goes to standard error.
  const first = await admin(['codes', 'batches', '--limit', '1'], env);
  expect(csvRecords(first).map((batch) => batch.name)).toEqual(['Spring fair 2']);
  const cursor = /^More: add --after (\S+)\n$/.exec(first.err)?.[1] ?? expect.fail(first.err);
  const second = await admin(['codes', 'batches', '--limit', '1', '--after', cursor], env);
  expect(csvRecords(second)).toEqual([
    expect.objectContaining({
      name: 'Spring fair',
      kind: 'promo',
      count: '3',
      unredeemed: '2',
      redeemed: '1',
      expired: '0',
      revoked: '0',
      redemptions: '1',
      created_by: 'command line',
      revoked_at: '',
    }),
  ]);

  const byState = await admin(['codes', 'batch', 'spring FAIR', '--state', 'redeemed'], env);
  expect(csvRecords(byState)).toEqual([
    expect.objectContaining({
      label: `Promo code ${tailOf(redeemedCode)}`,
      state: 'redeemed',
      redemptions: '1',
      redeemed_by: player.username,
    }),
  ]);
  const open = csvRecords(
    await admin(['codes', 'batch', 'Spring fair', '--state', 'unredeemed'], env),
  );
  const target = open.find((code) => code.label === `Promo code ${tailOf(revokedCode)}`);
  expect(open).toHaveLength(2);
  expect(await admin(['codes', 'revoke', '--id', target?.id ?? ''], env)).toEqual({
    code: EXIT.done,
    out: `Revoked Promo code ${tailOf(revokedCode)}: it can no longer be redeemed.\n`,
    err: '',
  });
  const batchId = csvRecords(second)[0]?.id ?? '';
  expect(await admin(['codes', 'revoke-batch', batchId], env)).toEqual({
    code: EXIT.done,
    out: 'Revoked the batch Spring fair: 2 of its codes can no longer be redeemed; the credits already redeemed stay with the players.\n',
    err: '',
  });
  const states = csvRecords(await admin(['codes', 'batch', batchId], env)).map((c) => c.state);
  expect(states.sort()).toEqual(['redeemed', 'revoked', 'revoked']);
  expect(await admin(['codes', 'revoke-batch', 'Spring fair'], env)).toEqual({
    code: EXIT.failed,
    out: '',
    err: 'This batch has already been revoked.\n',
  });
  expect((await admin(['codes', 'batch', 'Autumn fair'], env)).err).toBe(
    'No code batch has this id or name.\n',
  );
}

describe.runIf(dbKind === 'pglite')('operator command line on the embedded database', () => {
  let dataDir: string;
  let env: Env;
  let handle: DatabaseHandle;
  let app: App;
  let unpublish: () => void;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qf-operator-'));
    env = testEnv({ DATA_DIR: dataDir });
    handle = await openDatabase({ driver: 'pglite', dataDir });
    await migrateDatabase(handle, PATHS.migrations);
    const operatorToken = newOperatorToken();
    const logger = createLogger({ level: 'silent' });
    app = await buildApp({ env, db: handle, logger, webDistDir: null, operatorToken });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    const access = { url: loopbackUrlOf(address), token: operatorToken, pid: process.pid };
    unpublish = publishOperatorAccess(dataDir, access);
  });

  afterAll(async () => {
    await app.close();
    await handle.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('publishes the access file for its owner only', async () => {
    const file = await stat(path.join(dataDir, 'operator-access.json'));
    expect(file.mode & 0o777).toBe(0o600);
  });

  it('runs through the running server: a redeemed code leaves --unredeemed', async () => {
    // The folder is the server's: only its operator route can have answered below.
    await expect(openDatabase({ driver: 'pglite', dataDir })).rejects.toThrow(DataDirInUseError);
    const codes = createdCodes(
      await admin(
        ['codes', 'create', '--name', 'Two passes', '--kind', 'game-pass', '--count', '2'],
        env,
      ),
    );
    expect(codes).toHaveLength(2);
    for (const code of codes)
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/);
    const [redeemedCode = '', keptCode = ''] = codes;

    const { redeemed } = await redeemAs(app, redeemedCode.toLowerCase());
    expect(redeemed.statusCode).toBe(200);

    const unredeemed = listedLabels(
      await admin(['codes', 'list', '--kind', 'game-pass', '--unredeemed'], env),
    );
    expect(unredeemed).toContain(`Game Pass ${tailOf(keptCode)}`);
    expect(unredeemed).not.toContain(`Game Pass ${tailOf(redeemedCode)}`);
    const all = await admin(['codes', 'list', '--kind', 'game-pass'], env);
    expect(all.out).toMatch(
      new RegExp(`Game Pass ${tailOf(redeemedCode)},game-pass,16,,redeemed,1,`),
    );
    expect(all.out).not.toContain(redeemedCode);
  });

  it('names batches, lists them and their codes by state, revokes a code and a batch', async () => {
    await batchJourney(app, env);
  });

  it('grants credits, shows the player, and revokes a code', async () => {
    const player = await signUp(app);
    const granted = await admin(
      [
        'users',
        'grant-credits',
        '--email',
        player.email.toUpperCase(),
        '--credits',
        '7',
        '--reason',
        'Outage, ticket 12',
      ],
      env,
    );
    expect(granted).toEqual({
      code: EXIT.done,
      out: `Granted 7 credits to ${player.email}: balance 7.\n`,
      err: '',
    });
    const shown = await admin(['users', 'show', '--email', player.email], env);
    expect(shown.code).toBe(EXIT.done);
    expect(shown.out).toContain('Balance   7 credits');
    expect(shown.out).toMatch(/admin\s+\+7\s+balance 7\s+Outage, ticket 12/);

    const [code = ''] = createdCodes(
      await admin(
        ['codes', 'create', '--name', 'Three', '--kind', 'promo', '--count', '1', '--credits', '3'],
        env,
      ),
    );
    expect(await admin(['codes', 'revoke', code.toLowerCase().replaceAll('-', ' ')], env)).toEqual({
      code: EXIT.done,
      out: `Revoked Promo code ${tailOf(code)}: it can no longer be redeemed.\n`,
      err: '',
    });
    const again = await admin(['codes', 'revoke', code], env);
    expect(again).toEqual({
      code: EXIT.failed,
      out: '',
      err: 'No live code matches (revoked already?).\n',
    });
    const refused = await postJson(app, 'usersRedeemCode', { code }, { cookie: player.cookie });
    expect(jsonOf(refused)).toMatchObject({ code: 'PROMO_INVALID' });

    const unknown = await admin(['users', 'show', '--email', 'nobody@example.com'], env);
    expect(unknown).toEqual({
      code: EXIT.failed,
      out: '',
      err: 'No account has this email address.\n',
    });
    expect(hasViolations(await findInvariantViolations(handle.db))).toBe(false);
  });

  it('makes the first admin, signing the account out everywhere', async () => {
    const owner = await signUp(app);
    const made = await admin(['users', 'set-role', '--email', owner.email, '--role', 'admin'], env);
    expect(made).toEqual({
      code: EXIT.done,
      out: `${owner.email} is now admin: 1 sign-in session ended.\n`,
      err: '',
    });
    expect((await postJson(app, 'usersMe', {}, { cookie: owner.cookie })).statusCode).toBe(401);
    const again = await admin(
      ['users', 'set-role', '--email', owner.email, '--role', 'admin'],
      env,
    );
    expect(again.out).toBe(`${owner.email} is admin already: nothing changed.\n`);
  });

  it('opens the folder itself once the server has stopped, even after a crash', async () => {
    const [code = ''] = createdCodes(
      await admin(
        ['codes', 'create', '--name', 'Before the crash', '--kind', 'game-pass', '--count', '1'],
        env,
      ),
    );
    // A crash: the server is gone, its access file is left behind.
    await app.close();
    await handle.close();
    expect(readOperatorAccess(dataDir)).not.toBeNull();

    const listed = listedLabels(await admin(['codes', 'list', '--unredeemed'], env));
    expect(listed).toContain(`Game Pass ${tailOf(code)}`);

    handle = await openDatabase({ driver: 'pglite', dataDir });
    app = await buildApp({ env, db: handle, logger: createLogger({ level: 'silent' }) });
    expect((await redeemAs(app, code)).redeemed.statusCode).toBe(200);
    await app.close();
    await handle.close();
    unpublish();
    expect(readOperatorAccess(dataDir)).toBeNull();

    const after = listedLabels(await admin(['codes', 'list', '--unredeemed'], env));
    expect(after).not.toContain(`Game Pass ${tailOf(code)}`);
    // For afterAll: an app and a database to close.
    handle = await openDatabase({ driver: 'pglite', dataDir });
    app = await buildApp({ env, db: handle, logger: createLogger({ level: 'silent' }) });
  });
});

describe.runIf(dbKind === 'postgres')('operator command line on Postgres', () => {
  let t: TestApp;
  let env: Env;

  beforeEach(async () => {
    t = await createTestApp();
    env = testEnv({ DATABASE_URL: t.database.url ?? '' });
  });
  afterEach(async () => t.close());

  it('names batches, lists them and their codes by state, revokes a code and a batch', async () => {
    await batchJourney(t.app, env);
  });

  it('creates codes, sees them redeemed through the API, grants credits', async () => {
    const codes = createdCodes(
      await admin(
        [
          'codes',
          'create',
          '--name',
          'Three passes',
          '--kind',
          'game-pass',
          '--count',
          '3',
          '--expires',
          '2099-12-31',
        ],
        env,
      ),
    );
    const [redeemedCode = ''] = codes;
    const { player, redeemed } = await redeemAs(t.app, redeemedCode);
    expect(redeemed.statusCode).toBe(200);
    const unredeemed = listedLabels(await admin(['codes', 'list', '--unredeemed'], env));
    expect(unredeemed).toHaveLength(2);
    expect(unredeemed).not.toContain(`Game Pass ${tailOf(redeemedCode)}`);

    const granted = await admin(
      [
        'users',
        'grant-credits',
        '--email',
        player.email,
        '--credits',
        '4',
        '--reason',
        'Welcome back',
      ],
      env,
    );
    expect(granted.out).toBe(`Granted 4 credits to ${player.email}: balance 20.\n`);
    const db = t.database.handle.db;
    const [grant] = await db.select().from(creditGrants).where(eq(creditGrants.userId, player.id));
    expect(grant).toMatchObject({ credits: 4, reason: 'Welcome back' });
    const postings = await db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.refId, grant?.id ?? ''));
    expect(postings).toMatchObject([
      { reason: 'admin', refType: 'admin', delta: 4, balanceAfter: 20 },
    ]);
    expect(hasViolations(await findInvariantViolations(db))).toBe(false);
  });
});

describe(`the operator route [${dbKind}]`, () => {
  const token = newOperatorToken();
  const command: OperatorCommand = { command: 'codes list', unredeemed: false, limit: 5 };
  let t: TestApp;
  let closed: TestApp;

  beforeAll(async () => {
    [t, closed] = await Promise.all([createTestApp({ operatorToken: token }), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), closed.close()]);
  });

  const send = (app: App, headers: Record<string, string>, ip = '127.0.0.1') =>
    postJson(app, 'operatorRun', command, { headers, ip });

  it('answers the holder of the token, from this machine', async () => {
    const answer = await send(t.app, { authorization: `Bearer ${token}` });
    expect(answer.statusCode).toBe(200);
    expect(jsonOf(answer)).toEqual({ command: 'codes list', codes: [] });
    const ipv6 = await send(t.app, { authorization: `Bearer ${token}` }, '::1');
    expect(ipv6.statusCode).toBe(200);
  });

  it.each([
    ['no token', {}, '127.0.0.1', 401, 'OPERATOR_TOKEN_INVALID'],
    [
      'a wrong token',
      { authorization: `Bearer ${newOperatorToken()}` },
      '127.0.0.1',
      401,
      'OPERATOR_TOKEN_INVALID',
    ],
    [
      'the token without Bearer',
      { authorization: token },
      '127.0.0.1',
      401,
      'OPERATOR_TOKEN_INVALID',
    ],
    [
      'another machine',
      { authorization: `Bearer ${token}` },
      '203.0.113.9',
      403,
      'OPERATOR_LOOPBACK_ONLY',
    ],
    [
      'a proxy on this machine',
      { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.9' },
      '127.0.0.1',
      403,
      'OPERATOR_LOOPBACK_ONLY',
    ],
    [
      'a Forwarded header',
      { authorization: `Bearer ${token}`, forwarded: 'for=1.2.3.4' },
      '127.0.0.1',
      403,
      'OPERATOR_LOOPBACK_ONLY',
    ],
  ])('refuses %s', async (_what, headers, ip, status, code) => {
    const answer = await send(t.app, headers, ip);
    expect(answer.statusCode).toBe(status);
    expect(jsonOf(answer)).toMatchObject({ code });
  });

  it('does not exist on a server that published no token', async () => {
    const answer = await send(closed.app, { authorization: `Bearer ${token}` });
    expect(answer.statusCode).toBe(404);
  });

  it('shows a day’s slots with their access codes, sets capacity and closes one', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const run = async (body: OperatorCommand) =>
      jsonOf<Record<string, unknown>>(await postJson(t.app, 'operatorRun', body, { headers }));
    const day = (await run({ command: 'slots show', date: '2026-06-01' })) as {
      slots: { time: string; capacity: number; open: boolean; accessCode: string }[];
    };
    expect(day.slots).toHaveLength(24);
    expect(day.slots[0]).toMatchObject({ time: '10:00', capacity: 25, open: true, booked: 0 });
    for (const slot of day.slots) expect(slot.accessCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(new Set(day.slots.map((slot) => slot.accessCode)).size).toBe(24);
    // Shown again, the codes stay.
    expect(await run({ command: 'slots show', date: '2026-06-01' })).toEqual(day);

    const wider = { command: 'slots set-capacity', date: '2026-06-01', time: '10:00' } as const;
    expect(await run({ ...wider, capacity: 30 })).toMatchObject({
      slot: { time: '10:00', capacity: 30 },
    });
    await t.database.handle.db
      .update(eventSlots)
      .set({ booked: 3 })
      .where(eq(eventSlots.startsAt, new Date('2026-06-01T14:00:00Z')));
    expect(await run({ ...wider, capacity: 2 })).toMatchObject({
      code: 'OPERATOR_CAPACITY_BELOW_BOOKED',
    });
    await t.database.handle.db
      .update(eventSlots)
      .set({ booked: 0 })
      .where(eq(eventSlots.startsAt, new Date('2026-06-01T14:00:00Z')));
    expect(await run({ ...wider, time: '10:15', capacity: 5 })).toMatchObject({
      code: 'OPERATOR_SLOT_NOT_FOUND',
    });

    expect(await run({ command: 'slots close', date: '2026-06-01', time: '10:30' })).toMatchObject({
      slot: { time: '10:30', open: false },
    });
    const listed = jsonOf<{ event_id: string }[]>(
      await postJson(t.app, 'eventsAvailableTimes', { date: '2026-06-01' }),
    );
    expect(listed.map((slot) => slot.event_id)).not.toContain('Old Mill District|10:30 AM');
    expect(listed).toHaveLength(23);
  });

  it('switches multiplayer off and on for the site and for bookings', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const run = async (state: 'on' | 'off' | 'status') =>
      jsonOf(await postJson(t.app, 'operatorRun', { command: 'multiplayer', state }, { headers }));
    const config = async () =>
      jsonOf<{ multiplayerEnabled: boolean }>(await t.app.inject('/api/config')).multiplayerEnabled;
    expect(await run('status')).toEqual({ command: 'multiplayer', enabled: true, changed: false });
    expect(await run('off')).toEqual({ command: 'multiplayer', enabled: false, changed: true });
    expect(await config()).toBe(false);
    const player = await signUp(t.app);
    const [slot] = jsonOf<{ EventTime: string }[]>(
      await postJson(t.app, 'eventsAvailableTimes', { date: '2026-06-01' }),
    );
    const book = () =>
      postJson(t.app, 'eventsRegister', { EventTime: slot?.EventTime }, { cookie: player.cookie });
    expect(jsonOf(await book())).toMatchObject({ code: 'MULTIPLAYER_DISABLED' });
    expect(await run('on')).toMatchObject({ enabled: true, changed: true });
    expect(await config()).toBe(true);
    // On again: refused now only for want of credits.
    expect(jsonOf(await book())).toMatchObject({ code: 'NOT_ENOUGH_CREDITS' });
  });

  it('deletes an account as Account Settings does: credits forfeited, sign-in refused', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const run = (body: OperatorCommand) => postJson(t.app, 'operatorRun', body, { headers });
    const player = await signUp(t.app);
    await run({ command: 'users grant-credits', email: player.email, credits: 6, reason: 'test' });

    const deleted = await run({ command: 'users delete', email: player.email });
    expect(jsonOf(deleted)).toEqual({
      command: 'users delete',
      email: player.email,
      seats: 0,
      forfeited: 6,
    });
    const me = await postJson(t.app, 'usersMe', {}, { cookie: player.cookie });
    expect(me.statusCode).toBe(401);
    expect((await login(t.app, player.email)).statusCode).toBe(401);
    const again = await run({ command: 'users delete', email: player.email });
    expect(jsonOf(again)).toMatchObject({ code: 'OPERATOR_ACCOUNT_NOT_FOUND' });
  });

  it('validates commands with the command line schema', async () => {
    const headers = { authorization: `Bearer ${token}` };
    const bad = await postJson(t.app, 'operatorRun', { command: 'codes drop' }, { headers });
    expect(bad.statusCode).toBe(400);
    const tooMany = {
      command: 'codes create',
      name: 'Too many',
      kind: 'promo',
      count: 10_001,
      credits: 16,
    };
    expect((await postJson(t.app, 'operatorRun', tooMany, { headers })).statusCode).toBe(400);
  });
});
