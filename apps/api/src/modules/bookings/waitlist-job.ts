/**
 * Runs the waitlist's `settleOffers()` every WAITLIST_JOB_INTERVAL_MS while the server listens
 * (ADR 0034): an offer whose hold has ended goes to the next in line, and a line that has closed
 * lets its players go. Passes never overlap in a process; passes of several processes skip the
 * slots another one is settling. A failed pass is logged and tried again.
 */
import type { Logger } from '../../lib/logger';
import { periodicJob } from '../../lib/periodic-job';
import type { WaitlistService } from './waitlist.service';

const WAITLIST_JOB_INTERVAL_MS = 30_000;

export function createWaitlistJob(deps: {
  waitlist: Pick<WaitlistService, 'settleOffers'>;
  logger: Pick<Logger, 'info' | 'error'>;
}) {
  return periodicJob({
    name: 'waitlist pass',
    intervalMs: WAITLIST_JOB_INTERVAL_MS,
    runAtStart: true,
    async run() {
      const settled = await deps.waitlist.settleOffers();
      if (settled.lapsed > 0 || settled.cleared > 0) deps.logger.info(settled, 'waitlist pass');
      return settled;
    },
    logger: deps.logger,
  });
}

export type WaitlistJob = ReturnType<typeof createWaitlistJob>;
