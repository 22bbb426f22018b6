/**
 * A party's writing steps once its seats are taken on the slot (ADR 0065, ADR 0066): by a party
 * booking (parties.service.ts, which takes them free) or by an accepted waitlist offer
 * (waitlist.service.ts, which moves them from held to booked). One function, so a party booked
 * either way is the same rows: the party, the leader's registration with it, the open guest
 * seats, one debit of GAME_COST_CREDITS per seat (each seat gives back exactly what it took)
 * and the confirmation mail with the invites, all in the caller's transaction, which holds the
 * leader's balance and the slot's row already.
 */
import { randomUUID } from 'node:crypto';
import { GAME_COST_CREDITS } from '@questfield/contract';
import type { Env } from '../../config/env';
import type { Transaction } from '../../db/client';
import type { Mailer } from '../../integrations/email/mailer';
import type { CreditsService } from '../credits/credits.service';
import { createAccessCodes } from './access-codes';
import { seatBookedDraft } from './confirmation-mail';
import { createPartyInvites } from './party-invites';
import * as repo from './parties.repository';

/** The party a transaction writes on its slot, seats taken already. */
type PartyToWrite = {
  slot: { id: string; startsAt: Date; lengthMinutes: number; accessCodeSealed: string | null };
  leaderId: string;
  /** The leader's name and address for the confirmation (none: no mail). */
  player: { username: string; email: string } | undefined;
  /** How the leader's seat was taken: a booking, or an offer from the waitlist. */
  source: 'booking' | 'waitlist';
  /** Every seat, the leader's included. */
  seats: number;
  timeZone: string | undefined;
  now: Date;
};

/** A party written: its id, the leader's seat and the leader's balance after the debits. */
export type WrittenParty = { partyId: string; leaderSeat: string; balance: number };

export function createPartyWriter(deps: {
  env: Pick<Env, 'appSecret'>;
  credits: Pick<CreditsService, 'post'>;
  mailer: Pick<Mailer, 'queue'>;
}) {
  const { credits, mailer } = deps;
  const invites = createPartyInvites(deps.env.appSecret);
  const accessCodes = createAccessCodes(deps.env.appSecret);

  return {
    invites,

    /**
     * Writes the party (see the module comment) in `tx`; undefined, with nothing written, when
     * the leader holds a seat on the slot already (the caller rolls the seats back).
     */
    async write(tx: Transaction, party: PartyToWrite): Promise<WrittenParty | undefined> {
      const { slot, leaderId: userId, now } = party;
      const leaderSeat = randomUUID();
      const guestSeats = Array.from({ length: party.seats - 1 }, () => randomUUID());
      const made = { id: randomUUID(), slotId: slot.id, leaderId: userId, createdAt: now };
      const partyId = await repo.upsertParty(tx, made);
      const seated = await repo.insertSeat(tx, {
        id: leaderSeat,
        slotId: slot.id,
        userId,
        partyId,
        source: party.source,
        timeZone: party.timeZone ?? null,
        createdAt: now,
      });
      if (!seated) return undefined;
      await repo.insertOpenSeats(
        tx,
        guestSeats.map((id) => ({ id, partyId, slotId: slot.id, createdAt: now })),
      );
      let balance: number | undefined;
      for (const id of [leaderSeat, ...guestSeats]) {
        const source = { type: 'registration', id } as const;
        const request = { userId, delta: -GAME_COST_CREDITS, reason: 'book' as const, source };
        const posted = await credits.post(tx, request);
        if (posted.status !== 'posted') throw new Error(`A party seat posted ${posted.status}.`);
        balance = posted.posting.balanceAfter;
      }
      const accessCode = accessCodes.open(slot.accessCodeSealed);
      if (party.player !== undefined && accessCode !== null) {
        const seat = { ...slot, registrationId: leaderSeat, accessCode };
        const about = { username: party.player.username, timeZone: party.timeZone, joined: false };
        const mail = seatBookedDraft(seat, about, { invites: guestSeats.map(invites.tokenOf) });
        await mailer.queue(tx, party.player.email, mail);
      }
      if (balance === undefined) throw new Error('A party was written without a seat.');
      return { partyId, leaderSeat, balance };
    },
  };
}
