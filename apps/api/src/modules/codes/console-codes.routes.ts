/**
 * The console's code batches (API_ROUTES `consoleCode*`): staff list the batches and a batch's
 * codes by state; admins make a batch (after a recent password-and-code check: codes are worth
 * credits) and revoke a code or a batch. Each is the command line's own `codes …` command
 * (code-commands.ts) with the operator as its actor (ADR 0026); a batch worth more than the
 * money limits allow waits for a second admin (ADR 0053).
 */
import { BATCH_CODE_PAGE, CODE_BATCH_PAGE } from '@questfield/contract';
import type { FastifyRequest } from 'fastify';
import { apiRoute } from '../../lib/api-route';
import type { ZodApp } from '../../lib/zod-app';
import { sessionOf } from '../../plugins/session';
import { operatorActor } from '../audit-log/audit-log.service';
import type { ModuleContext } from '../module-context';

const actorOf = (request: FastifyRequest) => operatorActor(sessionOf(request), request.ip);

export function registerConsoleCodesRoutes(app: ZodApp, { services }: ModuleContext): void {
  const codes = services.codeAdmin;

  app.route({
    ...apiRoute('consoleCodeBatches'),
    handler: (request) => codes.batches(request.body.after, CODE_BATCH_PAGE),
  });

  app.route({
    ...apiRoute('consoleCodeBatch'),
    handler: (request) => {
      const { batchId, ...filter } = request.body;
      return codes.batch(batchId, { ...filter, limit: BATCH_CODE_PAGE });
    },
  });

  app.route({
    ...apiRoute('consoleCodeBatchCreate'),
    handler: (request) => services.approvals.createBatch(request.body, actorOf(request)),
  });

  app.route({
    ...apiRoute('consoleCodeRevoke'),
    handler: (request) => codes.revoke({ id: request.body.codeId }, actorOf(request)),
  });

  app.route({
    ...apiRoute('consoleCodeBatchRevoke'),
    handler: (request) => codes.revokeBatch(request.body.batchId, actorOf(request)),
  });
}
