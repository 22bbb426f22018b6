/**
 * The slot schedule of the bookings module: 30-minute slots materialised from the venue's week
 * (the settings module's weekly schedule and blocked days) on first sight (listing a day
 * creates it; the start is unique, so any day can be booked without a batch job), the day
 * lists for players and operators, operators' changes to a slot, and an admin's changes to the
 * week or a day carried to the days already made. Every slot has an access code from its
 * creation (access-codes.ts).
 */
import {
  GAME_LENGTH_MINUTES,
  type ClosedSlot,
  type Weekday,
  type WeekdayHours,
} from '@questfield/contract';
import { addDays } from 'date-fns';
import type { Executor } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import {
  eventIdOf,
  slotStartsOn,
  venueDayOf,
  venueDayRange,
  venueInstant,
  venueTimeOf,
  venueWeek,
  weekdayOf,
  type VenueDay,
} from '../../lib/slot-schedule';
import type { SettingsService } from '../settings/settings.service';
import { createAccessCodes, type AccessCodes } from './access-codes';
import * as repo from './bookings.repository';
import { countWaiting } from './waitlist.repository';

/** Days ahead a player may look at (and so materialise). */
const BOOKING_HORIZON_DAYS = 90;
const MINUTE = 60_000;

/** Whether the slot's game is over at `now` (the instant joining it stops too). */
const hasEnded = (slot: { startsAt: Date; lengthMinutes: number }, now: Date) =>
  now.getTime() >= slot.startsAt.getTime() + slot.lengthMinutes * MINUTE;

/**
 * Creates the slots of `capacity` seats at these starts that do not exist yet; how many.
 * @internal Exported for tests.
 */
