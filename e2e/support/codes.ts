// The codes the redemption journeys type. The promo code is the one the demo data seeds (16
// credits, once per player); it is named here and in the server's seed only, never in the web
// app's source, which must not carry any code.
import { randomBytes } from 'node:crypto';

export const PROMO_CODE = process.env.E2E_PROMO_CODE ?? 'WELCOME16';

/** A code no one issued: random, so that no seeded or bought code can match it. */
export function madeUpCode(): string {
  const part = () => randomBytes(2).toString('hex').toUpperCase();
  return `ZZ${part()}-${part()}-${part()}`;
}
