/**
 * The operator route: the command line's way into a running server that holds the embedded
 * database. Only a server that published an access file has it (server.ts); it takes commands
 * only from a loopback socket, never through a proxy (a proxy on this machine would relay
 * anyone), and only with the token of that file.
 */
import type { FastifyRequest } from 'fastify';
import { fail } from '../../lib/app-error';
import { apiRoute } from '../../lib/api-route';
import { hasProxyHeaders } from '../../lib/proxy-headers';
import type { ZodApp } from '../../lib/zod-app';
import type { ModuleContext } from '../module-context';
import { tokenMatches } from './operator-access';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const BEARER = 'Bearer ';

function checkOperator(request: FastifyRequest, token: string): void {
  const fromLoopback = LOOPBACK.test(request.socket.remoteAddress ?? '');
  const proxied = hasProxyHeaders(request.headers);
  if (!fromLoopback || proxied) fail('OPERATOR_LOOPBACK_ONLY');
  const given = request.headers.authorization ?? '';
  if (!given.startsWith(BEARER) || !tokenMatches(token, given.slice(BEARER.length))) {
    fail('OPERATOR_TOKEN_INVALID');
  }
}

export function registerOperatorRoutes(app: ZodApp, context: ModuleContext): void {
  const { services, operatorToken } = context;
  app.route({
    ...apiRoute('operatorRun'),
    onRequest: async (request) => {
      if (operatorToken === null) fail('NOT_FOUND');
      checkOperator(request, operatorToken);
    },
    // Only the command line holds the token: its commands are the command line's in the audit log.
    handler: (request) => services.operator.run(request.body, { kind: 'command_line' }),
  });
}
