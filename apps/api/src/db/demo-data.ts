/**
 * The demo player and codes seeded outside production (seed.ts). Kept apart from the seeding
 * code so the browser suite can check that no seeded code ever reaches the web bundle.
 */
import { REDEEM_CODE_CREDITS } from '@questfield/contract';

export const DEMO_PLAYER = {
  email: 'demo@questfield.example',
  username: 'demo',
  password: 'questfield-demo',
  firstName: 'Demo',
  lastName: 'Player',
  credits: 10,
} as const;

export const DEMO_CODES = [
  { code: 'WELCOME16', kind: 'promo_per_user', credits: REDEEM_CODE_CREDITS },
  { code: 'QF-CARD-0001', kind: 'one_time', credits: REDEEM_CODE_CREDITS },
  { code: 'QF-CARD-0002', kind: 'one_time', credits: REDEEM_CODE_CREDITS },
  { code: 'QF-CARD-0003', kind: 'one_time', credits: REDEEM_CODE_CREDITS },
] as const;
