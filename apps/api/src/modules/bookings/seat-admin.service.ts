/**
 * Seats operators give back or book for a player, from the console (by id) and the command
 * line (`seats cancel`, `seats book`, by email, through the operator's commands) alike, on a
 * player the operator may reach (operator-reach.ts). Each leaves an audit row naming the game
 * by its venue day and time.
 */
import { GAME_COST_CREDITS } from '@questfield/contract';
import type { Infra } from '../../infra';
import { venueDayOf, venueTimeOf } from '../../lib/slot-schedule';
import type { AccountAdminService } from '../accounts/account-admin.service';
import { checkReach } from '../accounts/operator-reach';
import type { AuditLogService, OperatorActor } from '../audit-log/audit-log.service';
import type { BookingsService } from './bookings.service';
import type { Cancellation, CancellationService } from './cancellation.service';

/** Seats operators book are recorded in the audit log, not in a request's log lines. */
const QUIET = { info: () => {}, warn: () => {} };

/** A game's start as the audit log names it: its venue day and time. */
const slotSubject = (startsAt: Date, zone: string) =>
  `${venueDayOf(startsAt, zone)} ${venueTimeOf(startsAt, zone)}`;

/**
 * The audit row of a seat staff gave back (one by one, or with a closure and its reason): the
 * player's balance and what came back to them; for a guest's seat, nothing, and the credits
 * that went back to the party's leader who paid for it, with the leader's id (ADR 0065).
 */
export const seatCancelledEntry = (
  userId: string,
  seat: { startsAt: Date; before: number; balance: number; refunded: number } & Pick<
    Cancellation,
    'payerRefund'
  >,
  zone: string,
  reason?: string,
) => ({
  action: 'seats.cancel' as const,
  targetUserId: userId,
  subject: slotSubject(seat.startsAt, zone),
  before: { seat: true, balance: seat.before },
  after: {
    seat: false,
    balance: seat.balance,
    refunded: seat.refunded,
    ...(seat.payerRefund === undefined
      ? {}
      : { paidBy: seat.payerRefund.payer, refundedToPayer: seat.payerRefund.credits }),
  },
  ...(reason === undefined ? {} : { reason }),
});

type SeatAdminDeps = Pick<Infra, 'db' | 'env'> & {
  accountAdmin: Pick<AccountAdminService, 'player'>;
  bookings: Pick<BookingsService, 'bookForPlayer'>;
  cancellation: Pick<CancellationService, 'cancelForStaff'>;
  auditLog: Pick<AuditLogService, 'record'>;
};

export function createSeatAdminService(deps: SeatAdminDeps) {
  const { db, env, accountAdmin, bookings, cancellation, auditLog } = deps;
  const zone = env.venueTimezone;

  return {
    /**
     * Gives back a live player's seat on the game starting at `startsAt` with its credits (ADR
     * 0029): no cut-off, never once the game has started; the audit row joins the
     * cancellation's transaction.
     */
    async cancelSeat(playerId: string, startsAt: Date, actor: OperatorActor) {
      const account = await accountAdmin.player(playerId);
      checkReach(actor, account);
      const done = await cancellation.cancelForStaff(account.id, startsAt, (tx, seat) =>
        auditLog.record(tx, actor, seatCancelledEntry(account.id, seat, zone)),
      );
      return { account, startsAt, refunded: done.refunded, balance: done.balance };
    },

    /**
     * Books a live player's seat on the game starting at `startsAt` on the player's own booking
     * path (2 credits from their balance, the same refusals), recorded as booked by staff (the
     * roster says so), then its audit row; a seat held already is answered without a charge or
     * a row.
     */
    async bookSeat(playerId: string, startsAt: Date, actor: OperatorActor) {
      const account = await accountAdmin.player(playerId);
      checkReach(actor, account);
      const ip = actor.kind === 'operator' ? actor.ip : 'command-line';
      const booking = await bookings.bookForPlayer(
        { userId: account.id, ip, log: QUIET },
        startsAt,
      );
      if (!booking.repeated) {
        await auditLog.record(db, actor, {
          action: 'seats.book',
          targetUserId: account.id,
          subject: slotSubject(booking.startsAt, zone),
          before: { seat: false, balance: booking.balance + GAME_COST_CREDITS },
          after: { seat: true, balance: booking.balance },
        });
      }
      return { ...booking, account };
    },
  };
}

export type SeatAdminService = ReturnType<typeof createSeatAdminService>;
