/**
 * A seat given back returns its credits to whoever paid for it (ADR 0029, 0065): the player who
 * booked it, or for a party's guest seat its leader, whoever gives it back (the guest, staff, a
 * closure, a capacity cut, the guest's account deletion). Exactly what the seat's booking
 * posting took, posted once under ('cancellation', seat id) on the payer's balance.
 */
import type { Transaction } from '../../db/client';
import type { CreditsService } from '../credits/credits.service';

/** The credits a seat given back returned, and to whom. */
export type SeatRefund = { payer: string; credits: number };

/**
 * Gives the seat's payment back to its payer, in `tx` (the seat deleted in it); `unlessPaidBy`
 * names a player whose own payment is not given back (an account being deleted forfeits its
 * balance). Undefined when nothing came back (the seat took nothing, or `unlessPaidBy` paid).
 */
export async function refundSeatPayment(
  credits: Pick<CreditsService, 'paymentOf' | 'post'>,
  tx: Transaction,
  seatId: string,
  unlessPaidBy?: string,
): Promise<SeatRefund | undefined> {
  const payment = await credits.paymentOf(tx, { type: 'registration', id: seatId });
  if (payment === undefined || payment.userId === unlessPaidBy) return undefined;
  const posted = await credits.post(tx, {
    userId: payment.userId,
    delta: -payment.delta,
    reason: 'cancel',
    source: { type: 'cancellation', id: seatId },
  });
  if (posted.status !== 'posted') throw new Error(`A seat's refund posted ${posted.status}.`);
  return { payer: payment.userId, credits: -payment.delta };
}
