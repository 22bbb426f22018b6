/**
 * Slot start times in the venue's time zone. Zone maths (DST included) is date-fns' TZDate's
 * job; we only say which wall-clock times exist.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { GAME_LENGTH_MINUTES } from '@questfield/contract';

export type DailySchedule = {
  /** First start, minutes after local midnight (10:00 = 600). */
  firstStartMinute: number;
  /** Last start, minutes after local midnight (21:30 = 1290). */
  lastStartMinute: number;
  stepMinutes: number;
};

export const DEFAULT_DAILY_SCHEDULE: DailySchedule = {
  firstStartMinute: 10 * 60,
  lastStartMinute: 21 * 60 + 30,
  stepMinutes: GAME_LENGTH_MINUTES,
};

/**
 * Starts from the venue's today through `days` more days, later than `now` only (the spec
 * keeps only future slots), in ascending order.
 */
export function upcomingSlotStarts(options: {
  now: Date;
  timeZone: string;
  days: number;
  schedule?: DailySchedule;
}): Date[] {
  const { now, timeZone, days, schedule = DEFAULT_DAILY_SCHEDULE } = options;
  const today = startOfDay(new TZDate(now.getTime(), timeZone));
  const starts: Date[] = [];
  for (let offset = 0; offset <= days; offset += 1) {
    const day = addDays(today, offset);
    for (
      let minute = schedule.firstStartMinute;
      minute <= schedule.lastStartMinute;
      minute += schedule.stepMinutes
    ) {
      const local = new TZDate(
        day.getFullYear(),
        day.getMonth(),
        day.getDate(),
        Math.floor(minute / 60),
        minute % 60,
        timeZone,
      );
      if (local.getTime() > now.getTime()) starts.push(new Date(local.getTime()));
    }
  }
  return starts;
}
