/**
 * The venue's week, days and slots as operators change them, from the console's schedule
 * screens and the command line (`schedule …`, `days …`, `slots …`, through the operator's
 * commands) alike: each change, then its audit row with the values before and after. The
 * stored week and blocked days are the settings module's; the slots made from them are ours.
 */
import type {
  OperatorResultOf,
  OperatorSlot,
  ScheduleChangeCommand,
  SlotChangeCommand,
  AuditAction,
  OperatorCommand,
} from '@questfield/contract';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import { venueDayOf, venueTimeOf, type VenueDay } from '../../lib/slot-schedule';
import type { AuditLogService, OperatorActor } from '../audit-log/audit-log.service';
import type { SettingsService } from '../settings/settings.service';
import type { BookingsService, OperatedSlot } from './bookings.service';

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
  auditLog: Pick<AuditLogService, 'record'>;
};

export function createScheduleAdminService(deps: ScheduleAdminDeps) {
  const { db, env, clock, settings, bookings, auditLog } = deps;
  const zone = env.venueTimezone;

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

  /** Blocks a day (its slots close; seats stay for the players to be told) or unblocks it. */
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
    await auditLog.record(db, actor, {
      action: block ? 'days.block' : 'days.unblock',
      subject: command.date,
      before: { blocked: wasBlocked },
      after: { blocked: block, slots: slots.slots, seats: slots.seats },
      reason: reason ?? '',
    });
    return block
      ? { command: command.command, date: command.date, closed: slots.slots, seats: slots.seats }
      : { command: command.command, date: command.date, reopened: slots.slots };
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
      const { slot, before } = capacityChange
        ? await bookings.setCapacity(date, time, command.capacity)
        : await bookings.setOpen(date, time, command.command === 'slots reopen');
      await auditLog.record(db, actor, {
        action: SLOT_ACTIONS[command.command],
        subject: `${date} ${time}`,
        before: capacityChange ? { capacity: before.capacity } : { open: before.open },
        after: capacityChange ? { capacity: slot.capacity } : { open: slot.open },
      });
      return { command: command.command, slot: toOperatorSlot(slot) };
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
