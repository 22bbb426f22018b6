/**
 * A second admin's approval (ADR 0053; API_ROUTES `consoleApprovals`, `consoleApprovalDecide`):
 * an admin's console grant that takes their grants of the venue day past the money limits'
 * `adminDailyCredits`, and a console code batch that holds more credits than
 * `batchApprovalCredits`, are not made: they wait, as a request, until another admin approves
 * it (the action runs then, in the transaction that marks the request approved) or refuses it,
 * the requester withdraws it, or a day passes. The command line needs no approval.
 */
import { z } from 'zod';
import { codeBatchCreated, codeBatchRequest } from './operator';

/** How long a request waits for a second admin before it lapses. */
export const APPROVAL_HOURS = 24;

/** Requests the approvals screen lists after the pending ones: the latest decided. */
export const APPROVALS_DECIDED_LISTED = 20;

const APPROVAL_STATES = ['pending', 'approved', 'refused', 'withdrawn', 'expired'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

const APPROVAL_DECISIONS = ['approve', 'refuse', 'withdraw'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

const operatorRef = z.object({ id: z.uuid(), username: z.string() });

/** What the request asks for: a grant to a player, or a batch of codes. */
const approvalAction = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('grant'),
    /** Null once the player's account is deleted. */
    player: operatorRef.nullable(),
    credits: z.number().int().positive(),
    reason: z.string(),
  }),
  z.object({ kind: z.literal('batch'), batch: codeBatchRequest }),
]);
export type ApprovalAction = z.infer<typeof approvalAction>;

const approvalRequest = z.object({
  id: z.uuid(),
  action: approvalAction,
  state: z.enum(APPROVAL_STATES),
  requestedBy: operatorRef.nullable(),
  requestedAt: z.iso.datetime({ offset: true }),
  /** When a pending request lapses. */
  expiresAt: z.iso.datetime({ offset: true }),
  /** Who approved, refused or withdrew it, and when; null while pending or once lapsed. */
  decidedBy: operatorRef.nullable(),
  decidedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ApprovalRequest = z.infer<typeof approvalRequest>;

/** The pending requests, oldest first, then the latest decided. */
export const consoleApprovalsResponse = z.object({
  pending: z.array(approvalRequest),
  decided: z.array(approvalRequest),
});
export type ConsoleApprovals = z.infer<typeof consoleApprovalsResponse>;

export const consoleApprovalDecideRequest = z.strictObject({
  approvalId: z.uuid(),
  decision: z.enum(APPROVAL_DECISIONS),
});
export type ConsoleApprovalDecideRequest = z.infer<typeof consoleApprovalDecideRequest>;

/**
 * The request after the decision and, when approved, what the action did: the player's balance
 * after a grant, or the batch with its codes (shown to the approving admin, this once).
 */
export const consoleApprovalDecideResponse = z.object({
  approval: approvalRequest,
  done: z
    .discriminatedUnion('kind', [
      z.object({ kind: z.literal('grant'), balance: z.number().int().nonnegative() }),
      z.object({ kind: z.literal('batch'), created: codeBatchCreated }),
    ])
    .nullable(),
});
export type ConsoleApprovalDecided = z.infer<typeof consoleApprovalDecideResponse>;

/**
 * The console's grant or deduction: the balance after it, or (an admin's grant past their day's
 * approval limit) the balance unchanged and the request that waits for a second admin.
 */
export const consolePlayerCreditsResponse = z.object({
  balance: z.number().int().nonnegative(),
  approval: approvalRequest.nullable(),
});

/** The console's new batch: made, with its codes, or waiting for a second admin. */
export const consoleCodeBatchCreateResponse = z.discriminatedUnion('outcome', [
  codeBatchCreated.extend({ outcome: z.literal('created') }),
  z.object({ outcome: z.literal('pending'), approval: approvalRequest }),
]);
export type ConsoleCodeBatchOutcome = z.infer<typeof consoleCodeBatchCreateResponse>;
