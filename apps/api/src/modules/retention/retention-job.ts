/**
 * Runs the retention pass as the server starts listening and every RETENTION_INTERVAL_MS after,
 * logging what it deleted when it deleted anything.
 */
import type { Logger } from '../../lib/logger';
import { periodicJob } from '../../lib/periodic-job';
import type { RetentionService } from './retention.service';

const RETENTION_INTERVAL_MS = 60 * 60_000;

export function createRetentionJob(deps: {
  retention: RetentionService;
  logger: Pick<Logger, 'info' | 'error'>;
}) {
  return periodicJob({
    name: 'retention pass',
    intervalMs: RETENTION_INTERVAL_MS,
    runAtStart: true,
    async run() {
      const deleted = await deps.retention.runOnce();
      if (Object.values(deleted).some((count) => count > 0)) {
        deps.logger.info({ deleted }, 'retention pass');
      }
      return deleted;
    },
    logger: deps.logger,
  });
}

export type RetentionJob = ReturnType<typeof createRetentionJob>;
