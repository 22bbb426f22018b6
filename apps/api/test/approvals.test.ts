/**
 * A second admin's approval (ADR 0053): an admin's console grants past the day's
 * `adminDailyCredits`, and console batches holding more than `batchApprovalCredits`, wait for
 * another admin. Each attack on it is replayed: splitting a grant into parallel small ones,
 * approving one's own request, approving for oneself, approving twice at once, approving a
 * lapsed request; and each decision's audit row is read back.
 */
import {
  API_ROUTES,
  APPROVAL_HOURS,
  CSRF_HEADER,
  MONEY_LIMITS,
  type ApprovalRequest,
  type AuditEntry,
  type ConsoleApprovalDecided,
  type ConsoleApprovals,
  type ConsoleCodeBatchOutcome,
  type ConsolePlayer,
} from '@questfield/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addHours } from 'date-fns';
import { eq } from 'drizzle-orm';
import { runAdmin } from '../src/cli/admin-program';
import { creditLedger, operatorApprovals } from '../src/db/schema';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import { COOKIE, PASSWORD, postJson, signUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { refusal } from './helpers/refusal';
import { createTestApp, dbKind, jsonOf, type TestApp } from './helpers/test-app';

// 8:00 AM in New York (EDT): the venue day runs until 04:00 UTC tomorrow.
const START = '2026-06-01T12:00:10Z';
const REASON = 'Tournament prizes';
const { adminDailyCredits, batchApprovalCredits } = MONEY_LIMITS.defaults;

describe(`a second admin's approval [${dbKind}]`, () => {
  const token = newOperatorToken();
  const clock = fixedClock(START);
  let t: TestApp;
  let asker: Operator;
  let approver: Operator;
  let third: Operator;
  const { operator, enrol, post, reauth, signInAgain, setMoneyLimits } = consoleClient(
    () => t,
    token,
    clock,
  );

  /** An admin of their own day's allowance, past the two-factor check. */
  async function newAdmin(): Promise<Operator> {
    const admin = await operator('admin');
    await enrol(admin);
    await reauth(admin);
    return admin;
  }

  beforeAll(async () => {
    t = await createTestApp({ clock, operatorToken: token });
    approver = await newAdmin();
    third = await newAdmin();
  });
  beforeEach(async () => {
    asker = await newAdmin();
    for (const who of [approver, third]) await reauth(who);
  });
  afterAll(() => t.close());
  const grant = (who: Operator, target: { id: string }, credits: number) =>
    post(who, 'consolePlayerCredits', {
      playerId: target.id,
      change: 'grant',
      credits,
      reason: REASON,
    });
  const decide = (who: Operator, approvalId: string, decision: string) =>
    post(who, 'consoleApprovalDecide', { approvalId, decision });
  const balanceOf = async (target: { id: string }) =>
    jsonOf<ConsolePlayer>(await post(third, 'consolePlayer', { playerId: target.id })).balance;
  async function approvals(who: Operator = third): Promise<ConsoleApprovals> {
    const answer = await t.app.inject({
      method: 'GET',
      url: API_ROUTES.consoleApprovals.path,
      remoteAddress: who.ip,
      headers: { [CSRF_HEADER.name]: CSRF_HEADER.value, cookie: `${COOKIE}=${who.cookie}` },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return jsonOf(answer);
  }
  const audited = async (action: string) =>
    jsonOf<{ entries: AuditEntry[] }>(await post(third, 'consoleAuditLog', { action })).entries;
  /** An admin's grant past the day's allowance, stored as a request. */
  async function asked(target: { id: string }, credits: number): Promise<ApprovalRequest> {
    const answer = await grant(asker, target, credits);
    expect(answer.statusCode, answer.body).toBe(200);
    const { approval } = jsonOf<{ approval: ApprovalRequest | null }>(answer);
    return approval ?? expect.fail(`granted at once: ${answer.body}`);
  }

  it("grants up to the day's allowance at once, then asks; 20 parallel small grants do not slip past", async () => {
    const player = await signUp(t.app);
    const step = 100;
    const answers = await Promise.all(Array.from({ length: 20 }, () => grant(asker, player, step)));
    const made = answers.filter(
      (answer) => jsonOf<{ approval: unknown }>(answer).approval === null,
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(made).toHaveLength(adminDailyCredits / step);
    expect(await balanceOf(player)).toBe(adminDailyCredits);
    // Every other one waits, the balance as it was, each with its audit row.
    const { pending } = await approvals();
    const mine = pending.filter(
      (one) => one.action.kind === 'grant' && one.action.player?.id === player.id,
    );
    expect(mine).toHaveLength(20 - adminDailyCredits / step);
    expect(mine[0]).toMatchObject({
      state: 'pending',
      action: {
        kind: 'grant',
        credits: step,
        reason: REASON,
        player: { username: player.username },
      },
      requestedBy: { id: asker.id, username: asker.username },
      decidedBy: null,
    });
    const requests = (await audited('approvals.request')).filter(
      (row) => row.player?.id === player.id,
    );
    expect(requests).toHaveLength(mine.length);
    // Deductions need no second admin.
    const deduct = await post(asker, 'consolePlayerCredits', {
      playerId: player.id,
      change: 'deduct',
      credits: 1,
      reason: REASON,
    });
    expect(jsonOf(deduct)).toEqual({ balance: adminDailyCredits - 1, approval: null });
    for (const one of mine) expect((await decide(asker, one.id, 'withdraw')).statusCode).toBe(200);
  });

  it('lets another admin approve once: the requester cannot, nor the grant’s own player', async () => {
    const player = await signUp(t.app);
    const request = await asked(player, adminDailyCredits + 1);
    expect(await balanceOf(player)).toBe(0);

    for (const decision of ['approve', 'refuse']) {
      expect(jsonOf(await decide(asker, request.id, decision))).toEqual(
        refusal('APPROVAL_OWN_REQUEST'),
      );
    }
    expect(jsonOf(await decide(approver, request.id, 'withdraw'))).toEqual(
      refusal('APPROVAL_NOT_YOURS'),
    );
    const approved = await decide(approver, request.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(jsonOf<ConsoleApprovalDecided>(approved)).toMatchObject({
      approval: { id: request.id, state: 'approved', decidedBy: { id: approver.id } },
      done: { kind: 'grant', balance: adminDailyCredits + 1 },
    });
    expect(await balanceOf(player)).toBe(adminDailyCredits + 1);
    const again = await decide(third, request.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(jsonOf(again)).toEqual(refusal('APPROVAL_NOT_PENDING'));
    expect(await balanceOf(player)).toBe(adminDailyCredits + 1);

    // The grant's audit row names the approving admin; the approval's names who asked.
    const [grantRow] = (await audited('users.grant-credits')).filter(
      (row) => row.player?.id === player.id,
    );
    expect(grantRow).toMatchObject({
      actor: { id: approver.id },
      before: { balance: 0 },
      after: { balance: adminDailyCredits + 1 },
      reason: REASON,
    });
    const [approval] = (await audited('approvals.approve')).filter(
      (row) => row.player?.id === player.id,
    );
    expect(approval).toMatchObject({
      actor: { id: approver.id },
      before: { state: 'pending', requestedBy: asker.username },
      after: { state: 'approved' },
    });

    // A grant to an admin is not theirs to approve.
    const forApprover = await asked(approver, adminDailyCredits + 1);
    expect(jsonOf(await decide(approver, forApprover.id, 'approve'))).toEqual(
      refusal('OPERATOR_OWN_ACCOUNT'),
    );
    expect((await decide(third, forApprover.id, 'approve')).statusCode).toBe(200);
  });

  it('runs a request approved 20 times at once by two admins exactly once', async () => {
    const player = await signUp(t.app);
    const request = await asked(player, adminDailyCredits + 50);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        decide(i % 2 === 0 ? approver : third, request.id, 'approve'),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, ...Array(19).fill(409)]);
    expect(await balanceOf(player)).toBe(adminDailyCredits + 50);
    const rows = (await audited('users.grant-credits')).filter(
      (row) => row.player?.id === player.id,
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses, withdraws and lets a request lapse after a day, each moving nothing', async () => {
    const player = await signUp(t.app);
    const refused = await asked(player, adminDailyCredits + 1);
    const withdrawn = await asked(player, adminDailyCredits + 2);
    const lapsing = await asked(player, adminDailyCredits + 3);
    expect(jsonOf(await decide(approver, refused.id, 'refuse'))).toMatchObject({
      approval: { state: 'refused', decidedBy: { id: approver.id } },
      done: null,
    });
    expect(jsonOf(await decide(asker, withdrawn.id, 'withdraw'))).toMatchObject({
      approval: { state: 'withdrawn', decidedBy: { id: asker.id } },
      done: null,
    });
    for (const id of [refused.id, withdrawn.id]) {
      expect(jsonOf(await decide(third, id, 'approve'))).toEqual(refusal('APPROVAL_NOT_PENDING'));
    }
    clock.advance(APPROVAL_HOURS * 60 * 60 * 1000);
    for (const who of [approver, third]) await signInAgain(who);
    const listed = await approvals();
    expect(listed.pending.find((one) => one.id === lapsing.id)).toMatchObject({ state: 'expired' });
    expect(listed.decided.map((one) => one.id)).toEqual(
      expect.arrayContaining([refused.id, withdrawn.id]),
    );
    expect(jsonOf(await decide(approver, lapsing.id, 'approve'))).toEqual(
      refusal('APPROVAL_NOT_PENDING'),
    );
    expect(await balanceOf(player)).toBe(0);
    // A day after it lapsed, only the audit log has it.
    clock.advance(24 * 60 * 60 * 1000);
    for (const who of [approver, third]) await signInAgain(who);
    expect((await approvals()).pending.map((one) => one.id)).not.toContain(lapsing.id);
    const unknown = await decide(approver, '00000000-0000-4000-8000-000000000000', 'approve');
    expect(unknown.statusCode).toBe(404);
    expect(jsonOf(unknown)).toEqual(refusal('APPROVAL_NOT_FOUND'));
  });

  it("refuses to approve a grant for an account deleted meanwhile, and lists it as nobody's", async () => {
    const player = await signUp(t.app);
    const request = await asked(player, adminDailyCredits + 1);
    const deleted = await postJson(t.app, 'usersDelete', { password: PASSWORD }, player);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(jsonOf(await decide(approver, request.id, 'approve'))).toEqual(
      refusal('PLAYER_NOT_FOUND'),
    );
    const listed = (await approvals()).pending.find((one) => one.id === request.id);
    expect(listed).toMatchObject({ state: 'pending', action: { kind: 'grant', player: null } });
    expect((await decide(approver, request.id, 'refuse')).statusCode).toBe(200);
  });

  it('answers an approval of a request decided before its player was deleted as no longer waiting', async () => {
    const player = await signUp(t.app);
    const request = await asked(player, adminDailyCredits + 1);
    expect((await decide(approver, request.id, 'refuse')).statusCode).toBe(200);
    const deleted = await postJson(t.app, 'usersDelete', { password: PASSWORD }, player);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const ledgerRows = () =>
      t.database.handle.db.$count(creditLedger, eq(creditLedger.userId, player.id));
    const rowsBefore = await ledgerRows();

    const again = await decide(third, request.id, 'approve');
    expect(again.statusCode, again.body).toBe(409);
    expect(jsonOf(again)).toEqual(refusal('APPROVAL_NOT_PENDING'));
    expect(await ledgerRows()).toBe(rowsBefore);
    const grants = (await audited('users.grant-credits')).filter(
      (row) => row.player?.id === player.id,
    );
    expect(grants).toEqual([]);
  });

  it('refuses to approve the request of an admin demoted since; it can still be refused', async () => {
    const player = await signUp(t.app);
    const request = await asked(player, adminDailyCredits + 1);
    const demoted = await postJson(
      t.app,
      'operatorRun',
      { command: 'users set-role', email: asker.email, role: 'staff' },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(jsonOf(await decide(approver, request.id, 'approve'))).toEqual(
      refusal('APPROVAL_REQUESTER_NOT_ADMIN'),
    );
    expect(await balanceOf(player)).toBe(0);
    expect((await decide(approver, request.id, 'refuse')).statusCode).toBe(200);
  });

  it('leaves a request whose stored form no longer reads off the list, undecidable', async () => {
    const [stored] = await t.database.handle.db
      .insert(operatorApprovals)
      .values({
        kind: 'batch',
        request: { name: 'from an older form' },
        requestedBy: asker.id,
        requestedAt: clock.now(),
        expiresAt: addHours(clock.now(), 1),
      })
      .returning({ id: operatorApprovals.id });
    const id = stored?.id ?? expect.fail('not stored');
    const { pending, decided } = await approvals();
    expect([...pending, ...decided].map((one) => one.id)).not.toContain(id);
    expect(jsonOf(await decide(approver, id, 'refuse'))).toEqual(refusal('APPROVAL_NOT_FOUND'));
  });

  it('holds a large batch for a second admin, who receives its codes; made once however often approved', async () => {
    const credits = 10;
    const count = batchApprovalCredits / credits + 1;
    const body = { name: 'Launch night', kind: 'promo', count, credits };
    const answer = await post(asker, 'consoleCodeBatchCreate', body);
    const outcome = jsonOf<ConsoleCodeBatchOutcome>(answer);
    if (outcome.outcome !== 'pending') return expect.fail(answer.body);
    expect(outcome.approval).toMatchObject({
      state: 'pending',
      action: { kind: 'batch', batch: body },
    });
    const listed = async () =>
      jsonOf<{ batches: { name: string }[] }>(
        await post(third, 'consoleCodeBatches', {}),
      ).batches.filter((batch) => batch.name === body.name);
    expect(await listed()).toEqual([]);
    // A batch at the threshold is made at once.
    const small = await post(asker, 'consoleCodeBatchCreate', {
      ...body,
      name: 'Small night',
      count: batchApprovalCredits / credits,
    });
    expect(jsonOf<ConsoleCodeBatchOutcome>(small).outcome).toBe('created');

    expect(jsonOf(await decide(asker, outcome.approval.id, 'approve'))).toEqual(
      refusal('APPROVAL_OWN_REQUEST'),
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        decide(i % 2 === 0 ? approver : third, outcome.approval.id, 'approve'),
      ),
    );
    const done = answers.filter((one) => one.statusCode === 200);
    expect(done).toHaveLength(1);
    const decided = jsonOf<ConsoleApprovalDecided>(done[0]!);
    if (decided.done?.kind !== 'batch') return expect.fail(done[0]!.body);
    expect(decided.done.created.codes).toHaveLength(count);
    expect(decided.done.created.batch).toMatchObject({ name: body.name, count, credits });
    expect(await listed()).toHaveLength(1);
  });

  it('follows the money limits, from the console and the command line', async () => {
    await setMoneyLimits({ adminDailyCredits: 0, batchApprovalCredits: 0 });
    const player = await signUp(t.app);
    await asked(player, 1);
    const batch = await post(asker, 'consoleCodeBatchCreate', {
      name: 'One code',
      kind: 'promo',
      count: 1,
      credits: 1,
    });
    expect(jsonOf<ConsoleCodeBatchOutcome>(batch).outcome).toBe('pending');
    // The command line asks nobody.
    const cli = await postJson(
      t.app,
      'operatorRun',
      { command: 'users grant-credits', email: player.email, credits: 5, reason: REASON },
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(jsonOf(cli)).toMatchObject({ balance: 5 });
    let out = '';
    const code = await runAdmin(
      ['settings', 'money-limits', '--admin-daily', '250', '--batch-approval', '2000'],
      {
        out: (text) => (out += text),
        err: (text) => expect.fail(text),
        loadEnv: () => t.env,
        run: async (_env, command) =>
          jsonOf(
            await postJson(t.app, 'operatorRun', command, {
              headers: { authorization: `Bearer ${token}` },
            }),
          ),
      },
    );
    expect(code).toBe(0);
    expect(out).toContain(
      "Second admin       for an admin's grants past 250 credits a venue day, and batches of over 2000 credits",
    );
    await setMoneyLimits(MONEY_LIMITS.defaults);
  });
});
