/**
 * Operators' grants and deductions, from the console (`consolePlayerCredits`, by id) and the
 * command line (`users grant-credits`, by email, through the operator's commands) alike: the
 * adjustment and its audit row (the balance before and after, and the reason) in one
 * transaction, held to the operator's limits (docs/operations.md):
 * - per action: an admin's `OPERATOR_LIMITS.creditsPerGrant`, staff's setting;
 * - per venue day, counted in the adjustment's transaction under the operator's own lock, so
 *   parallel requests from any process count one another: staff's budget, grants and
 *   deductions alike; an admin's grants without a second admin, past which the grant is asked
 *   for instead (ADR 0053) and the balance stays as it was.
 * The command line is held to its command's schema only.
 */
import {
  balanceTooLowMessage,
  creditBudgetMessage,
  creditLimitMessage,
  OPERATOR_LIMITS,
  type ApprovalRequest,
  type ConsolePlayerCreditsRequest,
  type Role,
} from '@questfield/contract';
import type { Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail, isAppError } from '../../lib/app-error';
import type { AccountAdminService } from '../accounts/account-admin.service';
import { checkReach } from '../accounts/operator-reach';
import type { AuditLogService, ConsoleActor, OperatorActor } from '../audit-log/audit-log.service';
import type { SettingsService } from '../settings/settings.service';
import type { CreditsService } from './credits.service';

type Adjustment = { userId: string; credits: number; reason: string };

/**
 * Thrown in a grant's transaction when it takes an admin past their day's grants without a
 * second admin: the grant rolls back, and is asked for instead.
 */
class NeedsApproval extends Error {}

type CreditAdjustmentsDeps = Pick<Infra, 'db'> & {
  credits: Pick<CreditsService, 'adjust' | 'balance'>;
  settings: Pick<SettingsService, 'staffCreditLimit' | 'moneyLimits'>;
  auditLog: Pick<AuditLogService, 'record' | 'creditsMovedToday'>;
  accountAdmin: Pick<AccountAdminService, 'player'>;
  /** Stores a grant past the admin's day for a second admin (the approvals, ADR 0053). */
  askApproval: (grant: Adjustment, admin: ConsoleActor) => Promise<ApprovalRequest>;
};

/** A grant's or a deduction's audit row: the balance before and after, and the reason. */
export const creditChangeEntry = (
  request: Adjustment,
  balance: { before: number; after: number },
) => ({
  action:
    request.credits > 0 ? ('users.grant-credits' as const) : ('users.deduct-credits' as const),
  targetUserId: request.userId,
  before: { balance: balance.before },
  after: { balance: balance.after },
  reason: request.reason,
});

export function createCreditAdjustmentsService(deps: CreditAdjustmentsDeps) {
  const { db, credits, settings, auditLog, accountAdmin, askApproval } = deps;

  /** The most credits an operator of `role` may grant or deduct in one console action. */
  const creditLimit = (role: Role): Promise<number> =>
    role === 'admin'
      ? Promise.resolve(OPERATOR_LIMITS.creditsPerGrant)
      : settings.staffCreditLimit();

  /** The day's check a console operator's adjustment runs in its transaction, if any. */
  async function admissionFor(actor: OperatorActor, amount: number) {
    if (actor.kind !== 'operator') return undefined;
    if (actor.role === 'admin' && amount < 0) return undefined;
    const limits = await settings.moneyLimits();
    if (actor.role === 'admin') {
      return async (tx: Transaction) => {
        const granted = await auditLog.creditsMovedToday(tx, actor.userId, ['users.grant-credits']);
        if (granted + amount > limits.adminDailyCredits) throw new NeedsApproval();
      };
    }
    const budget = limits.staffDailyCredits;
    return async (tx: Transaction) => {
      const left = Math.max(budget - (await auditLog.creditsMovedToday(tx, actor.userId)), 0);
      if (Math.abs(amount) > left)
        fail('CREDIT_BUDGET_EXCEEDED', creditBudgetMessage(budget, left));
    };
  }

  /**
   * Grants (`credits` > 0) or deducts credits: the balance after, or the balance as it is and
   * the request for a second admin. A refusal for staff's budget leaves its own audit row, so
   * admins see who tried.
   */
  async function adjust(
    request: Adjustment,
    actor: OperatorActor,
  ): Promise<{ balance: number; approval: ApprovalRequest | null }> {
    if (actor.kind === 'operator') {
      const limit = await creditLimit(actor.role);
      if (Math.abs(request.credits) > limit)
        fail('CREDIT_LIMIT_EXCEEDED', creditLimitMessage(limit));
    }
    const admit = await admissionFor(actor, request.credits);
    const also = (tx: Transaction, balance: { before: number; after: number }) =>
      auditLog.record(tx, actor, creditChangeEntry(request, balance));
    try {
      const outcome = await credits.adjust(request, { admit, also });
      if (outcome.status === 'insufficient') {
        fail('BALANCE_TOO_LOW', balanceTooLowMessage(outcome.balance));
      }
      return { balance: outcome.balance, approval: null };
    } catch (error) {
      if (error instanceof NeedsApproval && actor.kind === 'operator') {
        const approval = await askApproval(request, actor);
        return { balance: await credits.balance(db, request.userId), approval };
      }
      if (isAppError(error) && error.code === 'CREDIT_BUDGET_EXCEEDED') {
        await auditLog.record(db, actor, {
          action: 'users.credit-budget-refused',
          targetUserId: request.userId,
          after: { credits: request.credits },
          reason: request.reason,
        });
      }
      throw error;
    }
  }

  return {
    creditLimit,
    adjust,

    /** A console operator's grant or deduction on a live player they may reach. */
    async change(change: ConsolePlayerCreditsRequest, actor: OperatorActor) {
      const account = await accountAdmin.player(change.playerId);
      checkReach(actor, account);
      const signed = change.change === 'grant' ? change.credits : -change.credits;
      return adjust({ userId: account.id, credits: signed, reason: change.reason }, actor);
    },
  };
}

export type CreditAdjustmentsService = ReturnType<typeof createCreditAdjustmentsService>;
