/**
 * The console's weekly report (route `consoleReport`): one venue week, Monday to Sunday, in one
 * answer: seats per day and per slot, credits sold and spent per day, revenue per SKU and
 * redemptions per code batch. Each module counts its own part (ADR 0028).
 */
import { z } from 'zod';
import { SKUS } from './catalog';
import { venueDay } from './operator';
import { userMessage } from './user-message';

/** The batch name of redemptions of codes made outside any batch. */
export const NO_BATCH = 'No batch';
/** The batch name of Game Pass redemptions (passes come from Game Pack orders, not batches). */
export const GAME_PASSES_BATCH = 'Game Passes';

const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Whether a YYYY-MM-DD day is a Monday (the calendar's, whatever the time zone). */
function isMonday(day: string): boolean {
  return dateOf(day).getUTCDay() === 1;
}

/** The Monday of the week a YYYY-MM-DD day falls in. */
export function weekOf(day: string): string {
  const date = dateOf(day);
  date.setUTCDate(date.getUTCDate() - ((date.getUTCDay() + 6) % 7));
  return dayOf(date);
}

/** The day `weeks` weeks after `day` (before it when negative). */
export function shiftWeek(day: string, weeks: number): string {
  const date = dateOf(day);
  date.setUTCDate(date.getUTCDate() + 7 * weeks);
  return dayOf(date);
}

export const consoleReportRequest = z.strictObject({
  /** The week's Monday on the venue's calendar; the venue's current week when left out. */
  week: venueDay
    .refine(
      isMonday,
      userMessage('A week is chosen by its Monday: pick the Monday the week starts on.'),
    )
    .optional(),
});

const seats = { booked: z.number().int(), capacity: z.number().int() };

export const consoleReportResponse = z.object({
  /** The week's Monday. */
  week: z.string(),
  timeZone: z.string(),
  /** Seven days, Monday first: seats taken and offered on the slots that exist. */
  days: z.array(
    z.object({
      day: z.string(),
      ...seats,
      /** Credits bought (ledger postings for purchases). */
      creditsSold: z.number().int(),
      /** Credits paid for seats (booked ahead or joined with an access code). */
      creditsSpent: z.number().int(),
      /** Seats whose player never joined, of games past their no-show grace (ADR 0059). */
      noShows: z.number().int(),
    }),
  ),
  /** Every slot of the week, earliest first. */
  slots: z.array(z.object({ startsAt: z.iso.datetime(), ...seats })),
  /**
   * By SKU: orders placed in the week and paid (not refunded in full) as revenue; beside it the
   * refunds made in the week, in full or of part, not turned down, by their order's SKU whenever
   * it was placed: the orders they refunded and the money (ADR 0062).
   */
  revenue: z.array(
    z.object({
      sku: z.enum(SKUS),
      orders: z.number().int(),
      revenueCents: z.number().int(),
      refundedOrders: z.number().int(),
      refundedCents: z.number().int(),
    }),
  ),
  /** Redemptions in the week by the batch their code came from, most first. */
  redemptions: z.array(z.object({ batch: z.string(), redemptions: z.number().int() })),
});
export type ConsoleReport = z.infer<typeof consoleReportResponse>;
