/**
 * Parties (issue 43; ADR 0065): a player books several seats on one game in one transaction,
 * and friends claim the guest seats through their invites.
 *
 * - A party booking takes its locks in a booking's order (bookings.service.ts seatIn): the
 *   leader's balance first (which must cover every seat), then the slot's row, taken only when
 *   it has every seat free; then the leader's registration (one seat per person per game), the
 *   party, its open guest seats, one ledger posting per seat (so each seat gives back exactly
 *   what it took, whoever gives it back) and the confirmation mail. All or nothing.
 * - An open guest seat counts as booked (event_slots.booked = registrations + open seats). A
 *   claim deletes it and writes the guest's registration with the seat's id, in one transaction
 *   that locks the seat's row first (two claims of one invite: one wins), then shares the slot's
 *   row (a closure, which updates it, cannot slip between); it moves no credits.
 * - Cancelling a seat (cancellation.service.ts) works on open seats too, for their leader, and
 *   gives a guest seat's credits back to whoever paid for it: the leader.
 */
import {
  GAME_COST_CREDITS,
  type PartyInviteResponse,
  type PartySeat,
  type PartyView,
} from '@questfield/contract';
import type { Infra } from '../../infra';
import type { Mailer } from '../../integrations/email/mailer';
import { fail } from '../../lib/app-error';
import type { Audit } from '../../lib/audit';
import { refuse, settle } from '../../lib/outcome';
import type { AccountsService } from '../accounts/accounts.service';
import type { CreditsService } from '../credits/credits.service';
import type { SettingsService } from '../settings/settings.service';
import * as bookingsRepo from './bookings.repository';
import type { Booking, BookingCaller, BookingsService } from './bookings.service';
import { knownTimeZone, seatBookedDraft } from './confirmation-mail';
import { createPartyWriter, type WrittenParty } from './party-writer';
import * as repo from './parties.repository';

type PartiesDeps = Pick<Infra, 'db' | 'env' | 'clock' | 'transaction'> & {
  accounts: Pick<AccountsService, 'find'>;
  mailer: Pick<Mailer, 'queue' | 'wake'>;
  credits: CreditsService;
  settings: Pick<SettingsService, 'multiplayerEnabled'>;
  audit: Audit;
  bookings: Pick<BookingsService, 'gameOf' | 'announceSeatChange'>;
};

/** A party booking: the leader's seat (a booking) and the party with its invites. */
export type PartyBooking = Booking & { party: PartyView };

const MINUTE = 60_000;

