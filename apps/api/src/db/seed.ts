/**
 * Demo data so a fresh `npm start` has something to play with. Idempotent: every insert is
 * ON CONFLICT DO NOTHING, and the one slow step (hashing the demo password) is skipped when the
 * demo player already exists, so a restart on an existing data folder stays fast.
 *
 * Demo codes (hashed in the database; listed here for people trying the app):
 *   WELCOME16      per-player promo code, 16 credits (the redeem modal on /)
 *   QF-CARD-0001   one-time experience-card code, 16 credits (/experience-card)
 *   QF-CARD-0002   one-time experience-card code, 16 credits
 *   QF-CARD-0003   one-time experience-card code, 16 credits
 */
import { sql } from 'drizzle-orm';
import type { Clock } from '../lib/clock';
import { hashRedeemableCode } from '../lib/redeemable-code-hash';
import { upcomingSlotStarts } from '../lib/slot-schedule';
import { hashPassword } from '../modules/accounts/password';
import { createAccessCodes } from '../modules/bookings/access-codes';
import { backfillAccessCodes, newSlots } from '../modules/bookings/bookings.service';
import { postCredits } from '../modules/credits/credits.service';
import type { Database } from './client';
import { DEMO_CODES, DEMO_PLAYER } from './demo-data';
import { codes, eventSlots, users } from './schema';

export { DEMO_CODES, DEMO_PLAYER };

/** Today in the venue's zone plus this many days. */
export const SEED_SCHEDULE_DAYS = 7;

/** The demo balance is a posting like any other, so credits = ledger sum holds. */
const DEMO_CREDITS_SOURCE = { type: 'seed', id: 'demo-player-credits' } as const;

export type SeedOptions = {
  appSecret: string;
  venueTimezone: string;
  clock: Clock;
  /** False in production: a known demo password and public codes must not exist there. */
  demoAccounts: boolean;
};
export type SeedReport = { demoPlayerCreated: boolean; codesCreated: number; slotsCreated: number };

async function seedDemoPlayer(db: Database, now: Date): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${DEMO_PLAYER.email})`)
    .limit(1);
  if (existing.length > 0) return false;

  const passwordHash = await hashPassword(DEMO_PLAYER.password);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: DEMO_PLAYER.email,
        username: DEMO_PLAYER.username,
        firstName: DEMO_PLAYER.firstName,
        lastName: DEMO_PLAYER.lastName,
        passwordHash,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created === undefined) return false;
    const request = {
      userId: created.id,
      delta: DEMO_PLAYER.credits,
      reason: 'admin',
      source: DEMO_CREDITS_SOURCE,
    } as const;
    await postCredits(tx, request, now);
    return true;
  });
}

async function seedCodes(db: Database, appSecret: string): Promise<number> {
  const rows = DEMO_CODES.map(({ code, kind, credits }) => ({
    codeHash: hashRedeemableCode(appSecret, code),
    kind,
    credits,
    label: code,
  }));
  const created = await db
    .insert(codes)
    .values(rows)
    .onConflictDoNothing({ target: codes.codeHash })
    .returning({ id: codes.id });
  return created.length;
}

async function seedSlots(db: Database, options: SeedOptions): Promise<number> {
  const accessCodes = createAccessCodes(options.appSecret);
  // Slots of a data folder older than access codes get theirs first.
  await backfillAccessCodes(db, accessCodes);
  const starts = upcomingSlotStarts({
    now: options.clock.now(),
    timeZone: options.venueTimezone,
    days: SEED_SCHEDULE_DAYS,
  });
  if (starts.length === 0) return 0;
  const created = await db
    .insert(eventSlots)
    .values(newSlots(starts, accessCodes))
    .onConflictDoNothing({ target: eventSlots.startsAt })
    .returning({ id: eventSlots.id });
  return created.length;
}

/** The slot schedule always; the demo player and codes only when `demoAccounts` is set. */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<SeedReport> {
  const demoPlayerCreated = options.demoAccounts
    ? await seedDemoPlayer(db, options.clock.now())
    : false;
  const codesCreated = options.demoAccounts ? await seedCodes(db, options.appSecret) : 0;
  const slotsCreated = await seedSlots(db, options);
  return { demoPlayerCreated, codesCreated, slotsCreated };
}
