/**
 * The bookings module: the seats players book or join on the 30-minute game slots of the
 * venue's schedule (slots.ts) (security.md W12, W13).
 *
 * - A booking is one transaction of three statements (seatIn): 2 credits are posted (which
 *   serialises one player's bookings), the registration is written (one per player and slot)
 *   with it as the posting's source, and last a seat is taken by a conditional update (at most
 *   `capacity` of any number of concurrent bookings win; the contended slot row is held only
 *   from there to commit). A step that writes nothing rolls all of it back; only then is the
 *   slot read to answer a seat already held again, or to say why not (notSeated).
 * - Every slot has an access code from its creation (access-codes.ts), shown to its players.
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CONSOLE_DAY_WAIT_MS,
  GAME_COST_CREDITS,
  PLAYER_BOOKINGS_PAGE_SIZE,
  type SeatList,
} from '@questfield/contract';
import type { Executor, Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import type { Audit, AuditMeta } from '../../lib/audit';
import { readPage, type Page } from '../../lib/page-cursor';
import type { CreditsService } from '../credits/credits.service';
import type { CodeAttempts } from '../limits/code-attempts';
import type { SettingsService } from '../settings/settings.service';
import { refuse, settle } from '../../lib/outcome';
import { venueDayOf, type VenueDay } from '../../lib/slot-schedule';
import * as repo from './bookings.repository';
import type { SessionService } from '../accounts/sessions.service';
import { toAvailableTime } from './available-time';
import { seatCalendar } from './calendar';
import { createSeatStreams } from './seat-stream';
import { createSlotChanges } from './slot-changes';
import { createSlotSchedule, type DaySlot, type SlotView } from './slots';

export type { DaySlot, OperatedSlot, SlotView } from './slots';

export type PlayerBooking = repo.PlayerBooking;

const BOOKINGS_LISTED = 50;

/** A player's seat on a game: the slot, its access code and the registration. */
export type PlayerGame = SlotView & { accessCode: string; registrationId: string };

/** A seat just booked or joined (or held already), with the balance after it. */
export type Booking = PlayerGame & { balance: number; repeated: boolean };

/** The signed-in player booking, and where from (for the audit log). */
export type BookingCaller = AuditMeta & { userId: string };

/** How long a woken day request waits for more changes before it reads the day. */
const CHANGES_SETTLE_MS = 250;

/** How a seat was taken, in the console's words: booked ahead, or joined by access code. */
export const SEAT_SOURCE = {
  booking: 'booked',
  access_code: 'joined',
  waitlist: 'waitlist',
} as const;

/** The console's venue day, and a version naming its contents (it changes when they do). */
export type ConsoleDayView = { day: VenueDay; today: VenueDay; version: string; slots: DaySlot[] };

type BookingsDeps = Pick<
  Infra,
  'db' | 'env' | 'clock' | 'transaction' | 'listen' | 'background'
