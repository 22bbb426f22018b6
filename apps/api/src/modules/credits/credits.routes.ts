/** HTTP side of credits: the session user's credit history (Users/CreditHistory). */
import type { CreditPosting } from '@questfield/contract';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionUserId } from '../../plugins/session';
import type { ModuleContext } from '../module-context';
import type { HistoryEntry } from './credits.service';

/** A posting as the wire carries it (the player's history and the console's). */
export function toCreditPosting(posting: HistoryEntry): CreditPosting {
  return {
    id: String(posting.id),
    at: posting.at.toISOString(),
    reason: posting.reason,
    delta: posting.delta,
    balanceAfter: posting.balanceAfter,
    orderNumber: posting.orderNumber,
  };
}

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
