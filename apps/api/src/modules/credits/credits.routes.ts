/** HTTP side of credits: the session user's credit history (Users/CreditHistory). */
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionUserId } from '../../plugins/session';
import type { ModuleContext } from '../module-context';
import { toCreditPosting } from './credits.service';

export function registerCreditsRoutes(app: ZodApp, { services }: ModuleContext): void {
  app.route({
    ...apiRoute('usersCreditHistory'),
    handler: async (request) => {
      const { cursor } = request.body;
      const page = await services.credits.history(
        sessionUserId(request),
        cursor === undefined ? undefined : Number(cursor),
      );
      return {
        entries: page.entries.map(toCreditPosting),
        nextCursor: page.nextCursor === null ? null : String(page.nextCursor),
      };
    },
  });
}
