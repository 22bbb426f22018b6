/**
 * Party bookings (issue 43; ADR 0065): a leader books several seats on one game, all or nothing,
 * 2 credits a seat; friends claim the guest seats through single-use invites, free; an open
 * seat stays the leader's, who may cancel it under the cut-off; a guest seat's credits go back
 * to the leader whoever gives it back. Races run as real parallel requests (on Postgres over a
 * pool); the invariants (booked = registrations + open seats, each guest seat paid once by its
 * leader, balances = ledger) are checked after every test.
 */
import {
  type CancelRegistrationResponse,
  type PartyInviteResponse,
  type PartyView,
  type RegisterEventResponse,
} from '@questfield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eventSlots, partySeats, users } from '../src/db/schema';
import type { Services } from '../src/services';
import { postJson } from './helpers/accounts';
import { AT, DAY, fixedClock, NOW } from './helpers/clock';
import { findInvariantViolations, hasViolations } from './helpers/invariants';
import { openedMails } from './helpers/outbox';
import { playersWith as playersWithIn, type Player } from './helpers/players';
import { refusal } from './helpers/refusal';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

const MINUTE = 60_000;

describe(`party bookings [${dbKind}]`, () => {
  const clock = fixedClock(NOW);
  let t: TestApp;
  let services: Services;
  const db = () => t.database.handle.db;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    services = servicesOf(t);
    expect((await postJson(t.app, 'eventsAvailableTimes', { date: DAY })).statusCode).toBe(200);
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(NOW));
  afterEach(async () => {
    const violations = await findInvariantViolations(db());
    expect(hasViolations(violations), JSON.stringify(violations)).toBe(false);
  });

  const playersWith = (credits: number, count = 1) => playersWithIn(t, services, credits, count);
  const playerWith = async (credits: number) => (await playersWith(credits))[0] as Player;
  const as = (who: Player) => ({ cookie: who.cookie, ip: who.ip });

  const bookParty = (who: Player, eventTime: string, seats: number) =>
    postJson(t.app, 'eventsRegister', { EventTime: eventTime, seats }, as(who));
  const claim = (who: Player, invite: string) =>
    postJson(t.app, 'partiesClaim', { invite }, as(who));
  const cancel = (who: Player, registrationId: string) =>
    postJson(t.app, 'eventsCancel', { registrationId }, as(who));
  const mine = async (who: Player) =>
    jsonOf<{ parties: PartyView[] }>(await postJson(t.app, 'partiesMine', {}, as(who))).parties;
  const inviteOf = async (invite: string) => postJson(t.app, 'partiesInvite', { invite });

  const balanceOf = async (userId: string) =>
    (await db().select({ credits: users.credits }).from(users).where(eq(users.id, userId)))[0]
      ?.credits;
  const bookedOn = async (eventTime: string) =>
    (
      await db()
        .select({ booked: eventSlots.booked })
        .from(eventSlots)
        .where(eq(eventSlots.startsAt, new Date(eventTime)))
    )[0]?.booked ?? 0;

  /** A party of `seats` booked by a new leader on `eventTime`: the leader and the answer. */
  async function party(eventTime: string, seats: number, credits = 20) {
    const leader = await playerWith(credits);
    const answer = await bookParty(leader, eventTime, seats);
    expect(answer.statusCode, answer.body).toBe(200);
    const booked = jsonOf<RegisterEventResponse>(answer);
    const invites = (booked.party?.seats ?? []).flatMap((seat) =>
      seat.invite === null ? [] : [seat.invite],
    );
    return { leader, booked, invites };
  }

  it('takes every seat at 2 credits each in one go, with an invite per guest seat', async () => {
    const slot = AT('10:00');
    const before = await bookedOn(slot);
    const { leader, booked, invites } = await party(slot, 4);
    expect(booked.credits).toBe(12);
    expect(await balanceOf(leader.id)).toBe(12);
    expect(await bookedOn(slot)).toBe(before + 4);
    expect(invites).toHaveLength(3);
    expect(new Set(invites).size).toBe(3);
    expect(booked.party).toMatchObject({ leading: true, EventTime: new Date(slot).toISOString() });
    expect(booked.party?.seats.map((seat) => seat.state)).toEqual([
      'leader',
      'open',
      'open',
      'open',
    ]);
    expect(booked.party?.seats[0]).toMatchObject({ you: true, invite: null });
    // Its own seat is a seat like any: listed in My Sessions with its code.
    expect(booked.registrationId).toBe(booked.party?.seats[0]?.seatId);
    expect(await mine(leader)).toEqual([booked.party]);
  });

  it('a friend claims a seat free; the invite is then used up, and the party shows who', async () => {
    const slot = AT('10:30');
    const { leader, booked, invites } = await party(slot, 3);
    const [friend, other] = await playersWith(6, 2);
    const invite = invites[0] as string;
    expect(jsonOf<PartyInviteResponse>(await inviteOf(invite))).toMatchObject({
      status: 'open',
      EventTime: new Date(slot).toISOString(),
    });

    const claimed = await claim(friend as Player, invite);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(jsonOf<RegisterEventResponse>(claimed)).toMatchObject({ credits: 6, repeated: false });
    expect(await balanceOf((friend as Player).id)).toBe(6);

    // Twice by the same friend: the seat answered again. By anyone else: used up.
    expect(jsonOf<RegisterEventResponse>(await claim(friend as Player, invite)).repeated).toBe(
      true,
    );
    const late = await claim(other as Player, invite);
    expect(late.statusCode).toBe(409);
    expect(jsonOf(late)).toEqual(refusal('INVITE_CLAIMED'));
    expect(jsonOf<PartyInviteResponse>(await inviteOf(invite)).status).toBe('claimed');

    const [seen] = await mine(leader);
    expect(seen?.seats.map((seat) => seat.state).sort()).toEqual(['guest', 'leader', 'open']);
    expect(seen?.seats[0]?.state).toBe('leader');
    // The claimed seat kept its place among the guest seats.
    const before = booked.party?.seats.map((seat) => seat.seatId);
    expect(seen?.seats.map((seat) => seat.seatId)).toEqual(before);
    const [guestView] = await mine(friend as Player);
    expect(guestView).toMatchObject({ leading: false, partyId: seen?.partyId });
    // A guest sees who plays, never an invite.
    expect(guestView?.seats.every((seat) => seat.invite === null)).toBe(true);
    expect(guestView?.seats.find((seat) => seat.you)?.state).toBe('guest');
  });

  it('mails the leader every invite link and each guest their own confirmation', async () => {
    const slot = AT('12:00');
    const { leader, invites } = await party(slot, 3);
    const [toLeader] = await openedMails(t, leader.email);
    expect(toLeader?.subject).toMatch(/^Your Questfield game at /);
    expect(toLeader?.textBody).toContain("Your party's 2 guest seats: send each friend one link.");
    for (const invite of invites) {
      expect(toLeader?.textBody).toContain(`${t.env.publicOrigin}/invite#${invite}`);
      expect(toLeader?.htmlBody).toContain(`/invite#${invite}`);
    }
    const friend = await playerWith(0);
    expect((await claim(friend, invites[0] as string)).statusCode).toBe(200);
    const [toFriend] = await openedMails(t, friend.email);
    const leaderName = (await mine(friend))[0]?.leader as string;
    expect(toFriend?.textBody).toContain(
      `You are playing in ${leaderName}'s party: your seat is free.`,
    );
    // A guest's confirmation carries no invite, and the calendar file as any seat's.
    expect(toFriend?.textBody).not.toContain('/invite#');
    expect(toFriend?.extras.attachments).toHaveLength(1);
  });

  it('refuses bad invites, the leader’s own, and a second seat for one player', async () => {
    const slot = AT('11:00');
    const { leader, invites } = await party(slot, 2);
    const invite = invites[0] as string;
    const forged = `${invite.slice(0, 30)}${invite[30] === 'A' ? 'B' : 'A'}${invite.slice(31)}`;
    for (const bad of [forged, 'A'.repeat(44)]) {
      const answer = await claim(leader, bad);
      expect(answer.statusCode).toBe(404);
      expect(jsonOf(answer)).toEqual(refusal('INVITE_INVALID'));
      expect((await inviteOf(bad)).statusCode).toBe(404);
    }
    expect((await claim(leader, 'short')).statusCode).toBe(400);
    expect(jsonOf(await claim(leader, invite))).toEqual(refusal('INVITE_OWN_PARTY'));

    // A player who booked the game already keeps one seat; the invite stays open.
    const booked = await playerWith(4);
    expect(
      (await postJson(t.app, 'eventsRegister', { EventTime: slot }, as(booked))).statusCode,
    ).toBe(200);
    expect(jsonOf(await claim(booked, invite))).toEqual(refusal('ALREADY_BOOKED'));
    expect(jsonOf<PartyInviteResponse>(await inviteOf(invite)).status).toBe('open');
  });

  it('books all or nothing: too few credits, too few seats, a seat held already', async () => {
    const slot = AT('11:30');
    const poor = await playerWith(7);
    const before = await bookedOn(slot);
    expect(jsonOf(await bookParty(poor, slot, 4))).toEqual(refusal('PARTY_NOT_ENOUGH_CREDITS'));
    expect(await balanceOf(poor.id)).toBe(7);
    expect(await bookedOn(slot)).toBe(before);

    await db()
      .update(eventSlots)
      .set({ capacity: before + 3 })
      .where(eq(eventSlots.startsAt, new Date(slot)));
    const rich = await playerWith(20);
    expect(jsonOf(await bookParty(rich, slot, 4))).toEqual(refusal('PARTY_SEATS_NOT_FREE'));
    expect(await balanceOf(rich.id)).toBe(20);
    expect(await mine(rich)).toEqual([]);
    expect((await bookParty(rich, slot, 3)).statusCode).toBe(200);
    expect(jsonOf(await bookParty(rich, slot, 2))).toEqual(refusal('ALREADY_BOOKED'));
    expect((await bookParty(rich, slot, 7)).statusCode).toBe(400);
    expect((await bookParty(rich, slot, 0)).statusCode).toBe(400);
  });

  it('the leader cancels an open seat under the cut-off: 2 credits back, the invite ended', async () => {
    const slot = AT('14:00');
    const { leader, booked, invites } = await party(slot, 3);
    const before = await bookedOn(slot);
    const open = booked.party?.seats.find((seat) => seat.state === 'open');
    const seatId = open?.seatId as string;

    const stranger = await playerWith(0);
    expect(jsonOf(await cancel(stranger, seatId))).toEqual(refusal('SEAT_NOT_FOUND'));

    const answer = await cancel(leader, seatId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(jsonOf<CancelRegistrationResponse>(answer)).toMatchObject({
      refunded: 2,
      credits: 16,
      repeated: false,
    });
    expect(await bookedOn(slot)).toBe(before - 1);
    expect(jsonOf(await cancel(leader, seatId))).toMatchObject({ repeated: true, refunded: 2 });
    expect(await balanceOf(leader.id)).toBe(16);
    expect((await inviteOf(open?.invite as string)).statusCode).toBe(409);
    expect((await mine(leader))[0]?.seats).toHaveLength(2);

    // Past the cut-off (120 minutes by default) the open seat stays the leader's.
    clock.set(new Date(new Date(slot).getTime() - 60 * MINUTE).toISOString());
    const other = (await mine(leader))[0]?.seats.find((seat) => seat.state === 'open');
    const late = await cancel(leader, other?.seatId as string);
    expect(late.statusCode).toBe(409);
    expect(jsonOf<{ code: string }>(late).code).toBe('CANCEL_CUTOFF_PASSED');
    expect(invites).toHaveLength(2);
  });

  it('a guest giving their seat back returns its credits to the leader, not to themselves', async () => {
    const slot = AT('14:30');
    const { leader, invites } = await party(slot, 2);
    const friend = await playerWith(3);
    const claimed = jsonOf<RegisterEventResponse>(await claim(friend, invites[0] as string));
    const before = await bookedOn(slot);

    const answer = await cancel(friend, claimed.registrationId);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(jsonOf<CancelRegistrationResponse>(answer)).toMatchObject({ refunded: 0, credits: 3 });
    expect(await balanceOf(friend.id)).toBe(3);
    expect(await balanceOf(leader.id)).toBe(18);
    expect(await bookedOn(slot)).toBe(before - 1);
    // The invite does not open the seat again.
    expect(jsonOf(await claim(await playerWith(0), invites[0] as string))).toEqual(
      refusal('INVITE_ENDED'),
    );
  });

  it('an invite ends with its game', async () => {
    const slot = AT('15:00');
    const { invites } = await party(slot, 2);
    clock.set(new Date(new Date(slot).getTime() + 10 * MINUTE).toISOString());
    const live = await claim(await playerWith(0), invites[0] as string);
    expect(live.statusCode, live.body).toBe(200);
    const { invites: more } = await party(AT('15:30'), 2);
    clock.set(new Date(new Date(AT('15:30')).getTime() + 31 * MINUTE).toISOString());
    expect(jsonOf<PartyInviteResponse>(await inviteOf(more[0] as string)).status).toBe('ended');
    expect(jsonOf(await claim(await playerWith(0), more[0] as string))).toEqual(
      refusal('INVITE_ENDED'),
    );
    // The seat nobody claimed stays the leader's: paid, counted, not given back.
    expect(
      await db()
        .select()
        .from(partySeats)
        .where(eq(partySeats.slotId, await slotId(AT('15:30')))),
    ).toHaveLength(1);
  });

  const slotId = async (eventTime: string) =>
    (
      await db()
        .select({ id: eventSlots.id })
        .from(eventSlots)
        .where(eq(eventSlots.startsAt, new Date(eventTime)))
    )[0]?.id as string;

  it('one invite claimed by many at once seats exactly one of them', async () => {
    const { invites } = await party(AT('16:00'), 2);
    const friends = await playersWith(0, 12);
    const answers = await Promise.all(friends.map((friend) => claim(friend, invites[0] as string)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(11);
  });
});
