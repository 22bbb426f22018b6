/** The console's audit log: staff read it a page at a time; admins export it (API_ROUTES). */
import { isoWithOffset, type AuditEntry, type AuditLogFilter } from '@questfield/contract';
import { apiRoute } from '../../lib/api-route';
import { csvDocument } from '../../lib/csv';
import type { ZodApp } from '../../lib/zod-app';
import type { ModuleContext } from '../module-context';
import type { AuditRow } from './audit-log.repository';

const filterOf = (request: AuditLogFilter) => ({
  action: request.action,
  day: request.day,
  operator: request.operatorId,
  player: request.playerId,
});

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: {
      kind: row.actorKind,
      id: row.actorId,
      label: row.actorLabel,
      role: row.actorRole,
      ip: row.ip,
    },
    action: row.action,
    player:
      row.targetUserId === null ? null : { id: row.targetUserId, username: row.playerName ?? '' },
    subject: row.subject,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}

/**
 * The export as a spreadsheet reads it: each time on the venue's clock with its offset, the
 * header naming the zone; the values before and after as JSON.
 */
function auditCsv(entries: readonly AuditEntry[], zone: string): string {
  const json = (value: unknown) => (value === null ? '' : JSON.stringify(value));
  return csvDocument(
    [`at (${zone})`, 'operator', 'role', 'address', 'action', 'player'].concat([
      'subject',
      'before',
      'after',
      'reason',
    ]),
    entries.map((entry) => [
      isoWithOffset(entry.at, zone),
      entry.actor.label,
      entry.actor.role ?? '',
      entry.actor.ip,
      entry.action,
      entry.player?.username ?? '',
      entry.subject,
      json(entry.before),
      json(entry.after),
      entry.reason,
    ]),
  );
}

export function registerAuditLogRoutes(app: ZodApp, { env, services }: ModuleContext): void {
  const { auditLog } = services;
  app.route({
    ...apiRoute('consoleAuditLog'),
    handler: async (request) => {
      const page = await auditLog.list({ ...filterOf(request.body), before: request.body.before });
      return { entries: page.entries.map(toEntry), nextCursor: page.nextCursor };
    },
  });
  app.route({
    ...apiRoute('consoleAuditLogExport'),
    handler: async (request) => {
      const all = await auditLog.export(filterOf(request.body));
      const entries = all.entries.map(toEntry);
      return { entries, truncated: all.truncated, csv: auditCsv(entries, env.venueTimezone) };
    },
  });
}
