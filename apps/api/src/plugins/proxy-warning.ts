/**
 * Without TRUST_PROXY the socket's peer is the client. A request carrying proxy headers then
 * means a proxy nobody told us of: every player behind it shares its address, so one player's
 * failed logins lock out everyone's, and the log's addresses are the proxy's. Said once per
 * process, at the first such request, so the operator learns it from the log.
 */
import type { FastifyInstance } from 'fastify';
import type { Env } from '../config/env';
import { hasProxyHeaders } from '../lib/proxy-headers';

/** @internal Exported for tests. */
export const UNTRUSTED_PROXY_WARNING =
  'Requests arrive with proxy headers (X-Forwarded-For, Forwarded, Via…) but TRUST_PROXY is not set: rate limits and logs count the proxy’s address for every player. Set TRUST_PROXY to the proxy hops or addresses.';

export function registerProxyWarning(app: FastifyInstance, env: Pick<Env, 'trustProxy'>): void {
  if (env.trustProxy !== false) return;
  let warned = false;
  app.addHook('onRequest', async (request) => {
    if (warned || !hasProxyHeaders(request.headers)) return;
    warned = true;
    app.log.warn({ event: 'proxy.untrusted', ip: request.ip }, UNTRUSTED_PROXY_WARNING);
  });
}
