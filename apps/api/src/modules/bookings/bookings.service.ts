/**
 * The bookings module: the seats players book or join on the 30-minute game slots of the
 * venue's schedule (slots.ts) (security.md W12, W13).
 *
 * - A booking first reads the slot (with the player's seat on it) and the player, side by side:
 *   a seat held already, a slot out of its window or full is answered from that read, and the
 *   confirmation mail (confirmation-mail.ts, ADR 0032) is rendered and sealed from it. Then one
 *   statement, all or nothing (seatIn, ADR 0040): the player's balance locked (which serialises
 *   one player's bookings), the slot's row locked if it has a free seat, the registration
 *   written and with it the seat taken, the 2 credits posted and the mail queued (at most the
 *   free seats of any number of concurrent bookings win; the contended slot row is held only
 *   inside that statement). A seat not taken writes nothing, and the slot is read again to say
 *   why (notSeated). A seat taken is announced to every process after the commit (ADR 0035).
 * - A slot the process seated someone on lately and that had seats left is known by its start
 *   (or code): the next booking of it skips the first read (known-slots.ts, ADR 0043).
 * - Every slot has an access code from its creation (access-codes.ts), shown to its players.
 */
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CONSOLE_DAY_WAIT_MS,
  GAME_COST_CREDITS,
  PLAYER_BOOKINGS_PAGE_SIZE,
  type DayStatus,
  type SeatList,
  type SeatSource,
} from '@questfield/contract';
import type { Executor, Transaction } from '../../db/client';
import type { Step } from '../../db/steps';
import type { Infra } from '../../infra';
import type { Mailer } from '../../integrations/email/mailer';
import { fail } from '../../lib/app-error';
import type { Audit, AuditMeta } from '../../lib/audit';
import { readPage, type Page } from '../../lib/page-cursor';
import type { CreditsService } from '../credits/credits.service';
import type { CodeAttempts } from '../limits/code-attempts';
import type { SettingsService } from '../settings/settings.service';
import { venueDayOf, type VenueDay } from '../../lib/slot-schedule';
import * as repo from './bookings.repository';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionService } from '../accounts/sessions.service';
import { toAvailableTime } from './available-time';
import { seatCalendarFile } from './calendar';
import { knownTimeZone, seatBookedDraft } from './confirmation-mail';
import { createKnownSlots, type KnownSlot } from './known-slots';
import { refundSeatPayment } from './seat-payment';
import { createSeatStreams } from './seat-stream';
import { createSlotChanges } from './slot-changes';
import { createSlotSchedule, type DaySlot, type SlotView } from './slots';
import type { WaitlistService } from './waitlist.service';

export type { DaySlot, OperatedSlot, SlotView } from './slots';

export type PlayerBooking = repo.PlayerBooking;

const BOOKINGS_LISTED = 50;

/** A player's seat on a game: the slot, its access code and the registration. */
export type PlayerGame = SlotView & { accessCode: string; registrationId: string };

/** A seat just booked or joined (or held already), with the balance after it. */
export type Booking = PlayerGame & { balance: number; repeated: boolean };

/**
 * The signed-in player booking, and where from (for the audit log); `player` is the account as
 * the session check read it, so a booking need not read it again (absent: it is read).
 */
export type BookingCaller = AuditMeta & {
  userId: string;
  player?: { email: string; username: string };
};

/** How long a woken day request waits for more changes before it reads the day. */
const CHANGES_SETTLE_MS = 250;

/**
 * How a seat was taken, in the operators' words (SEAT_SOURCES): the roster, the venue day, the
 * player's page and `users show` all tell a seat staff booked for the player apart, so none of
 * them calls it one the player booked.
 */
export const SEAT_SOURCE = {
  booking: 'booked',
  access_code: 'joined',
  waitlist: 'waitlist',
  staff: 'staff',
  guest: 'guest',
} as const satisfies Record<repo.RegistrationSource, SeatSource>;

/** The console's venue day, and a version naming its contents (it changes when they do). */
export type ConsoleDayView = { day: VenueDay; today: VenueDay; version: string; slots: DaySlot[] };

