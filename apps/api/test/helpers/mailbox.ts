import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/app';

/** The Host the developer's browser sends for the test PUBLIC_ORIGIN (http://localhost:3000). */
const OWN_HOST = 'localhost:3000';

/** A GET as the developer's browser on this machine sends it: from loopback, to our own host. */
export function getLocally(
  app: App,
  url: string,
  options: { ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    url,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { host: OWN_HOST, ...options.headers },
  });
}
