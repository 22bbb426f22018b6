/**
 * Origins and hosts the server recognises as its own. A development server is reached as
 * http://localhost:3000, http://127.0.0.1:3000 or http://[::1]:3000 alike: each is one machine
 * and one server, so each counts as the public origin when that origin is loopback.
 */
import { LOOPBACK_HOSTS } from '../config/env';

const LOOPBACK_IPS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** The origin itself plus, when its host is loopback, the same origin under each loopback name. */
export function withLoopbackAliases(origin: string): string[] {
  const url = new URL(origin);
  if (!LOOPBACK_HOSTS.has(url.hostname)) return [origin];
  const aliases = [...LOOPBACK_HOSTS].map((host) => {
    const alias = new URL(origin);
    alias.hostname = host;
    return alias.origin;
  });
  return [...new Set([origin, ...aliases])];
}

/** The origin of an absolute URL (e.g. a Referer), or 'null' when it is not one. */
export function originOfUrl(value: string): string {
  return URL.canParse(value) ? new URL(value).origin : 'null';
}

/** A Host header as URL.host writes it (lower case, default port dropped), or null. */
export function normalizedHost(host: string | undefined, protocol: string): string | null {
  if (host === undefined || !URL.canParse(`${protocol}//${host}`)) return null;
  const url = new URL(`${protocol}//${host}`);
  return url.pathname === '/' && url.username === '' ? url.host : null;
}

export function isLoopbackIp(ip: string): boolean {
  return LOOPBACK_IPS.has(ip);
}

/**
 * Fastify logs "Server listening at http://127.0.0.1:3000", which reads as the address to open
 * although the app only works at PUBLIC_ORIGIN: name the socket, not a URL.
 */
export function listenLogText(address: string): string {
  return `Listening on ${address.replace(/^[a-z]+:\/\//, '')}`;
}
