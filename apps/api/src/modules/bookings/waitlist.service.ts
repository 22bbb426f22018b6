/**
 * The waitlist of full games (issue 23 item 4; ADR 0034).
 *
 * - Joining is free: one place per player and slot, only on a slot that is full (seats booked
 *   and held), open, and starting more than WAITLIST.offersStopMinutes from now, and only for a
 *   player without a seat on it who holds the game's cost (ADR 0049), for every seat of a party
 *   (a place asks for 1 seat or a party's, ADR 0066). Joining again answers the same place, its
 *   seats as first asked. Leaving is free at any time; leaving with an offer declines it.
 * - A seat freed (a cancellation, a raised capacity, a reopened slot, a deleted account) is
 *   offered in the transaction that frees it (offerFreedSeats): under the slot's row lock,
 *   while seats are neither booked nor held and someone fits, the first in line whose seats fit
 *   in them and who can pay for them now (in the order they joined; a player who let
 *   WAITLIST.lapsesToLineEnd offers lapse today after everyone else, ADR 0049) is offered
 *   them: a party is never split, and a place that does not fit keeps it (ADR 0066). The seats
 *   are held for them (event_slots.held) for the runtime setting `waitlist_hold_minutes`, never
 *   past the start, and mailed. The lock makes the offers of a slot one transaction at a time,
 *   in any process: every freed seat is offered once.
 * - Accepting books the held seats (2 credits a seat through the credits module, source
 *   'waitlist'): a single seat's hold becomes the seat in one statement; a party's becomes the
 *   party, written as a party booking writes it (party-writer.ts). Too few credits is refused
 *   and the hold keeps running. Declining, leaving, or the hold lapsing (the waitlist job, every
 *   30 seconds) gives the seats back, whole, and offers them to the next in line who fits.
 * - No offer is made within WAITLIST.offersStopMinutes of the start; an offer made before stays
 *   open until it ends (at the start at the latest), and the job clears the players still
 *   waiting once the line has closed.
 *
 * Every transaction here takes its locks in the module's order: the player's balance, then the
 * slot's row, then its waitlist entries (waitlist.repository.ts).
 */
import { randomUUID } from 'node:crypto';
import {
  GAME_COST_CREDITS,
  PAGE_PATHS,
  WAITLIST,
  WAITLIST_OFFER_HASH,
  type WaitlistEntry,
  venueTimeText,
} from '@questfield/contract';
import type { Transaction } from '../../db/client';
import type { Infra } from '../../infra';
import type { Mailer } from '../../integrations/email/mailer';
import { mailDraft } from '../../integrations/email/templates';
import { fail } from '../../lib/app-error';
import type { Audit } from '../../lib/audit';
import { refuse, settle } from '../../lib/outcome';
import { eventIdOf, slotDayOf, venueDayOf } from '../../lib/slot-schedule';
import type { SessionService } from '../accounts/sessions.service';
import type { AccountsService } from '../accounts/accounts.service';
import type { CreditsService } from '../credits/credits.service';
import type { SettingsService } from '../settings/settings.service';
import type { BookingCaller } from './bookings.service';
import { createAccessCodes } from './access-codes';
import { knownTimeZone, seatBookedDraft } from './confirmation-mail';
import { announceOffers, createOfferSignals } from './offer-signals';
import { createPartyWriter } from './party-writer';
import * as repo from './waitlist.repository';

const MINUTE = 60_000;

/** Joining a line for a party needs every seat's cost in hand, as booking one does. */
const partyCostMessage = (seats: number) =>
  `Not Enough Credits: a party of ${seats} needs ${seats * GAME_COST_CREDITS} credits (${GAME_COST_CREDITS} a seat) to join the waitlist.`;
/** How many slots one pass of the waitlist job settles (the next pass takes the rest). */
const SETTLE_BATCH = 100;

/**
 * A seat booked from an offer: the game's start, the (leader's) seat, the balance after it, and
 * for a party's offer its party.
 */
export type AcceptedOffer = {
  startsAt: Date;
  registrationId: string;
  balance: number;
  partyId: string | null;
};

type WaitlistDeps = Pick<
  Infra,
  'db' | 'env' | 'clock' | 'transaction' | 'listen' | 'background'
