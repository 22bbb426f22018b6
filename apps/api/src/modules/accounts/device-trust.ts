/**
 * Device trust (security.md W22, "attackers cannot lock victims out"): each successful sign-in
 * gives its browser a token that exempts it from the account's login backoff, so wrong
 * passwords sent from elsewhere cannot keep the player out; per-IP limits still apply to it.
 *
 * The token is stateless: a random nonce and an HMAC under APP_SECRET of the user id, the nonce
 * and the password hash. Nothing is stored, and a password change voids every token at once.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** `__Host-` needs https, so plain-http development drops the prefix. */
export const DEVICE_COOKIE = { secure: '__Host-qf_device', insecure: 'qf_device' } as const;

/** A trusted browser stays trusted for a year after its last sign-in. */
export const DEVICE_TRUST_MS = 365 * 24 * 60 * 60 * 1000;

type Holder = { id: string; passwordHash: string };

function mac(secret: string, user: Holder, nonce: string): Buffer {
  return createHmac('sha256', secret)
    .update(`device:${user.id}:${nonce}:${user.passwordHash}`)
    .digest();
}

export function deviceToken(secret: string, user: Holder): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${mac(secret, user, nonce).toString('base64url')}`;
}

export function isTrustedDevice(secret: string, token: string | undefined, user: Holder): boolean {
  const [nonce, signature, extra] = (token ?? '').split('.');
  if (nonce === undefined || signature === undefined || extra !== undefined) return false;
  const expected = mac(secret, user, nonce);
  const given = Buffer.from(signature, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
