/**
 * The console's weekly report: each module counts its own part in SQL over the venue week's
 * instants; this only lays the parts side by side, so a day with nothing in it still has a row.
 */
import { weekOf, type ConsoleReport } from '@questfield/contract';
import type { Infra } from '../../infra';
import { venueDayOf, venueWeek } from '../../lib/slot-schedule';
import type { BookingsService } from '../bookings/bookings.service';
import type { CodesService } from '../codes/codes.service';
import type { CreditsService } from '../credits/credits.service';
import type { OrdersService } from '../orders/orders.service';

type ReportDeps = Pick<Infra, 'env' | 'clock'> & {
  bookings: Pick<BookingsService, 'seatsReport'>;
  credits: Pick<CreditsService, 'soldAndSpentByDay'>;
  orders: Pick<OrdersService, 'revenueBySku'>;
  codes: Pick<CodesService, 'redemptionsByBatch'>;
};

export function createReportService({ env, clock, ...modules }: ReportDeps) {
  const { bookings, credits, orders, codes } = modules;
  const timeZone = env.venueTimezone;
  return {
    /**
     * The week starting on `week` (a venue day the request schema checked is a Monday), or the
     * venue's current week.
     */
    async week(week?: string): Promise<ConsoleReport> {
      const monday = week ?? weekOf(venueDayOf(clock.now(), timeZone));
      const { days, ...range } = venueWeek(monday, timeZone);
      const [seats, ledger, revenue, redemptions] = await Promise.all([
        bookings.seatsReport(range),
        credits.soldAndSpentByDay(range, timeZone),
        orders.revenueBySku(range),
        codes.redemptionsByBatch(range),
      ]);
      const seatsOn = new Map(seats.days.map((row) => [row.day, row]));
      const creditsOn = new Map(ledger.map((row) => [row.day, row]));
      const noShowsOn = new Map(seats.noShows.map((row) => [row.day, row.noShows]));
      return {
        week: monday,
        timeZone,
        days: days.map((day) => ({
          day,
          booked: seatsOn.get(day)?.booked ?? 0,
          capacity: seatsOn.get(day)?.capacity ?? 0,
          creditsSold: creditsOn.get(day)?.sold ?? 0,
          creditsSpent: creditsOn.get(day)?.spent ?? 0,
          noShows: noShowsOn.get(day) ?? 0,
        })),
        slots: seats.slots.map((slot) => ({ ...slot, startsAt: slot.startsAt.toISOString() })),
        revenue,
        redemptions,
      };
    },
  };
}
