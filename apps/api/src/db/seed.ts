/**
 * Demo data so a fresh `npm start` has something to play with, made through the modules'
 * services like any other data (no table is written here). Idempotent: what exists is left
 * alone, and the one slow step (hashing the demo password) is skipped when the demo player
 * already exists, so a restart on an existing data folder stays fast.
 *
 * Demo codes (hashed in the database; listed here for people trying the app):
 *   WELCOME16      per-player promo code, 16 credits (the redeem modal on /)
 *   QF-CARD-0001   one-time experience-card code, 16 credits (/experience-card)
 *   QF-CARD-0002   one-time experience-card code, 16 credits
 *   QF-CARD-0003   one-time experience-card code, 16 credits
 */
import type { Clock } from '../lib/clock';
import { provisionAccount } from '../modules/accounts/accounts.service';
import { createAccessCodes } from '../modules/bookings/access-codes';
import { backfillAccessCodes } from '../modules/bookings/slots';
import { provisionCodes } from '../modules/codes/codes.service';
import { postCredits } from '../modules/credits/credits.service';
import type { Database } from './client';
import { DEMO_CODES, DEMO_PLAYER } from './demo-data';

/** The demo balance is a posting like any other, so credits = ledger sum holds. */
const DEMO_CREDITS_SOURCE = { type: 'seed', id: 'demo-player-credits' } as const;

export type SeedOptions = {
  appSecret: string;
  clock: Clock;
  /** False in production: a known demo password and public codes must not exist there. */
  demoAccounts: boolean;
};
export type SeedReport = { demoPlayerCreated: boolean; codesCreated: number };

async function seedDemoPlayer(db: Database, now: Date): Promise<boolean> {
  const { credits, ...profile } = DEMO_PLAYER;
  return db.transaction(async (tx) => {
    const userId = await provisionAccount(tx, profile, now);
    if (userId === undefined) return false;
    const request = {
      userId,
      delta: credits,
      reason: 'admin',
      source: DEMO_CREDITS_SOURCE,
    } as const;
    await postCredits(tx, request, now);
    return true;
  });
}

/**
 * The demo player and codes when `demoAccounts` is set; always, access codes for slots made
 * before slots had them. Slots themselves are made from the venue's week on first sight.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedReport> {
  await backfillAccessCodes(db, createAccessCodes(options.appSecret));
  const demoPlayerCreated = options.demoAccounts
    ? await seedDemoPlayer(db, options.clock.now())
    : false;
  const codesCreated = options.demoAccounts
    ? await provisionCodes(db, options.appSecret, DEMO_CODES, options.clock.now())
    : 0;
  return { demoPlayerCreated, codesCreated };
}