type BookingsDeps = Pick<
  Infra,
  'db' | 'env' | 'clock' | 'transaction' | 'listen' | 'background'
> & {
  sessions: Pick<SessionService, 'stillSignedIn'>;
  accounts: Pick<AccountsService, 'find'>;
  mailer: Pick<Mailer, 'queueing' | 'wake'>;
  credits: CreditsService;
  codeAttempts: CodeAttempts;
  settings: SettingsService;
  audit: Audit;
  waitlist: Pick<WaitlistService, 'offerFreedSeats' | 'releasePlayer' | 'wake'>;
};

/** A seat to take: the slot, the registration's id, and the mail confirming it. */
type SeatPlan = {
  slot: KnownSlot;
  registrationId: string;
  now: Date;
  /** The confirmation's outbox insert (mailer.queueing), its draft sealed (ADR 0044). */
  mail: Step | null;
  /** The player's zone as knownTimeZone read it, kept with the seat for its later mails. */
  timeZone: string | null;
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
/** Booked ahead for the player by staff (seat-admin.service.ts), recorded as such. */
const STAFF_BOOKING: Way = { ...BOOKING, source: 'staff' };
const JOINING: Way = {
  window: 'while-live',
  source: 'access_code',
  reason: 'join',
  missing: 'ACCESS_CODE_INVALID',
  closed: 'ACCESS_CODE_EXPIRED',
};
const MINUTE = 60_000;

export function createBookingsService({ db, env, clock, transaction, ...deps }: BookingsDeps) {
  const { accounts, mailer, credits, codeAttempts, settings, audit } = deps;
  const slots = createSlotSchedule({ db, env, clock, settings });
  const { accessCodes, viewOf, accessCodeOf } = slots;
  const changes = createSlotChanges({ db, listen: deps.listen, env });
  const seatStreams = createSeatStreams({
    read: async (day) => JSON.stringify((await slots.listDay(day)).map(toAvailableTime)),
    changes,
    stillSignedIn: deps.sessions.stillSignedIn,
    background: deps.background,
    maxStreams: env.seatStreamsPerProcess,
  });
  const today = () => venueDayOf(clock.now(), env.venueTimezone);
  const knownSlots = createKnownSlots();

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
   * The seat step of a booking and of a join: one statement (repo.bookSeat, ADR 0040), all or
   * nothing, that locks the player's balance (so one player's seats queue) and then the slot's
   * row, writes the registration and, with it, takes the seat in the way's window, posts the 2
   * credits and queues the confirmation. The slot's row, which every booking of the slot waits
   * for, is held from that statement to its commit, with no round trip between. Undefined when
   * no seat was taken.
   */
  async function seatIn(
    caller: BookingCaller,
    way: Way,
    plan: SeatPlan,
  ): Promise<Booking | undefined> {
    const { userId } = caller;
    const { slot, registrationId: id, now } = plan;
    const source = { type: 'registration', id } as const;
    const request = { userId, delta: -GAME_COST_CREDITS, reason: way.reason, source };
    const charge = credits.charging(request, repo.SEAT_TAKEN);
    const registration = {
      id,
      slotId: slot.id,
      userId,
      source: way.source,
      timeZone: plan.timeZone,
      createdAt: now,
    };
    const window = { kind: way.window, now };
    const seated = await repo.bookSeat(db, registration, window, { charge, mail: plan.mail });
    if (seated === undefined) return undefined;
    const seat = { accessCode: accessCodeOf(seated), registrationId: id };
    return { ...viewOf(seated), ...seat, balance: seated.balanceAfter, repeated: false };
  }

  /**
   * Why a seat cannot be had on `slot` as read (undefined: it may be), or the seat the player
   * holds there already, answered again without a charge; refusals in the order a player can
   * act on them (out of its window, full).
   */
  async function answerWithoutSeat(
    caller: BookingCaller,
    way: Way,
    slot: repo.PlayerSlot,
  ): Promise<Booking | undefined> {
    if (slot.registrationId !== null) {
      const balance = await credits.balance(db, caller.userId);
      const seat = { accessCode: accessCodeOf(slot), registrationId: slot.registrationId };
      return { ...viewOf(slot), ...seat, balance, repeated: true };
    }
    if (!inWindow(slot, way, clock.now())) return fail(way.closed);
    if (slot.booked + slot.held >= slot.capacity) return fail('SLOT_FULL');
    return undefined;
  }

  /**
   * After a seat was not taken: read again, and answered as answerWithoutSeat does; a seat may
   * also have been given back since the seat step found the slot full (ADR 0029): the player's
   * balance says which step refused.
   */
  async function notSeated(caller: BookingCaller, way: Way, target: repo.SlotTarget) {
    const slot = (await repo.findSlotFor(db, target, caller.userId)) ?? fail(way.missing);
    const answer = await answerWithoutSeat(caller, way, slot);
    if (answer !== undefined) return answer;
    const balance = await credits.balance(db, caller.userId);
    return fail(balance < GAME_COST_CREDITS ? 'NOT_ENOUGH_CREDITS' : 'SLOT_FULL');
  }

  /**
   * Seats the caller on the targeted slot in one statement (see seatIn), or says why not.
   * A slot this process seated someone on lately (known-slots.ts, ADR 0043) goes straight to
   * that statement; if it takes no seat, the slot is forgotten and the booking starts over.
   * Otherwise the slot (with the player's seat on it) and the player are read first, side by
   * side and before any lock: a seat held already or a slot that seats nobody is answered from
   * that read. Either way the confirmation mail (ADR 0032) is made before the statement, so none
   * of that work happens while the slot's row is held. `timeZone` is the player's, as the
   * browser named it: kept with the seat (when this server knows it) for its later mails.
   */
  async function seat(
    caller: BookingCaller,
    way: Way,
    target: repo.SlotTarget,
    timeZone?: string,
  ): Promise<Booking> {
    if (!(await settings.multiplayerEnabled())) fail('MULTIPLAYER_DISABLED');
    const zone = knownTimeZone(timeZone);
    const known = knownSlots.get(target);
    if (known !== undefined) {
      const player = caller.player ?? (await accounts.find(caller.userId));
      const booking = await seatIn(caller, way, seatPlan(known, way, player, zone));
      if (booking !== undefined) return taken(caller, way, target, booking);
      knownSlots.forget(target);
    }
    const [found, player] = await Promise.all([
      repo.findSlotFor(db, target, caller.userId),
      caller.player ?? accounts.find(caller.userId),
    ]);
    const slot = found ?? fail(way.missing);
    const answered = await answerWithoutSeat(caller, way, slot);
    if (answered !== undefined) return answered;
    const identity = { ...slot, accessCode: accessCodeOf(slot) };
    const booking = await seatIn(caller, way, seatPlan(identity, way, player, zone));
    if (booking === undefined) return notSeated(caller, way, target);
    return taken(caller, way, target, booking);
  }

  /**
   * A seat just taken: the slot is kept for the next booking while it has seats left, the
   * change announced, the mail sent on its way and the booking audited.
   */
  function taken(caller: BookingCaller, way: Way, target: repo.SlotTarget, booking: Booking) {
    const { slotId: id, startsAt, lengthMinutes, accessCode } = booking;
    if (booking.spotsAvailable > 0) {
      knownSlots.remember(target, { id, startsAt, lengthMinutes, accessCode });
    } else {
      knownSlots.forget(target);
    }
    changes.announce(startsAt);
    mailer.wake();
    audit(caller, `bookings.${way.reason}`, {
      userId: caller.userId,
      startsAt: startsAt.toISOString(),
    });
    return booking;
  }

  /** A seat about to be taken on `slot`: its registration id and its confirmation mail. */
  function seatPlan(
    slot: KnownSlot,
    way: Way,
    player: { email: string; username: string } | undefined,
    timeZone: string | undefined,
  ): SeatPlan {
    const now = clock.now();
    const registrationId = randomUUID();
    const zone = timeZone ?? null;
    if (player === undefined) return { slot, registrationId, now, mail: null, timeZone: zone };
    const joined = way.source === 'access_code';
    const about = { username: player.username, timeZone, joined };
    return {
      slot,
      registrationId,
      now,
      timeZone: zone,
      mail: mailer.queueing(
        player.email,
        seatBookedDraft({ ...slot, registrationId }, about),
        repo.SEAT_TAKEN,
      ),
    };
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
    /** Sets a slot's capacity; seats it frees go to the slot's waitlist (ADR 0034) at once. */
    async setCapacity(day: VenueDay, time: string, capacity: number) {
      const change = await transaction(async (tx) => {
        const done = await slots.setCapacity(day, time, capacity, tx);
        await deps.waitlist.offerFreedSeats(tx, done.slot.slotId);
        return done;
      });
      deps.waitlist.wake();
      return change;
    },

    /**
     * Closes (with the reason players are shown, when given) or reopens a slot; a reopened
     * slot's free seats go to its waitlist at once.
     */
    async setOpen(day: VenueDay, time: string, open: boolean, reason?: string) {
      const change = await transaction(async (tx) => {
        const done = await slots.setOpen(day, time, open, tx, reason);
        if (open) await deps.waitlist.offerFreedSeats(tx, done.slot.slotId);
        return done;
      });
      deps.waitlist.wake();
      return change;
    },
    reshapeWeekday: slots.reshapeWeekday,
    setDayOpen: slots.setDayOpen,
    accessCodeAt: slots.accessCodeAt,
    listDay: slots.listDay,

    /**
     * Events/DayStatus: the reason an operator gave for blocking the venue day, or null when it
     * is not blocked or is before today (this process's copy of the blocked days, at most
     * SETTINGS_TTL_MS old); and its games still ahead that an operator closed on their own with
     * a reason, each with it (one indexed read; none on a blocked day, whose reason is all).
     */
    async dayStatus(day: VenueDay): Promise<DayStatus> {
      const [blocked, games] = await Promise.all([
        settings.blockedDays(today()),
        day < today() ? [] : slots.closedSlots(day),
      ]);
      const closed = Object.hasOwn(blocked, day) ? (blocked[day] ?? null) : null;
      // A blocked day's reason is the one for all its games.
      return { closed, slots: closed === null ? games : [] };
    },

    /**
     * The console's venue day (today by default). Given `after`, the version the console
     * shows, it is held until the day changes in any process (slot-changes.ts), for at most
     * CONSOLE_DAY_WAIT_MS or until `signal` aborts, instead of the console polling. A game
     * starting or ending, and a player joining or leaving a line without an offer, touch no
     * slot row and so wake nothing: they show at the day's next change or that time limit.
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

    /** A player's seat on the slot as a booking answers it: the game and its access code. */
    gameOf: (slot: repo.SlotRow, registrationId: string): PlayerGame => ({
      ...viewOf(slot),
      accessCode: accessCodeOf(slot),
      registrationId,
    }),

    /** Tells every process a seat of the slot starting at `startsAt` was given back. */
    announceSeatChange: (startsAt: Date): void => changes.announce(startsAt),

    /** The same, sent when `tx` commits (a refund's seats, given back in its transaction). */
    announceSeatChangeOnCommit: (tx: Transaction, startsAt: Date): Promise<void> =>
      changes.announceOnCommit(tx, startsAt),

    /**
     * Books the slot starting at `startsAt` for the caller (see the module comment); `timeZone`
     * is the player's, for the seat's mails (ADR 0057).
     */
    book: (caller: BookingCaller, startsAt: Date, timeZone?: string): Promise<Booking> =>
      seat(caller, BOOKING, { startsAt }, timeZone),

    /** Books as `book` does, for a player by staff: the seat is recorded as staff's. */
    bookForPlayer: (caller: BookingCaller, startsAt: Date): Promise<Booking> =>
      seat(caller, STAFF_BOOKING, { startsAt }),

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
    async joinByAccessCode(
      caller: BookingCaller,
      code: string,
      timeZone?: string,
    ): Promise<Booking> {
      const attempt = await codeAttempts.admit(caller);
      const target = { accessCodeHash: accessCodes.hashOf(code) };
      const booking = await seat(caller, JOINING, target, timeZone);
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
      const seat = { ...slot, registrationId, accessCode: accessCodeOf(slot) };
      return seatCalendarFile(seat, env, await settings.venueDetails(), clock.now());
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
     * (the account is being deleted; its balance locked): each registration goes, and so do
     * the open seats of the parties the player leads (ADR 0065), each slot's seat is free
     * again, offered to the slot's waitlist, and the player's own places in lines go (ADR
     * 0034). Nothing comes back to the player for a seat they paid for (the caller decides what
     * becomes of the balance); a guest's seat gives its credits back to its leader, who paid.
     * Returns how many seats.
     */
    async releaseFutureSeats(tx: Transaction, userId: string): Promise<number> {
      const seats = await repo.deleteFutureRegistrations(tx, userId, clock.now());
      for (const seat of seats) await refundSeatPayment(credits, tx, seat.id, userId);
      const slotIds = seats.map((seat) => seat.slotId);
      for (const startsAt of await repo.freeSeats(tx, slotIds)) {
        await changes.announceOnCommit(tx, startsAt);
      }
      await deps.waitlist.releasePlayer(tx, userId, slotIds);
      return seats.length;
    },

    /**
     * A report's seats of [from, to): per venue day and per slot, and the no-shows per venue
     * day by the server's clock (report.service.ts; ADR 0059).
     */
    async seatsReport(range: { from: Date; to: Date }) {
      const grace = { minutes: await settings.noShowGraceMinutes(), now: clock.now() };
      const [days, slots, noShows] = await Promise.all([
        repo.seatsByDay(db, range, env.venueTimezone),
        repo.slotSeats(db, range),
        repo.noShowsByDay(db, range, env.venueTimezone, grace),
      ]);
      return { days, slots, noShows };
    },

    /**
     * Records, once, that the game first used the seat's ticket: now, by the server's clock; a
     * later use leaves it (ADR 0059). True when this call recorded it.
     */
    markJoined: (registrationId: string): Promise<boolean> =>
      repo.markJoined(db, registrationId, clock.now()),

    /**
     * The roster of the game starting at `time` on `day`: each seat's player and email, how and
     * when the seat was taken, and whether the player joined, is not in yet, or is a no-show
     * (past the start and the no-show grace without a join), by the server's clock.
     */
    async roster(day: VenueDay, time: string) {
      const slot = await slots.slotAt(day, time);
      const [seats, graceMinutes] = await Promise.all([
        repo.rosterSeats(db, slot.id),
        settings.noShowGraceMinutes(),
      ]);
      const emails = await Promise.all(seats.map((seat) => accounts.find(seat.userId)));
      const now = clock.now();
      const noShowFrom = new Date(slot.startsAt.getTime() + graceMinutes * MINUTE);
      const listed = seats.map((seat, index) => ({
        username: seat.username,
        email: emails[index]?.email ?? '',
        source: SEAT_SOURCE[seat.source],
        at: seat.at,
        joinedAt: seat.joinedAt,
        presence:
          seat.joinedAt !== null
            ? ('joined' as const)
            : now >= noShowFrom
              ? ('no-show' as const)
              : ('waiting' as const),
      }));
      const count = (presence: string) => listed.filter((seat) => seat.presence === presence);
      return {
        startsAt: slot.startsAt,
        endsAt: new Date(slot.startsAt.getTime() + slot.lengthMinutes * MINUTE),
        capacity: slot.capacity,
        open: slot.enabled,
        noShowFrom,
        graceMinutes,
        counts: {
          booked: listed.length,
          joined: count('joined').length,
          noShow: count('no-show').length,
        },
        seats: listed,
      };
    },

    /** Seven venue days of bookings from `from` (the venue's today by default): slots.week. */
    async bookingsWeek(from: VenueDay | undefined) {
      const first = from ?? today();
      return { from: first, today: today(), ...(await slots.week(first)) };
    },
  };
}

export type BookingsService = ReturnType<typeof createBookingsService>;
