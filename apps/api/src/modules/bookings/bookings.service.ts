/**
 * The bookings module: 30-minute game slots from the venue's schedule and the seats players
 * book on them (security.md W12, W13).
 *
 * - Slots are materialised on demand: listing a day creates that day's schedule (the start is
 *   unique), so any day can be booked without a batch job. Only future, open slots are listed.
 * - A booking is one transaction of three statements (seatIn): 2 credits are posted (which
 *   serialises one player's bookings), the registration is written (one per player and slot)
 *   with it as the posting's source, and last a seat is taken by a conditional update (at most
 *   `capacity` of any number of concurrent bookings win; the contended slot row is held only
 *   from there to commit). A step that writes nothing rolls all of it back; only then is the
 *   slot read to answer a seat already held again, or to say why not (notSeated).
 * - Every slot has an access code from its creation (access-codes.ts), shown to its players.
 */
import { randomUUID } from 'node:crypto';
import { GAME_COST_CREDITS, SLOT_CAPACITY, GAME_LENGTH_MINUTES } from '@questfield/contract';
import { addDays } from 'date-fns';
import type { Executor, Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { Audit, AuditMeta } from '../../lib/audit';
import {
  eventIdOf,
  slotStartsOn,
  venueDayOf,
  venueInstant,
  type VenueDay,
} from '../../lib/slot-schedule';
import type { CreditsService } from '../credits/credits.service';
import type { CodeAttempts } from '../limits/code-attempts';
import type { SettingsService } from '../settings/settings.service';
import { createAccessCodes, type AccessCodes } from './access-codes';
import { refuse, settle } from '../../lib/outcome';
import * as repo from './bookings.repository';

export type PlayerBooking = repo.PlayerBooking;

const BOOKINGS_LISTED = 50;
/** Days ahead a player may look at (and so materialise). */
export const BOOKING_HORIZON_DAYS = 90;

/** Creates the slots of the schedule at these starts that do not exist yet; how many. */
export function scheduleSlots(
  db: Executor,
  starts: Date[],
  accessCodes: AccessCodes,
): Promise<number> {
  const shape = { lengthMinutes: GAME_LENGTH_MINUTES, capacity: SLOT_CAPACITY };
  const slots = starts.map((startsAt) => ({ startsAt, ...shape, ...accessCodes.issue() }));
  return repo.insertSlots(db, slots);
}

/** Gives every slot made before slots had access codes its code (at start-up). */
export async function backfillAccessCodes(db: Executor, accessCodes: AccessCodes): Promise<number> {
  const slots = await repo.slotsWithoutAccessCode(db);
  for (const slot of slots) await repo.setAccessCode(db, slot.id, accessCodes.issue());
  return slots.length;
}

/** A slot as the booking modal lists it. */
export type SlotView = {
  slotId: string;
  startsAt: Date;
  capacity: number;
  spotsAvailable: number;
  /** 'Old Mill District|10:00 AM' (spec §3 `event_id`). */
  eventId: string;
  lengthMinutes: number;
};

/** A player's seat on a game: the slot, its access code and the registration. */
export type PlayerGame = SlotView & { accessCode: string; registrationId: string };

/** A seat just booked or joined (or held already), with the balance after it. */
export type Booking = PlayerGame & { balance: number; repeated: boolean };

/** A slot as operators see it: open or closed, seats taken, and its access code. */
export type OperatedSlot = SlotView & { booked: number; open: boolean; accessCode: string };

/** The signed-in player booking, and where from (for the audit log). */
export type BookingCaller = AuditMeta & { userId: string };

type BookingsDeps = Pick<Infra, 'db' | 'env' | 'clock' | 'transaction'> & {
  credits: CreditsService;
  codeAttempts: CodeAttempts;
  settings: SettingsService;
  audit: Audit;
};

/** How a seat is taken: booked ahead from the list, or joined by access code while live. */
type Way = {
  window: repo.SeatWindow;
  source: repo.RegistrationSource;
  reason: 'book' | 'join';
  /** The refusal when no slot matches. */
  missing: 'SLOT_CLOSED' | 'ACCESS_CODE_INVALID';
  /** The refusal when the slot is out of its window. */
  closed: 'SLOT_CLOSED' | 'ACCESS_CODE_EXPIRED';
};
const BOOKING: Way = {
  window: 'before-start',
  source: 'booking',
  reason: 'book',
  missing: 'SLOT_CLOSED',
  closed: 'SLOT_CLOSED',
};
const JOINING: Way = {
  window: 'while-live',
  source: 'access_code',
  reason: 'join',
  missing: 'ACCESS_CODE_INVALID',
  closed: 'ACCESS_CODE_EXPIRED',
};
const MINUTE = 60_000;

export function createBookingsService({ db, env, clock, transaction, ...deps }: BookingsDeps) {
  const { credits, codeAttempts, settings, audit } = deps;
  const zone = env.venueTimezone;
  const accessCodes = createAccessCodes(env.appSecret);

  const viewOf = (slot: repo.SlotRow): SlotView => ({
    slotId: slot.id,
    startsAt: slot.startsAt,
    capacity: slot.capacity,
    spotsAvailable: Math.max(slot.capacity - slot.booked, 0),
    eventId: eventIdOf(slot.startsAt, env),
    lengthMinutes: slot.lengthMinutes,
  });

  /** The slot's access code (every slot has one from its creation: access-codes.ts). */
  const accessCodeOf = (slot: repo.SlotRow): string => {
    const code = accessCodes.open(slot.accessCodeSealed);
    if (code === null) throw new Error('A slot has no readable access code.');
    return code;
  };

  const isLive = (slot: repo.SlotRow, now: Date) =>
    slot.startsAt <= now && now.getTime() < slot.startsAt.getTime() + slot.lengthMinutes * MINUTE;

  const inWindow = (slot: repo.SlotRow, way: Way, now: Date) =>
    slot.enabled && (way.window === 'before-start' ? slot.startsAt > now : isLive(slot, now));

  /**
   * The seat step of a booking and of a join, three statements in `tx`: the 2 credits are
   * posted first (which locks the player's balance, so one player's seats queue), then the
   * registration is written (one per player and slot) and last the seat is taken in the way's
   * window: the slot's row, which every booking of the slot waits for, is held only from there
   * to commit. Any step that writes nothing refuses 'not_seated', rolling back the others.
   */
  async function seatIn(tx: Transaction, caller: BookingCaller, way: Way, target: repo.SlotTarget) {
    const { userId } = caller;
    const id = randomUUID();
    const source = { type: 'registration', id } as const;
    const request = { userId, delta: -GAME_COST_CREDITS, reason: way.reason, source };
    const posting = await credits.post(tx, request);
    if (posting.status !== 'posted') refuse('not_seated');
    const now = clock.now();
    const registration = { id, userId, source: way.source, createdAt: now };
    const registered = await repo.insertRegistration(tx, target, registration);
    if (registered === undefined) refuse('not_seated');
    const seated = await repo.takeSeat(tx, registered.slotId, { kind: way.window, now });
    if (seated === undefined) refuse('not_seated');
    const balance = posting.posting.balanceAfter;
    const seat = { accessCode: accessCodeOf(seated), registrationId: id };
    const booking: Booking = { ...viewOf(seated), ...seat, balance, repeated: false };
    return { status: 'seated' as const, booking };
  }

  /**
   * After a seat was not taken: a seat the player holds already is answered again without a
   * charge; otherwise the refusal, in the order a player can act on it (no such slot, out of
   * its window, full, too few credits).
   */
  async function notSeated(caller: BookingCaller, way: Way, target: repo.SlotTarget) {
    const slot = await repo.findSlotFor(db, target, caller.userId);
    if (slot === undefined) return fail(way.missing);
    if (slot.registrationId !== null) {
      const balance = await credits.balance(db, caller.userId);
      const seat = { accessCode: accessCodeOf(slot), registrationId: slot.registrationId };
      return { ...viewOf(slot), ...seat, balance, repeated: true };
    }
    if (!inWindow(slot, way, clock.now())) return fail(way.closed);
    return fail(slot.booked >= slot.capacity ? 'SLOT_FULL' : 'NOT_ENOUGH_CREDITS');
  }

  /** Seats the caller on the targeted slot in one transaction (see seatIn), or says why not. */
  async function seat(caller: BookingCaller, way: Way, target: repo.SlotTarget): Promise<Booking> {
    if (!(await settings.multiplayerEnabled())) fail('MULTIPLAYER_DISABLED');
    const outcome = await settle<{ status: 'seated'; booking: Booking }, 'not_seated'>(
      transaction((tx) => seatIn(tx, caller, way, target)),
    );
    const booking =
      outcome.status === 'seated' ? outcome.booking : await notSeated(caller, way, target);
    if (!booking.repeated) {
      const startsAt = booking.startsAt.toISOString();
      audit(caller, `bookings.${way.reason}`, { userId: caller.userId, startsAt });
    }
    return booking;
  }

  /** The slot an access code opens while it can be joined; the spec's refusals otherwise. */
  async function liveSlotOf(executor: Executor, code: string, userId: string) {
    const accessCodeHash = accessCodes.hashOf(code);
    const slot = await repo.findSlotFor(executor, { accessCodeHash }, userId);
    if (slot === undefined) return fail('ACCESS_CODE_INVALID');
    if (!isLive(slot, clock.now())) fail('ACCESS_CODE_EXPIRED');
    return slot;
  }

  /** Creates the venue day's schedule where missing; the day's first and after-last start. */
  async function materialise(day: VenueDay): Promise<{ from: Date; to: Date } | null> {
    const starts = slotStartsOn(day, zone);
    await scheduleSlots(db, starts, accessCodes);
    const [first, last] = [starts[0], starts.at(-1)];
    return first === undefined || last === undefined
      ? null
      : { from: first, to: new Date(last.getTime() + 1) };
  }

  /** The slot as operators see it, with its access code. */
  const operated = (slot: repo.SlotRow): OperatedSlot => ({
    ...viewOf(slot),
    booked: slot.booked,
    open: slot.enabled,
    accessCode: accessCodeOf(slot),
  });

  return {
    /** Every slot of a venue day for operators, each with its access code. */
    async operatorDay(day: VenueDay): Promise<OperatedSlot[]> {
      const range = await materialise(day);
      if (range === null) return [];
      const slots = await repo.listSlots(db, range);
      return slots.map(operated);
    },

    /** Sets a slot's capacity, never below the seats taken. */
    async setCapacity(day: VenueDay, time: string, capacity: number): Promise<OperatedSlot> {
      const startsAt = venueInstant(day, time, zone);
      const slot = await repo.updateSlot(db, startsAt, { capacity });
      if (slot !== undefined) return operated(slot);
      const exists = await repo.findSlot(db, { startsAt });
      return fail(exists ? 'OPERATOR_CAPACITY_BELOW_BOOKED' : 'OPERATOR_SLOT_NOT_FOUND');
    },

    /** Closes a slot to new bookings and joins; seats already taken stay. */
    async close(day: VenueDay, time: string): Promise<OperatedSlot> {
      const startsAt = venueInstant(day, time, zone);
      const slot = await repo.updateSlot(db, startsAt, { enabled: false });
      return slot === undefined ? fail('OPERATOR_SLOT_NOT_FOUND') : operated(slot);
    },

    /** The future open slots of a venue day (created from the schedule on first sight). */
    async listDay(day: VenueDay): Promise<SlotView[]> {
      const now = clock.now();
      const today = venueDayOf(now, zone);
      if (day < today) fail('DATE_IN_PAST');
      const horizon = venueDayOf(addDays(now, BOOKING_HORIZON_DAYS), zone);
      if (day > horizon) return [];
      const range = await materialise(day);
      if (range === null) return [];
      return (await repo.listOpenSlots(db, { ...range, now })).map(viewOf);
    },

    /** Books the slot starting at `startsAt` for the caller (see the module comment). */
    book: (caller: BookingCaller, startsAt: Date): Promise<Booking> =>
      seat(caller, BOOKING, { startsAt }),

    /** The game an access code opens, while it can be joined (a code guess: limited). */
    async findByAccessCode(caller: BookingCaller, code: string): Promise<SlotView> {
      // Refused before the code is tried: no game can be joined, so none is offered.
      if (!(await settings.multiplayerEnabled())) fail('MULTIPLAYER_DISABLED');
      const attempt = await codeAttempts.admit(caller);
      const slot = await liveSlotOf(db, code, caller.userId);
      await codeAttempts.succeeded(attempt);
      return viewOf(slot);
    },

    /** Joins the game an access code opens: a booking in the live window (W13). */
    async joinByAccessCode(caller: BookingCaller, code: string): Promise<Booking> {
      const attempt = await codeAttempts.admit(caller);
      const booking = await seat(caller, JOINING, { accessCodeHash: accessCodes.hashOf(code) });
      await codeAttempts.succeeded(attempt);
      return booking;
    },

    /** The player's games that started within `hours` and have not ended, earliest first. */
    async liveOrUpcoming(userId: string, hours: number): Promise<PlayerGame[]> {
      const now = clock.now();
      const since = new Date(now.getTime() - hours * 3_600_000);
      const slots = await repo.listLiveOrUpcoming(db, userId, { since, now });
      return slots.map(({ registrationId, ...slot }) => ({
        ...viewOf(slot),
        accessCode: accessCodeOf(slot),
        registrationId,
      }));
    },

    /** The player's latest bookings, latest slot first. */
    listForPlayer: (userId: string): Promise<PlayerBooking[]> =>
      repo.listPlayerBookings(db, userId, BOOKINGS_LISTED),

    /**
     * Gives up the player's seats on games that have not started, in the caller's transaction
     * (the account is being deleted): each registration goes and its slot's seat is free again.
     * No credits come back; the caller decides what becomes of the balance. Returns how many.
     */
    async releaseFutureSeats(tx: Transaction, userId: string): Promise<number> {
      const slotIds = await repo.deleteFutureRegistrations(tx, userId, clock.now());
      await repo.freeSeats(tx, slotIds);
      return slotIds.length;
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
