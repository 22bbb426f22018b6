import { APPROVAL_HOURS, type ApprovalState } from '@questfield/contract';
import { credits, plural } from './common';

/** The approvals screen's words (ADR 0053). */
export const approvalsCopy = {
  heading: 'Waiting for a second admin',
  intro: `An admin's grants past their credits for the day, and code batches of many credits, are made only when another admin approves them here (the limits are in Settings). A request lapses after ${APPROVAL_HOURS} hours; the command line needs no approval.`,
  loading: 'Loading the requests…',
  failed: 'The requests could not be loaded.',
  none: 'Nothing is waiting.',
  grant: (count: number, username: string | null) =>
    `Grant ${credits(count)} to ${username ?? 'a deleted account'}`,
  batch: (name: string, count: number, each: number, kind: string) =>
    `Batch “${name}”: ${plural(count, 'code')} (${kind}) of ${credits(each)} each, ${credits(count * each)} in all`,
  asked: (who: string, at: string) => `Asked by ${who}, ${at}`,
  lapses: (at: string) => `Lapses ${at}`,
  lapsed: 'Lapsed: nobody decided in time.',
  reason: (text: string) => `Reason: ${text}`,
  deletedAdmin: 'a deleted account',
  approve: 'Approve',
  refuse: 'Refuse',
  withdraw: 'Withdraw',
  yours: 'Your request: another admin approves or refuses it.',
  reauthText: 'Deciding a request needs your password and a current code again (every 15 minutes).',
  decideFailed: 'The decision could not be saved.',
  approvedGrant: (count: number, username: string | null, balance: number) =>
    `Approved: ${credits(count)} granted to ${username ?? 'the player'}; the balance is ${credits(balance)}.`,
  approvedBatch: (name: string) => `Approved: the batch “${name}” is made. Download its codes now.`,
  refused: 'Refused: nothing was granted or made.',
  withdrawn: 'Withdrawn: nothing was granted or made.',
  createdHeading: 'Codes of the approved batch',
  decidedHeading: 'Decided lately',
  decidedCaption: 'The latest decided requests',
  decidedColumns: ['Request', 'Asked by', 'Decision', 'By', 'When'] as const,
  decidedNone: 'No request has been decided yet.',
  states: {
    pending: 'Waiting',
    approved: 'Approved',
    refused: 'Refused',
    withdrawn: 'Withdrawn',
    expired: 'Lapsed',
  } satisfies Record<ApprovalState, string>,
  dismiss: 'Dismiss',
};
