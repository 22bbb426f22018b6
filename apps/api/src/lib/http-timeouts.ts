/**
 * How long a client may take to send a request, headers and body together. Node's server
 * checks its timeouts only every `connectionsCheckingInterval` (30 s by default) and Fastify
 * sets no request timeout, so a body sent a byte at a time kept its connection (and its
 * memory) for ever. Past the limit the client gets 408 and the socket is closed.
 * @internal Exported for tests.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
const HEADERS_TIMEOUT_MS = 15_000;

/** Fastify options for servers that take requests from the internet (the app, the game). */
export function httpTimeouts(requestTimeoutMs: number = REQUEST_TIMEOUT_MS) {
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeoutMs),
      // A tenth of the limit: a slow request is cut within 10 % of it.
      connectionsCheckingInterval: Math.max(Math.ceil(requestTimeoutMs / 10), 50),
    },
  };
}
