/**
 * The invariant checker of security.md §2: run when every test app closes (test-app.ts), and by
 * tests that check it at a point of their own.
 * Each query returns the offending rows; an empty result means the invariant holds.
 */
import { and, eq, gt, notExists, or, sql } from 'drizzle-orm';
import type { Executor } from '../../src/db/client';
import {
  codes,
  creditLedger,
  eventSlots,
  orders,
  parties,
  partySeats,
  redemptions,
  registrations,
  users,
  waitlistEntries,
} from '../../src/db/schema';

export type InvariantViolations = {
  /** credits ≠ sum of ledger deltas, or credits < 0. */
  balances: { userId: string; credits: number; ledgerSum: number }[];
  /**
   * booked ≠ registrations + a party's open seats (ADR 0065), or booked + held > capacity.
   */
  seats: { slotId: string; booked: number; capacity: number; registrations: number }[];
  /**
   * A party's guest seat (open, or claimed: a 'guest' registration) that its leader did not pay
   * for with one debit, or that is open and claimed at once (ADR 0065).
   */
  partySeats: { seatId: string }[];
  /** held ≠ the seats of the slot's waitlist offers (ADR 0034, ADR 0066). */
  heldSeats: { slotId: string; held: number; offers: number }[];
  /** Paid orders that granted credits but have no ledger posting. */
  unpaidOrders: { orderId: string; credits: number }[];
  /** Redemptions without their posting; one-time codes not redeemed once, by their claimer. */
  redemptions: { codeId: string; userId: string | null }[];
  /**
   * Seats given back (ADR 0029) whose refund is more than their booking took, whose booking
   * posted nothing, or whose registration still stands.
   */
  cancellations: { registrationId: string; userId: string; refunded: number; paid: number }[];
};

async function balanceViolations(db: Executor): Promise<InvariantViolations['balances']> {
  const sums = db
    .select({
      userId: creditLedger.userId,
      total: sql<number>`sum(${creditLedger.delta})::int`.as('total'),
    })
    .from(creditLedger)
    .groupBy(creditLedger.userId)
    .as('sums');
  const ledgerSum = sql<number>`coalesce(${sums.total}, 0)`;
  return db
    .select({ userId: users.id, credits: users.credits, ledgerSum })
    .from(users)
    .leftJoin(sums, eq(sums.userId, users.id))
    .where(or(sql`${users.credits} <> ${ledgerSum}`, sql`${users.credits} < 0`));
}

async function seatViolations(db: Executor): Promise<InvariantViolations['seats']> {
  const counted = sql<number>`((select count(*)::int from ${registrations} where ${registrations.slotId} = ${eventSlots.id})
    + (select count(*)::int from ${partySeats} where ${partySeats.slotId} = ${eventSlots.id}))`;
  return db
    .select({
      slotId: eventSlots.id,
      booked: eventSlots.booked,
      capacity: eventSlots.capacity,
      registrations: counted,
    })
    .from(eventSlots)
    .where(
      or(
        sql`${eventSlots.booked} <> ${counted}`,
        sql`${eventSlots.booked} + ${eventSlots.held} > ${eventSlots.capacity}`,
      ),
    );
}

async function partySeatViolations(db: Executor): Promise<InvariantViolations['partySeats']> {
  const paidByLeader = (seatId: unknown) =>
    sql`(select count(*) from ${creditLedger} where ${creditLedger.refType} = 'registration'
      and ${creditLedger.refId} = ${seatId}::text and ${creditLedger.delta} < 0
      and ${creditLedger.userId} = ${parties.leaderId}) = 1`;
  const open = await db
    .select({ seatId: partySeats.id })
    .from(partySeats)
    .innerJoin(parties, eq(parties.id, partySeats.partyId))
    .where(
      or(
        sql`not ${paidByLeader(partySeats.id)}`,
        sql`exists (select 1 from ${registrations} where ${registrations.id} = ${partySeats.id})`,
      ),
    );
  const claimed = await db
    .select({ seatId: registrations.id })
    .from(registrations)
    .innerJoin(parties, eq(parties.id, registrations.partyId))
    .where(and(eq(registrations.source, 'guest'), sql`not ${paidByLeader(registrations.id)}`));
  return [...open, ...claimed];
}

