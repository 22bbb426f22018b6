/**
 * The console's code batches (ADR 0026): admins make a named batch after a fresh
 * password-and-code check and get its codes once; staff list the batches with their codes
 * counted by state, a page at a time, and a batch's codes by state with who redeemed each and
 * when; admins revoke a code or a whole batch. Every change leaves its audit row (the batch by
 * name, a code by label, never a code), a batch and its row commit together, no code reaches
 * the log, and any body is answered, never with a 500.
 */
import { Writable } from 'node:stream';
import {
  BATCH_CODE_PAGE,
  CODE_BATCH_PAGE,
  OPERATOR_REAUTH_MS,
  type ApiRouteName,
  type AuditEntry,
  type BatchCode,
  type CodeBatchCreated,
  type CodeBatchSummary,
} from '@questfield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/lib/logger';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { createCodeCommands } from '../src/modules/codes/code-commands';
import type { Services } from '../src/services';
import { distinctIp, postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';
import { refusal } from './helpers/refusal';

// 8:00 AM in New York (EDT) on June 1st.
const START = '2026-06-01T12:00:10Z';
const UNKNOWN = '3f1c9a52-8d0e-4b7a-9c61-2e5d4f7a8b90';

type BatchPage = { batches: CodeBatchSummary[]; nextCursor: string | null };
type CodesPage = {
  batch: CodeBatchSummary;
  state: string | null;
  codes: BatchCode[];
  nextCursor: string | null;
};

describe(`the console's code batches [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(START);
  const logLines: string[] = [];
  /** Every code the console handed over in these tests. */
  const handedOver: string[] = [];
  let t: TestApp;
  let staff: Operator;
  let admin: Operator;
  let services: Services;
  const { operator, enrol, post, reauth, answersAnyBody } = consoleClient(() => t, token, clock);

  beforeAll(async () => {
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp({
      clock,
      operatorToken: token,
      logger: createLogger({ level: 'debug', destination }),
    });
    services = servicesOf(t);
    staff = await operator('staff');
    admin = await operator('admin');
    for (const who of [staff, admin]) await enrol(who);
  });
  afterAll(() => t.close());

  async function create(body: Record<string, unknown>, who = admin) {
    const answer = await post(who, 'consoleCodeBatchCreate', {
      kind: 'promo',
      count: 3,
      credits: 5,
      ...body,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const created = jsonOf<CodeBatchCreated>(answer);
    handedOver.push(...created.codes.map((issued) => issued.code));
    return created;
  }
  const batchesPage = async (after?: string) =>
    jsonOf<BatchPage>(
      await post(staff, 'consoleCodeBatches', after === undefined ? {} : { after }),
    );
  const codesOf = async (batchId: string, filter: { state?: string; after?: string } = {}) => {
    const answer = await post(staff, 'consoleCodeBatch', { batchId, ...filter });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf<CodesPage>(answer);
  };
  const auditOf = async (action: string) =>
    jsonOf<{ entries: AuditEntry[] }>(await post(staff, 'consoleAuditLog', { action })).entries;
  /** A player redeeming `code` in the redeem modal, from an address of their own. */
  const redeem = async (player: SignedUp, code: string) => {
    const options = { cookie: player.cookie, ip: distinctIp() };
    return postJson(t.app, 'usersRedeemCode', { code }, options);
  };

  it('makes a named batch for an admin and hands its codes over once, audited by name', async () => {
    await reauth(admin);
    const created = await create({ name: 'Summer fair', count: 4, expires: '2026-06-30' });
    expect(created.codes).toHaveLength(4);
    for (const issued of created.codes) {
      expect(issued).toEqual({
        code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){2}$/) as string,
        kind: 'promo',
        credits: 5,
        expires: '2026-06-30',
      });
    }
    expect(created.batch).toEqual({
      id: expect.any(String) as string,
      name: 'Summer fair',
      kind: 'promo',
      credits: 5,
      count: 4,
      expires: '2026-06-30',
      createdAt: clock.now().toISOString(),
      createdBy: { id: admin.id, username: admin.username },
      revokedAt: null,
      codes: { unredeemed: 4, redeemed: 0, expired: 0, revoked: 0 },
      redemptions: 0,
    });
    const [row] = await auditOf('codes.create');
    expect(row).toMatchObject({
      actor: { kind: 'operator', id: admin.id, role: 'admin', ip: admin.ip },
      subject: 'Summer fair',
      after: { kind: 'promo', count: 4, credits: 5, expires: '2026-06-30' },
    });

    // Nothing shows the codes again: not the lists, not the audit log.
    const shown = JSON.stringify([
      await batchesPage(),
      await codesOf(created.batch.id),
      await auditOf('codes.create'),
    ]);
    for (const { code } of created.codes) {
      expect(shown).not.toContain(code);
      expect(shown).not.toContain(code.replaceAll('-', ''));
    }
    expect(shown).toContain(`Promo code …${created.codes[0]?.code.slice(-4)}`);
  });

  it('refuses a name taken in any case, a past last day, and staff; none leaves a batch', async () => {
    await reauth(admin);
    await create({ name: 'Taken name' });
    const before = (await batchesPage()).batches.length;
    const taken = await post(admin, 'consoleCodeBatchCreate', {
      name: '  TAKEN name ',
      kind: 'game-pass',
      count: 1,
      credits: 16,
    });
    expect(taken.statusCode).toBe(409);
    expect(jsonOf(taken)).toEqual(refusal('CODE_BATCH_NAME_TAKEN'));
    const past = await post(admin, 'consoleCodeBatchCreate', {
      name: 'Yesterday',
      kind: 'promo',
      count: 1,
      credits: 1,
      expires: '2026-05-31',
    });
    expect(jsonOf(past)).toEqual(refusal('OPERATOR_DATE_PAST'));
    const asStaff = await post(staff, 'consoleCodeBatchCreate', {
      name: 'By staff',
      kind: 'promo',
      count: 1,
      credits: 1,
    });
    expect(asStaff.statusCode).toBe(403);
    expect(jsonOf(asStaff)).toMatchObject({ code: 'FORBIDDEN' });
    expect((await batchesPage()).batches).toHaveLength(before);
  });

  it('asks for the password and a code again after 15 minutes before a batch is made', async () => {
    await reauth(admin);
    clock.advance(OPERATOR_REAUTH_MS);
    const body = { name: 'After a break', kind: 'promo', count: 1, credits: 2 };
    const stale = await post(admin, 'consoleCodeBatchCreate', body);
    expect(stale.statusCode).toBe(403);
    expect(jsonOf(stale)).toEqual(refusal('REAUTH_REQUIRED'));
    expect((await batchesPage()).batches.map((batch) => batch.name)).not.toContain('After a break');
    await reauth(admin);
    expect((await create(body)).batch.name).toBe('After a break');
  });

  it('counts codes by state and shows who redeemed each and when', async () => {
    await reauth(admin);
    const passes = await create({ name: 'Passes', kind: 'game-pass', count: 3, credits: 16 });
    const promo = await create({ name: 'Shared promo', count: 2, credits: 4 });
    const [ada, grace] = [await signUp(t.app), await signUp(t.app)];
    const [first, second, third] = passes.codes.map((issued) => issued.code);
    expect((await redeem(ada, first ?? '')).statusCode).toBe(200);
    const adaAt = clock.now().toISOString();
    clock.advance(60_000);
    expect((await redeem(grace, second ?? '')).statusCode).toBe(200);
    const graceAt = clock.now().toISOString();
    const shared = promo.codes[0]?.code ?? '';
    expect((await redeem(ada, shared)).statusCode).toBe(200);
    clock.advance(60_000);
    expect((await redeem(grace, shared)).statusCode).toBe(200);
    const sharedAt = clock.now().toISOString();
    expect((await services.codes.revoke(third ?? '')) ?? '').toMatch(/^Game Pass …/);

    const page = await codesOf(passes.batch.id);
    expect(page.batch.codes).toEqual({ unredeemed: 0, redeemed: 2, expired: 0, revoked: 1 });
    expect(page.batch.redemptions).toBe(2);
    const byLabel = (code = '') => page.codes.find((row) => row.label.endsWith(code.slice(-4)));
    expect(byLabel(first)).toMatchObject({
      state: 'redeemed',
      revocable: false,
      redemptions: 1,
      lastRedemption: { player: { id: ada.id, username: ada.username }, at: adaAt },
    });
    expect(byLabel(second)?.lastRedemption).toEqual({
      player: { id: grace.id, username: grace.username },
      at: graceAt,
    });
    expect(byLabel(third)).toMatchObject({ state: 'revoked', revocable: false });

    const redeemed = await codesOf(passes.batch.id, { state: 'redeemed' });
    expect(redeemed.state).toBe('redeemed');
    expect(redeemed.codes.map((row) => row.state)).toEqual(['redeemed', 'redeemed']);
    expect((await codesOf(passes.batch.id, { state: 'unredeemed' })).codes).toEqual([]);

    // A promo code is redeemed once by each player; it stays revocable for the others.
    const promoPage = await codesOf(promo.batch.id, { state: 'redeemed' });
    expect(promoPage.batch.codes).toMatchObject({ redeemed: 1, unredeemed: 1 });
    expect(promoPage.batch.redemptions).toBe(2);
    expect(promoPage.codes).toEqual([
      expect.objectContaining({
        state: 'redeemed',
        revocable: true,
        redemptions: 2,
        lastRedemption: { player: { id: grace.id, username: grace.username }, at: sharedAt },
      }),
    ]);
  });

  it('counts the unredeemed codes of a batch past its expiry as expired', async () => {
    const expiresAt = new Date(clock.now().getTime() + 60_000);
    const batch = { name: 'A minute only', kind: 'promo_per_user', count: 2, credits: 3 } as const;
    const { batchId, codes } = await services.codes.create({ ...batch, expiresAt });
    const player = await signUp(t.app);
    expect((await redeem(player, codes[0] ?? '')).statusCode).toBe(200);
    clock.advance(60_000);
    const page = await codesOf(batchId);
    expect(page.batch.codes).toEqual({ unredeemed: 0, redeemed: 1, expired: 1, revoked: 0 });
    expect((await codesOf(batchId, { state: 'expired' })).codes).toEqual([
      expect.objectContaining({ state: 'expired', revocable: false, lastRedemption: null }),
    ]);
    // Redeemed before it expired, a promo code has nothing left to stop.
    expect((await codesOf(batchId, { state: 'redeemed' })).codes[0]?.revocable).toBe(false);
    expect(jsonOf(await redeem(player, codes[1] ?? ''))).toEqual(refusal('PROMO_INVALID'));
  });

  it('pages the batches newest first, with their counts, by cursor', async () => {
    const made: string[] = [];
    for (let n = 0; n <= CODE_BATCH_PAGE; n += 1) {
      clock.advance(1_000);
      const name = `Paged ${n}`;
      made.push(name);
      await services.codes.create({ name, kind: 'promo_per_user', count: 2, credits: 1 });
    }
    const first = await batchesPage();
    expect(first.batches).toHaveLength(CODE_BATCH_PAGE);
    expect(first.batches.slice(0, 3).map((batch) => batch.name)).toEqual([
      `Paged ${CODE_BATCH_PAGE}`,
      `Paged ${CODE_BATCH_PAGE - 1}`,
      `Paged ${CODE_BATCH_PAGE - 2}`,
    ]);
    expect(first.batches[0]).toMatchObject({
      createdBy: null,
      codes: { unredeemed: 2, redeemed: 0, expired: 0, revoked: 0 },
    });
    const rest: CodeBatchSummary[] = [];
    for (let after = first.nextCursor; after !== null;) {
      const page = await batchesPage(after);
      rest.push(...page.batches);
      after = page.nextCursor;
    }
    const names = [...first.batches, ...rest].map((batch) => batch.name);
    expect(names.filter((name) => name.startsWith('Paged '))).toEqual(made.reverse());
    expect(new Set(names).size).toBe(names.length);
    const forged = await post(staff, 'consoleCodeBatches', { after: 'bm90LWEtY3Vyc29y' });
    expect(jsonOf(forged)).toEqual(refusal('BAD_REQUEST'));
  });

  it("pages a batch's codes by id, every code once", async () => {
    const { batchId } = await services.codes.create({
      name: 'Big batch',
      kind: 'one_time',
      count: BATCH_CODE_PAGE + 3,
      credits: 16,
    });
    const first = await codesOf(batchId);
    expect(first.codes).toHaveLength(BATCH_CODE_PAGE);
    expect(first.nextCursor).toBe(first.codes.at(-1)?.id);
    const second = await codesOf(batchId, { after: first.nextCursor ?? '' });
    expect(second.codes).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.codes, ...second.codes].map((row) => row.id);
    expect(new Set(ids).size).toBe(BATCH_CODE_PAGE + 3);
    expect([...ids].sort()).toEqual(ids);
  });

  it('revokes one code for an admin: it redeems no more, audited by its label', async () => {
    await reauth(admin);
    const batch = await create({ name: 'One to stop', count: 2 });
    const [stopped, kept] = batch.codes.map((issued) => issued.code);
    const { codes } = await codesOf(batch.batch.id);
    const row = codes.find((code) => code.label.endsWith(stopped?.slice(-4) ?? ''));
    const asStaff = await post(staff, 'consoleCodeRevoke', { codeId: row?.id });
    expect(jsonOf(asStaff)).toMatchObject({ code: 'FORBIDDEN' });

    // No recent check needed: revoking moves nothing.
    clock.advance(OPERATOR_REAUTH_MS);
    const revoked = await post(admin, 'consoleCodeRevoke', { codeId: row?.id });
    expect(jsonOf(revoked)).toEqual({ label: row?.label });
    const again = await post(admin, 'consoleCodeRevoke', { codeId: row?.id });
    expect(jsonOf(again)).toEqual(refusal('OPERATOR_CODE_NOT_FOUND'));
    const unknown = await post(admin, 'consoleCodeRevoke', { codeId: UNKNOWN });
    expect(jsonOf(unknown)).toEqual(refusal('OPERATOR_CODE_NOT_FOUND'));

    const player = await signUp(t.app);
    expect(jsonOf(await redeem(player, stopped ?? ''))).toEqual(refusal('PROMO_INVALID'));
    expect((await redeem(player, kept ?? '')).statusCode).toBe(200);
    const page = await codesOf(batch.batch.id, { state: 'revoked' });
    expect(page.codes).toEqual([
      expect.objectContaining({ id: row?.id, state: 'revoked', revocable: false }),
    ]);
    expect(page.codes[0]?.revokedAt).toBe(clock.now().toISOString());
    const [audited] = await auditOf('codes.revoke');
    expect(audited).toMatchObject({
      actor: { id: admin.id },
      subject: row?.label,
      before: { revoked: false },
      after: { revoked: true },
    });
  });

  it('revokes a batch: what can still be redeemed stops, claimed passes stay theirs', async () => {
    await reauth(admin);
    const batch = await create({ name: 'Recalled', kind: 'game-pass', count: 3, credits: 16 });
    const [claimed, open, spare] = batch.codes.map((issued) => issued.code);
    const player = await signUp(t.app);
    expect((await redeem(player, claimed ?? '')).statusCode).toBe(200);
    const asStaff = await post(staff, 'consoleCodeBatchRevoke', { batchId: batch.batch.id });
    expect(jsonOf(asStaff)).toMatchObject({ code: 'FORBIDDEN' });

    const answer = await post(admin, 'consoleCodeBatchRevoke', { batchId: batch.batch.id });
    expect(answer.statusCode, answer.body).toBe(200);
    const revoked = jsonOf<{ batch: CodeBatchSummary; revoked: number }>(answer);
    expect(revoked.revoked).toBe(2);
    expect(revoked.batch).toMatchObject({
      revokedAt: clock.now().toISOString(),
      codes: { unredeemed: 0, redeemed: 1, expired: 0, revoked: 2 },
    });
    const other = await signUp(t.app);
    for (const code of [open, spare]) {
      expect(jsonOf(await redeem(other, code ?? ''))).toEqual(refusal('PROMO_INVALID'));
    }
    // The claimed pass still counts for its player (the Game Pack's soundtracks).
    expect(await services.codes.redeemedGamePass(player.id)).toBe(true);
    const [audited] = await auditOf('codes.revoke-batch');
    expect(audited).toMatchObject({
      actor: { id: admin.id, role: 'admin' },
      subject: 'Recalled',
      before: { revoked: false },
      after: { revoked: true, codes: 2 },
    });

    const again = await post(admin, 'consoleCodeBatchRevoke', { batchId: batch.batch.id });
    expect(jsonOf(again)).toEqual(refusal('CODE_BATCH_REVOKED'));
    const unknown = await post(admin, 'consoleCodeBatchRevoke', { batchId: UNKNOWN });
    expect(jsonOf(unknown)).toEqual(refusal('CODE_BATCH_NOT_FOUND'));
    expect(jsonOf(await post(staff, 'consoleCodeBatch', { batchId: UNKNOWN }))).toEqual(
      refusal('CODE_BATCH_NOT_FOUND'),
    );
    expect(await auditOf('codes.revoke-batch')).toHaveLength(1);
  });

  it('makes no batch when its audit row cannot be written', async () => {
    const failing = createCodeCommands({
      ...services,
      db: t.database.handle.db,
      env: t.env,
      clock: t.clock,
      auditLog: {
        ...services.auditLog,
        record: () => Promise.reject(new Error('the audit log is unavailable')),
      },
    });
    const actor = { kind: 'command_line' } as const;
    const request = { name: 'Never made', kind: 'promo', count: 2, credits: 3 } as const;
    await expect(failing.create(request, actor)).rejects.toThrow(/unavailable/);
    expect(await services.codes.findBatch({ name: 'Never made' })).toBeUndefined();
    const existing = await services.codes.create({
      name: 'Still live',
      kind: 'promo_per_user',
      count: 1,
      credits: 1,
    });
    await expect(failing.revokeBatch(existing.batchId, actor)).rejects.toThrow(/unavailable/);
    expect((await services.codes.findBatch({ id: existing.batchId }))?.revokedAt).toBeNull();
  });

  it('writes no code it handed over into the log, redeemed or not', async () => {
    expect(handedOver.length).toBeGreaterThan(10);
    expect(logLines.join('').length).toBeGreaterThan(0);
    const logged = logLines.join('\n');
    expect(logged).toContain('/api/console/codes/create');
    for (const code of handedOver) {
      expect(logged).not.toContain(code);
      expect(logged).not.toContain(code.replaceAll('-', ''));
    }
  });

  it('answers any body without a 500, a refusal always in the error envelope', async () => {
    await reauth(admin);
    const { batch } = await create({ name: 'Fuzzed', count: 1 });
    const routes: [ApiRouteName, unknown[]][] = [
      ['consoleCodeBatches', [{}]],
      ['consoleCodeBatch', [{ batchId: batch.id, state: 'redeemed' }]],
      ['consoleCodeBatchCreate', [{ name: 'Fuzz', kind: 'promo', count: 1, credits: 1 }]],
      ['consoleCodeRevoke', [{ codeId: UNKNOWN }]],
      ['consoleCodeBatchRevoke', [{ batchId: UNKNOWN }]],
    ];
    await answersAnyBody(admin, routes, 20_261_127);
  });
});
