/**
 * A second admin's approval (ADR 0053). An admin's console grant past their day's
 * `adminDailyCredits`, or a console batch holding more than `batchApprovalCredits`, is stored
 * as a request (`ask`) instead of being made. Another admin approves it: the action runs in the
 * transaction that marks the request approved, so of two approvals at once one runs it and the
 * other is refused; or refuses it. The requester may withdraw it; undecided, it lapses after
 * APPROVAL_HOURS. Each step has its audit row in its own transaction.
 */
import {
  APPROVAL_HOURS,
  APPROVALS_DECIDED_LISTED,
  codeBatchRequest,
  creditsText,
  type ApprovalAction,
  type ApprovalDecision,
  type ApprovalRequest,
  type CodeBatchRequest,
  type ConsoleApprovalDecided,
  type ConsoleApprovals,
  type ConsoleCodeBatchOutcome,
} from '@questfield/contract';
import { addHours, subHours } from 'date-fns';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { AuditLogService, ConsoleActor } from '../audit-log/audit-log.service';
import type { CreditsService } from '../credits/credits.service';
import { checkReach } from '../accounts/operator-reach';
import type { CodeCommandsService } from '../codes/code-commands';
import { creditChangeEntry } from '../credits/credit-adjustments.service';
import type { SettingsService } from '../settings/settings.service';
import * as repo from './approvals.repository';

/** A console admin: the only one who asks for, and decides, approvals. */
type Admin = ConsoleActor;

/** What a grant request stores: the rest of the grant is its player (`target_user_id`). */
const storedGrant = z.object({ credits: z.number().int().positive(), reason: z.string() });

type Asked =
  | { kind: 'grant'; userId: string; credits: number; reason: string }
  | { kind: 'batch'; batch: CodeBatchRequest };

const DECISIONS = {
  approve: { stored: 'approved', action: 'approvals.approve' },
  refuse: { stored: 'refused', action: 'approvals.refuse' },
  withdraw: { stored: 'withdrawn', action: 'approvals.withdraw' },
} as const satisfies Record<ApprovalDecision, { stored: repo.Decision; action: string }>;

/** Undecided requests the approvals screen lists at most (a day's worth, by far). */
const UNDECIDED_LISTED = 100;
/** A lapsed request stays on the list for a day after it lapsed, then only the audit log has it. */
const LAPSED_LISTED_HOURS = 24;

/** The request in words, as the audit log's subject names it. */
function subjectOf(
  action: { kind: 'grant'; credits: number } | { kind: 'batch'; batch: { name: string } },
) {
  return action.kind === 'grant'
    ? `grant of ${creditsText(action.credits)}`
    : `batch ${action.batch.name}`;
}

/** A stored request with what it asks, read. */
type Approval = { row: repo.NamedApproval; action: ApprovalAction };

type ApprovalsDeps = Pick<Infra, 'db' | 'clock' | 'transaction'> & {
  accounts: Pick<AccountsService, 'find'>;
  auditLog: Pick<AuditLogService, 'record'>;
  credits: Pick<CreditsService, 'adjust'>;
  codeCommands: Pick<CodeCommandsService, 'create' | 'checkSize'>;
  settings: Pick<SettingsService, 'moneyLimits'>;
};