export function createPartiesService(deps: PartiesDeps) {
  const { db, env, clock, transaction, accounts, mailer, credits, settings, audit } = deps;
  const writer = createPartyWriter({ env, credits, mailer });
  const { invites } = writer;

  /** The parties given, as `userId` sees them (only a leader sees the open seats' invites). */
  async function viewsOf(
    userId: string,
    list: Awaited<ReturnType<typeof repo.listPartiesOf>>,
  ): Promise<PartyView[]> {
    const { taken, open } = await repo.partySeatsOf(
      db,
      list.map((party) => party.partyId),
    );
    return list.map((party) => {
      const leading = party.leaderId === userId;
      const mine = <T extends { partyId: string | null }>(seat: T) =>
        seat.partyId === party.partyId;
      const members = taken.filter(mine);
      const seatOf = (seat: (typeof members)[number]): PartySeat => ({
        seatId: seat.seatId,
        state: seat.source === 'guest' ? 'guest' : 'leader',
        username: seat.username,
        you: seat.userId === userId,
        invite: null,
      });
      const openSeats = open.filter(mine).map((seat): PartySeat => ({
        seatId: seat.seatId,
        state: 'open',
        username: null,
        you: false,
        invite: leading ? invites.tokenOf(seat.seatId) : null,
      }));
      return {
        partyId: party.partyId,
        EventTime: party.startsAt.toISOString(),
        EventLength: party.lengthMinutes,
        leader: party.leader,
        leading,
        // The leader's own seat first, then the guest seats by id: claimed or open, a seat
        // keeps its place (and the number the leader's page gives it) when a friend claims it.
        seats: [
          ...members.filter((seat) => seat.source !== 'guest').map(seatOf),
          ...[...members.filter((seat) => seat.source === 'guest').map(seatOf), ...openSeats].sort(
            (a, b) => (a.seatId < b.seatId ? -1 : 1),
          ),
        ],
      };
    });
  }

  /** After a party booking took nothing: why, read again, in the order a player can act on. */
  async function notBooked(userId: string, startsAt: Date, seats: number): Promise<never> {
    const slot = await bookingsRepo.findSlotFor(db, { startsAt }, userId);
    if (slot === undefined || !slot.enabled || slot.startsAt <= clock.now()) fail('SLOT_CLOSED');
    if (slot.registrationId !== null) fail('ALREADY_BOOKED');
    const free = slot.capacity - slot.booked - slot.held;
    if (free <= 0) fail('SLOT_FULL');
    if (free < seats) fail('PARTY_SEATS_NOT_FREE');
    const balance = await credits.balance(db, userId);
    if (balance < seats * GAME_COST_CREDITS) fail('PARTY_NOT_ENOUGH_CREDITS');
    // Freed between the try and this read: the player may simply try again.
    return fail('PARTY_SEATS_NOT_FREE');
  }

  return {
    /**
     * Books `seats` seats (PARTY.minSeats or more) on the slot starting at `startsAt` for the
     * caller and their guests (see the module comment): the leader's seat, with the party.
     */
    async book(
      caller: BookingCaller,
      startsAt: Date,
      seats: number,
      timeZone?: string,
    ): Promise<PartyBooking> {
      if (!(await settings.multiplayerEnabled())) fail('MULTIPLAYER_DISABLED');
      const { userId } = caller;
      const [found, player] = await Promise.all([
        bookingsRepo.findSlotFor(db, { startsAt }, userId),
        caller.player ?? accounts.find(userId),
      ]);
      const slot = found ?? fail('SLOT_CLOSED');
      if (slot.registrationId !== null) fail('ALREADY_BOOKED');
      const now = clock.now();
      const zone = knownTimeZone(timeZone);
      const outcome = await settle<
        { status: 'booked'; taken: bookingsRepo.SlotRow } & WrittenParty,
        'not_booked'
      >(
        transaction(async (tx) => {
          const before = await credits.lock(tx, userId);
          if (before < seats * GAME_COST_CREDITS) refuse('not_booked');
          const taken = (await repo.takeSeats(tx, slot.id, seats, now)) ?? refuse('not_booked');
          const party = { slot: taken, leaderId: userId, player, source: 'booking' as const };
          const written = await writer.write(tx, { ...party, seats, timeZone: zone, now });
          return { status: 'booked' as const, taken, ...(written ?? refuse('not_booked')) };
        }),
      );
      if (outcome.status !== 'booked') return notBooked(userId, startsAt, seats);
      deps.bookings.announceSeatChange(outcome.taken.startsAt);
      mailer.wake();
      audit(caller, 'bookings.book', { userId, startsAt: startsAt.toISOString(), seats });
      const { taken, balance, partyId, leaderSeat } = outcome;
      const row = { partyId, leaderId: userId, leader: player?.username ?? '', ...taken };
      const [party] = await viewsOf(userId, [row]);
      if (party === undefined) throw new Error('A party booked was not found.');
      return { ...deps.bookings.gameOf(taken, leaderSeat), balance, repeated: false, party };
    },

    /**
     * The caller claims the guest seat an invite names, free (see the module comment). A
     * second claim of a seat the caller holds already is answered again, as a repeat.
     */
    async claim(caller: BookingCaller, token: string, timeZone?: string): Promise<Booking> {
      const seatId = invites.seatOf(token) ?? fail('INVITE_INVALID');
      if (!(await settings.multiplayerEnabled())) fail('MULTIPLAYER_DISABLED');
      const { userId } = caller;
      const player = caller.player ?? (await accounts.find(userId));
      const now = clock.now();
      const zone = knownTimeZone(timeZone);
      const outcome = await settle<
        { status: 'claimed'; slot: bookingsRepo.SlotRow },
        'gone' | 'own' | 'booked'
      >(
        transaction(async (tx) => {
          // The seat's row first (a second claim of it waits here, then finds it gone), then
          // its game's: a cancel of the seat by its leader takes them in the same order.
          const { partyId, slotId } = (await repo.deleteOpenSeat(tx, seatId)) ?? refuse('gone');
          const game = await repo.lockClaimableGame(tx, { slotId, partyId }, now);
          if (game === undefined) refuse('gone');
          const { leaderId, leader, ...slot } = game;
          if (leaderId === userId) refuse('own');
          const seated = await repo.insertSeat(tx, {
            id: seatId,
            slotId: slot.id,
            userId,
            source: 'guest',
            partyId,
            timeZone: zone ?? null,
            createdAt: now,
          });
          if (!seated) refuse('booked');
          if (player !== undefined) {
            const about = { username: player.username, timeZone: zone, joined: false };
            const seat = deps.bookings.gameOf(slot, seatId);
            await mailer.queue(tx, player.email, seatBookedDraft(seat, about, { guestOf: leader }));
          }
          return { status: 'claimed' as const, slot };
        }),
      );
      if (outcome.status === 'own') fail('INVITE_OWN_PARTY');
      if (outcome.status === 'booked') fail('ALREADY_BOOKED');
      const balance = await credits.balance(db, userId);
      if (outcome.status === 'claimed') {
        mailer.wake();
        audit(caller, 'bookings.claim', { userId, startsAt: outcome.slot.startsAt.toISOString() });
        return { ...deps.bookings.gameOf(outcome.slot, seatId), balance, repeated: false };
      }
      const seat = await repo.inviteSeat(db, seatId);
      if (seat?.state === 'claimed' && seat.guestId === userId) {
        return { ...deps.bookings.gameOf(seat, seatId), balance, repeated: true };
      }
      return fail(seat?.state === 'claimed' ? 'INVITE_CLAIMED' : 'INVITE_ENDED');
    },

    /** What an invite offers (public: the token is its own proof); see partyInviteResponse. */
    async invite(token: string): Promise<PartyInviteResponse> {
      const seatId = invites.seatOf(token) ?? fail('INVITE_INVALID');
      const seat = (await repo.inviteSeat(db, seatId)) ?? fail('INVITE_ENDED');
      const endsAt = seat.startsAt.getTime() + seat.lengthMinutes * MINUTE;
      const playable = seat.enabled && clock.now().getTime() < endsAt;
      return {
        EventTime: seat.startsAt.toISOString(),
        EventLength: seat.lengthMinutes,
        leader: seat.leader,
        status: seat.state === 'claimed' ? 'claimed' : playable ? 'open' : 'ended',
      };
    },

    /** The parties on games not ended that the player leads or holds a seat of. */
    async mine(userId: string): Promise<PartyView[]> {
      return viewsOf(userId, await repo.listPartiesOf(db, userId, clock.now()));
    },
  };
}
