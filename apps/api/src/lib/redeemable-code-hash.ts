/**
 * Redeemable codes are stored only as an HMAC keyed with APP_SECRET (security.md W9), so a
 * database leak reveals no usable code and the bundle never needs to contain one.
 */
import { createHmac } from 'node:crypto';

/**
 * Codes are case- and separator-insensitive for players: 'gp7k 3m9x-2p4d' is 'GP7K3M9X2P4D'
 * (the redeem field upper-cases as typed; a printed code is grouped with dashes).
 */
export function normalizeRedeemableCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

export function hashRedeemableCode(secret: string, code: string): string {
  return createHmac('sha256', secret).update(normalizeRedeemableCode(code)).digest('hex');
}