export function scheduleSlots(
  db: Executor,
  starts: Date[],
  accessCodes: AccessCodes,
  capacity: number,
): Promise<number> {
  const shape = { lengthMinutes: GAME_LENGTH_MINUTES, capacity };
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

/** A slot as operators see it: open or closed, seats taken, and its access code. */
export type OperatedSlot = SlotView & { booked: number; open: boolean; accessCode: string };

/** An operator's change to a slot: the slot after it, and what it was before. */
type SlotChange = { slot: OperatedSlot; before: { capacity: number; open: boolean } };

/** A player's seat on a slot, as the console's day lists it. */
export type SeatedPlayer = Omit<repo.SeatRow, 'slotId'>;

/**
 * A slot of the console's day: seats taken of capacity, open or not, whether its game has
 * started or ended by the server's clock, how many wait in its line, and who sits there.
 */
export type DaySlot = {
  startsAt: Date;
  capacity: number;
  booked: number;
  open: boolean;
  started: boolean;
  ended: boolean;
  waiting: number;
  seats: SeatedPlayer[];
};

type SlotScheduleDeps = Pick<Infra, 'db' | 'env' | 'clock'> & {
  settings: Pick<SettingsService, 'weeklySchedule' | 'blockedDays'>;
};

export function createSlotSchedule({ db, env, clock, settings }: SlotScheduleDeps) {
  const zone = env.venueTimezone;
  const accessCodes = createAccessCodes(env.appSecret);

  const viewOf = (slot: repo.SlotRow): SlotView => ({
    slotId: slot.id,
    startsAt: slot.startsAt,
    capacity: slot.capacity,
    // A seat held for a waitlist offer is taken for everyone else.
    spotsAvailable: Math.max(slot.capacity - slot.booked - slot.held, 0),
    eventId: eventIdOf(slot.startsAt, env),
    lengthMinutes: slot.lengthMinutes,
  });

  /** The slot's access code (every slot has one from its creation: access-codes.ts). */
  const accessCodeOf = (slot: repo.SlotRow): string => {
    const code = accessCodes.open(slot.accessCodeSealed);
    if (code === null) throw new Error('A slot has no readable access code.');
    return code;
  };

  /** The starts a venue day has by the week (none when closed or blocked), and their seats. */
  async function planOf(day: VenueDay, hours?: WeekdayHours | null) {
    const [week, blocked] = await Promise.all([
      settings.weeklySchedule(),
      settings.blockedDays(day),
    ]);
    const open = hours === undefined ? week[weekdayOf(day)] : hours;
    if (open === null || day in blocked) return { starts: [], capacity: 1 };
    return { starts: slotStartsOn(day, zone, open), capacity: open.capacity };
  }

  /** Creates the venue day's slots where missing; the instants the day spans. */
  async function materialise(day: VenueDay): Promise<{ from: Date; to: Date }> {
    const plan = await planOf(day);
    await scheduleSlots(db, plan.starts, accessCodes, plan.capacity);
    return venueDayRange(day, zone);
  }

  /** The weekday's venue days from today to the booking horizon. */
  function daysAhead(weekday: Weekday): VenueDay[] {
    const now = clock.now();
    return Array.from({ length: BOOKING_HORIZON_DAYS + 1 }, (_, offset) =>
      venueDayOf(addDays(now, offset), zone),
    ).filter((day) => weekdayOf(day) === weekday);
  }

  /** The slot as operators see it, with its access code. */
  const operated = (slot: repo.SlotRow): OperatedSlot => ({
    ...viewOf(slot),
    booked: slot.booked,
    open: slot.enabled,
    accessCode: accessCodeOf(slot),
  });

  const changed = (slot: repo.ChangedSlot): SlotChange => ({
    slot: operated(slot),
    before: { capacity: slot.capacityBefore, open: slot.enabledBefore },
  });

  /** Refuses an operator's change at `now` that found no slot, or one whose game has ended. */
  async function refuseMissingOrEnded(executor: Executor, startsAt: Date, now: Date) {
    const slot = await repo.findSlot(executor, { startsAt });
    if (slot === undefined) fail('OPERATOR_SLOT_NOT_FOUND');
    if (hasEnded(slot, now)) fail('OPERATOR_SLOT_ENDED');
  }

  /** The day's slots, their seats and their lines, in one go (the console reads it whole). */
  const readDay = (range: { from: Date; to: Date }) =>
    Promise.all([repo.listSlots(db, range), repo.listSeats(db, range), countWaiting(db, range)]);

  return {
    accessCodes,
    viewOf,
    accessCodeOf,
    /** Every slot of a venue day for operators, each with its access code. */
    async operatorDay(day: VenueDay): Promise<OperatedSlot[]> {
      const slots = await repo.listSlots(db, await materialise(day));
      return slots.map(operated);
    },

    /**
     * Every slot of a venue day with the players on it, for the console; a day from today on
     * is created from the schedule first (a past day shows what was).
     */
    async consoleDay(day: VenueDay): Promise<DaySlot[]> {
      const range = venueDayRange(day, zone);
      let [slots, seats, lines] = await readDay(range);
      // A day with any slot was made already: only a new one costs the insert.
      if (slots.length === 0 && day >= venueDayOf(clock.now(), zone)) {
        await materialise(day);
        [slots, seats, lines] = await readDay(range);
      }
      const bySlot = new Map<string, SeatedPlayer[]>(slots.map((slot) => [slot.id, []]));
      for (const { slotId, ...seat } of seats) bySlot.get(slotId)?.push(seat);
      const waiting = new Map(lines.map((line) => [line.slotId, line.waiting]));
      // One instant for the whole day, so no two slots disagree on what time it is.
      const now = clock.now();
      return slots.map((slot) => ({
        startsAt: slot.startsAt,
        capacity: slot.capacity,
        booked: slot.booked,
        open: slot.enabled,
        started: slot.startsAt <= now,
        ended: hasEnded(slot, now),
        waiting: waiting.get(slot.id) ?? 0,
        seats: bySlot.get(slot.id) ?? [],
      }));
    },

    /**
     * Seven venue days from `from`: each day's slots (start on the venue clock, seats taken of
     * capacity, open or not) read in one statement over the start's index, and why a day has
     * no games (closed on its weekday, or blocked). Days from today on not made yet are made
     * from the schedule first.
     */
    async week(from: VenueDay) {
      const { days, ...range } = venueWeek(from, zone);
      let slots = await repo.listSlots(db, range);
      const today = venueDayOf(clock.now(), zone);
      const made = new Set(slots.map((slot) => venueDayOf(slot.startsAt, zone)));
      let created = 0;
      for (const day of days.filter((one) => one >= today && !made.has(one))) {
        const plan = await planOf(day);
        created += await scheduleSlots(db, plan.starts, accessCodes, plan.capacity);
      }
      if (created > 0) slots = await repo.listSlots(db, range);
      const [week, blocked] = await Promise.all([
        settings.weeklySchedule(),
        settings.blockedDays(from),
      ]);
      return {
        days: days.map((day) => ({
          day,
          closed:
            day in blocked
              ? { blocked: blocked[day] ?? '' }
              : week[weekdayOf(day)] === null
                ? ('week' as const)
                : null,
        })),
        slots: slots.map((slot) => ({
          startsAt: slot.startsAt,
          day: venueDayOf(slot.startsAt, zone),
          time: venueTimeOf(slot.startsAt, zone),
          booked: slot.booked,
          capacity: slot.capacity,
          open: slot.enabled,
        })),
      };
    },

    /** The slot starting at `time` on `day`, or the refusal that names none. */
    async slotAt(day: VenueDay, time: string): Promise<repo.SlotRow> {
      const slot = await repo.findSlot(db, { startsAt: venueInstant(day, time, zone) });
      return slot ?? fail('OPERATOR_SLOT_NOT_FOUND');
    },

    /** The access code of the slot starting at `time` on `day`. */
    async accessCodeAt(day: VenueDay, time: string): Promise<string> {
      const slot = await repo.findSlot(db, { startsAt: venueInstant(day, time, zone) });
      return slot === undefined ? fail('OPERATOR_SLOT_NOT_FOUND') : accessCodeOf(slot);
    },

    /**
     * Sets a slot's capacity, never below the seats taken (booked, or held for a waitlist
     * offer), while its game has not ended; on `executor`, the caller's transaction when given.
     */
    async setCapacity(
      day: VenueDay,
      time: string,
      capacity: number,
      executor: Executor = db,
    ): Promise<SlotChange> {
      const startsAt = venueInstant(day, time, zone);
      const now = clock.now();
      const slot = await repo.updateSlot(executor, startsAt, { capacity }, now);
      if (slot !== undefined) return changed(slot);
      await refuseMissingOrEnded(executor, startsAt, now);
      return fail('OPERATOR_CAPACITY_BELOW_BOOKED');
    },

    /**
     * Closes a slot to new bookings and joins (seats already taken stay), with the reason
     * players are shown when one is given, or opens it again (its reason gone), while its game
     * has not ended; on `executor`, the caller's transaction when given.
     */
    async setOpen(
      day: VenueDay,
      time: string,
      open: boolean,
      executor: Executor = db,
      reason?: string,
    ): Promise<SlotChange> {
      const startsAt = venueInstant(day, time, zone);
      const now = clock.now();
      const closedReason = open || reason === undefined || reason === '' ? null : reason;
      const change = { enabled: open, closedReason };
      const slot = await repo.updateSlot(executor, startsAt, change, now);
      if (slot !== undefined) return changed(slot);
      await refuseMissingOrEnded(executor, startsAt, now);
      // A slot made after the change looked for it (its day listed meanwhile) was not there.
      return fail('OPERATOR_SLOT_NOT_FOUND');
    },

    /** The future open slots of a venue day (created from the schedule on first sight). */
    async listDay(day: VenueDay): Promise<SlotView[]> {
      const now = clock.now();
      const today = venueDayOf(now, zone);
      if (day < today) fail('DATE_IN_PAST');
      const horizon = venueDayOf(addDays(now, BOOKING_HORIZON_DAYS), zone);
      if (day > horizon) return [];
      const range = await materialise(day);
      return (await repo.listOpenSlots(db, { ...range, now })).map(viewOf);
    },

    /** The slots of a venue day still ahead that an operator closed with a reason, with it. */
    async closedSlots(day: VenueDay): Promise<ClosedSlot[]> {
      const now = clock.now();
      const rows = await repo.listClosedSlots(db, { ...venueDayRange(day, zone), now });
      return rows.map(({ startsAt, reason }) => ({
        EventTime: startsAt.toISOString(),
        event_id: eventIdOf(startsAt, env),
        reason: reason ?? '',
      }));
    },

    /**
     * Carries a weekday's new hours to its days ahead (to the booking horizon): slots outside
     * them go, or close to new players when players hold seats on them; missing ones are made;
     * slots nobody has booked take the new capacity. How many were added, removed and kept.
     */
    async reshapeWeekday(weekday: Weekday, hours: WeekdayHours | null) {
      const now = clock.now();
      const totals = { added: 0, removed: 0, kept: 0 };
      for (const day of daysAhead(weekday)) {
        const plan = await planOf(day, hours);
        const starts = plan.starts.filter((start) => start > now);
        const future = { ...venueDayRange(day, zone), after: now };
        const { removed, kept } = await repo.removeEmptySlots(db, future, starts);
        totals.removed += removed;
        totals.kept += kept;
        totals.added += await scheduleSlots(db, starts, accessCodes, plan.capacity);
        await repo.setEmptySlotsCapacity(db, future, plan.capacity);
      }
      return totals;
    },

    /**
     * Closes (a blocked day) or reopens (unblocked) every slot of a day still ahead; how many,
     * and the seats players hold on them. Reopening makes the day's missing slots too.
     */
    async setDayOpen(day: VenueDay, open: boolean) {
      if (open) await materialise(day);
      return repo.setSlotsOpen(db, { ...venueDayRange(day, zone), after: clock.now() }, open);
    },
  };
}