> & {
  sessions: Pick<SessionService, 'stillSignedIn'>;
  credits: Pick<CreditsService, 'lock' | 'post' | 'balance'>;
  settings: Pick<SettingsService, 'waitlistHoldMinutes' | 'multiplayerEnabled' | 'venueDetails'>;
  accounts: Pick<AccountsService, 'find'>;
  mailer: Pick<Mailer, 'queue' | 'wake'>;
  audit: Audit;
};

export function createWaitlistService(deps: WaitlistDeps) {
  const { db, env, clock, transaction, credits, settings, accounts, mailer, audit } = deps;
  const zone = env.venueTimezone;
  const accessCodes = createAccessCodes(env.appSecret);
  const partyWriter = createPartyWriter({ env, credits, mailer });
  const offerSignals = createOfferSignals({
    listen: deps.listen,
    stillSignedIn: deps.sessions.stillSignedIn,
    background: deps.background,
    maxStreams: env.seatStreamsPerProcess,
  });

  /** Whether offers are still made (and lines joined) on a game starting at `startsAt`. */
  const lineOpen = (startsAt: Date, now: Date) =>
    startsAt.getTime() - now.getTime() > WAITLIST.offersStopMinutes * MINUTE;

  /**
   * Offers the slot's free seats to the first players in line, in the caller's transaction
   * (see the module comment); how many were offered. Takes the slot's row lock, which the
   * caller freeing the seat usually holds already.
   */
  async function offerFreedSeats(tx: Transaction, slotId: string): Promise<number> {
    const slot = await repo.lockSlot(tx, { id: slotId }, { strength: 'update' });
    const now = clock.now();
    if (slot === undefined || !slot.enabled || !lineOpen(slot.startsAt, now)) return 0;
    let free = slot.capacity - slot.booked - slot.held;
    if (free <= 0 || !(await repo.hasWaiting(tx, slotId))) return 0;
    const holdMinutes = await settings.waitlistHoldMinutes(tx);
    const expiresAt = new Date(
      Math.min(now.getTime() + holdMinutes * MINUTE, slot.startsAt.getTime()),
    );
    const offered: { userId: string; timeZone: string | null; seats: number }[] = [];
    const today = venueDayOf(now, zone);
    // One place at a time: whether the next one fits depends on the seats the last one took.
    while (free > 0) {
      const next = await repo.offerNext(tx, slotId, { now, today, expiresAt, free });
      if (next === undefined) break;
      offered.push(next);
      free -= next.seats;
    }
    await repo.addHeld(
      tx,
      slotId,
      offered.reduce((sum, entry) => sum + entry.seats, 0),
    );
    // Each player's open tabs hear of it on commit, in any process (offer-signals.ts).
    await announceOffers(
      tx,
      offered.map((entry) => entry.userId),
    );
    for (const { userId, timeZone, seats } of offered) {
      const player = await accounts.find(userId, tx);
      if (player === undefined) continue;
      const mail = mailDraft('waitlist_offer', {
        username: player.username,
        startsAt: slot.startsAt.toISOString(),
        holdMinutes: Math.round((expiresAt.getTime() - now.getTime()) / MINUTE),
        heldUntil: expiresAt.toISOString(),
        seats,
        link: new URL(`${PAGE_PATHS.dashboard}${WAITLIST_OFFER_HASH}`, env.publicOrigin).toString(),
        timeZone,
      });
      await mailer.queue(tx, player.email, mail);
    }
    return offered.length;
  }

  /** The player's places and offers on games to come (the banner and the booking modal). */
  async function entriesOf(userId: string): Promise<WaitlistEntry[]> {
    const now = clock.now();
    const [rows, venue] = await Promise.all([
      repo.listEntriesOf(db, userId, now, venueDayOf(now, zone)),
      settings.venueDetails(),
    ]);
    return rows.map((row) => ({
      EventTime: row.startsAt.toISOString(),
      event_id: eventIdOf(row.startsAt, env),
      when: venueTimeText(row.startsAt, venue, { date: 'long' }),
      day: slotDayOf(row.startsAt, zone),
      status: row.status,
      seats: row.seats,
      place: row.status === 'waiting' ? row.ahead + 1 : null,
      offerExpiresAt: row.offerExpiresAt?.toISOString() ?? null,
    }));
  }

  /**
   * Gives the seats an ended offer held back, whole, and offers them to the next in line who
   * fits, in `tx`.
   */
  async function passOn(tx: Transaction, slot: repo.LockedSlot, seats: number): Promise<void> {
    await repo.addHeld(tx, slot.id, -seats);
    await offerFreedSeats(tx, slot.id);
  }

  /** Runs `work` and wakes the mailer after its commit (an offer it made mails its player). */
  async function thenMail<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    mailer.wake();
    return result;
  }

  type Accepted = { status: 'accepted'; accepted: AcceptedOffer };

  /**
   * The seat an accepted offer took is confirmed as a booked one is (ADR 0032), on the player's
   * clock too where the place in line kept the player's zone.
   */
  async function queueConfirmation(
    tx: Transaction,
    userId: string,
    seat: repo.LockedSlot & { registrationId: string; timeZone: string | null },
  ) {
    const player = await accounts.find(userId, tx);
    const accessCode =
      seat.accessCodeSealed === null ? null : accessCodes.open(seat.accessCodeSealed);
    if (player === undefined || accessCode === null) return;
    const about = {
      username: player.username,
      timeZone: seat.timeZone ?? undefined,
      joined: false,
    };
    await mailer.queue(tx, player.email, seatBookedDraft({ ...seat, accessCode }, about));
  }

  /** Accept's one transaction: balance, slot, offer, then the seat (see the module comment). */
  async function acceptIn(tx: Transaction, userId: string, startsAt: Date): Promise<Accepted> {
    const balance = await credits.lock(tx, userId);
    const slot = await repo.lockSlot(tx, { startsAt }, { strength: 'update' });
    if (slot === undefined) return fail('WAITLIST_OFFER_NOT_FOUND');
    const entry = await repo.lockEntry(tx, slot.id, userId);
    const now = clock.now();
    if (entry?.offerExpiresAt == null || entry.offerExpiresAt <= now) {
      return fail('WAITLIST_OFFER_NOT_FOUND');
    }
    if (!slot.enabled || slot.startsAt <= now) return fail('SLOT_CLOSED');
    if (entry.seats > 1) return acceptPartyIn(tx, { userId, balance, slot, entry, now });
    if (balance < GAME_COST_CREDITS) return fail('NOT_ENOUGH_CREDITS');
    const id = randomUUID();
    const posting = await credits.post(tx, {
      userId,
      delta: -GAME_COST_CREDITS,
      reason: 'book',
      source: { type: 'registration', id },
    });
    if (posting.status !== 'posted') throw new Error(`An accepted offer posted ${posting.status}.`);
    // The seat keeps the zone the player's place in line kept (ADR 0057).
    const { timeZone } = entry;
    const seated = await repo.seatFromHold(tx, slot.id, { id, userId, timeZone, createdAt: now });
    if (seated === undefined) refuse('already_seated');
    await repo.deleteEntry(tx, slot.id, userId);
    await queueConfirmation(tx, userId, { ...slot, registrationId: id, timeZone });
    const balanceAfter = posting.posting.balanceAfter;
    return {
      status: 'accepted',
      accepted: { startsAt, registrationId: id, balance: balanceAfter, partyId: null },
    };
  }

  /**
   * A party's offer accepted, in acceptIn's transaction and locks: its held seats become booked
   * and the party is written as a party booking writes it (party-writer.ts), GAME_COST_CREDITS a
   * seat from the leader's balance; too few credits is refused and the hold runs on.
   */
  async function acceptPartyIn(
    tx: Transaction,
    offer: {
      userId: string;
      balance: number;
      slot: repo.LockedSlot;
      entry: { seats: number; timeZone: string | null };
      now: Date;
    },
  ): Promise<Accepted> {
    const { userId, slot, entry, now } = offer;
    if (offer.balance < entry.seats * GAME_COST_CREDITS) return fail('PARTY_NOT_ENOUGH_CREDITS');
    if (!(await repo.bookHeldSeats(tx, slot.id, entry.seats))) {
      throw new Error("An offer's seats were not held.");
    }
    const written = await partyWriter.write(tx, {
      slot,
      leaderId: userId,
      player: await accounts.find(userId, tx),
      source: 'waitlist',
      seats: entry.seats,
      timeZone: entry.timeZone ?? undefined,
      now,
    });
    if (written === undefined) refuse('already_seated');
    await repo.deleteEntry(tx, slot.id, userId);
    const { leaderSeat, balance, partyId } = written;
    return {
      status: 'accepted',
      accepted: { startsAt: slot.startsAt, registrationId: leaderSeat, balance, partyId },
    };
  }

  return {
    offerFreedSeats,
    entriesOf,
    /** The players' live offer signals (each tab's GET /api/Events/SeatStream). */
    offerSignals,

    /** Wakes the mailer after a transaction that may have made offers has committed. */
    wake: (): void => mailer.wake(),

    /** How many offers lapse within `minutes` unless their players answer (the console's today). */
    offersLapsingWithin(minutes: number): Promise<number> {
      const now = clock.now();
      return repo.countOffersEnding(db, now, new Date(now.getTime() + minutes * MINUTE));
    },

    /**
     * A place in line on the full game starting at `startsAt` for `seats` (1, or a party's:
     * ADR 0066), see the module comment; `timeZone` is the player's as the browser named it,
     * kept with the place (when this server knows it) for the mails about it and, once
     * accepted, its seat (ADR 0057).
     */
    async join(
      caller: BookingCaller,
      startsAt: Date,
      options: { seats?: number; timeZone?: string } = {},
    ): Promise<WaitlistEntry[]> {
      const { seats = 1, timeZone } = options;
      if (!(await settings.multiplayerEnabled())) fail('MULTIPLAYER_DISABLED');
      const { userId } = caller;
      const joined = await transaction(async (tx) => {
        const slot = await repo.lockSlot(tx, { startsAt }, { strength: 'share' });
        const now = clock.now();
        if (slot === undefined || !slot.enabled || slot.startsAt <= now) fail('SLOT_CLOSED');
        if (!lineOpen(slot.startsAt, now)) fail('WAITLIST_CLOSED');
        if (await repo.isSeated(tx, slot.id, userId)) fail('ALREADY_BOOKED');
        if ((await repo.lockEntry(tx, slot.id, userId)) !== undefined) return false;
        if (slot.booked + slot.held < slot.capacity) fail('WAITLIST_NOT_FULL');
        if ((await credits.balance(tx, userId)) < seats * GAME_COST_CREDITS) {
          // The party's own words: its leader pays for every seat (ADR 0065).
          fail('WAITLIST_NOT_ENOUGH_CREDITS', seats > 1 ? partyCostMessage(seats) : undefined);
        }
        const zone = knownTimeZone(timeZone) ?? null;
        const entry = { slotId: slot.id, userId, seats, timeZone: zone, createdAt: now };
        await repo.insertEntry(tx, entry);
        return true;
      });
      if (joined) audit(caller, 'bookings.waitlist.join', { userId, startsAt, seats });
      return entriesOf(userId);
    },

    /**
     * Leaves the line of that game, at any time; an offer held is declined (the seat goes to
     * the next in line). Leaving a line the player is not in changes nothing.
     */
    async leave(caller: BookingCaller, startsAt: Date): Promise<WaitlistEntry[]> {
      const { userId } = caller;
      const left = await thenMail(
        transaction(async (tx) => {
          const slot = await repo.lockSlot(tx, { startsAt }, { strength: 'update' });
          if (slot === undefined) return undefined;
          const gone = await repo.deleteEntry(tx, slot.id, userId);
          if (gone?.status === 'offered') await passOn(tx, slot, gone.seats);
          return gone;
        }),
      );
      if (left !== undefined) {
        audit(caller, 'bookings.waitlist.leave', { userId, startsAt, status: left.status });
      }
      return entriesOf(userId);
    },

    /** Declines the seat offered on that game: it goes to the next in line. */
    async decline(caller: BookingCaller, startsAt: Date): Promise<WaitlistEntry[]> {
      const { userId } = caller;
      await thenMail(
        transaction(async (tx) => {
          const slot = await repo.lockSlot(tx, { startsAt }, { strength: 'update' });
          const entry = slot && (await repo.lockEntry(tx, slot.id, userId));
          if (slot === undefined || entry?.status !== 'offered') {
            return fail('WAITLIST_OFFER_NOT_FOUND');
          }
          await repo.deleteEntry(tx, slot.id, userId);
          await passOn(tx, slot, entry.seats);
        }),
      );
      audit(caller, 'bookings.waitlist.decline', { userId, startsAt });
      return entriesOf(userId);
    },

    /**
     * Books the seat held for the caller on that game (2 credits, source 'waitlist'), by the
     * server's clock before the hold ends; too few credits is refused and the hold runs on.
     */
    async accept(caller: BookingCaller, startsAt: Date): Promise<AcceptedOffer> {
      if (!(await settings.multiplayerEnabled())) fail('MULTIPLAYER_DISABLED');
      const { userId } = caller;
      const outcome = await settle<Accepted, 'already_seated'>(
        transaction((tx) => acceptIn(tx, userId, startsAt)),
      );
      if (outcome.status !== 'accepted') return fail('ALREADY_BOOKED');
      mailer.wake();
      const { accepted } = outcome;
      audit(caller, 'bookings.waitlist.accept', { userId, startsAt, balance: accepted.balance });
      return accepted;
    },

    /**
     * A deleted account's places go, in the deletion's transaction: an offer's seat is given
     * back, and every slot touched (`freedSlotIds`: its seats just freed too) is offered to
     * the next in line.
     */
    async releasePlayer(tx: Transaction, userId: string, freedSlotIds: string[]): Promise<void> {
      const placed = await repo.entrySlotsOf(tx, userId);
      const touched = [...new Set([...freedSlotIds, ...placed])];
      await repo.lockSlots(tx, touched);
      const removed = await repo.deleteEntriesOf(tx, userId);
      for (const entry of removed) {
        if (entry.status !== 'offered') continue;
        await repo.addHeld(tx, entry.slotId, -entry.seats);
      }
      for (const slotId of touched) await offerFreedSeats(tx, slotId);
    },

    /**
     * A closed game's line ends (a closure that cancels its seats), in one transaction under
     * the slot's lock: every place goes, an offer's held seat with it, and each player is
     * mailed the operator's reason. How many places ended (none when ended before).
     */
    async endForClosure(slotId: string, reason: string): Promise<number> {
      const ended = await transaction(async (tx) => {
        const slot = await repo.lockSlot(tx, { id: slotId }, { strength: 'update' });
        if (slot === undefined) return 0;
        const removed = await repo.deleteEntriesOn(tx, slotId);
        const held = removed
          .filter((entry) => entry.status === 'offered')
          .reduce((sum, entry) => sum + entry.seats, 0);
        await repo.addHeld(tx, slotId, -held);
        for (const { userId, timeZone } of removed) {
          const player = await accounts.find(userId, tx);
          if (player === undefined) continue;
          const mail = mailDraft('game_closed', {
            username: player.username,
            startsAt: slot.startsAt.toISOString(),
            reason,
            seat: null,
            timeZone,
          });
          await mailer.queue(tx, player.email, mail);
        }
        return removed.length;
      });
      if (ended > 0) mailer.wake();
      return ended;
    },

    /**
     * One pass of the waitlist job: on each slot with an offer whose hold has ended, the seat
     * goes to the next in line; on each slot whose line has closed, the players still waiting
     * are let go. A slot another transaction holds (another process's pass) is left to the next
     * pass. How many offers lapsed and places were let go.
     */
    async settleOffers(): Promise<{ lapsed: number; cleared: number }> {
      const now = clock.now();
      const closesAt = new Date(now.getTime() + WAITLIST.offersStopMinutes * MINUTE);
      const slotIds = await repo.slotsToSettle(db, { now, closesAt }, SETTLE_BATCH);
      const totals = { lapsed: 0, cleared: 0 };
      for (const slotId of slotIds) {
        const done = await transaction(async (tx) => {
          const slot = await repo.lockSlot(
            tx,
            { id: slotId },
            { strength: 'update', skipLocked: true },
          );
          if (slot === undefined) return { lapsed: 0, cleared: 0 };
          const now = clock.now();
          const lapsedOffers = await repo.deleteLapsedOffers(tx, slot.id, now);
          const lapsed = lapsedOffers.userIds.length;
          await repo.recordLapses(tx, lapsedOffers.userIds, venueDayOf(now, zone));
          await repo.addHeld(tx, slot.id, -lapsedOffers.seats);
          const cleared = lineOpen(slot.startsAt, now) ? 0 : await repo.deleteWaiting(tx, slot.id);
          await offerFreedSeats(tx, slot.id);
          return { lapsed, cleared };
        });
        totals.lapsed += done.lapsed;
        totals.cleared += done.cleared;
      }
      if (totals.lapsed > 0) mailer.wake();
      return totals;
    },
  };
}

export type WaitlistService = ReturnType<typeof createWaitlistService>;
