/**
 * Partnership applications (spec §4 /community-partnerships; security.md W24). The server, not
 * the browser, writes both mails from its own templates: a confirmation to the address the
 * applicant typed and a notification to the company contact fixed in config, queued in the
 * transaction that stores the application, so either all three happen or none.
 *
 * Each client IP may apply 5 times in a sliding hour; the limits module admits an application
 * under a lock on the IP, so a burst of concurrent requests lets exactly 5 through. One address
 * gets at most CONFIRMATIONS_PER_ADDRESS_PER_DAY confirmations, however many networks apply in
 * its name (the form cannot be used to bomb a mailbox); later applications are still stored
 * and the company still told, and the applicant sees the same thank-you. A filled honeypot is
 * answered like a success and leaves no trace.
 */
import {
  PARTNERSHIP_APPLICATIONS_PER_HOUR,
  type PartnershipApplication,
} from '@questfield/contract';
import type { Infra } from '../../infra';
import type { Mailer } from '../../integrations/email/mailer';
import { mailDraft } from '../../integrations/email/templates';
import { fail } from '../../lib/app-error';
import type { Audit, AuditMeta } from '../../lib/audit';
import type { CountRule, Limiter } from '../limits/limits.service';
import * as repo from './partnerships.repository';

const HOUR = 60 * 60_000;
/** @internal Exported for tests. */
export const CONFIRMATIONS_PER_ADDRESS_PER_DAY = 3;

export type ApplyOutcome = 'stored' | 'dropped';

export function createPartnershipsService({
  transaction,
  clock,
  env,
  limiter,
  mailer,
  audit,
}: Pick<Infra, 'transaction' | 'clock' | 'env'> & {
  limiter: Limiter;
  mailer: Mailer;
  audit: Audit;
}) {
  const rules = (ip: string): CountRule[] => [
    {
      kind: 'partnership',
      ip,
      windowMs: HOUR,
      max: PARTNERSHIP_APPLICATIONS_PER_HOUR,
      reason: 'partnership applications per IP',
    },
  ];

  return {
    /** Stores `application` and queues both mails, or fails with 429 past the hourly limit. */
    async apply(caller: AuditMeta, application: PartnershipApplication): Promise<ApplyOutcome> {
      if ((application.website ?? '') !== '') {
        audit(caller, 'partnerships.honeypot', {}, 'warn');
        return 'dropped';
      }
      const admission = await limiter.admit('partnership', caller.ip, caller.ip, rules(caller.ip));
      if (!admission.allowed) {
        audit(caller, 'partnerships.throttled', { reason: admission.reason }, 'warn');
        return fail('PARTNERSHIP_RATE_LIMITED');
      }
      const { website: _honeypot, ...details } = application;
      const id = await transaction(async (tx) => {
        const now = clock.now();
        // Counted under a lock on the address, so applications at once are counted in turn.
        await limiter.lock(tx, [`partnership-confirmation|${details.email.toLowerCase()}`]);
        const since = new Date(now.getTime() - 24 * HOUR);
        const confirmed = await repo.countFromEmail(tx, details.email, since);
        const stored = await repo.insertApplication(tx, {
          ...details,
          ip: caller.ip,
          createdAt: now,
        });
        if (confirmed < CONFIRMATIONS_PER_ADDRESS_PER_DAY) {
          await mailer.queue(tx, details.email, mailDraft('partnership_confirmation', null));
        }
        await mailer.queue(
          tx,
          env.partnershipEmail,
          mailDraft('partnership_notification', details),
        );
        return stored;
      });
      mailer.wake();
      await limiter.settle(admission.attempt, true);
      audit(caller, 'partnerships.applied', { applicationId: id });
      return 'stored';
    },
  };
}
