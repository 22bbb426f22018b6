/**
 * One log line per request, once answered: method, path, status and time. Fastify's own pair of
 * lines is turned off (withoutFastifyRequestLines): they carry the full URL, whose query string may
 * hold a token. In development the line is at debug, so the terminal shows what matters; a
 * route's own logLevel (the health probe's warn) still silences it.
 */
import { LogController, type FastifyInstance } from 'fastify';
import type { NodeEnv } from '../config/env';
import { pathOf } from '../lib/api-route';

export type RequestLogLevel = 'debug' | 'info';

/** For Fastify's `logController`: its own request lines off, in favour of the one below. */
export function withoutFastifyRequestLines(): LogController {
  return new LogController({ disableRequestLogging: true });
}

export function requestLogLevel(nodeEnv: NodeEnv): RequestLogLevel {
  return nodeEnv === 'development' ? 'debug' : 'info';
}

export function registerRequestLog(app: FastifyInstance, level: RequestLogLevel): void {
  app.addHook('onResponse', (request, reply, done) => {
    const { method } = request;
    const path = pathOf(request.url);
    const { statusCode } = reply;
    const ms = Math.round(reply.elapsedTime);
    request.log[level](
      { method, path, statusCode, ms },
      `${method} ${path} ${statusCode} ${ms} ms`,
    );
    done();
  });
}
