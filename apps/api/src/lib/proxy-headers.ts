/**
 * Headers a proxy adds to say who the client really is. Routes meant for this machine only (the
 * dev mailbox, the operator route) refuse a request carrying any of them: a proxy on this
 * machine relays anyone (security.md W22). Without TRUST_PROXY their presence means the
 * product runs behind a proxy it does not know of (app.ts warns once).
 */
const PROXY_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-real-ip',
  'x-forwarded-host',
  'x-forwarded-proto',
  'via',
] as const;

export function hasProxyHeaders(headers: Record<string, unknown>): boolean {
  return PROXY_HEADERS.some((header) => headers[header] !== undefined);
}
