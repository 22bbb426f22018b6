/**
 * Security events (sign-ups, logins, recovery, refused updates) as structured log lines with the
 * event name, the user when known, the client IP and the UTC time of the app's clock (R25b).
 */
import type { Clock } from './clock';
import type { Logger } from './logger';

export type AuditMeta = { ip: string; log: Pick<Logger, 'info' | 'warn'> };

export function createAudit(clock: Clock) {
  return function audit(
    meta: AuditMeta,
    event: string,
    fields: Record<string, unknown> = {},
    level: 'info' | 'warn' = 'info',
  ): void {
    meta.log[level]({ event, ip: meta.ip, at: clock.now(), ...fields }, event);
  };
}

export type Audit = ReturnType<typeof createAudit>;
