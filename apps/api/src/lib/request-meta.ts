import type { FastifyRequest } from 'fastify';

/** Who asked, for the services' security log lines and their per-address limits. */
export function requestMeta(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', log: request.log };
}
