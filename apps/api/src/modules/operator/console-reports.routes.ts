/** The console's weekly report (staff read; API_ROUTES `consoleReport`): see report.service.ts. */
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import type { ModuleContext } from '../module-context';

export function registerConsoleReportsRoutes(app: ZodApp, { services }: ModuleContext): void {
  app.route({
    ...apiRoute('consoleReport'),
    handler: (request) => services.reports.week(request.body.week),
  });
}