> & {
  sessions: Pick<SessionService, 'stillSignedIn'>;
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
  const slots = createSlotSchedule({ db, env, clock, settings });
  const { accessCodes, viewOf, accessCodeOf } = slots;
  const changes = createSlotChanges({ listen: deps.listen, env });
  const seatStreams = createSeatStreams({
    read: async (day) => JSON.stringify((await slots.listDay(day)).map(toAvailableTime)),
    changes,
    stillSignedIn: deps.sessions.stillSignedIn,
    background: deps.background,
  });
  const today = () => venueDayOf(clock.now(), env.venueTimezone);

  async function dayView(day: VenueDay): Promise<ConsoleDayView> {
    const daySlots = await slots.consoleDay(day);
    const digest = createHash('sha256').update(JSON.stringify(daySlots)).digest('base64url');
    return { day, today: today(), version: digest.slice(0, 22), slots: daySlots };
  }

  const isLive = (slot: repo.SlotRow, now: Date) =>
    slot.startsAt <= now && now.getTime() < slot.startsAt.getTime() + slot.lengthMinutes * MINUTE;

  const inWindow = (slot: repo.SlotRow, way: Way, now: Date) =>
    slot.enabled && (way.window === 'before-start' ? slot.startsAt > now : isLive(slot, now));

  /**
   * The seat step of a booking and of a join, two statements in `tx`: the 2 credits are posted
   * first (which locks the player's balance, so one player's seats queue), then the
   * registration is written and the seat taken in the way's window in one statement (the
   * slot's row, which every booking of the slot waits for, is held only from there to commit).
   * Either step writing nothing refuses 'not_seated', rolling back the other.
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
    const seated = await repo.seatPlayer(tx, target, registration, { kind: way.window, now });
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
    if (slot.booked + slot.held >= slot.capacity) return fail('SLOT_FULL');
    // A seat may have been given back since the seat step found the slot full (ADR 0029): the
    // player's balance says which step refused.
    const balance = await credits.balance(db, caller.userId);
    return fail(balance < GAME_COST_CREDITS ? 'NOT_ENOUGH_CREDITS' : 'SLOT_FULL');
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

  return {
    operatorDay: slots.operatorDay,
    setCapacity: slots.setCapacity,
    setOpen: slots.setOpen,
    reshapeWeekday: slots.reshapeWeekday,
    setDayOpen: slots.setDayOpen,
    accessCodeAt: slots.accessCodeAt,
    listDay: slots.listDay,

    /**
     * The console's venue day (today by default). Given `after`, the version the console
     * shows, it is held until the day changes in any process (slot-changes.ts), for at most
     * CONSOLE_DAY_WAIT_MS or until `signal` aborts, instead of the console polling.
     */
    async consoleDay(
      day: VenueDay | undefined,
      after: string | undefined,
      signal: AbortSignal,
    ): Promise<ConsoleDayView> {
      const shown = day ?? today();
      if (after === undefined) return dayView(shown);
      await changes.ready();
      const watch = changes.watch(shown);
      try {
        const view = await dayView(shown);
        if (view.version !== after) return view;
        await watch.next(CONSOLE_DAY_WAIT_MS, signal);
        // A burst of bookings is read once: every console reading the whole day at each
        // booking would compete with the bookings themselves.
        await sleep(CHANGES_SETTLE_MS, undefined, { signal }).catch(() => {});
        return signal.aborted ? view : await dayView(shown);
      } finally {
        watch.cancel();
      }
    },

    /** Answers the held day requests, ends the seat streams and stops listening (closing). */
    stopWatching: () => {
      seatStreams.stop();
      return changes.stop();
    },

    /** The booking modal's live seat counts (seat-stream.ts). */
    seatStreams,

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

    /** The player's seat as an iCalendar file (calendar.ts); SEAT_NOT_FOUND for any other. */
    async seatCalendar(userId: string, registrationId: string) {
      const slot =
        (await repo.findPlayerGame(db, userId, registrationId)) ?? fail('SEAT_NOT_FOUND');
      const endsAt = new Date(slot.startsAt.getTime() + slot.lengthMinutes * MINUTE);
      const seat = {
        registrationId,
        startsAt: slot.startsAt,
        endsAt,
        district: env.districtName,
        accessCode: accessCodeOf(slot),
      };
      return {
        filename: `questfield-${venueDayOf(slot.startsAt, env.venueTimezone)}.ics`,
        calendar: seatCalendar(seat, env.publicOrigin, clock.now()),
      };
    },

    /** The player's latest bookings, latest slot first. */
    listForPlayer: (userId: string): Promise<PlayerBooking[]> =>
      repo.listPlayerBookings(db, userId, { after: null, limit: BOOKINGS_LISTED }),

    /**
     * A page of the player's games to come (soonest first) or played (latest first), split at
     * the server's now; `cursor` is the same list's page before's. Each list reads on from its
     * own last row, away from the split, so a game that starts between two pages is never shown
     * twice: it was among the games to come, and later pages of the played ones are older.
     */
    seatsOf(userId: string, list: SeatList, cursor?: string): Promise<Page<PlayerBooking>> {
      const upcoming = list === 'upcoming';
      const split = { upcoming, now: clock.now() };
      const order = upcoming ? 'asc' : 'desc';
      return readPage(
        cursor,
        PLAYER_BOOKINGS_PAGE_SIZE,
        (after, limit) => repo.listPlayerBookings(db, userId, { after, limit, order }, split),
        (seat) => ({ at: seat.startsAt, id: seat.id }),
      );
    },

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

    /** A report's seats of [from, to): per venue day and per slot (report.service.ts). */
    async seatsReport(range: { from: Date; to: Date }) {
      const [days, slots] = await Promise.all([
        repo.seatsByDay(db, range, env.venueTimezone),
        repo.slotSeats(db, range),
      ]);
      return { days, slots };
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
