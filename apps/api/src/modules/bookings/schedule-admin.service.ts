/**
 * The venue's week, days and slots as operators change them, from the console's schedule
 * screens and the command line (`schedule …`, `days …`, `slots …`, through the operator's
 * commands) alike: each change, then its audit row with the values before and after. The
 * stored week and blocked days are the settings module's; the slots made from them are ours.
 *
 * A closure (a day blocked, a slot closed) with `cancelSeats` closes first, so no seat or
 * place can be taken on its games meanwhile, then ends their lines (a transaction per slot,
 * waitlist.service.ts) and gives back each seat on games not started in its own transaction,
 * as staff give one back (cancellation.service.ts): each takes a cancellation's locks in a
 * booking's order (balance, registration, slot), so a closure never holds a hot slot row while
 * it locks a day of balances, nor deadlocks with bookings. Each seat goes by its registration's
 * id and its refund's ledger key, so two closures at once, or the same closure again after a
 * failure part-way, cancel, refund and mail each seat once; the second finds the rest.
 */
import type {
  ClosedSeats,
  ConsoleClosurePreview,
  OperatorResultOf,
  OperatorSlot,
  ScheduleChangeCommand,
  SlotChangeCommand,
  AuditAction,
  OperatorCommand,
} from '@questfield/contract';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import {
  venueDayOf,
  venueDayRange,
  venueInstant,
  venueTimeOf,
  type VenueDay,
} from '../../lib/slot-schedule';
import type { AuditLogService, OperatorActor } from '../audit-log/audit-log.service';
import type { SettingsService } from '../settings/settings.service';
import { listSlots } from './bookings.repository';
import type { BookingsService, OperatedSlot } from './bookings.service';
import { seatsOn, seatsOver, shrinkCapacity } from './cancellation.repository';
import type { Cancellation, CancellationService } from './cancellation.service';
import { countPlaces } from './waitlist.repository';
import type { WaitlistService } from './waitlist.service';
import { seatCancelledEntry } from './seat-admin.service';

type Command<C extends OperatorCommand['command']> = Extract<OperatorCommand, { command: C }>;

const SLOT_ACTIONS = {
  'slots set-capacity': 'slots.set-capacity',
  'slots close': 'slots.close',
  'slots reopen': 'slots.reopen',
} as const satisfies Record<SlotChangeCommand['command'], AuditAction>;

type ScheduleAdminDeps = Pick<Infra, 'db' | 'env' | 'clock'> & {
  settings: Pick<
    SettingsService,
    'weeklySchedule' | 'blockedDays' | 'setWeekday' | 'setBlockedDay'
  >;
  bookings: Pick<
    BookingsService,
    'operatorDay' | 'setCapacity' | 'setOpen' | 'reshapeWeekday' | 'setDayOpen' | 'accessCodeAt'
  >;
  cancellation: Pick<CancellationService, 'cancelForClosure' | 'cancelForCapacity'>;
  waitlist: Pick<WaitlistService, 'endForClosure'>;
  auditLog: Pick<AuditLogService, 'record'>;
};

/** A closure that keeps its seats (no `cancelSeats`). */
const SEATS_KEPT: ClosedSeats = { cancelled: 0, refunded: 0, released: 0 };

/**
 * The credits a seat given back returned, to its player or to whoever else paid for it (a
 * party's leader, for a guest's seat: ADR 0065).
 */
const creditsBack = (given: Cancellation) => given.refunded + (given.payerRefund?.credits ?? 0);

/** A closed game: its slot and start (and its seats, for a capacity cut). */
type ClosedGame = { id: string; startsAt: Date; capacity: number };

