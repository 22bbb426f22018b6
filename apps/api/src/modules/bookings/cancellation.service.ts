/**
 * Seats given back before their game (ADR 0029). A cancellation is one transaction, taking its
 * locks in a booking's order (bookings.service.ts seatIn), so a cancel and a booking never
 * deadlock: the player's balance first (credits.lock), then the registration (deleted, when its
 * game starts after the cut-off), the refund posting, and last the slot's row (the seat back at
 * once). The refund is exactly what the registration's booking posting took, found in the
 * ledger (a seat that took nothing gives nothing back), posted with its own source,
 * ('cancellation', registration id): the ledger's unique key lets it post once, however many
 * times it is asked. A repeat finds the registration gone and that posting there, and is
 * answered as repeated. Players cancel up to the cut-off (a runtime setting, by the server's
 * clock); staff cancel until the start. A party's open guest seat is cancelled by its leader as
 * a seat of theirs, and a guest seat's credits go back to whoever paid for them, its party's
 * leader, whoever gives it back (ADR 0065). The confirmation mail joins the transaction, and so
 * does the seat's offer to the first player on the slot's waitlist (ADR 0034).
 */
import { cancelCutoffMessage } from '@questfield/contract';
import type { Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import type { Mailer } from '../../integrations/email/mailer';
import { mailDraft } from '../../integrations/email/templates';
import { fail } from '../../lib/app-error';
import type { Audit } from '../../lib/audit';
import { refuse, settle } from '../../lib/outcome';
import type { AccountsService } from '../accounts/accounts.service';
import type { CreditsService } from '../credits/credits.service';
import type { SettingsService } from '../settings/settings.service';
import type { BookingCaller, BookingsService } from './bookings.service';
import * as repo from './cancellation.repository';
import * as partiesRepo from './parties.repository';
import { refundSeatPayment, type SeatRefund } from './seat-payment';
import type { WaitlistService } from './waitlist.service';

/** A seat given back, or found given back before (`repeated`: its start is then unknown). */
export type Cancellation = {
  registrationId: string;
  startsAt: Date | null;
  /** Credits returned (by this call, or by the first one when repeated). */
  refunded: number;
  /** The balance after it. */
  balance: number;
  repeated: boolean;
  /**
   * The credits that went back to someone else, who paid for the seat: a party's leader, for
   * a guest's seat (ADR 0065); absent when the player paid (or nothing was paid).
   */
  payerRefund?: SeatRefund;
};

/** Joins a staff cancellation's transaction (its audit row), with the seat given back. */
export type AlsoInCancellation = (
  tx: Transaction,
  done: Cancellation & { startsAt: Date; before: number },
) => Promise<unknown>;

type CancellationDeps = Pick<Infra, 'db' | 'clock' | 'transaction'> & {
  credits: CreditsService;
  settings: Pick<SettingsService, 'cancelCutoffMinutes'>;
  accounts: Pick<AccountsService, 'find'>;
  mailer: Pick<Mailer, 'queue' | 'wake'>;
  audit: Audit;
  waitlist: Pick<WaitlistService, 'offerFreedSeats'>;
  bookings: Pick<BookingsService, 'announceSeatChange' | 'announceSeatChangeOnCommit'>;
};

type Seat = { userId: string; registrationId: string };

/**
 * Who cancels: the player (held to the cut-off), staff (until the start; audited), or a refund
 * of the order whose credits paid for the seat (until the start; the refund is audited).
 */
type Canceller =
  | { kind: 'player'; cutoffMinutes: number }
  | { kind: 'staff'; also: AlsoInCancellation; closedFor?: string; shrinkTo?: number }
  | { kind: 'refund' };
/** Who asks for a seat back (a refund gives seats back in its own transaction). */
type Asker = Exclude<Canceller, { kind: 'refund' }>;

const MINUTE = 60_000;

export function createCancellationService(deps: CancellationDeps) {
  const { db, clock, transaction, credits, settings, accounts, mailer, audit } = deps;

  /**
   * The player's mail: the seat given back, or, when its game was closed, why; on the player's
   * clock too where the seat kept the player's zone (ADR 0057).
   */
  function mailOf(
    player: { username: string },
    done: { startsAt: Date; refunded: number; balance: number; timeZone: string | null },
    by: Canceller,
  ) {
    const { username } = player;
    const { refunded, balance, timeZone } = done;
    // The instant: the mail says it on the venue's clock when it is sent (ADR 0057).
    const when = done.startsAt.toISOString();
    if (by.kind === 'staff' && by.closedFor !== undefined) {
      return mailDraft('game_closed', {
        username,
        startsAt: when,
        reason: by.closedFor,
        seat: { refunded, balance },
        ...(by.shrinkTo === undefined ? {} : { fewerSeats: true }),
        timeZone,
      });
    }
    const byStaff = by.kind !== 'player';
    return mailDraft('seat_cancelled', {
      username,
      startsAt: when,
      refunded,
      balance,
      byStaff,
      timeZone,
    });
  }

  /** A party's open seat given back by its leader (ADR 0065), as deleteRegistration answers. */
  async function deleteOpenSeat(tx: Transaction, seat: Seat, startsAfter: Date) {
    const leaders = { seatId: seat.registrationId, leaderId: seat.userId };
    const deleted = await partiesRepo.deleteLeadersOpenSeat(tx, leaders, startsAfter);
    return deleted === undefined ? undefined : { ...deleted, timeZone: null };
  }

  /** The cancellation's one transaction (see the module comment); refuses 'not_cancelled'. */
  async function cancelIn(tx: Transaction, seat: Seat, by: Canceller) {
    const { userId, registrationId } = seat;
    const now = clock.now();
    const cutoff = by.kind === 'player' ? by.cutoffMinutes * MINUTE : 0;
    const before = await credits.lock(tx, userId);
    const startsAfter = new Date(now.getTime() + cutoff);
    const deleted =
      (await repo.deleteRegistration(tx, seat, startsAfter)) ??
      (await deleteOpenSeat(tx, seat, startsAfter));
    if (deleted === undefined) refuse('not_cancelled');
    const back = await refundSeatPayment(credits, tx, registrationId);
    // What came back to the player giving the seat back: nothing for a guest, whose seat its
    // leader paid for (their balance is not touched; the leader's credits are `payerRefund`).
    const refunded = back?.payer === userId ? back.credits : 0;
    const payerRefund = back !== undefined && back.payer !== userId ? back : undefined;
    const balance = before + refunded;
    const startsAt = await repo.freeSeat(tx, deleted.slotId);
    // A capacity cut takes the seat away with it: nothing is left to offer.
    if (by.kind === 'staff' && by.shrinkTo !== undefined) {
      await repo.shrinkCapacity(tx, deleted.slotId, by.shrinkTo);
    }
    // The seat goes to the first player waiting for it, if any (ADR 0034).
    await deps.waitlist.offerFreedSeats(tx, deleted.slotId);
    const done = {
      registrationId,
      startsAt,
      refunded,
      balance,
      repeated: false,
      ...(payerRefund === undefined ? {} : { payerRefund }),
    };
    const player = await accounts.find(userId, tx);
    if (player !== undefined) {
      const about = { ...done, timeZone: deleted.timeZone };
      await mailer.queue(tx, player.email, mailOf(player, about, by));
    }
    if (by.kind === 'staff') await by.also(tx, { ...done, before });
    return { status: 'cancelled' as const, done };
  }

  /**
   * After nothing was cancelled: a seat given back before is answered again (from its refund
   * posting); otherwise why not, in the order a caller can act on it.
   */
  async function notCancelled(seat: Seat, by: Asker): Promise<Cancellation> {
    const missing = by.kind === 'player' ? 'SEAT_NOT_FOUND' : 'OPERATOR_SEAT_NOT_FOUND';
    const found =
      (await repo.findSeat(db, seat.userId, { registrationId: seat.registrationId })) ??
      (await partiesRepo.findLeadersOpenSeat(db, seat.userId, seat.registrationId));
    if (found === undefined) {
      const source = { type: 'cancellation', id: seat.registrationId } as const;
      const refund = await credits.postingOf(db, seat.userId, source);
      if (refund === undefined) return fail(missing);
      const balance = await credits.balance(db, seat.userId);
      return { ...seat, startsAt: null, refunded: refund.delta, balance, repeated: true };
    }
    if (found.startsAt <= clock.now() || by.kind === 'staff') return fail('GAME_ALREADY_STARTED');
    return fail('CANCEL_CUTOFF_PASSED', cancelCutoffMessage(by.cutoffMinutes));
  }

  /** The seat given back in its own transaction; undefined when nothing was cancelled. */
  async function tryCancel(seat: Seat, by: Asker): Promise<Cancellation | undefined> {
    const outcome = await settle<{ status: 'cancelled'; done: Cancellation }, 'not_cancelled'>(
      transaction((tx) => cancelIn(tx, seat, by)),
    );
    if (outcome.status !== 'cancelled') return undefined;
    const { done } = outcome;
    if (done.startsAt !== null) deps.bookings.announceSeatChange(done.startsAt);
    mailer.wake();
    return done;
  }

  async function cancel(seat: Seat, by: Asker): Promise<Cancellation> {
    return (await tryCancel(seat, by)) ?? notCancelled(seat, by);
  }

  return {
    /**
     * The signed-in player gives back one of their seats, by its registration id, up to the
     * cut-off. Another player's seat is answered as an unknown one.
     */
    async cancel(caller: BookingCaller, registrationId: string): Promise<Cancellation> {
      const cutoffMinutes = await settings.cancelCutoffMinutes();
      const { userId } = caller;
      const done = await cancel({ userId, registrationId }, { kind: 'player', cutoffMinutes });
      if (!done.repeated) {
        const startsAt = done.startsAt?.toISOString();
        audit(caller, 'bookings.cancel', { userId, startsAt, refunded: done.refunded });
      }
      return done;
    },

    /**
     * In a refund's transaction (the players' balances locked already): gives back each player's
     * seats on games not started yet, the open seats of the parties they lead first, then the
     * latest game first, each as staff would (its booking's credits back, the seat offered to
     * the waitlist, the player mailed), until the credits `shortOf` names are back or no such
     * seat is left (ADR 0051). A guest's seat is never given back for its guest: its leader
     * paid for it, so it would return them nothing (ADR 0065).
     */
    async giveBackForRefund(tx: Transaction, shortOf: ReadonlyMap<string, number>) {
      const now = clock.now();
      await repo.lockGamesOf(tx, [...shortOf.keys()], now);
      for (const [userId, credits] of shortOf) {
        let back = 0;
        for (const { registrationId } of await repo.seatsAfter(tx, userId, now)) {
          if (back >= credits) break;
          const { done } = await cancelIn(tx, { userId, registrationId }, { kind: 'refund' });
          await deps.bookings.announceSeatChangeOnCommit(tx, done.startsAt);
          back += done.refunded;
        }
      }
    },

    /**
     * Staff give back a player's seat on the game starting at `startsAt`, until it starts (no
     * cut-off); `also` joins the transaction (the audit row).
     */
    async cancelForStaff(
      userId: string,
      startsAt: Date,
      also: AlsoInCancellation,
    ): Promise<Cancellation> {
      const seat = await repo.findSeat(db, userId, { startsAt });
      if (seat === undefined) return fail('OPERATOR_SEAT_NOT_FOUND');
      const { registrationId } = seat;
      return cancel({ userId, registrationId }, { kind: 'staff', also });
    },

    /**
     * A seat on a game an operator closed, given back as staff give one back (no cut-off, until
     * the start), its player mailed `reason`; `also` joins the transaction (the audit row).
     * Undefined when it was given back already (another closure, the player) or its game has
     * started: by the registration's id, so asking twice moves nothing twice.
     */
    cancelForClosure(
      seat: { userId: string; registrationId: string },
      reason: string,
      also: AlsoInCancellation,
    ): Promise<Cancellation | undefined> {
      return tryCancel(seat, { kind: 'staff', also, closedFor: reason });
    },

    /**
     * A seat over a slot's new capacity (`capacity`), given back as on a closure, its player
     * mailed `reason`, and the slot's capacity lowered with it in the same transaction (never
     * below the seats left), so the seat is not offered to the waitlist; by the registration's
     * id, so asking twice moves nothing twice.
     */
    cancelForCapacity(
      seat: { userId: string; registrationId: string },
      capacity: number,
      reason: string,
      also: AlsoInCancellation,
    ): Promise<Cancellation | undefined> {
      return tryCancel(seat, { kind: 'staff', also, closedFor: reason, shrinkTo: capacity });
    },
  };
}

export type CancellationService = ReturnType<typeof createCancellationService>;
