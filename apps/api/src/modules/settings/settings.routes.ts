/**
 * The console's settings screen (API_ROUTES `consoleSettings` for staff to read;
 * `consoleSettingsChange` and `consoleStaffCreditLimit` for admins, the latter asking for the
 * password and a code again as money does): the command line's own settings commands, (settings-commands.ts), so both are audited alike.
 * `venue` (public) serves the venue's details and clock to every screen.
 */
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import { operatorActor } from '../audit-log/audit-log.service';
import type { ModuleContext } from '../module-context';

/** Screens may keep the venue's details a minute; a change reaches them within that. */
const VENUE_CACHE_CONTROL = 'public, max-age=60';

export function registerSettingsRoutes(app: ZodApp, { services }: ModuleContext) {
  app.route({
    ...apiRoute('venue'),
    handler: async (_request, reply) => {
      void reply.header('cache-control', VENUE_CACHE_CONTROL);
      return services.settings.venueDetails();
    },
  });

  app.route({
    ...apiRoute('consoleSettings'),
    handler: async () => {
      const { command: _command, ...shown } = await services.settingsAdmin.showSettings();
      return shown;
    },
  });

  app.route({
    ...apiRoute('consoleSettingsChange'),
    handler: (request) =>
      services.settingsAdmin.run(request.body, operatorActor(sessionOf(request), request.ip)),
  });

  app.route({
    ...apiRoute('consoleStaffCreditLimit'),
    handler: (request) =>
      services.settingsAdmin.run(request.body, operatorActor(sessionOf(request), request.ip)),
  });
}