export function createScheduleAdminService(deps: ScheduleAdminDeps) {
  const { db, env, clock, settings, bookings, auditLog } = deps;
  const zone = env.venueTimezone;

  /** The games a closure of the day (or of its game at `time`) reaches: those not started. */
  async function gamesClosing(date: VenueDay, time?: string): Promise<ClosedGame[]> {
    const start = time === undefined ? undefined : venueInstant(date, time, zone);
    const range =
      start === undefined
        ? venueDayRange(date, zone)
        : { from: start, to: new Date(start.getTime() + 1) };
    const now = clock.now();
    const slots = await listSlots(db, range);
    return slots
      .filter((slot) => slot.startsAt > now)
      .map(({ id, startsAt, capacity }) => ({ id, startsAt, capacity }));
  }

  /**
   * The closed games' lines end, then each seat on them is given back with its credits and its
   * player mailed `reason`, each with its audit row (see the module comment).
   */
  async function cancelSeatsOn(games: ClosedGame[], reason: string, actor: OperatorActor) {
    const done = { ...SEATS_KEPT };
    for (const game of games) done.released += await deps.waitlist.endForClosure(game.id, reason);
    for (const seat of await seatsOn(
      db,
      games.map((game) => game.id),
    )) {
      const given = await deps.cancellation.cancelForClosure(seat, reason, (tx, back) =>
        auditLog.record(tx, actor, seatCancelledEntry(seat.userId, back, zone, reason)),
      );
      if (given === undefined) continue;
      done.cancelled += 1;
      done.refunded += creditsBack(given);
    }
    return done;
  }

  const toOperatorSlot = (slot: OperatedSlot): OperatorSlot => ({
    time: venueTimeOf(slot.startsAt, zone),
    startsAt: slot.startsAt.toISOString(),
    booked: slot.booked,
    capacity: slot.capacity,
    open: slot.open,
    accessCode: slot.accessCode,
  });

  /** A weekday's new hours, carried to its days already made; then its audit row. */
  async function setWeekday(command: Command<'schedule set'>, actor: OperatorActor) {
    const { weekday, hours } = command;
    const before = await settings.setWeekday(weekday, hours);
    const changes = await bookings.reshapeWeekday(weekday, hours);
    await auditLog.record(db, actor, {
      action: 'schedule.set',
      subject: weekday,
      before: { hours: before },
      after: { hours, ...changes },
    });
    return { command: command.command, weekday, hours, ...changes };
  }

  /**
   * Blocks a day (its slots close; seats stay for the players to be told, or with
   * `cancelSeats` are cancelled and refunded) or unblocks it.
   */
  async function blockDay(command: Command<'days block' | 'days unblock'>, actor: OperatorActor) {
    const today = venueDayOf(clock.now(), zone);
    if (command.date < today) fail('OPERATOR_DAY_PAST');
    const block = command.command === 'days block';
    const reason = block ? command.reason : null;
    const wasBlocked = await settings.setBlockedDay(command.date, reason, today);
    // Unblocking a day that was not blocked changes nothing, not even slots closed one by one.
    const slots =
      block || wasBlocked
        ? await bookings.setDayOpen(command.date, !block)
        : { slots: 0, seats: 0 };
    const closure =
      block && command.cancelSeats === true
        ? await cancelSeatsOn(await gamesClosing(command.date), command.reason, actor)
        : SEATS_KEPT;
    await auditLog.record(db, actor, {
      action: block ? 'days.block' : 'days.unblock',
      subject: command.date,
      before: { blocked: wasBlocked },
      after: { blocked: block, slots: slots.slots, seats: slots.seats, ...closure },
      reason: reason ?? '',
    });
    const { date } = command;
    return block
      ? { command: command.command, date, closed: slots.slots, seats: slots.seats, ...closure }
      : { command: command.command, date, reopened: slots.slots };
  }

  /**
   * A capacity cut below the seats taken, with `cancelSeats`: the slot first takes no seat
   * more than it holds (nothing free to book or offer meanwhile), then each seat over the new
   * capacity, latest booked first, is given back in its own transaction as a closure's are
   * (cancellation.service.ts cancelForCapacity: the capacity lowered with it), its player
   * mailed the reason, its audit row written; a rerun finds the seats already gone. Undefined
   * without `cancelSeats` (a cut below the seats taken is then refused) or once the game has
   * started (staff give no seat back then: refused too). The capacity before the cut.
   */
  async function cutSeats(command: SlotChangeCommand, actor: OperatorActor) {
    if (command.command !== 'slots set-capacity' || command.cancelSeats !== true) return undefined;
    const [game] = await gamesClosing(command.date, command.time);
    if (game === undefined) return undefined;
    const { capacity } = command;
    const reason = command.reason ?? '';
    await shrinkCapacity(db, game.id, capacity);
    const done = { ...SEATS_KEPT };
    for (const seat of await seatsOver(db, game.id, capacity)) {
      const given = await deps.cancellation.cancelForCapacity(seat, capacity, reason, (tx, back) =>
        auditLog.record(tx, actor, seatCancelledEntry(seat.userId, back, zone, reason)),
      );
      if (given === undefined) continue;
      done.cancelled += 1;
      done.refunded += creditsBack(given);
    }
    return { seats: done, capacityBefore: game.capacity };
  }

  /** A closed slot's seats and line, with `cancelSeats`; else they stay. */
  async function closeSeats(command: SlotChangeCommand, actor: OperatorActor) {
    if (command.command !== 'slots close' || command.cancelSeats !== true) return undefined;
    const games = await gamesClosing(command.date, command.time);
    return cancelSeatsOn(games, command.reason ?? '', actor);
  }

  return {
    /** A venue day's slots as operators see them (`slots show`). */
    async day(date: VenueDay): Promise<OperatorSlot[]> {
      return (await bookings.operatorDay(date)).map(toOperatorSlot);
    },

    /** The week and the blocked days ahead (`schedule show`, the console's schedule screen). */
    async show(): Promise<OperatorResultOf<'schedule show'>> {
      const today = venueDayOf(clock.now(), zone);
      const [week, blocked] = await Promise.all([
        settings.weeklySchedule(),
        settings.blockedDays(today),
      ]);
      const days = Object.entries(blocked).sort(([a], [b]) => a.localeCompare(b));
      return {
        command: 'schedule show',
        week,
        blocked: days.map(([date, reason]) => ({ date, reason })),
      };
    },

    /** An admin's change to the week or a day. */
    changeSchedule: (command: ScheduleChangeCommand, actor: OperatorActor) =>
      command.command === 'schedule set' ? setWeekday(command, actor) : blockDay(command, actor),

    /** Changes one slot, then its audit row (the slot's venue day and time); the slot after. */
    async changeSlot(command: SlotChangeCommand, actor: OperatorActor) {
      const { date, time } = command;
      const capacityChange = command.command === 'slots set-capacity';
      const cut = await cutSeats(command, actor);
      const { slot, before } = capacityChange
        ? await bookings.setCapacity(date, time, command.capacity)
        : await bookings.setOpen(
            date,
            time,
            command.command === 'slots reopen',
            command.command === 'slots close' ? command.reason : undefined,
          );
      const closure = await closeSeats(command, actor);
      const capacityBefore = cut?.capacityBefore ?? before.capacity;
      await auditLog.record(db, actor, {
        action: SLOT_ACTIONS[command.command],
        subject: `${date} ${time}`,
        before: capacityChange ? { capacity: capacityBefore } : { open: before.open },
        after: capacityChange
          ? { capacity: slot.capacity, ...cut?.seats }
          : { open: slot.open, ...closure },
        reason: command.command === 'slots reopen' ? '' : (command.reason ?? ''),
      });
      // The seats left after the closure's cancellations.
      const booked = slot.booked - (closure?.cancelled ?? 0);
      const shown = toOperatorSlot({ ...slot, booked });
      if (command.command === 'slots set-capacity') {
        return { command: command.command, slot: shown, ...(cut?.seats ?? SEATS_KEPT) };
      }
      return command.command === 'slots close'
        ? { command: command.command, slot: shown, ...(closure ?? SEATS_KEPT) }
        : { command: command.command, slot: shown };
    },

    /**
     * Who a closure of the day (or its game at `time`) would reach: seats and places; with
     * `capacity` (and `time`), whom a cut to it would take a seat from (nobody's place ends).
     */
    async closurePreview(
      date: VenueDay,
      time?: string,
      capacity?: number,
    ): Promise<ConsoleClosurePreview> {
      const games = await gamesClosing(date, time);
      // The seats the closure or cut would give back, as it would find them: a party's open
      // seats as its leader's (ADR 0065).
      if (time !== undefined && capacity !== undefined) {
        const [game] = games;
        const over = game === undefined ? [] : await seatsOver(db, game.id, capacity);
        return {
          // The order they would go in.
          // The seat's id: a player may hold several (a party's open seats are its leader's).
          seats: over.map(({ registrationId, username }) => ({
            id: registrationId,
            username,
            time: venueTimeOf(game?.startsAt ?? new Date(0), zone),
          })),
          waiting: 0,
        };
      }
      const ids = games.map((game) => game.id);
      const [seats, waiting] = await Promise.all([seatsOn(db, ids), countPlaces(db, ids)]);
      // Games come earliest first; seats in the order they were taken within each.
      return {
        seats: seats.map(({ registrationId, username, startsAt }) => ({
          id: registrationId,
          username,
          time: venueTimeOf(startsAt, zone),
        })),
        waiting,
      };
    },

    /** A slot's access code for an operator who asked to see it; the asking is audited. */
    async accessCode(slot: { day: string; time: string }, actor: OperatorActor): Promise<string> {
      const code = await bookings.accessCodeAt(slot.day, slot.time);
      const subject = `${slot.day} ${slot.time}`;
      await auditLog.record(db, actor, { action: 'slots.show-access-code', subject });
      return code;
    },
  };
}

export type ScheduleAdminService = ReturnType<typeof createScheduleAdminService>;
