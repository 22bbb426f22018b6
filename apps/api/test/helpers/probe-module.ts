/**
 * Stand-in handlers on contract routes that later issues implement, so the request pipeline
 * (guards, JSON parsing, validation, error mapping, logging) can be tested end to end now.
 */
import { z } from 'zod';
import type { ApiModule } from '../../src/modules';
import { apiRoute } from '../../src/lib/api-route';

export const partnershipBody = z.object({
  name: z.string().min(1),
  email: z.email(),
  phone: z.string().min(1),
  companyName: z.string().min(1),
  companyDescription: z.string().min(1),
});

export const probeModule: ApiModule = (app) => {
  app.route({
    ...apiRoute('partnershipsSubmit'),
    schema: { body: partnershipBody },
    handler: async (request) => ({ received: request.body.name }),
  });
  app.route({
    ...apiRoute('gamesSubmitResult'),
    schema: { body: z.object({ score: z.number().int() }) },
    handler: async () => ({ ok: true }),
  });
  app.route({ ...apiRoute('itemsUpdate'), handler: async () => ({ updated: true }) });
  app.route({
    // A public route no issue has implemented yet, standing in for a careless sign-in handler.
    ...apiRoute('eventsAvailableTimes'),
    handler: async (request) => {
      // Logs exactly what a careless handler might: the whole body and every header.
      request.log.info({ body: request.body, headers: request.headers }, 'login attempt');
      return { ok: true };
    },
  });
  app.route({
    ...apiRoute('leaderboard'),
    handler: async () => {
      throw new Error('database exploded: password=hunter2 at row 7');
    },
  });
};
