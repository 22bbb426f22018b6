/**
 * Orders as operators handle them, from the console's orders screen and the command line
 * (`orders flagged`, `orders refund`, through the operator's commands) alike: the flagged
 * orders, and an admin's refund audited in the refund's own transaction.
 */
import { formatUsd, type OperatorCommand, type OperatorResultOf } from '@questfield/contract';
import type { AuditLogService, OperatorActor } from '../audit-log/audit-log.service';
import type { OrdersService } from './orders.service';

type RefundRequest = Omit<Extract<OperatorCommand, { command: 'orders refund' }>, 'command'>;

/** Appended to the admin's reason in the audit log when the refund left spent credits. */
const LEFT_AT_ZERO = '(Refunded with the spent credits left at zero.)';

type OrderAdminDeps = {
  orders: Pick<OrdersService, 'flagged' | 'refundForOperator'>;
  auditLog: Pick<AuditLogService, 'record'>;
};

export function createOrderAdminService({ orders, auditLog }: OrderAdminDeps) {
  return {
    /** The newest flagged orders, at most `limit` (`orders flagged`). */
    async flagged(limit: number): Promise<OperatorResultOf<'orders flagged'>['orders']> {
      const rows = await orders.flagged(limit);
      return rows.map((row) => ({
        orderNumber: row.orderNumber,
        status: row.status,
        amount: formatUsd(row.amountCents),
        flag: row.flag,
        flaggedAt: row.flaggedAt.toISOString(),
        dispute: row.disputeState === null ? '' : `${row.disputeState} (${row.disputeReason})`,
      }));
    },

    /**
     * A refund of a paid order (admins), in full or of an amount (ADR 0056), to the card or as
     * credits: what the money bought taken back and the money returned (or the credits added),
     * audited with the admin's reason in the refund's own transaction, and the buyer mailed it
     * once the money is back; asking again retries a refund the processor turned down (audited
     * as asked again).
     */
    async refund(request: RefundRequest, actor: OperatorActor) {
      let takenBack = 0;
      let creditsAdded = 0;
      const { order, refund } = await orders.refundForOperator(
        request,
        actor.kind === 'operator' ? actor.userId : null,
        (executor, refunded, clawback, partCents) => {
          takenBack = clawback === null ? 0 : clawback.credits - clawback.missing;
          creditsAdded = clawback?.creditsAdded ?? 0;
          const refundedBefore = refunded.refundedCents;
          const refundedAfter = refundedBefore + (clawback?.amountCents ?? 0);
          // The whole order to the card at once is audited as it always was.
          const whole = clawback?.amountCents === refunded.amountCents && creditsAdded === 0;
          return auditLog.record(executor, actor, {
            action: 'orders.refund',
            targetUserId: refunded.userId,
            subject: `${refunded.orderNumber} (${formatUsd(refunded.amountCents)})`,
            ...(clawback === null
              ? {
                  before: { refund: 'failed' },
                  // Which of the order's refunds, when it is one of part of it.
                  after: {
                    refund: 'asked again',
                    ...(partCents === undefined ? {} : { amount: formatUsd(partCents) }),
                  },
                }
              : {
                  before: {
                    status: 'paid',
                    ...(whole ? {} : { refunded: formatUsd(refundedBefore) }),
                  },
                  after: {
                    status: refundedAfter >= refunded.amountCents ? 'refunded' : 'paid',
                    creditsTakenBack: takenBack,
                    creditsMissing: clawback.missing,
                    passesRevoked: clawback.passes,
                    ...(whole
                      ? {}
                      : {
                          refunded: formatUsd(refundedAfter),
                          amount: formatUsd(clawback.amountCents),
                          to: request.asCredits === true ? 'credits' : 'card',
                          creditsAdded,
                        }),
                  },
                }),
            reason: request.leaveShortfall ? `${request.reason} ${LEFT_AT_ZERO}` : request.reason,
          });
        },
      );
      return {
        orderNumber: order.orderNumber,
        refund: refund.status,
        failureCode: refund.failureCode,
        takenBack,
        missing: refund.shortfallCredits,
        amount: formatUsd(refund.amountCents),
        asCredits: refund.destination === 'credits',
        creditsAdded: refund.creditsAdded,
      };
    },
  };
}

export type OrderAdminService = ReturnType<typeof createOrderAdminService>;
