/**
 * The bookings module: 30-minute game slots from the venue's schedule and the seats players
 * book on them (security.md W12, W13).
 *
 * - Slots are materialised on demand: listing a day creates that day's schedule (the start is
 *   unique), so any day can be booked without a batch job. Only future, open slots are listed.
 * - A booking is one transaction, serialised per player (the credits module's lock): a seat a
 *   player already holds is answered again without a charge; otherwise a seat is taken by a
 *   conditional update (at most `capacity` of any number of concurrent bookings win), the
 *   registration is written (one per player and slot) and 2 credits are posted with the
 *   registration as the source. Any refusal rolls all of it back.
 * - Each booked slot has an access code (Crockford, 40 bits, stored as an HMAC and sealed for
 *   the players booked on it), given as its first seat is taken.
 */
import { randomUUID } from 'node:crypto';
import { GAME_COST_CREDITS, SLOT_CAPACITY, GAME_LENGTH_MINUTES } from '@questfield/contract';
import { addDays } from 'date-fns';
import type { Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { Audit, AuditMeta } from '../../lib/audit';
import { randomCrockfordCode } from '../../lib/crockford';
import { hashRedeemableCode } from '../../lib/redeemable-code-hash';
import { createSealedBox } from '../../lib/sealed-box';
import { slotStartsOn, venueClockOf, venueDayOf, type VenueDay } from '../../lib/slot-schedule';
import type { CreditsService } from '../credits/credits.service';
import * as repo from './bookings.repository';

export type PlayerBooking = repo.PlayerBooking;

const BOOKINGS_LISTED = 50;
/** Days ahead a player may look at (and so materialise). */
export const BOOKING_HORIZON_DAYS = 90;
/** 2 groups of 4: 40 bits (security.md W11 asks at least 8 characters). */
const ACCESS_CODE_GROUPS = 2;

/** A slot as the booking modal lists it. */
export type SlotView = {
  startsAt: Date;
  capacity: number;
  spotsAvailable: number;
  /** 'Old Mill District|10:00 AM' (spec §3 `event_id`). */
  eventId: string;
  lengthMinutes: number;
};

/** A player's seat: the slot, its access code, and the balance after the booking. */
export type Booking = SlotView & { accessCode: string; balance: number; repeated: boolean };

/** A game of the player's: the slot and its access code. */
export type PlayerGame = SlotView & { accessCode: string };

/** The signed-in player booking, and where from (for the audit log). */
export type BookingCaller = AuditMeta & { userId: string };

type BookingsDeps = Pick<Infra, 'db' | 'env' | 'clock' | 'transaction'> & {
  credits: CreditsService;
  audit: Audit;
};

export function createBookingsService({ db, env, clock, transaction, ...deps }: BookingsDeps) {
  const { credits, audit } = deps;
  const zone = env.venueTimezone;
  const codeBox = createSealedBox(env.appSecret, 'slot-access-code');

  const viewOf = (slot: repo.SlotRow): SlotView => ({
    startsAt: slot.startsAt,
    capacity: slot.capacity,
    spotsAvailable: Math.max(slot.capacity - slot.booked, 0),
    eventId: `${env.districtName}|${venueClockOf(slot.startsAt, zone)}`,
    lengthMinutes: slot.lengthMinutes,
  });

  const openCode = (sealed: string | null): string => {
    const code = sealed === null ? null : codeBox.open(sealed);
    if (code === null) throw new Error('A booked slot has no readable access code.');
    return code;
  };

  /** The slot's access code, given to it with its first seat. */
  async function accessCodeOf(tx: Transaction, slot: repo.SlotRow): Promise<string> {
    if (slot.accessCodeSealed !== null) return openCode(slot.accessCodeSealed);
    const code = randomCrockfordCode(ACCESS_CODE_GROUPS);
    const hash = hashRedeemableCode(env.appSecret, code);
    return openCode(await repo.setAccessCode(tx, slot.id, { hash, sealed: codeBox.seal(code) }));
  }

  /** Why no seat was taken on a slot that exists: full, or no longer bookable. */
  async function refuseSeat(tx: Transaction, startsAt: Date): Promise<never> {
    const slot = await repo.findSlotByStart(tx, startsAt);
    const open = slot !== undefined && slot.enabled && slot.startsAt > clock.now();
    return fail(open && slot.booked >= slot.capacity ? 'SLOT_FULL' : 'SLOT_CLOSED');
  }

  async function bookIn(tx: Transaction, caller: BookingCaller, startsAt: Date): Promise<Booking> {
    const { userId } = caller;
    await credits.lock(tx, userId);
    const slot = (await repo.findSlotByStart(tx, startsAt)) ?? fail('SLOT_CLOSED');
    const balance = await credits.balance(tx, userId);
    if (await repo.findRegistration(tx, slot.id, userId)) {
      const accessCode = await accessCodeOf(tx, slot);
      return { ...viewOf(slot), accessCode, balance, repeated: true };
    }
    if (balance < GAME_COST_CREDITS) fail('NOT_ENOUGH_CREDITS');
    const seated =
      (await repo.takeSeat(tx, slot.id, clock.now())) ?? (await refuseSeat(tx, startsAt));
    const accessCode = await accessCodeOf(tx, seated);
    const registration = { id: randomUUID(), slotId: slot.id, userId, source: 'booking' as const };
    await repo.insertRegistration(tx, { ...registration, createdAt: clock.now() });
    const source = { type: 'registration', id: registration.id } as const;
    const request = { userId, delta: -GAME_COST_CREDITS, reason: 'book', source } as const;
    const posting = await credits.post(tx, request);
    if (posting.status !== 'posted') fail('NOT_ENOUGH_CREDITS');
    const after = posting.posting.balanceAfter;
    return { ...viewOf(seated), accessCode, balance: after, repeated: false };
  }

  return {
    /** The future open slots of a venue day (created from the schedule on first sight). */
    async listDay(day: VenueDay): Promise<SlotView[]> {
      const now = clock.now();
      const today = venueDayOf(now, zone);
      if (day < today) fail('DATE_IN_PAST');
      const horizon = venueDayOf(addDays(now, BOOKING_HORIZON_DAYS), zone);
      if (day > horizon) return [];
      const starts = slotStartsOn(day, zone);
      const shape = { lengthMinutes: GAME_LENGTH_MINUTES, capacity: SLOT_CAPACITY };
      await repo.insertSlots(db, starts, shape);
      const [first, last] = [starts[0], starts.at(-1)];
      if (first === undefined || last === undefined) return [];
      const to = new Date(last.getTime() + 1);
      return (await repo.listOpenSlots(db, { from: first, to, now })).map(viewOf);
    },

    /** Books the slot starting at `startsAt` for the caller (see the module comment). */
    async book(caller: BookingCaller, startsAt: Date): Promise<Booking> {
      if (!env.multiplayerEnabled) fail('MULTIPLAYER_DISABLED');
      const booking = await transaction((tx) => bookIn(tx, caller, startsAt));
      if (!booking.repeated) {
        audit(caller, 'bookings.booked', {
          userId: caller.userId,
          startsAt: startsAt.toISOString(),
        });
      }
      return booking;
    },

    /** The player's games that started within `hours` and have not ended, earliest first. */
    async liveOrUpcoming(userId: string, hours: number): Promise<PlayerGame[]> {
      const now = clock.now();
      const since = new Date(now.getTime() - hours * 3_600_000);
      const slots = await repo.listLiveOrUpcoming(db, userId, { since, now });
      return slots.map((slot) => ({
        ...viewOf(slot),
        accessCode: openCode(slot.accessCodeSealed),
      }));
    },

    /** The player's latest bookings, latest slot first. */
    listForPlayer: (userId: string): Promise<PlayerBooking[]> =>
      repo.listPlayerBookings(db, userId, BOOKINGS_LISTED),
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
