/**
 * Redeemable codes are stored only as an HMAC keyed with APP_SECRET (security.md W9), so a
 * database leak reveals no usable code and the bundle never needs to contain one.
 */
import { createHmac } from 'node:crypto';

/** Codes are case-insensitive for players: the redeem field upper-cases what they type. */
export function normalizeRedeemableCode(code: string): string {
  return code.trim().toUpperCase();
}

export function hashRedeemableCode(secret: string, code: string): string {
  return createHmac('sha256', secret).update(normalizeRedeemableCode(code)).digest('hex');
}