async function heldSeatViolations(db: Executor): Promise<InvariantViolations['heldSeats']> {
  // An offer holds its place's seats: a party's are held together (ADR 0066).
  const offers = sql<number>`(select coalesce(sum(${waitlistEntries.seats}), 0)::int from ${waitlistEntries} where ${waitlistEntries.slotId} = ${eventSlots.id} and ${waitlistEntries.status} = 'offered')`;
  return db
    .select({ slotId: eventSlots.id, held: eventSlots.held, offers })
    .from(eventSlots)
    .where(sql`${eventSlots.held} <> ${offers}`);
}

async function orderViolations(db: Executor): Promise<InvariantViolations['unpaidOrders']> {
  // Orders that grant no credits (a Host Pack pre-order) have nothing to post.
  const posting = db
    .select({ one: sql`1` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.refType, 'order'),
        eq(creditLedger.refId, sql`${orders.id}::text`),
        eq(creditLedger.userId, orders.userId),
      ),
    );
  return db
    .select({ orderId: orders.id, credits: orders.credits })
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gt(orders.credits, 0), notExists(posting)));
}

async function redemptionViolations(db: Executor): Promise<InvariantViolations['redemptions']> {
  const posting = db
    .select({ one: sql`1` })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.refType, 'code'),
        eq(creditLedger.refId, sql`${redemptions.codeId}::text`),
        eq(creditLedger.userId, redemptions.userId),
      ),
    );
  const unposted = await db
    .select({ codeId: redemptions.codeId, userId: redemptions.userId })
    .from(redemptions)
    .where(notExists(posting));
  const claimerRows = sql`(select count(*)::int from ${redemptions} where ${redemptions.codeId} = ${codes.id} and ${redemptions.userId} = ${codes.claimedBy})`;
  const allRows = sql`(select count(*)::int from ${redemptions} where ${redemptions.codeId} = ${codes.id})`;
  const claims = await db
    .select({ codeId: codes.id, userId: codes.claimedBy })
    .from(codes)
    .where(
      and(
        eq(codes.kind, 'one_time'),
        sql`(${allRows} <> (case when ${codes.claimedBy} is null then 0 else 1 end) or ${allRows} <> ${claimerRows})`,
      ),
    );
  return [...unposted, ...claims];
}

async function cancellationViolations(db: Executor): Promise<InvariantViolations['cancellations']> {
  // The outer row's columns named with their table by hand: in a select list a column is named
  // alone, and inside this subquery `ref_id` alone would be the booking's own (many rows).
  const paid = sql<number>`coalesce((select -booking.delta from ${creditLedger} booking where booking.ref_type = 'registration' and booking.ref_id = ${creditLedger}.ref_id and booking.user_id = ${creditLedger}.user_id), 0)`;
  // A seat given back is gone: neither a registration nor a party's open seat (ADR 0065).
  const standing = sql`(exists (select 1 from ${registrations} where ${registrations.id}::text = ${creditLedger.refId})
    or exists (select 1 from ${partySeats} where ${partySeats.id}::text = ${creditLedger.refId}))`;
  return db
    .select({
      registrationId: creditLedger.refId,
      userId: creditLedger.userId,
      refunded: creditLedger.delta,
      paid,
    })
    .from(creditLedger)
    .where(
      and(
        eq(creditLedger.refType, 'cancellation'),
        or(sql`${creditLedger.delta} > ${paid}`, standing),
      ),
    );
}

export async function findInvariantViolations(db: Executor): Promise<InvariantViolations> {
  return {
    balances: await balanceViolations(db),
    seats: await seatViolations(db),
    partySeats: await partySeatViolations(db),
    heldSeats: await heldSeatViolations(db),
    unpaidOrders: await orderViolations(db),
    redemptions: await redemptionViolations(db),
    cancellations: await cancellationViolations(db),
  };
}

export function hasViolations(violations: InvariantViolations): boolean {
  return Object.values(violations).some((rows) => rows.length > 0);
}
