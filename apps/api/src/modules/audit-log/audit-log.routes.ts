/** The console's audit log: staff read it a page at a time; admins export it (API_ROUTES). */
import type { AuditEntry, AuditLogFilter } from '@questfield/contract';
import { apiRoute } from '../../lib/api-route';
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

export function registerAuditLogRoutes(app: ZodApp, { services }: ModuleContext): void {
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
      return { entries: all.entries.map(toEntry), truncated: all.truncated };
    },
  });
}
