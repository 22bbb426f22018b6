/**
 * Runs the reminders' pass (reminders.service.ts, ADR 0033) as the server starts listening and
 * every REMINDER_INTERVAL_MS after, logging what it queued when it queued anything. Passes of one
 * process never overlap; passes of several processes share the work (SKIP LOCKED, one key per
 * seat and kind).
 */
import type { Logger } from '../../lib/logger';
import { periodicJob } from '../../lib/periodic-job';
import type { RemindersService } from './reminders.service';

/**
 * A reminder goes out at most this late after its time.
 * @internal Exported for tests.
 */
export const REMINDER_INTERVAL_MS = 60_000;

export function createReminderJob(deps: {
  reminders: Pick<RemindersService, 'runOnce'>;
  logger: Pick<Logger, 'info' | 'error'>;
}) {
  return periodicJob({
    name: 'seat reminders',
    intervalMs: REMINDER_INTERVAL_MS,
    runAtStart: true,
    async run() {
      const report = await deps.reminders.runOnce();
      if (report.day + report.hour > 0) deps.logger.info({ reminders: report }, 'seat reminders');
      return report;
    },
    logger: deps.logger,
  });
}

export type ReminderJob = ReturnType<typeof createReminderJob>;
