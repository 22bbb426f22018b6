/** The console's first screen (staff read; API_ROUTES `consoleToday`): see today.service.ts. */
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import type { ModuleContext } from '../module-context';

export function registerConsoleTodayRoutes(app: ZodApp, { services }: ModuleContext): void {
  app.route({
    ...apiRoute('consoleToday'),
    handler: () => services.today.read(),
  });
}