export function createApprovalsService(deps: ApprovalsDeps) {
  const { db, clock, transaction, accounts, auditLog, credits, codeCommands, settings } = deps;

  /**
   * The request with what it asks, or null when its stored form no longer reads (asked before a
   * change of the batch form, say): such a request is left off the list and cannot be decided;
   * it lapses.
   */
  function readable(row: repo.NamedApproval): Approval | null {
    if (row.kind === 'batch') {
      const batch = codeBatchRequest.safeParse(row.request);
      return batch.success ? { row, action: { kind: 'batch', batch: batch.data } } : null;
    }
    const grant = storedGrant.safeParse(row.request);
    if (!grant.success) return null;
    const player =
      row.targetUserId === null || row.targetName === null
        ? null
        : { id: row.targetUserId, username: row.targetName };
    return { row, action: { kind: 'grant', player, ...grant.data } };
  }

  const personOf = (id: string | null, username: string | null) =>
    id === null || username === null ? null : { id, username };

  function toWire({ row, action }: Approval): ApprovalRequest {
    const lapsed = row.decision === null && row.expiresAt <= clock.now();
    return {
      id: row.id,
      action,
      state: row.decision ?? (lapsed ? 'expired' : 'pending'),
      requestedBy: personOf(row.requestedBy, row.requesterName),
      requestedAt: row.requestedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      decidedBy: personOf(row.decidedBy, row.deciderName),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  }

  const listed = (rows: repo.NamedApproval[]) =>
    rows.flatMap((row) => {
      const approval = readable(row);
      return approval === null ? [] : [toWire(approval)];
    });

  async function approvalOf(id: string): Promise<Approval> {
    const row = await repo.findApproval(db, id);
    return (row === undefined ? null : readable(row)) ?? fail('APPROVAL_NOT_FOUND');
  }

  /** Marks the request decided in `tx`, with its audit row; refused when it no longer waits. */
  async function settle(
    tx: Transaction,
    { row, action: asked }: Approval,
    decision: ApprovalDecision,
    by: Admin,
  ) {
    const { stored, action } = DECISIONS[decision];
    const now = clock.now();
    const done = await repo.decide(tx, { id: row.id, decision: stored, by: by.userId, now });
    if (done === undefined) fail('APPROVAL_NOT_PENDING');
    await auditLog.record(tx, by, {
      action,
      ...(row.targetUserId === null ? {} : { targetUserId: row.targetUserId }),
      subject: subjectOf(asked),
      before: { state: 'pending', requestedBy: row.requesterName },
      after: { state: stored },
    });
  }

  /**
   * Refuses to run a request whose asker is no longer an admin (demoted or deleted since): an
   * approval completes an admin's act, and a staff member could not have asked for it.
   */
  async function requesterStillAdmin(row: repo.NamedApproval) {
    const requester = row.requestedBy === null ? undefined : await accounts.find(row.requestedBy);
    if (requester?.role !== 'admin') fail('APPROVAL_REQUESTER_NOT_ADMIN');
  }

  /** Runs the approved grant: the credits, its audit row and the approval in one transaction. */
  async function approveGrant(
    approval: Approval,
    grant: { credits: number; reason: string },
    by: Admin,
  ) {
    const { targetUserId } = approval.row;
    const target = targetUserId === null ? undefined : await accounts.find(targetUserId);
    const player = target ?? fail('PLAYER_NOT_FOUND');
    checkReach(by, player);
    const request = { userId: player.id, credits: grant.credits, reason: grant.reason };
    const outcome = await credits.adjust(request, {
      admit: (tx) => settle(tx, approval, 'approve', by),
      also: (tx, balance) => auditLog.record(tx, by, creditChangeEntry(request, balance)),
    });
    return { kind: 'grant' as const, balance: outcome.balance };
  }

  /** Makes the approved batch, its codes for the approving admin (shown to them once). */
  async function approveBatch(approval: Approval, batch: CodeBatchRequest, by: Admin) {
    const created = await codeCommands.create(batch, by, (tx) =>
      settle(tx, approval, 'approve', by),
    );
    return { kind: 'batch' as const, created };
  }

  /** Runs what an approved request asks, in the transaction that marks it approved. */
  async function approve(approval: Approval, by: Admin): Promise<ConsoleApprovalDecided['done']> {
    await requesterStillAdmin(approval.row);
    const { action } = approval;
    return action.kind === 'grant'
      ? approveGrant(approval, action, by)
      : approveBatch(approval, action.batch, by);
  }

  /** Stores the request, waiting for another admin, with its audit row; the request. */
  async function ask(asked: Asked, by: Admin): Promise<ApprovalRequest> {
    const requestedAt = clock.now();
    const stored = await transaction(async (tx) => {
      const row = await repo.insertApproval(tx, {
        kind: asked.kind,
        request:
          asked.kind === 'grant' ? { credits: asked.credits, reason: asked.reason } : asked.batch,
        targetUserId: asked.kind === 'grant' ? asked.userId : null,
        requestedBy: by.userId,
        requestedAt,
        expiresAt: addHours(requestedAt, APPROVAL_HOURS),
      });
      await auditLog.record(tx, by, {
        action: 'approvals.request',
        ...(asked.kind === 'grant' ? { targetUserId: asked.userId } : {}),
        subject: subjectOf(asked),
        after: { state: 'pending', expiresAt: row.expiresAt.toISOString() },
        reason: asked.kind === 'grant' ? asked.reason : '',
      });
      return row;
    });
    return toWire(await approvalOf(stored.id));
  }

  return {
    ask,

    /**
     * A console admin's new batch: made, or (holding more credits than the money limits'
     * `batchApprovalCredits`) asked for, to wait for a second admin.
     */
    async createBatch(request: CodeBatchRequest, by: Admin): Promise<ConsoleCodeBatchOutcome> {
      const { batchApprovalCredits } = await settings.moneyLimits();
      await codeCommands.checkSize(request, by);
      if (request.count * request.credits > batchApprovalCredits) {
        return { outcome: 'pending', approval: await ask({ kind: 'batch', batch: request }, by) };
      }
      return { outcome: 'created', ...(await codeCommands.create(request, by)) };
    },

    /**
     * The undecided requests oldest first (those lapsed in the last day marked so), then the
     * latest decided.
     */
    async list(): Promise<ConsoleApprovals> {
      const [open, done] = await Promise.all([
        repo.undecided(
          db,
          subHours(clock.now(), APPROVAL_HOURS + LAPSED_LISTED_HOURS),
          UNDECIDED_LISTED,
        ),
        repo.decided(db, APPROVALS_DECIDED_LISTED),
      ]);
      return { pending: listed(open), decided: listed(done) };
    },

    /**
     * An admin's decision: another admin approves (the action runs) or refuses; the requester
     * withdraws. The request after, and what an approval did.
     */
    async decide(
      id: string,
      decision: ApprovalDecision,
      by: Admin,
    ): Promise<ConsoleApprovalDecided> {
      const approval = await approvalOf(id);
      const own = approval.row.requestedBy === by.userId;
      if (decision === 'withdraw' ? !own : own) {
        fail(decision === 'withdraw' ? 'APPROVAL_NOT_YOURS' : 'APPROVAL_OWN_REQUEST');
      }
      // A request decided or lapsed is answered as such before what it asks is checked again:
      // its player or asker may have gone since, which matters only to a request still waiting.
      // `settle` checks again in the transaction, for a decision made meanwhile.
      if (toWire(approval).state !== 'pending') fail('APPROVAL_NOT_PENDING');
      const done =
        decision === 'approve'
          ? await approve(approval, by)
          : await transaction((tx) => settle(tx, approval, decision, by).then(() => null));
      return { approval: toWire(await approvalOf(id)), done };
    },
  };
}
