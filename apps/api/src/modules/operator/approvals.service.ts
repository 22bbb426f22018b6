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
} from '@questfield/contract';
import { addHours, subHours } from 'date-fns';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { AuditLogService, ConsoleActor } from '../audit-log/audit-log.service';
import type { CreditsService } from '../credits/credits.service';
import * as repo from './approvals.repository';
import type { createCodeCommands } from './code-commands';
import { checkReach, creditChangeEntry } from './operator-reach';

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

type ApprovalsDeps = Pick<Infra, 'db' | 'clock' | 'transaction'> & {
  accounts: Pick<AccountsService, 'find'>;
  auditLog: Pick<AuditLogService, 'record'>;
  credits: Pick<CreditsService, 'adjust'>;
  codeCommands: Pick<ReturnType<typeof createCodeCommands>, 'create'>;
};

export function createApprovalsService(deps: ApprovalsDeps) {
  const { db, clock, transaction, accounts, auditLog, credits, codeCommands } = deps;

  function actionOf(row: repo.NamedApproval): ApprovalAction {
    if (row.kind === 'batch') return { kind: 'batch', batch: codeBatchRequest.parse(row.request) };
    const grant = storedGrant.parse(row.request);
    const player =
      row.targetUserId === null || row.targetName === null
        ? null
        : { id: row.targetUserId, username: row.targetName };
    return { kind: 'grant', player, ...grant };
  }

  const personOf = (id: string | null, username: string | null) =>
    id === null || username === null ? null : { id, username };

  function toWire(row: repo.NamedApproval): ApprovalRequest {
    const lapsed = row.decision === null && row.expiresAt <= clock.now();
    return {
      id: row.id,
      action: actionOf(row),
      state: row.decision ?? (lapsed ? 'expired' : 'pending'),
      requestedBy: personOf(row.requestedBy, row.requesterName),
      requestedAt: row.requestedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      decidedBy: personOf(row.decidedBy, row.deciderName),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    };
  }

  async function approvalOf(id: string): Promise<repo.NamedApproval> {
    return (await repo.findApproval(db, id)) ?? fail('APPROVAL_NOT_FOUND');
  }

  /** Marks the request decided in `tx`, with its audit row; refused when it no longer waits. */
  async function settle(
    tx: Transaction,
    row: repo.NamedApproval,
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
      subject: subjectOf(actionOf(row)),
      before: { state: 'pending', requestedBy: row.requesterName },
      after: { state: stored },
    });
  }

  /** Runs the approved grant: the credits, its audit row and the approval in one transaction. */
  async function approveGrant(row: repo.NamedApproval, by: Admin) {
    const { credits: amount, reason } = storedGrant.parse(row.request);
    const target = row.targetUserId === null ? undefined : await accounts.find(row.targetUserId);
    const player = target ?? fail('PLAYER_NOT_FOUND');
    checkReach(by, player);
    const request = { userId: player.id, credits: amount, reason };
    const outcome = await credits.adjust(request, {
      admit: (tx) => settle(tx, row, 'approve', by),
      also: (tx, balance) => auditLog.record(tx, by, creditChangeEntry(request, balance)),
    });
    return { kind: 'grant' as const, balance: outcome.balance };
  }

  /** Makes the approved batch, its codes for the approving admin (shown to them once). */
  async function approveBatch(row: repo.NamedApproval, by: Admin) {
    const batch = codeBatchRequest.parse(row.request);
    const created = await codeCommands.create(batch, by, (tx) => settle(tx, row, 'approve', by));
    return { kind: 'batch' as const, created };
  }

  return {
    /** Stores the request, waiting for another admin, with its audit row; the request. */
    async ask(asked: Asked, by: Admin): Promise<ApprovalRequest> {
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
      return { pending: open.map(toWire), decided: done.map(toWire) };
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
      const row = await approvalOf(id);
      const own = row.requestedBy === by.userId;
      if (decision === 'withdraw' ? !own : own) {
        fail(decision === 'withdraw' ? 'APPROVAL_NOT_YOURS' : 'APPROVAL_OWN_REQUEST');
      }
      let done: ConsoleApprovalDecided['done'] = null;
      if (decision !== 'approve') {
        await transaction((tx) => settle(tx, row, decision, by));
      } else {
        done = row.kind === 'grant' ? await approveGrant(row, by) : await approveBatch(row, by);
      }
      return { approval: toWire(await approvalOf(id)), done };
    },
  };
}
