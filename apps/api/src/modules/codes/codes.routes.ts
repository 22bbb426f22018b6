/**
 * HTTP side of codes: the redeem modal's Users/RedeemCode and the items service of
 * /experience-card and /game (spec §4, §5, §7). One redemption behind both; each screen answers
 * in its own words. Items/Update answers 403 before reaching its handler (internal route).
 */
import { codeRedeemedMessage, type CodeItem, type ErrorCode } from '@questfield/contract';
import type { FastifyRequest } from 'fastify';
import { fail } from '../../lib/app-error';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import type { ModuleContext } from '../module-context';
import type { CodeCaller, CodeView, Refusal } from './codes.service';

/** The redeem modal on / (spec §5). */
const MODAL_REFUSALS: Record<Refusal, ErrorCode> = {
  unknown: 'PROMO_INVALID',
  used_by_caller: 'PROMO_ALREADY_REDEEMED',
  used: 'CODE_ALREADY_REDEEMED',
};

/** /experience-card (spec §5). */
const CARD_REFUSALS: Record<Refusal, ErrorCode> = {
  unknown: 'CODE_INVALID',
  used_by_caller: 'CODE_ALREADY_REDEEMED',
  used: 'CODE_ALREADY_REDEEMED',
};

function callerOf(request: FastifyRequest): CodeCaller {
  return { userId: sessionOf(request).userId, ip: request.ip, log: request.log };
}

/** The spec's Item: one redemption time in three spellings; only the caller's own name. */
function toItem(view: CodeView, request: FastifyRequest): CodeItem {
  const at = view.redeemedAt?.toISOString() ?? '';
  return {
    id: view.id,
    name: view.label,
    redeemedat: at,
    redeemedAt: at,
    RedeemedAt: at,
    redeemedby: view.redeemedByCaller ? sessionOf(request).account.username : '',
    scheduledSessions: [],
  };
}

async function redeem(
  services: Services,
  request: FastifyRequest,
  code: string,
  refusals: Record<Refusal, ErrorCode>,
) {
  const outcome = await services.codes.redeem(callerOf(request), code);
  if (outcome.status !== 'redeemed') fail(refusals[outcome.status]);
  return {
    message: codeRedeemedMessage(outcome.credits),
    credits: outcome.balance,
    item: toItem(outcome.item, request),
  };
}

export function registerCodesRoutes(app: ZodApp, { services }: ModuleContext): void {
  app.route({
    ...apiRoute('usersRedeemCode'),
    handler: (request) => redeem(services, request, request.body.code, MODAL_REFUSALS),
  });

  app.route({
    ...apiRoute('itemsRedeem'),
    handler: (request) => redeem(services, request, request.body.name, CARD_REFUSALS),
  });

  app.route({
    ...apiRoute('itemsGetByName'),
    handler: async (request) =>
      toItem(await services.codes.findByCode(callerOf(request), request.body.name), request),
  });

  app.route({
    ...apiRoute('itemsGetById'),
    handler: async (request) => [
      toItem(await services.codes.findById(callerOf(request), request.body.id), request),
    ],
  });

  app.route({ ...apiRoute('itemsUpdate'), handler: () => fail('FORBIDDEN') });
}
