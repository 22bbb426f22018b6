/**
 * The retention pass (privacy policy "Data retention"; ADR 0018): deletes what the product no
 * longer needs, each table through the module that owns it, in short batches.
 *
 * - sessions past their 30-day end or idle for 7 days;
 * - recovery codes past their 10 minutes, reset tokens used, revoked or past their 15 minutes;
 * - rate-limit attempts older than the longest window any limit counts (a day);
 * - what deleted accounts may still hold because a request raced their deletion;
 * - game reminders' keys two days after they were written (their game started a day ago).
 *
 * Mail is not here: the dispatcher blanks a body once it is delivered and deletes the row a day
 * after it was queued (ADR 0006). Every delete is idempotent and skips rows another transaction
 * holds, so passes in several processes at once share the work instead of colliding.
 */
import type { Limiter } from '../limits/limits.service';
import type { AccountDeletionService } from '../accounts/account-deletion.service';
import type { RecoveryService } from '../accounts/recovery.service';
import type { SessionService } from '../accounts/sessions.service';
import type { RemindersService } from '../bookings/reminders.service';

/**
 * Rows one statement deletes at most: short enough to hold its locks only for moments.
 * @internal Exported for tests.
 */
export const RETENTION_BATCH_SIZE = 500;
/** A step stops after this many batches in one pass; a larger backlog waits for the next. */
const MAX_BATCHES_PER_STEP = 200;

export type RetentionReport = {
  sessions: number;
  recovery: number;
  attempts: number;
  deletedAccounts: number;
  reminders: number;
};

/** Deletes one batch of at most `limit` rows; answers how many went. */
type Purge = (limit: number) => Promise<number>;

/** Batches until one comes back short (nothing more to delete) or the step's cap. */
async function drain(purge: Purge): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < MAX_BATCHES_PER_STEP; batch += 1) {
    const deleted = await purge(RETENTION_BATCH_SIZE);
    total += deleted;
    if (deleted < RETENTION_BATCH_SIZE) break;
  }
  return total;
}

export function createRetentionService(deps: {
  sessions: Pick<SessionService, 'purgeExpired'>;
  recovery: Pick<RecoveryService, 'purgeSpent'>;
  limiter: Pick<Limiter, 'purgeExpired'>;
  accountDeletion: Pick<AccountDeletionService, 'purgeLeftovers'>;
  reminders: Pick<RemindersService, 'purgeKeys'>;
}) {
  const steps: Record<keyof RetentionReport, Purge> = {
    sessions: (limit) => deps.sessions.purgeExpired(limit),
    recovery: (limit) => deps.recovery.purgeSpent(limit),
    attempts: (limit) => deps.limiter.purgeExpired(limit),
    deletedAccounts: (limit) => deps.accountDeletion.purgeLeftovers(limit),
    reminders: (limit) => deps.reminders.purgeKeys(limit),
  };
  return {
    /** One pass over every step, one after another; the rows each deleted. */
    async runOnce(): Promise<RetentionReport> {
      const report: RetentionReport = {
        sessions: 0,
        recovery: 0,
        attempts: 0,
        deletedAccounts: 0,
        reminders: 0,
      };
      for (const name of Object.keys(steps) as (keyof RetentionReport)[]) {
        report[name] = await drain(steps[name]);
      }
      return report;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
