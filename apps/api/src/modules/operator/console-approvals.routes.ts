/**
 * The console's approvals (admins; API_ROUTES `consoleApprovals`, `consoleApprovalDecide`):
 * the requests that wait for a second admin, and each decision (approvals.service.ts, ADR 0053).
 */
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import { operatorActor } from '../audit-log/audit-log.service';
import type { ModuleContext } from '../module-context';

export function registerConsoleApprovalsRoutes(app: ZodApp, { services }: ModuleContext): void {
  const { approvals } = services;

  app.route({
    ...apiRoute('consoleApprovals'),
    handler: () => approvals.list(),
  });

  app.route({
    ...apiRoute('consoleApprovalDecide'),
    handler: (request) =>
      approvals.decide(
        request.body.approvalId,
        request.body.decision,
        operatorActor(sessionOf(request), request.ip),
      ),
  });
}
