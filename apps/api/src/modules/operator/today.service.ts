/**
 * The console's first screen, "Today": the venue day at a glance, gathered from the services of
 * the modules that own each part (no table is read here), in four reads at once: the day's
 * slots with their seats and lines (bookings: three statements), its sales, refunds and
 * flagged orders (orders: one), the mails given up on (the outbox: one) and the offers about
 * to lapse (waitlist: one).
 */
import { CONSOLE_TODAY, type ConsoleToday, type TodayGame } from '@questfield/contract';
import type { Mailer } from '../../integrations/email/mailer';
import type { Infra } from '../../infra';
import { venueDayOf, venueDayRange, venueTimeOf } from '../../lib/slot-schedule';
import type { BookingsService, DaySlot } from '../bookings/bookings.service';
import type { WaitlistService } from '../bookings/waitlist.service';
import type { OrdersService } from '../orders/orders.service';

type TodayDeps = Pick<Infra, 'env' | 'clock'> & {
  bookings: Pick<BookingsService, 'consoleDay'>;
  waitlist: Pick<WaitlistService, 'offersLapsingWithin'>;
  orders: Pick<OrdersService, 'dayTakings'>;
  mailer: Pick<Mailer, 'failedCount'>;
};

/** The first game still to come that will be played: open, or closed with players seated. */
const nextOf = (games: TodayGame[]) =>
  games.find((game) => !game.started && (game.open || game.booked > 0)) ?? null;

export function createTodayService({ env, clock, ...modules }: TodayDeps) {
  const { bookings, waitlist, orders, mailer } = modules;
  const timeZone = env.venueTimezone;
  const toGame = ({ seats: _players, startsAt, ...slot }: DaySlot): TodayGame => ({
    ...slot,
    time: venueTimeOf(startsAt, timeZone),
    startsAt: startsAt.toISOString(),
  });
  // Asked without a version, the venue day answers at once: nothing ever aborts the read.
  const unheld = new AbortController().signal;

  return {
    async read(): Promise<ConsoleToday> {
      const day = venueDayOf(clock.now(), timeZone);
      const [view, takings, failedMails, lapsingOffers] = await Promise.all([
        bookings.consoleDay(day, undefined, unheld),
        orders.dayTakings(venueDayRange(day, timeZone)),
        mailer.failedCount(),
        waitlist.offersLapsingWithin(CONSOLE_TODAY.lapsingWithinMinutes),
      ]);
      const games = view.slots.map(toGame);
      return {
        day,
        timeZone,
        games,
        nextGame: nextOf(games),
        sales: takings.sales,
        refunds: takings.refunds,
        needsAttention: { flaggedOrders: takings.flagged, failedMails, lapsingOffers },
      };
    },
  };
}
