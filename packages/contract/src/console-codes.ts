/**
 * The console's code batches (routes `consoleCodeBatches`, `consoleCodeBatch`, and the admins'
 * `consoleCodeBatchCreate`, `consoleCodeRevoke`, `consoleCodeBatchRevoke`): the command line's
 * `codes batches`, `codes batch`, `codes create`, `codes revoke --id` and `codes revoke-batch`,
 * with the same schemas and answers (operator.ts), by id. Every list comes a page at a time.
 */
import { z } from 'zod';
import { toCsv } from './console';
import { CODE_STATES, codeBatchRequest, type CodeBatchCreated } from './operator';

/** Batches in a page of the console's list, and codes in a page of a batch. */
export const CODE_BATCH_PAGE = 20;
export const BATCH_CODE_PAGE = 50;

const batchId = z.uuid();

/** `after`: the `nextCursor` of the page before. */
export const consoleCodeBatchesRequest = z.strictObject({ after: z.string().max(200).optional() });

/** One batch and a page of its codes, of one state or all; `after`: the last code's id. */
export const consoleCodeBatchRequest = z.strictObject({
  batchId,
  state: z.enum(CODE_STATES).optional(),
  after: z.uuid().optional(),
});

export const consoleCodeBatchCreateRequest = codeBatchRequest;

export const consoleCodeRevokeRequest = z.strictObject({ codeId: z.uuid() });
export const consoleCodeRevokeResponse = z.object({
  /** 'Promo code …2P4D': the revoked code's label. */
  label: z.string(),
});

export const consoleCodeBatchRevokeRequest = z.strictObject({ batchId });

/**
 * A new batch's codes as CSV, the only copy anyone gets (the codes are stored as hashes): the
 * command line prints it, the console downloads it.
 */
const plain = (count: number) => count.toLocaleString('en-US');

/** CODE_BATCH_TOO_LARGE with the money limits' codes per console batch. */
export function codeBatchTooLargeMessage(most: number): string {
  return `A batch made in the console holds at most ${plain(most)} codes: make several, or a larger one on the command line.`;
}

/** CODE_CREDITS_DAILY_CAP with the day's code credits and what is left of them. */
export function codeCreditsLeftMessage(perDay: number, left: number): string {
  return `The console's batches may hold ${plain(perDay)} credits a venue day (a code's credits times its codes), and ${plain(left)} are left until midnight, venue time: make a smaller batch, ask an admin to raise the limit in Settings, or use the command line.`;
}

export function issuedCodesCsv({ batch, codes }: CodeBatchCreated): string {
  return toCsv(
    ['code', 'batch', 'kind', 'credits', 'expires'],
    codes.map((code) => [code.code, batch.name, code.kind, code.credits, code.expires]),
  );
}
