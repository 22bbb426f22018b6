/**
 * R1 (security.md): the credits ledger against a model. fast-check generates sequences of
 * sign-ups, purchases (approved card, declined card, stale price), full refunds (Square's signed
 * webhook, or an admin's from the command line leaving any shortfall), an admin's refunds of
 * part of an order to the card or as credits (ADR 0056; to the card turned down, then asked for
 * again), operators' codes (issued,
 * revoked, already expired; Game Passes from Game Packs) redeemed from either screen, bookings,
 * joins by access code and cancellations, an admin's console grants and deductions (past the
 * day's allowance, a request another admin approves or refuses: ADR 0053) and grants from the
 * command line, players deleting their accounts or an admin deleting one (the balance
 * forfeited, seats ahead given up: ADR 0018), staff booking and giving back players' seats
 * (ADR 0029), operators blocking the venue day or closing a
 * game ahead with its seats cancelled and refunded (issue 42), operators cutting a game's
 * capacity (below the seats taken: refused, or with its latest booked seats cancelled and
 * refunded), and the waitlist of a full game (ADR 0034, ADR 0049: the last game starts full;
 * joining its line, leaving it, an offer made when a seat frees by a cancellation, a staff
 * give-back, a refund, a deleted account or a raised capacity, declining it, accepting it for
 * 2 credits, twice at once, or racing another player's booking of the game, and an offer
 * lapsing on the clock, with or without the job passing it on), party bookings (ADR 0065: a
 * leader books 2 to 6 seats, all or nothing; friends claim the open guest seats through their
 * invites, also two at once, also the leader; the leader gives an open seat back, also twice at
 * once, also as a friend claims it; a guest gives theirs back; an invite claimed after its game),
 * and runs each through the
 * real HTTP API and a small in-memory model. After every command, no player may hold more than they were given and not
 * given back (their balance and their seats on games not started, against what their orders and
 * codes brought them, less what refunds took back: ADR 0051; a seat is worth its price to
 * whoever paid for it: a guest seat to its leader), each player's balance in
 * Users/Me and their ledger sum must equal the model's, and so must their places in lines and
 * offers, each game's seats (booked = registrations + open guest seats), each player's seats
 * and each party's seats as the database holds them; each run ends with the invariant checker (a slot's held
 * seats are exactly its offers). Runs share one app, each on a venue day of its own with players of its own.
 * Seeded: MODEL_SEED and MODEL_PATH (the seed and path fast-check prints) replay a failure;
 * MODEL_RUNS and MODEL_COMMANDS widen the search.
 */
import { randomUUID } from 'node:crypto';
import {
  balanceTooLowMessage,
  CATALOG,
  codeRedeemedMessage,
  ERRORS,
  formatUsd,
  GAME_COST_CREDITS,
  GAME_LENGTH_MINUTES,
  GAME_PASS_CREDITS,
  PARTY,
  priceCents,
  refundOverRemainingMessage,
  SANDBOX_NONCES,
  type ApiRouteName,
  type ApprovalRequest,
  type AvailableTime,
  type CancelRegistrationResponse,
  type CheckoutRequest,
  type CheckoutResponse,
  type CodeRedeemedResponse,
  type ConsoleApprovalDecided,
  type CreditChange,
  type ErrorCode,
  type OperatorCodeKind,
  type OperatorCommand,
  type OrdersListResponse,
  type PartyInviteResponse,
  type PublicUser,
  type RegisterEventResponse,
  WAITLIST,
  type WaitlistAcceptResponse,
  type WaitlistEntry,
  type WaitlistState,
} from '@questfield/contract';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditLedger,
  eventSlots,
  orders,
  parties,
  partySeats,
  registrations,
  waitlistEntries,
} from '../src/db/schema';
import { createTestPaymentProvider } from '../src/integrations/payments/test-provider';
import { venueTimeOf } from '../src/lib/slot-schedule';
import { CODE_LIMITS } from '../src/modules/limits/code-attempts';
import { newOperatorToken } from '../src/modules/operator/operator-access';
import type { Services } from '../src/services';
import { distinctIp, PASSWORD, postJson, signUp, type SignedUp } from './helpers/accounts';
import { fixedClock } from './helpers/clock';
import { consoleClient, type Operator } from './helpers/console';
import { findInvariantViolations } from './helpers/invariants';
import { deliverSquareEvent, paymentEvent, purchase, SQUARE_ENV } from './helpers/payments';
import { createTestApp, dbKind, jsonOf, servicesOf, type TestApp } from './helpers/test-app';

const SEED = Number(process.env.MODEL_SEED ?? 20_261_201);
const PATH = process.env.MODEL_PATH;
const RUNS = Number(process.env.MODEL_RUNS ?? 20);
const MAX_COMMANDS = Number(process.env.MODEL_COMMANDS ?? 40);
/** Shrinking stops here and reports the smallest failure found so far. */
const SHRINK_LIMIT_MS = 300_000;

const MAX_PLAYERS = 5;
const MAX_CODES = 6;
/** The first run's venue day; each run takes the next day (openRun). */
const FIRST_DAY = Date.UTC(2026, 5, 1);
const DAY_MS = 86_400_000;
/** The games a run books and joins: the day's first (live while the run lasts) and two later. */
const GAMES_USED = 3;
/** Codes no one issued (a code is 60 random bits, an access code 40 per slot). */
const UNKNOWN_CODE = 'ZZZZ-ZZZZ-ZZZZ';
const UNKNOWN_ACCESS_CODE = 'ZZZZ-ZZZZ';
const DECLINED = 'Your card was declined. Please use another card.';
/** The processor the runs' app refunds through: TurnedDownPartRefund makes it refuse a while. */
const PROCESSOR = createTestPaymentProvider();

const PURCHASABLE = ['credits-16', 'credits-32', 'play-now', 'game-pack'] as const;
type PurchasableSku = (typeof PURCHASABLE)[number];
type Card = 'approved' | 'declined' | 'stale price';
const VALIDITIES = ['open', 'until today', 'expired'] as const;
type Validity = (typeof VALIDITIES)[number];
type Screen = 'modal' | 'card';

type ModelPlayer = {
  credits: number;
  seats: Set<string>;
  codeGuesses: number;
  /** Credits their orders and codes brought them, less what refunds took back. */
  given: number;
  /** Each slot's latest registration id (held, or given back), to cancel it by. */
  registrations: Map<string, string>;
  /** The player deleted the account: they send nothing more, and nothing is theirs again. */
  deleted: boolean;
  /** When they took each seat they hold (the model's now): a capacity cut takes the latest. */
  takenAt: Map<string, number>;
  /** Offers they let lapse today: from WAITLIST.lapsesToLineEnd, they wait behind everyone. */
  lapses: number;
};
/** A player's place in a game's line; an offer holds a seat for them until `offeredUntil`. */
type ModelPlace = { who: number; slot: string; joinedAt: number; offeredUntil: number | null };
type ModelCode = {
  code: string;
  kind: OperatorCodeKind;
  credits: number;
  state: 'live' | 'expired' | 'revoked';
  redeemers: Set<number>;
  /** A Game Pass: the order that issued it (a refund revokes it). */
  orderNumber?: string;
};
/**
 * A party's guest seat (ADR 0065), paid for by its leader: open (the leader's, counted as taken)
 * until a friend claims it; gone once given back (its 2 credits to the leader, `backTo`).
 */
type ModelGuestSeat = {
  id: string;
  invite: string;
  slot: string;
  leader: number;
  /** The friend holding it once claimed. */
  guest: number | null;
  state: 'open' | 'claimed' | 'gone';
  /** Who got its credits back through a cancellation posting, once gone. */
  backTo: number | null;
  /** When it was taken: the party's booking, then its claim (a capacity cut takes the latest). */
  takenAt: number;
};
/** A leader's party on a game (one per leader and game); `ownSeats`: the leader's seats in it. */
type ModelParty = { leader: number; slot: string; ownSeats: Set<string> };
/** An admin's grant past the day's allowance, waiting for another admin (ADR 0053). */
type ModelApproval = { id: string; who: number; credits: number; decided: boolean };
type ModelOrder = {
  orderNumber: string;
  buyer: number;
  credits: number;
  amountCents: number;
  /** The processor's payment id, which Square's refund event names. */
  paymentId: string;
  refunded: boolean;
  /** Money refunded so far by refunds of part of it (ADR 0056). */
  refundedCents: number;
  /** Its refunds to the card the processor turned down, each waiting to be asked again. */
  turnedDown: number;
};
type Model = {
  /** The run's venue day (YYYY-MM-DD) and its first games' starts. */
  day: string;
  slots: string[];
  now: number;
  players: ModelPlayer[];
  codes: ModelCode[];
  orders: ModelOrder[];
  /** Each slot's access code, as the first seat on it answered. */
  accessCodes: Map<string, string>;
  /** Games an operator closed (their seats cancelled): nobody books or joins them. */
  closed: Set<string>;
  /** Games whose capacity an operator set (the others seat more than MAX_PLAYERS). */
  capacities: Map<string, number>;
  /** What the run's admin granted in the console today without a second admin. */
  adminGranted: number;
  approvals: ModelApproval[];
  /** Every place in every line, in the order they were joined. */
  places: ModelPlace[];
  /** Offers that ended (accepted, declined, left, lapsed), for answering one again. */
  pastOffers: { who: number; slot: string }[];
  parties: ModelParty[];
  /** Every party's guest seat, in the order they were booked. */
  guestSeats: ModelGuestSeat[];
};
type Player = SignedUp & { ip: string };
type Console = ReturnType<typeof consoleClient>;
/** The console's two admins: one grants, the other decides what waits. */
type Admins = { granting: Operator; deciding: Operator };
type Real = {
  t: TestApp;
  clock: ReturnType<typeof fixedClock>;
  services: Services;
  operatorToken: string;
  console: Console;
  admins: Admins;
  players: Player[];
};
/** The app every run shares, its clock, and how many runs it has had. */
type Venue = Omit<Real, 'players'> & { runs: number };

// ---- the model's rules --------------------------------------------------------------------

/** A code guess admitted by the limits module (W11), or its refusal; every admission counts. */
function admitGuess(player: ModelPlayer): ErrorCode | null {
  if (player.codeGuesses >= CODE_LIMITS.perPlayerPerMinute) return 'CODE_ATTEMPTS_LIMITED';
  player.codeGuesses += 1;
  return null;
}

/** Each screen's words (spec §5) for a code not found, redeemed by the caller, or by another. */
const REDEEM_REFUSALS = {
  modal: {
    unknown: 'PROMO_INVALID',
    mine: 'PROMO_ALREADY_REDEEMED',
    taken: 'CODE_ALREADY_REDEEMED',
  },
  card: { unknown: 'CODE_INVALID', mine: 'CODE_ALREADY_REDEEMED', taken: 'CODE_ALREADY_REDEEMED' },
} as const satisfies Record<Screen, Record<string, ErrorCode>>;

function redemptionRefusal(code: ModelCode | undefined, who: number, screen: Screen) {
  const words = REDEEM_REFUSALS[screen];
  if (code === undefined || code.state !== 'live') return words.unknown;
  if (code.redeemers.has(who)) return words.mine;
  if (code.kind === 'game-pass' && code.redeemers.size > 0) return words.taken;
  return null;
}

type Way = 'book' | 'join';
type SeatOutcome = 'seated' | 'repeated' | ErrorCode;

/** Booking opens until the game starts; joining during its 30 minutes. */
function inWindow(now: number, slot: string, way: Way): boolean {
  const start = Date.parse(slot);
  if (way === 'book') return start > now;
  return start <= now && now < start + GAME_LENGTH_MINUTES * 60_000;
}

/** The player takes a seat on the game for its 2 credits. */
function holdSeat(model: Model, player: ModelPlayer, slot: string) {
  player.credits -= GAME_COST_CREDITS;
  player.seats.add(slot);
  player.takenAt.set(slot, model.now);
}

/** The guest seat `who` claimed on the game and holds (ADR 0065), if any. */
const guestSeatOf = (model: Readonly<Model>, who: number, slot: string) =>
  model.guestSeats.find(
    (seat) => seat.state === 'claimed' && seat.guest === who && seat.slot === slot,
  );

/** Who paid for the seat `who` holds on the game: a guest seat's leader, or the player. */
const payerOf = (model: Readonly<Model>, who: number, slot: string) =>
  guestSeatOf(model, who, slot)?.leader ?? who;

/**
 * The player's seat on the game is given back, its 2 credits to whoever paid for it (ADR 0065:
 * a guest seat's leader); false when none was held. `refund`: false when the player's own seat
 * is given up without its credits (a deleted account's: the balance is forfeited anyway).
 */
function giveBack(model: Model, who: number, slot: string, refund = true): boolean {
  const player = model.players[who]!;
  if (!player.seats.has(slot)) return false;
  const guestSeat = guestSeatOf(model, who, slot);
  player.seats.delete(slot);
  if (guestSeat !== undefined) {
    guestSeat.state = 'gone';
    guestSeat.backTo = guestSeat.leader;
    model.players[guestSeat.leader]!.credits += GAME_COST_CREDITS;
  } else if (refund) player.credits += GAME_COST_CREDITS;
  return true;
}

/** An open guest seat given back: its 2 credits to its leader (unless `refund` is false). */
function giveBackOpen(model: Model, seat: ModelGuestSeat, refund = true) {
  seat.state = 'gone';
  if (!refund) return;
  seat.backTo = seat.leader;
  model.players[seat.leader]!.credits += GAME_COST_CREDITS;
}

const openSeatsOn = (model: Readonly<Model>, slot: string) =>
  model.guestSeats.filter((seat) => seat.state === 'open' && seat.slot === slot);

/**
 * A seat taken on a game, as whatever gives seats back sees it: a player's registration, or a
 * party's open guest seat (ADR 0065, its leader's); `giveBack` gives it back (credits to its
 * payer).
 */
type ModelSeat = {
  id: string;
  slot: string;
  takenAt: number;
  payer: number;
  /** Its player (undefined: an open guest seat). */
  holder?: number;
  giveBack: () => void;
};

/** Every seat taken on the game (registrations and open guest seats), the latest first. */
function seatsOn(model: Model, slot: string): ModelSeat[] {
  const held = model.players.flatMap((player, who): ModelSeat[] =>
    player.seats.has(slot)
      ? [
          {
            id: player.registrations.get(slot)!,
            slot,
            takenAt: player.takenAt.get(slot)!,
            payer: payerOf(model, who, slot),
            holder: who,
            giveBack: () => giveBack(model, who, slot),
          },
        ]
      : [],
  );
  const open = openSeatsOn(model, slot).map((seat): ModelSeat => ({
    id: seat.id,
    slot,
    takenAt: seat.takenAt,
    payer: seat.leader,
    giveBack: () => giveBackOpen(model, seat),
  }));
  return [...held, ...open].sort((a, b) => b.takenAt - a.takenAt);
}

/**
 * The seats given back by a step that takes `count` of `candidates` by `rank` (highest first),
 * as the database shows them gone (`standing`: the seats it still holds). Seats of one rank (a
 * party's seats, booked at once) may go in any order: the model learns which went, and checks
 * that the server took exactly as many and never kept a seat ranked above one it took.
 */
function takenInTurn(
  candidates: readonly ModelSeat[],
  rank: (seat: ModelSeat) => number,
  count: number,
  standing: ReadonlySet<string>,
): ModelSeat[] {
  const taken = candidates.filter((seat) => !standing.has(seat.id));
  const kept = candidates.filter((seat) => standing.has(seat.id));
  const lowestTaken = Math.min(...taken.map(rank));
  expect({
    taken: taken.length,
    keptAboveTaken: kept.filter((seat) => rank(seat) > lowestTaken).map((seat) => seat.id),
  }).toEqual({ taken: Math.min(count, candidates.length), keptAboveTaken: [] });
  return taken;
}

/** The ids of the run's seats (registrations and open guest seats) the database holds. */
async function standingSeats(model: Model, real: Real): Promise<Set<string>> {
  const ids = [
    ...model.players.flatMap((player) => [...player.registrations.values()]),
    ...model.guestSeats.map((seat) => seat.id),
  ];
  if (ids.length === 0) return new Set();
  const db = real.t.database.handle.db;
  const [held, open] = await Promise.all([
    db.select({ id: registrations.id }).from(registrations).where(inArray(registrations.id, ids)),
    db.select({ id: partySeats.id }).from(partySeats).where(inArray(partySeats.id, ids)),
  ]);
  return new Set([...held, ...open].map((row) => row.id));
}

/** What taking a seat answers: a seat held already is answered again for free. */
function seatOutcome(model: Model, who: number, slot: string, way: Way): SeatOutcome {
  const player = model.players[who]!;
  if (player.seats.has(slot)) return 'repeated';
  // A closed game's seats were all given back: nobody holds one to be answered again.
  if (model.closed.has(slot)) return way === 'book' ? 'SLOT_CLOSED' : 'ACCESS_CODE_EXPIRED';
  if (!inWindow(model.now, slot, way))
    return way === 'book' ? 'SLOT_CLOSED' : 'ACCESS_CODE_EXPIRED';
  // A full game (a seat held for an offer counts) refuses before the balance is looked at.
  if (seatsTaken(model, slot) >= capacityOf(model, slot)) return 'SLOT_FULL';
  return player.credits < GAME_COST_CREDITS ? 'NOT_ENOUGH_CREDITS' : 'seated';
}

// ---- the waitlist's rules (ADR 0034, ADR 0049) ---------------------------------------------

const MINUTE = 60_000;
/** The hold the runs' venue sets (the shortest), so that an offer lapses within a run. */
const HOLD_MINUTES = WAITLIST.holdMinMinutes;

const capacityOf = (model: Readonly<Model>, slot: string) =>
  model.capacities.get(slot) ?? Number.POSITIVE_INFINITY;

/** The places on the game holding a seat (offered, lapsed or not, until the job passes on). */
const offersOn = (model: Readonly<Model>, slot: string) =>
  model.places.filter((place) => place.slot === slot && place.offeredUntil !== null);

/**
 * Seats booked (open guest seats too) or held for an offer: a booking takes a seat only below
 * the capacity.
 */
const seatsTaken = (model: Readonly<Model>, slot: string) =>
  model.players.filter((player) => player.seats.has(slot)).length +
  openSeatsOn(model, slot).length +
  offersOn(model, slot).length;

/** Lines are joined and offers made until WAITLIST.offersStopMinutes before the start. */
const lineOpen = (model: Readonly<Model>, slot: string) =>
  Date.parse(slot) - model.now > WAITLIST.offersStopMinutes * MINUTE;

const placeOf = (model: Readonly<Model>, who: number, slot: string) =>
  model.places.find((place) => place.who === who && place.slot === slot);

/** A player who let enough offers lapse today waits behind everyone else (ADR 0049). */
const sentBack = (model: Readonly<Model>, place: ModelPlace) =>
  model.players[place.who]!.lapses >= WAITLIST.lapsesToLineEnd ? 1 : 0;

/** The places waiting on the game, in the order offers go: the sent back last, then joined. */
function waitingOn(model: Readonly<Model>, slot: string): ModelPlace[] {
  const waiting = model.places.filter((p) => p.slot === slot && p.offeredUntil === null);
  return waiting.sort((a, b) => sentBack(model, a) - sentBack(model, b) || a.joinedAt - b.joinedAt);
}

/**
 * A seat freed on the game is offered (where the server calls offerFreedSeats): while a seat is
 * neither booked nor held, to the first waiting who holds no seat on it and can pay now, held
 * for HOLD_MINUTES, never past the start; none on a closed game or a line closed.
 */
function offerSeats(model: Model, slot: string) {
  if (model.closed.has(slot) || !lineOpen(model, slot)) return;
  const free = capacityOf(model, slot) - seatsTaken(model, slot);
  const canTake = waitingOn(model, slot).filter(({ who }) => {
    const player = model.players[who]!;
    return !player.seats.has(slot) && player.credits >= GAME_COST_CREDITS;
  });
  const until = Math.min(model.now + HOLD_MINUTES * MINUTE, Date.parse(slot));
  for (const place of canTake.slice(0, Math.max(0, free))) place.offeredUntil = until;
}

/** Ends the place (an offer's seat is no longer held); true when it held an offer. */
function endPlace(model: Model, place: ModelPlace): boolean {
  model.places.splice(model.places.indexOf(place), 1);
  if (place.offeredUntil === null) return false;
  model.pastOffers.push({ who: place.who, slot: place.slot });
  return true;
}

/** A closed game's line ends, offers and all: how many places went. */
function endLine(model: Model, slot: string): number {
  const line = model.places.filter((place) => place.slot === slot);
  for (const place of line) endPlace(model, place);
  return line.length;
}

/**
 * What Waitlist/Mine (and a join, leave or decline) answers the player: their places on games
 * not started where they hold no seat, soonest first; a waiting place counts those waiting
 * ahead of it (whether or not they could take a seat now).
 */
function entriesOf(model: Readonly<Model>, who: number) {
  const player = model.players[who]!;
  return model.places
    .filter((p) => p.who === who && Date.parse(p.slot) > model.now && !player.seats.has(p.slot))
    .sort((a, b) => Date.parse(a.slot) - Date.parse(b.slot))
    .map((place) => ({
      EventTime: place.slot,
      status: place.offeredUntil === null ? ('waiting' as const) : ('offered' as const),
      place: place.offeredUntil === null ? waitingOn(model, place.slot).indexOf(place) + 1 : null,
      offerExpiresAt:
        place.offeredUntil === null ? null : new Date(place.offeredUntil).toISOString(),
    }));
}

// ---- checks against the real app ----------------------------------------------------------

function expectRefused(response: LightMyRequestResponse, code: ErrorCode, message?: string) {
  expect({ status: response.statusCode, body: jsonOf(response) }).toEqual({
    status: ERRORS[code].status,
    body: { code, message: message ?? ERRORS[code].message },
  });
}

function expectOk<T>(response: LightMyRequestResponse): T {
  expect(response.statusCode, response.body).toBe(200);
  return jsonOf<T>(response);
}

async function ledgerSums(t: TestApp, userIds: string[]): Promise<Map<string, number>> {
  const rows = await t.database.handle.db
    .select({ userId: creditLedger.userId, total: sql<number>`sum(${creditLedger.delta})::int` })
    .from(creditLedger)
    .where(inArray(creditLedger.userId, userIds))
    .groupBy(creditLedger.userId);
  return new Map(rows.map((row) => [row.userId, row.total]));
}

/** Every modelled player's balance, as Users/Me answers it and as their ledger sums. */
async function expectBalances(model: Model, real: Real): Promise<void> {
  const sums = await ledgerSums(
    real.t,
    real.players.map((player) => player.id),
  );
  const actual = await Promise.all(
    real.players.map(async (player, who) => {
      const ledger = sums.get(player.id) ?? 0;
      if (model.players[who]!.deleted) return { me: null, ledger };
      const me = await postJson(real.t.app, 'usersMe', {}, player);
      return { me: jsonOf<PublicUser[]>(me)[0]?.credits, ledger };
    }),
  );
  expect(actual).toEqual(
    model.players.map(({ credits, deleted }) => ({
      me: deleted ? null : credits,
      ledger: credits,
    })),
  );
}

/**
 * No player holds more than they were given and not given back: their balance and the seats
 * they paid for on games not started (each worth what it cost; a party's guest seats, open or
 * claimed, are their leader's: ADR 0065), as the database holds them, against the model.
 */
async function expectNoValueUnpaid(model: Model, real: Real): Promise<void> {
  const ids = real.players.map((player) => player.id);
  const sums = await ledgerSums(real.t, ids);
  const db = real.t.database.handle.db;
  const ahead = gt(eventSlots.startsAt, new Date(model.now));
  const payer = sql<string>`case when ${registrations.source} = 'guest' then ${parties.leaderId} else ${registrations.userId} end`;
  const [held, open] = await Promise.all([
    db
      .select({ userId: payer, seats: sql<number>`count(*)::int` })
      .from(registrations)
      .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
      .leftJoin(parties, eq(parties.id, registrations.partyId))
      .where(ahead)
      .groupBy(payer),
    db
      .select({ userId: parties.leaderId, seats: sql<number>`count(*)::int` })
      .from(partySeats)
      .innerJoin(parties, eq(parties.id, partySeats.partyId))
      .innerJoin(eventSlots, eq(eventSlots.id, partySeats.slotId))
      .where(ahead)
      .groupBy(parties.leaderId),
  ]);
  const unplayed = new Map<string, number>();
  for (const row of [...held, ...open]) {
    unplayed.set(row.userId, (unplayed.get(row.userId) ?? 0) + row.seats);
  }
  const overheld = real.players.flatMap((player, who) => {
    const held = (sums.get(player.id) ?? 0) + GAME_COST_CREDITS * (unplayed.get(player.id) ?? 0);
    const { given } = model.players[who]!;
    return held > given ? [{ player: who, held, given }] : [];
  });
  expect(overheld).toEqual([]);
}

/**
 * The run's games as the database holds them, against the model: each game's booked count
 * (its registrations and open guest seats, ADR 0065), each seat by its id and holder, each
 * open guest seat by its leader, and each party's seats (the leader's, the guests', the open).
 */
async function expectSeats(model: Model, real: Real): Promise<void> {
  const db = real.t.database.handle.db;
  const games = await db
    .select({ id: eventSlots.id, startsAt: eventSlots.startsAt, booked: eventSlots.booked })
    .from(eventSlots)
    .where(
      inArray(
        eventSlots.startsAt,
        model.slots.map((slot) => new Date(slot)),
      ),
    );
  const slotIds = games.map((game) => game.id);
  const slotOf = new Map(games.map((game) => [game.id, game.startsAt.toISOString()]));
  const who = new Map(real.players.map((player, index) => [player.id, index]));
  const [held, open, partyRows] = await Promise.all([
    db
      .select({
        id: registrations.id,
        userId: registrations.userId,
        slotId: registrations.slotId,
        partyId: registrations.partyId,
        source: registrations.source,
      })
      .from(registrations)
      .where(inArray(registrations.slotId, slotIds)),
    db
      .select({ id: partySeats.id, slotId: partySeats.slotId, partyId: partySeats.partyId })
      .from(partySeats)
      .where(inArray(partySeats.slotId, slotIds)),
    db
      .select({ id: parties.id, leaderId: parties.leaderId })
      .from(parties)
      .where(inArray(parties.slotId, slotIds)),
  ]);
  const leaderOf = new Map(partyRows.map((party) => [party.id, who.get(party.leaderId)]));
  const party = (partyId: string | null) =>
    partyId === null ? '' : ` in player ${leaderOf.get(partyId)}'s party`;
  const actual = [
    ...games.map((game) => `${game.startsAt.toISOString()}: ${game.booked} booked`),
    ...held.map(
      (seat) =>
        `${slotOf.get(seat.slotId)}: seat ${seat.id} of player ${who.get(seat.userId)}` +
        `${seat.source === 'guest' ? ' as a guest' : ''}${party(seat.partyId)}`,
    ),
    ...open.map((seat) => `${slotOf.get(seat.slotId)}: open seat ${seat.id}${party(seat.partyId)}`),
  ];
  const ownParty = (leader: number, slot: string, id: string) =>
    model.parties.some((p) => p.leader === leader && p.slot === slot && p.ownSeats.has(id))
      ? ` in player ${leader}'s party`
      : '';
  const expected = [
    ...model.slots.map((slot) => {
      const holders = model.players.filter((player) => player.seats.has(slot)).length;
      return `${slot}: ${holders + openSeatsOn(model, slot).length} booked`;
    }),
    ...model.players.flatMap((player, index) =>
      [...player.seats].map((slot) => {
        const id = player.registrations.get(slot)!;
        const guest = guestSeatOf(model, index, slot);
        const as =
          guest === undefined
            ? ownParty(index, slot, id)
            : ` as a guest in player ${guest.leader}'s party`;
        return `${slot}: seat ${id} of player ${index}${as}`;
      }),
    ),
    ...model.guestSeats
      .filter((seat) => seat.state === 'open')
      .map((seat) => `${seat.slot}: open seat ${seat.id} in player ${seat.leader}'s party`),
  ];
  expect(actual.sort()).toEqual(expected.sort());
}

/** Every modelled player's places in lines and offers, as the database holds them. */
async function expectLines(model: Model, real: Real): Promise<void> {
  const who = new Map(real.players.map((player, index) => [player.id, index]));
  const rows = await real.t.database.handle.db
    .select({
      userId: waitlistEntries.userId,
      startsAt: eventSlots.startsAt,
      status: waitlistEntries.status,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
    })
    .from(waitlistEntries)
    .innerJoin(eventSlots, eq(eventSlots.id, waitlistEntries.slotId))
    .where(inArray(waitlistEntries.userId, [...who.keys()]));
  const line = (place: { who: number; slot: string; offeredUntil: number | null }) =>
    `${place.slot} player ${place.who}: ${place.offeredUntil === null ? 'waiting' : `offered until ${new Date(place.offeredUntil).toISOString()}`}`;
  const actual = rows.map((row) =>
    line({
      who: who.get(row.userId)!,
      slot: row.startsAt.toISOString(),
      offeredUntil: row.status === 'offered' ? (row.offerExpiresAt?.getTime() ?? 0) : null,
    }),
  );
  expect(actual.sort()).toEqual(model.places.map(line).sort());
}

function operatorRun(real: Real, command: OperatorCommand) {
  const headers = { authorization: `Bearer ${real.operatorToken}` };
  return postJson(real.t.app, 'operatorRun', command, { headers });
}

/** The buyer's Game Passes the model does not know yet (a Game Pack brings one). */
async function newGamePasses(model: Model, real: Real, who: number): Promise<ModelCode[]> {
  const listed = await postJson(real.t.app, 'ordersList', {}, real.players[who]);
  const known = new Set(model.codes.map((code) => code.code));
  return expectOk<OrdersListResponse>(listed)
    .gamePasses.filter((pass) => !known.has(pass.code))
    .map((pass) => ({
      code: pass.code,
      kind: 'game-pass' as const,
      credits: GAME_PASS_CREDITS,
      state: 'live' as const,
      redeemers: new Set<number>(),
      orderNumber: pass.orderNumber,
    }));
}

// ---- commands -----------------------------------------------------------------------------

/** The `pick`-th of `list`, counting round (undefined when it is empty). */
const nth = <T>(list: readonly T[], pick: number): T | undefined => list[pick % list.length];

/**
 * One request. Its parameters pick among what exists when it runs (the n-th player, code, order
 * or known access code, counting round), so no generated command is wasted; `describe` names
 * what it picked, for the counterexample. `apply` sends the request, checks the answer against
 * the model and updates the model; then every balance is compared.
 */
abstract class LedgerCommand implements fc.AsyncCommand<Model, Real> {
  private shown = '';
  check(_model: Readonly<Model>): boolean {
    return true;
  }
  protected abstract describe(model: Readonly<Model>): string;
  protected abstract apply(model: Model, real: Real): Promise<void>;
  async run(model: Model, real: Real): Promise<void> {
    this.shown = this.describe(model);
    // Each command a millisecond after the last, so that the seats taken are in the order the
    // model took them (their registrations' times): a capacity cut gives back the latest.
    real.clock.advance(1);
    model.now += 1;
    try {
      await this.apply(model, real);
      await expectNoValueUnpaid(model, real);
      await expectBalances(model, real);
      await expectLines(model, real);
      await expectSeats(model, real);
    } catch (error) {
      // Names the command in the failure, also when it is one of a run's first (openRun).
      if (error instanceof Error) error.message = `${this.shown}: ${error.message}`;
      throw error;
    }
  }
  toString(): string {
    return this.shown;
  }
  /** fast-check gives each run its own copy of a command with state (`shown`). */
  [fc.cloneMethod](): this {
    const copy = Object.create(Object.getPrototypeOf(this) as object) as this;
    return Object.assign(copy, this, { shown: '' });
  }
}

/** A command a signed-in player sends; players are numbered in sign-up order, the host 0. */
abstract class PlayerCommand extends LedgerCommand {
  constructor(private readonly pick: number) {
    super();
  }
  protected who(model: Readonly<Model>): number {
    return this.pick % model.players.length;
  }
  /** A deleted account sends nothing (its session ended with it). */
  override check(model: Readonly<Model>): boolean {
    return !model.players[this.who(model)]!.deleted;
  }
  protected send(model: Model, real: Real, route: ApiRouteName, body: unknown, headers = {}) {
    return postJson(real.t.app, route, body, { ...real.players[this.who(model)], headers });
  }
}

class SignUp extends LedgerCommand {
  override check(model: Readonly<Model>): boolean {
    return model.players.length < MAX_PLAYERS;
  }
  protected describe(model: Readonly<Model>): string {
    return `SignUp(player ${model.players.length})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const ip = distinctIp();
    real.players.push({ ...(await signUp(real.t.app, { ip })), ip });
    model.players.push({
      credits: 0,
      seats: new Set(),
      codeGuesses: 0,
      given: 0,
      registrations: new Map(),
      deleted: false,
      takenAt: new Map(),
      lapses: 0,
    });
  }
}

class Buy extends PlayerCommand {
  constructor(
    pick: number,
    readonly sku: PurchasableSku,
    readonly card: Card,
  ) {
    super(pick);
  }
  protected describe(model: Readonly<Model>): string {
    return `Buy(player ${this.who(model)}, ${this.sku}, ${this.card})`;
  }
  private body(): CheckoutRequest {
    if (this.card === 'declined') {
      return purchase(this.sku, 1, { paymentToken: SANDBOX_NONCES.declined });
    }
    const stale = formatUsd(priceCents(this.sku, 1) - 100);
    return this.card === 'stale price'
      ? purchase(this.sku, 1, { total: stale })
      : purchase(this.sku);
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const key = { 'idempotency-key': randomUUID() };
    const response = await this.send(model, real, 'squareCheckout', this.body(), key);
    const amountCents = priceCents(this.sku, 1);
    if (this.card === 'declined') return expectRefused(response, 'PAYMENT_FAILED', DECLINED);
    if (this.card === 'stale price') {
      const message = `The price has changed to ${formatUsd(amountCents)}. Please review your order.`;
      return expectRefused(response, 'PRICE_CHANGED', message);
    }
    const buyer = this.who(model);
    const { credits } = CATALOG[this.sku];
    model.players[buyer]!.credits += credits;
    model.players[buyer]!.given += credits;
    const paid = expectOk<CheckoutResponse>(response);
    expect(paid.credits).toBe(model.players[buyer]!.credits);
    const { orderNumber } = paid.order;
    const [row] = await real.t.database.handle.db
      .select({ paymentId: orders.providerPaymentId })
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber));
    const paymentId = row?.paymentId ?? '';
    model.orders.push({
      orderNumber,
      buyer,
      credits,
      amountCents,
      paymentId,
      refunded: false,
      refundedCents: 0,
      turnedDown: 0,
    });
    if (this.sku === 'game-pack') model.codes.push(...(await newGamePasses(model, real, buyer)));
  }
}

/**
 * A full refund, reported by Square (its signed webhook) or made by an admin from the command
 * line leaving any shortfall: what the order granted is taken back: its credits, and its Game
 * Passes (revoked; each redeemer gives back what theirs brought). Credits spent on games not
 * started come back first as those seats, the latest game first (ADR 0051).
 */
class Refund extends LedgerCommand {
  constructor(
    readonly pick: number,
    readonly by: 'square' | 'admin',
  ) {
    super();
  }
  override check(model: Readonly<Model>): boolean {
    return model.orders.length > 0;
  }
  protected describe(model: Readonly<Model>): string {
    return `Refund(order ${this.pick % model.orders.length}, by ${this.by})`;
  }
  private async send(real: Real, order: ModelOrder) {
    if (this.by === 'admin') {
      const { orderNumber } = order;
      return operatorRun(real, {
        command: 'orders refund',
        orderNumber,
        leaveShortfall: true,
        reason: 'Model refund',
      });
    }
    const payment = { id: order.paymentId, status: 'COMPLETED' };
    const refunded = { ...payment, amount: order.amountCents, refunded: order.amountCents };
    return deliverSquareEvent(real.t.app, paymentEvent(order, refunded));
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const order = nth(model.orders, this.pick)!;
    const response = await this.send(real, order);
    // Without an amount, an admin's refund asks again for one turned down first: nothing more
    // is claimed or taken back, and the money goes under the next attempt's key.
    if (this.by === 'admin' && order.turnedDown > 0) {
      order.turnedDown -= 1;
      return void expectOk(response);
    }
    if (order.refunded) {
      if (this.by === 'admin') return expectRefused(response, 'ORDER_ALREADY_REFUNDED');
      return void expect(expectOk(response)).toEqual({ received: true });
    }
    expectOk(response);
    // After refunds of part of it, what is left of its credits (ADR 0056).
    const rest = order.credits - refundedShare(order, order.credits, order.refundedCents);
    refundRest(model, order, rest, await standingSeats(model, real));
  }
}

/** Of `credits` an order brought, those its first `cents` refunded count (ADR 0056). */
function refundedShare(order: ModelOrder, credits: number, cents: number): number {
  if (cents >= order.amountCents) return credits;
  return Math.floor((credits * cents) / order.amountCents);
}

/**
 * The refund that reaches what was paid: the buyer gives back `buyerCredits`, the order's
 * Game Passes are revoked and their redeemers give back what theirs brought.
 */
function refundRest(
  model: Model,
  order: ModelOrder,
  buyerCredits: number,
  standing: ReadonlySet<string>,
) {
  const owed = new Map([[order.buyer, buyerCredits]]);
  for (const pass of passesOf(model, order)) {
    pass.state = 'revoked';
    for (const who of pass.redeemers) owed.set(who, (owed.get(who) ?? 0) + pass.credits);
  }
  for (const [who, credits] of owed) takeBack(model, who, credits, standing);
  order.refunded = true;
  order.refundedCents = order.amountCents;
}

const passesOf = (model: Model, order: ModelOrder) =>
  model.codes.filter((code) => code.orderNumber === order.orderNumber);

/**
 * An admin's refund of part of an order from the command line (ADR 0056), to the card or as
 * credits, leaving any shortfall: refused past what is left; the buyer gives back the order's
 * credits in proportion (rounded down), and as credits gets the amount's share of what the
 * order was worth in credits (its own and its passes'), refused for part of an order with
 * passes (only the whole order's refund revokes them); the one that reaches what was paid
 * refunds the order as a full refund does.
 */
class PartRefund extends LedgerCommand {
  constructor(
    readonly pick: number,
    readonly percent: number,
    readonly asCredits: boolean,
  ) {
    super();
  }
  override check(model: Readonly<Model>): boolean {
    return model.orders.length > 0;
  }
  protected describe(model: Readonly<Model>): string {
    const to = this.asCredits ? 'as credits' : 'to the card';
    return `PartRefund(order ${this.pick % model.orders.length}, ${this.percent}%, ${to})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const order = nth(model.orders, this.pick)!;
    const amountCents = Math.max(1, Math.floor((order.amountCents * this.percent) / 100));
    const response = await operatorRun(real, {
      command: 'orders refund',
      orderNumber: order.orderNumber,
      leaveShortfall: true,
      reason: 'Model partial refund',
      amountCents,
      asCredits: this.asCredits,
    });
    if (order.refunded) return expectRefused(response, 'ORDER_ALREADY_REFUNDED');
    const remaining = order.amountCents - order.refundedCents;
    if (amountCents > remaining) {
      return expectRefused(
        response,
        'REFUND_OVER_REMAINING',
        refundOverRemainingMessage(remaining),
      );
    }
    const before = order.refundedCents;
    const after = before + amountCents;
    if (this.asCredits && after < order.amountCents && passesOf(model, order).length > 0) {
      return expectRefused(response, 'REFUND_PASSES_IN_FULL');
    }
    expectOk(response);
    const share = (credits: number) =>
      refundedShare(order, credits, after) - refundedShare(order, credits, before);
    const worth = order.credits + passesOf(model, order).length * GAME_PASS_CREDITS;
    const added = this.asCredits ? share(worth) : 0;
    const standing = await standingSeats(model, real);
    if (after === order.amountCents) refundRest(model, order, share(order.credits), standing);
    else {
      takeBack(model, order.buyer, share(order.credits), standing);
      order.refundedCents = after;
    }
    const buyer = model.players[order.buyer]!;
    buyer.credits += added;
    buyer.given += added;
  }
}

/**
 * An admin's refund of part of an order to the card that the processor turns down: what it
 * claims and takes back is as for any refund of part (the admin decided; only the money is
 * owed), and it waits, flagged, until an admin's refund without an amount (Refund by admin)
 * asks again for it, which takes nothing more.
 */
class TurnedDownPartRefund extends PartRefund {
  constructor(pick: number, percent: number) {
    super(pick, percent, false);
  }
  protected override describe(model: Readonly<Model>): string {
    return `TurnedDown${super.describe(model)}`;
  }
  protected override async apply(model: Model, real: Real): Promise<void> {
    const order = nth(model.orders, this.pick)!;
    const [claimedBefore, refundedBefore] = [order.refundedCents, order.refunded];
    PROCESSOR.declineRefunds = true;
    try {
      await super.apply(model, real);
    } finally {
      PROCESSOR.declineRefunds = false;
    }
    if (!refundedBefore && order.refundedCents > claimedBefore) order.turnedDown += 1;
  }
}

/**
 * A refund of part Square turns down, then at once an admin's refund without an amount (the
 * console's Retry Refund): it must ask again for the one turned down, never refund what is left
 * (ADR 0062). The two commands alone meet in this order too rarely for a run to find it.
 */
class RetryTurnedDown extends TurnedDownPartRefund {
  protected override describe(model: Readonly<Model>): string {
    return `${super.describe(model)}, then Retry Refund`;
  }
  protected override async apply(model: Model, real: Real): Promise<void> {
    await super.apply(model, real);
    await new Refund(this.pick, 'admin').run(model, real);
  }
}

/** A refund takes `credits` from a player: seats on games not started first if short. */
/**
 * A refund takes `credits` from a player: if short, the seats they paid for on games not
 * started first, the latest game first, each giving its 2 credits back to them: their own, and
 * their parties' guest seats, open or claimed (ADR 0065: a seat's credits go back to whoever
 * paid); the seats of one game in any order (`standing`: the seats the database still holds).
 */
function takeBack(model: Model, who: number, credits: number, standing: ReadonlySet<string>) {
  const player = model.players[who]!;
  const missing = credits - player.credits;
  const paid = model.slots
    .filter((slot) => Date.parse(slot) > model.now)
    .flatMap((slot) => seatsOn(model, slot).filter((seat) => seat.payer === who));
  const count = Math.max(0, Math.ceil(missing / GAME_COST_CREDITS));
  for (const seat of takenInTurn(paid, (seat) => Date.parse(seat.slot), count, standing)) {
    seat.giveBack();
    offerSeats(model, seat.slot);
  }
  player.credits -= Math.min(credits, player.credits);
  player.given -= credits;
}

/**
 * A player gives back a seat by its registration: one held (refunded, if its game has not
 * started), one given back before (answered again), or one that was never theirs. A guest's
 * seat (ADR 0065) gives the guest nothing back: its 2 credits go to the leader who paid; asked
 * again, it is answered again with nothing refunded.
 */
class Cancel extends PlayerCommand {
  constructor(
    pick: number,
    readonly slot: number,
  ) {
    super(pick);
  }
  protected describe(model: Readonly<Model>): string {
    return `Cancel(player ${this.who(model)}, ${model.slots[this.slot]})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const slot = model.slots[this.slot]!;
    const who = this.who(model);
    const player = model.players[who]!;
    const registrationId = player.registrations.get(slot) ?? randomUUID();
    const response = await this.send(model, real, 'eventsCancel', { registrationId });
    if (!player.registrations.has(slot)) return expectRefused(response, 'SEAT_NOT_FOUND');
    const held = player.seats.has(slot);
    if (held && Date.parse(slot) <= model.now) {
      return expectRefused(response, 'GAME_ALREADY_STARTED');
    }
    const asGuest = model.guestSeats.some(
      (seat) => seat.id === registrationId && seat.guest === who,
    );
    if (held) {
      giveBack(model, who, slot);
      offerSeats(model, slot);
    }
    const answer = expectOk<CancelRegistrationResponse>(response);
    expect({ ...answer, EventTime: null }).toEqual({
      registrationId,
      EventTime: null,
      refunded: asGuest ? 0 : GAME_COST_CREDITS,
      credits: player.credits,
      repeated: !held,
    });
  }
}

/** An operator issues one code; an expired one only the codes service can make (W9). */
class IssueCode extends LedgerCommand {
  constructor(
    readonly kind: OperatorCodeKind,
    readonly credits: number,
    readonly validity: Validity,
  ) {
    super();
  }
  override check(model: Readonly<Model>): boolean {
    return model.codes.length < MAX_CODES;
  }
  protected describe(model: Readonly<Model>): string {
    const what = `${this.kind}, ${this.credits} credits, ${this.validity}`;
    return `IssueCode(code ${model.codes.length}: ${what})`;
  }
  private async issue(model: Model, real: Real): Promise<string> {
    // Each code its own batch; the database outlives a run's model.
    const name = `Code ${randomUUID()}`;
    if (this.validity === 'expired') {
      const kind = this.kind === 'promo' ? 'promo_per_user' : 'one_time';
      const expiresAt = new Date(model.now - 60 * 60_000);
      const batch = { name, kind, count: 1, credits: this.credits, expiresAt } as const;
      return (await real.services.codes.create(batch)).codes[0]!;
    }
    const expires = this.validity === 'until today' ? { expires: model.day } : {};
    const command = {
      command: 'codes create',
      name,
      kind: this.kind,
      count: 1,
      credits: this.credits,
    };
    const issued = await operatorRun(real, { ...command, ...expires } as OperatorCommand);
    return expectOk<{ codes: { code: string }[] }>(issued).codes[0]!.code;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const code = await this.issue(model, real);
    const state = this.validity === 'expired' ? 'expired' : 'live';
    model.codes.push({ code, kind: this.kind, credits: this.credits, state, redeemers: new Set() });
  }
}

class RevokeCode extends LedgerCommand {
  constructor(readonly pick: number) {
    super();
  }
  override check(model: Readonly<Model>): boolean {
    return model.codes.length > 0;
  }
  protected describe(model: Readonly<Model>): string {
    return `RevokeCode(code ${this.pick % model.codes.length})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const code = nth(model.codes, this.pick)!;
    const response = await operatorRun(real, { command: 'codes revoke', code: code.code });
    if (code.state === 'revoked') return expectRefused(response, 'OPERATOR_CODE_NOT_FOUND');
    const label = expect.stringContaining(code.code.slice(-4));
    expect(expectOk(response)).toEqual({ command: 'codes revoke', label });
    code.state = 'revoked';
  }
}

/** Redeems an issued code (or one nobody issued) from the redeem modal or /experience-card. */
class Redeem extends PlayerCommand {
  constructor(
    pick: number,
    readonly code: number | 'unknown',
    readonly screen: Screen,
  ) {
    super(pick);
  }
  override check(model: Readonly<Model>): boolean {
    return super.check(model) && (this.code === 'unknown' || model.codes.length > 0);
  }
  private target(model: Readonly<Model>): ModelCode | undefined {
    return this.code === 'unknown' ? undefined : nth(model.codes, this.code);
  }
  protected describe(model: Readonly<Model>): string {
    const code = this.target(model);
    const which = code === undefined ? 'an unknown code' : `code ${model.codes.indexOf(code)}`;
    return `Redeem(player ${this.who(model)}, ${which}, ${this.screen})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const code = this.target(model);
    const typed = code?.code ?? UNKNOWN_CODE;
    const [route, body] =
      this.screen === 'modal'
        ? (['usersRedeemCode', { code: typed }] as const)
        : (['itemsRedeem', { name: typed }] as const);
    const response = await this.send(model, real, route, body);
    const who = this.who(model);
    const player = model.players[who]!;
    const refusal = admitGuess(player) ?? redemptionRefusal(code, who, this.screen);
    // An unknown code is always refused (redemptionRefusal); the fallback is for the types.
    if (refusal !== null || code === undefined) {
      return expectRefused(response, refusal ?? REDEEM_REFUSALS[this.screen].unknown);
    }
    code.redeemers.add(who);
    player.credits += code.credits;
    player.given += code.credits;
    const redeemed = expectOk<CodeRedeemedResponse>(response);
    expect({ message: redeemed.message, credits: redeemed.credits }).toEqual({
      message: codeRedeemedMessage(code.credits),
      credits: player.credits,
    });
  }
}

/** Checks the answer of a booking or a join against `outcome`; updates the model. */
function expectSeat(
  model: Model,
  who: number,
  slot: string,
  outcome: SeatOutcome,
  response: LightMyRequestResponse,
) {
  if (outcome !== 'seated' && outcome !== 'repeated') return expectRefused(response, outcome);
  if (outcome === 'seated') holdSeat(model, model.players[who]!, slot);
  expectSeatAnswer(model, who, slot, outcome === 'repeated', response);
}

/** Checks a seat's answer (a booking's, a join's, a claim's): the game, its code, the balance. */
function expectSeatAnswer(
  model: Model,
  who: number,
  slot: string,
  repeated: boolean,
  response: LightMyRequestResponse,
): RegisterEventResponse {
  const seat = expectOk<RegisterEventResponse>(response);
  const accessCode = model.accessCodes.get(slot) ?? seat.accessCode;
  model.accessCodes.set(slot, accessCode);
  expect({
    EventTime: seat.EventTime,
    accessCode: seat.accessCode,
    credits: seat.credits,
    repeated: seat.repeated,
  }).toEqual({ EventTime: slot, accessCode, credits: model.players[who]!.credits, repeated });
  return seat;
}

/** The player's seat on the slot starting at `slot`, as the database holds it. */
async function registrationOf(real: Real, who: number, slot: string): Promise<string | undefined> {
  const [row] = await real.t.database.handle.db
    .select({ id: registrations.id })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    .where(
      and(eq(registrations.userId, real.players[who]!.id), eq(eventSlots.startsAt, new Date(slot))),
    );
  return row?.id;
}

/** Remembers the registration of a seat just taken, so that Cancel can name it. */
async function rememberSeat(
  model: Model,
  real: Real,
  who: number,
  slot: string,
  outcome: SeatOutcome,
) {
  if (outcome !== 'seated') return;
  const id = await registrationOf(real, who, slot);
  model.players[who]!.registrations.set(slot, id ?? expect.fail('the seat has no registration'));
}

class Book extends PlayerCommand {
  constructor(
    pick: number,
    readonly slot: number,
  ) {
    super(pick);
  }
  protected describe(model: Readonly<Model>): string {
    return `Book(player ${this.who(model)}, ${model.slots[this.slot]})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const slot = model.slots[this.slot]!;
    const response = await this.send(model, real, 'eventsRegister', { EventTime: slot });
    const who = this.who(model);
    const outcome = seatOutcome(model, who, slot, 'book');
    expectSeat(model, who, slot, outcome, response);
    await rememberSeat(model, real, who, slot, outcome);
  }
}

/**
 * Joins by an access code a seat answered: the live game's (the host's), or a later game's
 * (not open yet); or by one no game has.
 */
class Join extends PlayerCommand {
  constructor(
    pick: number,
    readonly game: number | 'unknown',
  ) {
    super(pick);
  }
  private slot(model: Readonly<Model>): string | undefined {
    return this.game === 'unknown' ? undefined : nth([...model.accessCodes.keys()], this.game);
  }
  protected describe(model: Readonly<Model>): string {
    return `Join(player ${this.who(model)}, ${this.slot(model) ?? 'an unknown access code'})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const slot = this.slot(model);
    const accessCode = slot === undefined ? UNKNOWN_ACCESS_CODE : model.accessCodes.get(slot);
    const response = await this.send(model, real, 'itemsJoinByAccessCode', { accessCode });
    const who = this.who(model);
    const refusal = admitGuess(model.players[who]!);
    if (refusal !== null || slot === undefined) {
      return expectRefused(response, refusal ?? 'ACCESS_CODE_INVALID');
    }
    const outcome = seatOutcome(model, who, slot, 'join');
    expectSeat(model, who, slot, outcome, response);
    await rememberSeat(model, real, who, slot, outcome);
  }
}

/** What the venue's admin grants a day without a second admin: low, so that requests wait. */
const ADMIN_DAILY_CREDITS = 20;

/**
 * An admin grants or deducts credits on the player's page: a grant within the day's allowance
 * is made, one past it waits for another admin; a deduction never takes the balance below 0.
 * What a deduction takes counts as given back to nobody: `given` stays.
 */
class ConsoleCredits extends PlayerCommand {
  constructor(
    pick: number,
    readonly change: CreditChange,
    readonly credits: number,
  ) {
    super(pick);
  }
  protected describe(model: Readonly<Model>): string {
    return `ConsoleCredits(player ${this.who(model)}, ${this.change} ${this.credits})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const who = this.who(model);
    const player = model.players[who]!;
    const body = { change: this.change, credits: this.credits, reason: 'Model' };
    const response = await real.console.post(real.admins.granting, 'consolePlayerCredits', {
      playerId: real.players[who]!.id,
      ...body,
    });
    if (this.change === 'deduct' && this.credits > player.credits) {
      return expectRefused(response, 'BALANCE_TOO_LOW', balanceTooLowMessage(player.credits));
    }
    const answer = expectOk<{ balance: number; approval: ApprovalRequest | null }>(response);
    if (this.change === 'grant' && model.adminGranted + this.credits > ADMIN_DAILY_CREDITS) {
      expect(answer).toMatchObject({ balance: player.credits, approval: { state: 'pending' } });
      const id = answer.approval?.id ?? '';
      model.approvals.push({ id, who, credits: this.credits, decided: false });
      return;
    }
    if (this.change === 'grant') {
      model.adminGranted += this.credits;
      player.given += this.credits;
    }
    player.credits += this.change === 'grant' ? this.credits : -this.credits;
    expect(answer).toEqual({ balance: player.credits, approval: null });
  }
}

/** The other admin approves or refuses a waiting grant; each is decided once. */
class Decide extends LedgerCommand {
  constructor(
    readonly pick: number,
    readonly approve: boolean,
  ) {
    super();
  }
  override check(model: Readonly<Model>): boolean {
    return model.approvals.length > 0;
  }
  protected describe(model: Readonly<Model>): string {
    const decision = this.approve ? 'approve' : 'refuse';
    return `Decide(request ${this.pick % model.approvals.length}, ${decision})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const request = nth(model.approvals, this.pick)!;
    const decision = this.approve ? 'approve' : 'refuse';
    const response = await real.console.post(real.admins.deciding, 'consoleApprovalDecide', {
      approvalId: request.id,
      decision,
    });
    const player = model.players[request.who]!;
    // A decided request is refused as such whatever became of its player since; a deleted
    // player's grant still waiting is refused for the player, and waits on until it is refused
    // or lapses.
    if (request.decided) return expectRefused(response, 'APPROVAL_NOT_PENDING');
    if (this.approve && player.deleted) return expectRefused(response, 'PLAYER_NOT_FOUND');
    request.decided = true;
    const { done } = expectOk<ConsoleApprovalDecided>(response);
    if (!this.approve) return void expect(done).toBeNull();
    player.credits += request.credits;
    player.given += request.credits;
    expect(done).toEqual({ kind: 'grant', balance: player.credits });
  }
}

/**
 * A player deletes their account with the password, or an admin deletes it from the command
 * line (`users delete`): the balance is forfeited (no refund), the seats on games not started
 * are given up, their parties' open guest seats too (ADR 0065: the leader's); seats played
 * stay played. A guest seat given up gives its 2 credits back to the leader who paid for it;
 * the guests of a deleted leader keep theirs.
 */
class DeleteAccount extends PlayerCommand {
  constructor(
    pick: number,
    readonly by: 'player' | 'admin',
  ) {
    super(pick);
  }
  protected describe(model: Readonly<Model>): string {
    return `DeleteAccount(player ${this.who(model)}, by ${this.by})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const who = this.who(model);
    const player = model.players[who]!;
    if (this.by === 'admin') {
      const { email } = real.players[who]!;
      const response = await operatorRun(real, { command: 'users delete', email });
      const ahead = [...player.seats].filter((slot) => Date.parse(slot) > model.now);
      const open = this.openAhead(model, who).length;
      const done = { seats: ahead.length + open, forfeited: player.credits };
      expect(expectOk(response)).toMatchObject(done);
    } else {
      expectOk(await this.send(model, real, 'usersDelete', { password: PASSWORD }));
    }
    player.credits = 0;
    const open = this.openAhead(model, who);
    for (const seat of open) giveBackOpen(model, seat, false);
    const freed = [...player.seats].filter((slot) => Date.parse(slot) > model.now);
    for (const slot of freed) giveBack(model, who, slot, false);
    player.deleted = true;
    // Their places go, an offer's seat with it; every game touched is offered on.
    const placed = model.places.filter((place) => place.who === who);
    for (const place of placed) endPlace(model, place);
    const touched = [...freed, ...open.map((seat) => seat.slot), ...placed.map((p) => p.slot)];
    for (const slot of new Set(touched)) offerSeats(model, slot);
  }
  /** The open guest seats of the player's parties on games not started. */
  private openAhead(model: Readonly<Model>, who: number) {
    return model.guestSeats.filter(
      (seat) => seat.state === 'open' && seat.leader === who && Date.parse(seat.slot) > model.now,
    );
  }
}

/**
 * An operator closes a game ahead from the command line, cancelling its seats: each seat's 2
 * credits go back to whoever paid for it (ADR 0065: a guest seat's, open or claimed, to its
 * leader), whose own cancellation of it is then answered as repeated.
 */
class CloseGame extends LedgerCommand {
  constructor(readonly slot: number) {
    super();
  }
  override check(model: Readonly<Model>): boolean {
    const slot = model.slots[this.slot]!;
    return Date.parse(slot) > model.now && !model.closed.has(slot);
  }
  protected describe(model: Readonly<Model>): string {
    return `CloseGame(${model.slots[this.slot]})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const slot = model.slots[this.slot]!;
    const time = venueTimeOf(new Date(slot), real.t.env.venueTimezone);
    const command = { command: 'slots close', date: model.day, time } as const;
    const closing = { ...command, reason: 'Flooded', cancelSeats: true };
    const answer = expectOk<{ cancelled: number; refunded: number; released: number }>(
      await operatorRun(real, closing),
    );
    const seated = seatsOn(model, slot);
    for (const seat of seated) seat.giveBack();
    model.closed.add(slot);
    expect(answer).toMatchObject({
      cancelled: seated.length,
      refunded: seated.length * GAME_COST_CREDITS,
      released: endLine(model, slot),
    });
  }
}

/**
 * An operator sets a game's capacity from the command line, `below` the seats taken (booked,
 * a party's open guest seats with them, or held for an offer; at least 1; 0: full; -1: one
 * above them, a seat freed on a full game and offered to its line). Below them it is refused, unless with --cancel-seats on a game not
 * started: then the booked seats over it, the latest taken first, are cancelled with their 2
 * credits back to whoever paid for them, each once (a player's own cancellation of one is then answered as repeated,
 * and the same cut again finds nothing over it); held seats are not cancelled, so a cut below
 * them is refused after that, the capacity left at them. A game ended is refused.
 */
class CutCapacity extends LedgerCommand {
  constructor(
    readonly slot: number,
    readonly below: number,
    readonly cancelSeats: boolean,
  ) {
    super();
  }
  private capacity(model: Readonly<Model>): number {
    return Math.max(1, seatsTaken(model, model.slots[this.slot]!) - this.below);
  }
  protected describe(model: Readonly<Model>): string {
    const seats = this.cancelSeats ? ', cancelling seats' : '';
    return `CutCapacity(${model.slots[this.slot]}, to ${this.capacity(model)}${seats})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const slot = model.slots[this.slot]!;
    const capacity = this.capacity(model);
    const command = { command: 'slots set-capacity', ...gameOf(model, real, slot) } as const;
    const cut = { ...command, capacity };
    const response = await operatorRun(
      real,
      this.cancelSeats ? { ...cut, cancelSeats: true, reason: 'Room halved' } : cut,
    );
    if (Date.parse(slot) + GAME_LENGTH_MINUTES * MINUTE <= model.now) {
      return expectRefused(response, 'OPERATOR_SLOT_ENDED');
    }
    // Every seat booked counts: a party's open guest seats too (ADR 0065).
    const holders = seatsOn(model, slot);
    const held = offersOn(model, slot).length;
    const over = Math.max(0, holders.length + held - capacity);
    // Staff give no seat back once the game has started.
    if (over > 0 && (!this.cancelSeats || Date.parse(slot) <= model.now)) {
      return expectRefused(response, 'OPERATOR_CAPACITY_BELOW_BOOKED');
    }
    // The latest taken first (a party's seats, taken at once, in any order among themselves).
    const standing = await standingSeats(model, real);
    const cancelled = takenInTurn(holders, (seat) => seat.takenAt, over, standing);
    for (const seat of cancelled) seat.giveBack();
    if (held > capacity) {
      model.capacities.set(slot, held);
      return expectRefused(response, 'OPERATOR_CAPACITY_BELOW_BOOKED');
    }
    model.capacities.set(slot, capacity);
    offerSeats(model, slot);
    expect(expectOk(response)).toMatchObject({
      slot: { capacity, booked: holders.length - cancelled.length },
      cancelled: cancelled.length,
      refunded: cancelled.length * GAME_COST_CREDITS,
      released: 0,
    });
  }
}

/** A game of the run's day as operators' commands name it: the day and its venue time. */
const gameOf = (model: Readonly<Model>, real: Real, slot: string) => ({
  date: model.day,
  time: venueTimeOf(new Date(slot), real.t.env.venueTimezone),
});

/**
 * Staff book a seat for the player from the command line (`seats book`; the console's player
 * page is the same service), on the player's own booking path and credits, refused as theirs
 * would be; or give one of the player's seats back (`seats cancel`) with its credits, until the
 * game starts, a seat the player does not hold refused.
 */
class StaffSeat extends PlayerCommand {
  constructor(
    pick: number,
    readonly slot: number,
    readonly book: boolean,
  ) {
    super(pick);
  }
  protected describe(model: Readonly<Model>): string {
    const what = this.book ? 'book' : 'cancel';
    return `StaffSeat(player ${this.who(model)}, ${model.slots[this.slot]}, ${what})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const slot = model.slots[this.slot]!;
    const who = this.who(model);
    const player = model.players[who]!;
    const { email } = real.players[who]!;
    const command = this.book ? ('seats book' as const) : ('seats cancel' as const);
    const response = await operatorRun(real, { command, email, ...gameOf(model, real, slot) });
    if (this.book) {
      const outcome = seatOutcome(model, who, slot, 'book');
      if (outcome !== 'seated' && outcome !== 'repeated') return expectRefused(response, outcome);
      if (outcome === 'seated') holdSeat(model, player, slot);
      const repeated = outcome === 'repeated';
      expect(expectOk(response)).toMatchObject({ balance: player.credits, repeated });
      return rememberSeat(model, real, who, slot, outcome);
    }
    if (!player.seats.has(slot)) return expectRefused(response, 'OPERATOR_SEAT_NOT_FOUND');
    if (Date.parse(slot) <= model.now) return expectRefused(response, 'GAME_ALREADY_STARTED');
    // A guest's seat gives its credits back to the leader who paid for it (ADR 0065).
    const refunded = payerOf(model, who, slot) === who ? GAME_COST_CREDITS : 0;
    giveBack(model, who, slot);
    offerSeats(model, slot);
    const answer = { refunded, balance: player.credits };
    expect(expectOk(response)).toMatchObject(answer);
  }
}

/**
 * An admin grants credits from the command line (`users grant-credits`): held to its command's
 * schema only (no day's allowance, no second admin), made at once.
 */
class GrantCredits extends PlayerCommand {
  constructor(
    pick: number,
    readonly credits: number,
  ) {
    super(pick);
  }
  protected describe(model: Readonly<Model>): string {
    return `GrantCredits(player ${this.who(model)}, ${this.credits})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const who = this.who(model);
    const player = model.players[who]!;
    const response = await operatorRun(real, {
      command: 'users grant-credits',
      email: real.players[who]!.email,
      credits: this.credits,
      reason: 'Model grant',
    });
    player.credits += this.credits;
    player.given += this.credits;
    expect(expectOk(response)).toMatchObject({ credits: this.credits, balance: player.credits });
  }
}

/**
 * An admin blocks the run's venue day with --cancel-seats: every game not started closes, its
 * seats given back with their credits as a closed game's are; the live game plays on. Blocked
 * again, it finds nothing more to give back.
 */
class BlockDay extends LedgerCommand {
  protected describe(): string {
    return 'BlockDay(cancelling seats)';
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const block = { command: 'days block', date: model.day, reason: 'Private party' } as const;
    const response = await operatorRun(real, { ...block, cancelSeats: true });
    const ahead = model.slots.filter((slot) => Date.parse(slot) > model.now);
    const seated = ahead.flatMap((slot) => seatsOn(model, slot));
    for (const seat of seated) seat.giveBack();
    for (const slot of ahead) model.closed.add(slot);
    const released = ahead.reduce((ended, slot) => ended + endLine(model, slot), 0);
    expect(expectOk(response)).toMatchObject({
      cancelled: seated.length,
      refunded: seated.length * GAME_COST_CREDITS,
      released,
    });
  }
}

/** Checks a join's, leave's or decline's answer: the player's places, as the model has them. */
function expectEntries(model: Model, who: number, response: LightMyRequestResponse) {
  const { entries } = expectOk<WaitlistState>(response);
  const shown = entries.map(({ EventTime, status, place, offerExpiresAt }: WaitlistEntry) => ({
    EventTime,
    status,
    place,
    offerExpiresAt,
  }));
  expect(shown).toEqual(entriesOf(model, who));
}

/** A player's request about the line of one of the run's games (Waitlist/Join, Leave, Decline). */
abstract class LineCommand extends PlayerCommand {
  constructor(
    pick: number,
    readonly slot: number,
  ) {
    super(pick);
  }
  protected abstract readonly name: string;
  protected describe(model: Readonly<Model>): string {
    return `${this.name}(player ${this.who(model)}, ${model.slots[this.slot]})`;
  }
}

/**
 * Joins the line of a game: free, once (joining again answers the same place); only a full game
 * not closed, more than 30 minutes ahead, for a player without a seat on it who holds its cost.
 */
class WaitlistJoin extends LineCommand {
  protected readonly name = 'WaitlistJoin';
  protected async apply(model: Model, real: Real): Promise<void> {
    const slot = model.slots[this.slot]!;
    const response = await this.send(model, real, 'waitlistJoin', { EventTime: slot });
    const who = this.who(model);
    const player = model.players[who]!;
    if (model.closed.has(slot) || Date.parse(slot) <= model.now) {
      return expectRefused(response, 'SLOT_CLOSED');
    }
    if (!lineOpen(model, slot)) return expectRefused(response, 'WAITLIST_CLOSED');
    if (player.seats.has(slot)) return expectRefused(response, 'ALREADY_BOOKED');
    if (placeOf(model, who, slot) === undefined) {
      if (seatsTaken(model, slot) < capacityOf(model, slot)) {
        return expectRefused(response, 'WAITLIST_NOT_FULL');
      }
      if (player.credits < GAME_COST_CREDITS) {
        return expectRefused(response, 'WAITLIST_NOT_ENOUGH_CREDITS');
      }
      model.places.push({ who, slot, joinedAt: model.now, offeredUntil: null });
    }
    expectEntries(model, who, response);
  }
}

/** Leaves a line at any time (one not joined changes nothing); an offer held is passed on. */
class WaitlistLeave extends LineCommand {
  protected readonly name = 'WaitlistLeave';
  protected async apply(model: Model, real: Real): Promise<void> {
    const slot = model.slots[this.slot]!;
    const response = await this.send(model, real, 'waitlistLeave', { EventTime: slot });
    const who = this.who(model);
    const place = placeOf(model, who, slot);
    if (place !== undefined && endPlace(model, place)) offerSeats(model, slot);
    expectEntries(model, who, response);
  }
}

/** Declines the seat offered (lapsed or not, while the job has not passed it on): passed on. */
class WaitlistDecline extends LineCommand {
  protected readonly name = 'WaitlistDecline';
  protected async apply(model: Model, real: Real): Promise<void> {
    const slot = model.slots[this.slot]!;
    const response = await this.send(model, real, 'waitlistDecline', { EventTime: slot });
    const who = this.who(model);
    const place = placeOf(model, who, slot);
    if (place?.offeredUntil == null) return expectRefused(response, 'WAITLIST_OFFER_NOT_FOUND');
    endPlace(model, place);
    offerSeats(model, slot);
    expectEntries(model, who, response);
  }
}

/**
 * Places in lines and offers that ended: whom an accept may name, counting round; the offers
 * open first, the picks shrinking towards them.
 */
const acceptable = (model: Readonly<Model>) =>
  [
    ...model.places.filter((place) => place.offeredUntil !== null),
    ...model.places.filter((place) => place.offeredUntil === null),
    ...model.pastOffers,
  ].filter(({ who }) => !model.players[who]!.deleted);

/**
 * What accepting answers: the held seat booked for 2 credits only by the player it is offered
 * to, before the hold ends by the server's clock (lapsed, declined, left, or accepted before:
 * not found), on a game open and not started, with 2 credits (else refused, the hold running
 * on), and not to a player who took a seat on it meanwhile.
 */
function acceptOutcome(model: Readonly<Model>, who: number, slot: string): 'seated' | ErrorCode {
  const place = placeOf(model, who, slot);
  if (place?.offeredUntil == null || place.offeredUntil <= model.now) {
    return 'WAITLIST_OFFER_NOT_FOUND';
  }
  if (model.closed.has(slot) || Date.parse(slot) <= model.now) return 'SLOT_CLOSED';
  const player = model.players[who]!;
  if (player.credits < GAME_COST_CREDITS) return 'NOT_ENOUGH_CREDITS';
  return player.seats.has(slot) ? 'ALREADY_BOOKED' : 'seated';
}

/**
 * Accepts a seat offered (or one no longer offered, or never), picked among the places and the
 * offers that ended; `twice`: two accepts at once, of which one at most books the seat, the
 * other answered as an accept after it.
 */
class WaitlistAccept extends LedgerCommand {
  constructor(
    readonly pick: number,
    readonly twice: boolean,
  ) {
    super();
  }
  override check(model: Readonly<Model>): boolean {
    return acceptable(model).length > 0;
  }
  protected target(model: Readonly<Model>) {
    return nth(acceptable(model), this.pick)!;
  }
  protected describe(model: Readonly<Model>): string {
    const { who, slot } = this.target(model);
    return `WaitlistAccept(player ${who}, ${slot}${this.twice ? ', twice at once' : ''})`;
  }
  protected accept(real: Real, who: number, slot: string) {
    return postJson(real.t.app, 'waitlistAccept', { EventTime: slot }, real.players[who]);
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const { who, slot } = this.target(model);
    const answers = await Promise.all(
      Array.from({ length: this.twice ? 2 : 1 }, () => this.accept(real, who, slot)),
    );
    // At once, the accept answered second found what the first left (either may be first).
    const order = answers.toSorted((a, b) => a.statusCode - b.statusCode);
    for (const response of order) expectAccepted(model, who, slot, response);
  }
}

/** Checks an accept's answer against the model, and books the seat in it when accepted. */
function expectAccepted(model: Model, who: number, slot: string, response: LightMyRequestResponse) {
  const outcome = acceptOutcome(model, who, slot);
  if (outcome !== 'seated') return expectRefused(response, outcome);
  const player = model.players[who]!;
  holdSeat(model, player, slot);
  endPlace(model, placeOf(model, who, slot)!);
  const accepted = expectOk<WaitlistAcceptResponse>(response);
  player.registrations.set(slot, accepted.registrationId);
  expect({ ...accepted, registrationId: null }).toEqual({
    EventTime: slot,
    registrationId: null,
    credits: player.credits,
  });
}

/**
 * The offered player accepts while another player books the same game, at once: the held seat
 * is the holder's only, so the booking is answered as if the accept were not there (a held seat
 * counts as taken, accepted or not), and neither gets a seat the other paid for.
 */
class AcceptRacingBook extends WaitlistAccept {
  constructor(
    pick: number,
    readonly booker: number,
  ) {
    super(pick, false);
  }
  private bookerOf(model: Readonly<Model>): number | undefined {
    const { who } = this.target(model);
    const others = model.players.flatMap((player, index) =>
      player.deleted || index === who ? [] : [index],
    );
    return nth(others, this.booker);
  }
  override check(model: Readonly<Model>): boolean {
    return super.check(model) && this.bookerOf(model) !== undefined;
  }
  protected override describe(model: Readonly<Model>): string {
    const { who, slot } = this.target(model);
    return `AcceptRacingBook(player ${who} accepts, player ${this.bookerOf(model)} books ${slot})`;
  }
  protected override async apply(model: Model, real: Real): Promise<void> {
    const { who, slot } = this.target(model);
    const booker = this.bookerOf(model)!;
    const [accepted, booked] = await Promise.all([
      this.accept(real, who, slot),
      postJson(real.t.app, 'eventsRegister', { EventTime: slot }, real.players[booker]),
    ]);
    expectAccepted(model, who, slot, accepted);
    const outcome = seatOutcome(model, booker, slot, 'book');
    expectSeat(model, booker, slot, outcome, booked);
    await rememberSeat(model, real, booker, slot, outcome);
  }
}

/**
 * The clock runs to the first offer's end (at least a minute on, so that the code guesses of
 * before are past their minute): an accept of it is refused by the server's clock from then.
 * With `settle`, the waitlist job passes: on each game with an offer ended, or a line beside a
 * free seat or closing, the offers ended go (each counted against its player's day), the line
 * closed lets its waiting players go, and the seats free are offered on. The admins then give
 * their password again (a grant needs it within 15 minutes).
 */
class OfferLapses extends LedgerCommand {
  constructor(readonly settle: boolean) {
    super();
  }
  override check(model: Readonly<Model>): boolean {
    return model.places.some((place) => place.offeredUntil !== null);
  }
  protected describe(): string {
    return `OfferLapses(${this.settle ? 'the job passes' : 'no job yet'})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const ends = model.places.flatMap((place) => place.offeredUntil ?? []);
    await clockTo(model, real, Math.min(...ends), async () => {
      if (!this.settle) return;
      const settled = await real.services.waitlist.settleOffers();
      expect(settled).toEqual(settleLines(model));
    });
  }
}

/**
 * The clock runs to `at` (at least a minute on, so that the code guesses of before are past
 * their minute); `meanwhile` runs there; then the admins give their password again (a grant
 * needs it within 15 minutes; each sign-in moves the clock 30 s).
 */
async function clockTo(model: Model, real: Real, at: number, meanwhile?: () => Promise<void>) {
  model.now = Math.max(at, model.now + MINUTE + 1);
  real.clock.set(new Date(model.now));
  for (const player of model.players) player.codeGuesses = 0;
  await meanwhile?.();
  for (const admin of [real.admins.granting, real.admins.deciding]) {
    await real.console.signInAgain(admin);
  }
  model.now = real.clock.now().getTime();
}

/**
 * The first offer's player accepts just as its hold ends, the waitlist job not passed yet: the
 * place still says "offered", so only the server's own clock can refuse it (a lapsed offer
 * accepted would be a seat held past its turn, taken from the next in line).
 */
class AcceptAsOfferEnds extends OfferLapses {
  constructor() {
    super(false);
  }
  protected override describe(): string {
    return 'AcceptAsOfferEnds(no job yet)';
  }
  protected override async apply(model: Model, real: Real): Promise<void> {
    const ends = Math.min(...model.places.flatMap((place) => place.offeredUntil ?? []));
    const { who, slot } = model.places.find((place) => place.offeredUntil === ends)!;
    await super.apply(model, real);
    const response = await postJson(
      real.t.app,
      'waitlistAccept',
      { EventTime: slot },
      real.players[who],
    );
    expectAccepted(model, who, slot, response);
  }
}

/** The waitlist job's pass in the model (see OfferLapses): how many lapsed and were let go. */
function settleLines(model: Model): { lapsed: number; cleared: number } {
  const ended = (place: ModelPlace) =>
    place.offeredUntil !== null && place.offeredUntil <= model.now;
  const closing = (slot: string) =>
    Date.parse(slot) <= model.now + WAITLIST.offersStopMinutes * MINUTE ||
    (!model.closed.has(slot) && seatsTaken(model, slot) < capacityOf(model, slot));
  const slots = model.slots.filter((slot) =>
    model.places.some(
      (place) =>
        place.slot === slot && (place.offeredUntil === null ? closing(slot) : ended(place)),
    ),
  );
  const settled = { lapsed: 0, cleared: 0 };
  for (const slot of slots) {
    for (const place of model.places.filter((p) => p.slot === slot && ended(p))) {
      endPlace(model, place);
      model.players[place.who]!.lapses += 1;
      settled.lapsed += 1;
    }
    if (!lineOpen(model, slot)) {
      const waiting = waitingOn(model, slot);
      for (const place of waiting) endPlace(model, place);
      settled.cleared += waiting.length;
    }
    offerSeats(model, slot);
  }
  return settled;
}

// ---- parties (ADR 0065) ------------------------------------------------------------------

/**
 * What a party booking answers (parties.service.ts): a seat held on the game already first,
 * then a game closed or started, full, with fewer seats free than the party needs, or more than
 * the leader can pay for; else every seat is taken at once.
 */
function partyOutcome(model: Readonly<Model>, who: number, slot: string, seats: number) {
  const player = model.players[who]!;
  if (player.seats.has(slot)) return 'ALREADY_BOOKED';
  if (model.closed.has(slot) || Date.parse(slot) <= model.now) return 'SLOT_CLOSED';
  const free = capacityOf(model, slot) - seatsTaken(model, slot);
  if (free <= 0) return 'SLOT_FULL';
  if (free < seats) return 'PARTY_SEATS_NOT_FREE';
  return player.credits < seats * GAME_COST_CREDITS ? 'PARTY_NOT_ENOUGH_CREDITS' : 'booked';
}

/** The leader's party on the game: made by their first party booking of it, then the same. */
function partyOf(model: Model, leader: number, slot: string): ModelParty {
  const found = model.parties.find((party) => party.leader === leader && party.slot === slot);
  if (found !== undefined) return found;
  const party = { leader, slot, ownSeats: new Set<string>() };
  model.parties.push(party);
  return party;
}

/** The party's seats as its leader sees them (Parties/Mine): each seat's id and state. */
function partySeatsIn(model: Readonly<Model>, leader: number, slot: string): string[] {
  const party = model.parties.find((p) => p.leader === leader && p.slot === slot);
  const own = model.players[leader]!.registrations.get(slot);
  const leading =
    own !== undefined && model.players[leader]!.seats.has(slot) && party?.ownSeats.has(own);
  const guests = model.guestSeats.filter(
    (seat) => seat.leader === leader && seat.slot === slot && seat.state !== 'gone',
  );
  return [
    ...(leading ? [`leader ${own}`] : []),
    ...guests.map((seat) => `${seat.state === 'open' ? 'open' : 'guest'} ${seat.id}`),
  ].sort();
}

/**
 * A player books a party of `seats` on a game (Events/RegisterPixelEvent with `seats`): all or
 * nothing, 2 credits a seat from the leader's balance, the leader's own seat and an invite per
 * guest seat; a second party of the same game joins the first (one party per leader and game).
 */
class PartyBook extends PlayerCommand {
  constructor(
    pick: number,
    readonly slot: number,
    readonly seats: number,
  ) {
    super(pick);
  }
  protected describe(model: Readonly<Model>): string {
    return `PartyBook(player ${this.who(model)}, ${model.slots[this.slot]}, ${this.seats} seats)`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const slot = model.slots[this.slot]!;
    const who = this.who(model);
    const body = { EventTime: slot, seats: this.seats };
    const response = await this.send(model, real, 'eventsRegister', body);
    const outcome = partyOutcome(model, who, slot, this.seats);
    if (outcome !== 'booked') return expectRefused(response, outcome);
    const player = model.players[who]!;
    holdSeat(model, player, slot);
    player.credits -= (this.seats - 1) * GAME_COST_CREDITS;
    const booked = expectSeatAnswer(model, who, slot, false, response);
    player.registrations.set(slot, booked.registrationId);
    partyOf(model, who, slot).ownSeats.add(booked.registrationId);
    const known = new Set(model.guestSeats.map((seat) => seat.id));
    const fresh = (booked.party?.seats ?? []).filter(
      (seat) => seat.state === 'open' && !known.has(seat.seatId),
    );
    expect(fresh).toHaveLength(this.seats - 1);
    for (const seat of fresh) {
      const invite = seat.invite ?? expect.fail('an open seat without its invite');
      model.guestSeats.push({
        id: seat.seatId,
        invite,
        slot,
        leader: who,
        guest: null,
        state: 'open',
        backTo: null,
        takenAt: model.now,
      });
    }
    const shown = (booked.party?.seats ?? []).map((seat) => `${seat.state} ${seat.seatId}`);
    expect(shown.sort()).toEqual(partySeatsIn(model, who, slot));
  }
}

type ClaimOutcome = 'claimed' | 'repeated' | ErrorCode;

/**
 * What claiming a guest seat answers (Parties/Claim): a seat claimed is answered again to its
 * guest and used up for anyone else; a seat given back, or of a game closed or over, has ended;
 * the leader cannot claim their own party's seat, nor anyone a second seat on one game.
 */
function claimOutcome(model: Readonly<Model>, who: number, seat: ModelGuestSeat): ClaimOutcome {
  if (seat.state === 'claimed') return seat.guest === who ? 'repeated' : 'INVITE_CLAIMED';
  const over = Date.parse(seat.slot) + GAME_LENGTH_MINUTES * MINUTE <= model.now;
  if (seat.state === 'gone' || model.closed.has(seat.slot) || over) return 'INVITE_ENDED';
  if (seat.leader === who) return 'INVITE_OWN_PARTY';
  return model.players[who]!.seats.has(seat.slot) ? 'ALREADY_BOOKED' : 'claimed';
}

/** Checks a claim's answer against the model; the guest holds the seat when it was claimed. */
function expectClaimed(model: Model, who: number, at: number, response: LightMyRequestResponse) {
  const seat = model.guestSeats[at]!;
  const outcome = claimOutcome(model, who, seat);
  if (outcome !== 'claimed' && outcome !== 'repeated') return expectRefused(response, outcome);
  if (outcome === 'claimed') {
    const player = model.players[who]!;
    Object.assign(seat, { state: 'claimed', guest: who });
    player.seats.add(seat.slot);
    player.takenAt.set(seat.slot, model.now);
    player.registrations.set(seat.slot, seat.id);
  }
  const answer = expectSeatAnswer(model, who, seat.slot, outcome === 'repeated', response);
  expect(answer.registrationId).toBe(seat.id);
}

/**
 * Checks the leader's cancel of a guest seat by its id: an open one given back (2 credits to
 * the leader) until its game starts; one given back before with its credits to the leader
 * answered again; one a guest holds, or given up without a refund, not the leader's to cancel.
 */
function expectOpenCancelled(model: Model, at: number, response: LightMyRequestResponse) {
  const seat = model.guestSeats[at]!;
  const leader = model.players[seat.leader]!;
  if (seat.state === 'open' && Date.parse(seat.slot) <= model.now) {
    return expectRefused(response, 'GAME_ALREADY_STARTED');
  }
  const repeated = seat.state !== 'open';
  if (repeated && seat.backTo !== seat.leader) return expectRefused(response, 'SEAT_NOT_FOUND');
  if (!repeated) {
    giveBackOpen(model, seat);
    offerSeats(model, seat.slot);
  }
  const answer = expectOk<CancelRegistrationResponse>(response);
  expect({ ...answer, EventTime: null }).toEqual({
    registrationId: seat.id,
    EventTime: null,
    refunded: GAME_COST_CREDITS,
    credits: leader.credits,
    repeated,
  });
}

/** One of two requests sent at once: checks its answer against the model, and updates it. */
type RaceStep = (model: Model, response: LightMyRequestResponse) => void;

/**
 * Two requests sent at once: their answers must be those of one order or the other (the
 * database decides which went first); the model takes the order the answers show.
 */
function expectOneOrder(model: Model, steps: RaceStep[], answers: LightMyRequestResponse[]) {
  const failures: unknown[] = [];
  for (const order of [
    [0, 1],
    [1, 0],
  ]) {
    const trial = structuredClone(model);
    try {
      for (const index of order) steps[index]!(trial, answers[index]!);
    } catch (error) {
      failures.push(error);
      continue;
    }
    Object.assign(model, trial);
    return;
  }
  throw failures[0];
}

/** The guest seats a command may name, counting round: the open first, then the others. */
const seatsToName = (model: Readonly<Model>) => [
  ...model.guestSeats.filter((seat) => seat.state === 'open'),
  ...model.guestSeats.filter((seat) => seat.state !== 'open'),
];

/** The players who still send requests (a deleted account sends nothing). */
const senders = (model: Readonly<Model>) =>
  model.players.flatMap((player, who) => (player.deleted ? [] : [who]));

/** A request about a guest seat, picked among those the model knows (see seatsToName). */
abstract class GuestSeatCommand extends LedgerCommand {
  constructor(readonly seat: number) {
    super();
  }
  /** Which seats it may name (all by default). */
  protected candidates(model: Readonly<Model>): ModelGuestSeat[] {
    return seatsToName(model);
  }
  override check(model: Readonly<Model>): boolean {
    return this.candidates(model).length > 0;
  }
  /** The seat's index in model.guestSeats (so that a trial copy of the model finds it too). */
  protected target(model: Readonly<Model>): number {
    return model.guestSeats.indexOf(nth(this.candidates(model), this.seat)!);
  }
  protected seatName(model: Readonly<Model>): string {
    const seat = model.guestSeats[this.target(model)]!;
    return `seat ${this.target(model)} (${seat.state}) of player ${seat.leader} on ${seat.slot}`;
  }
  protected claim(model: Readonly<Model>, real: Real, who: number) {
    const { invite } = model.guestSeats[this.target(model)]!;
    return postJson(real.t.app, 'partiesClaim', { invite }, real.players[who]);
  }
  protected cancelOpen(model: Readonly<Model>, real: Real) {
    const seat = model.guestSeats[this.target(model)]!;
    const body = { registrationId: seat.id };
    return postJson(real.t.app, 'eventsCancel', body, real.players[seat.leader]);
  }
}

/**
 * A player claims a guest seat through its invite: one player; two players at once (one wins,
 * the other is answered as after it); or the seat's own leader (refused, the seat left open).
 */
class PartyClaim extends GuestSeatCommand {
  constructor(
    seat: number,
    readonly claimer: number,
    readonly how: 'one' | 'two at once' | 'leader',
  ) {
    super(seat);
  }
  private claimers(model: Readonly<Model>): number[] {
    const all = senders(model);
    if (this.how === 'leader') {
      const { leader } = model.guestSeats[this.target(model)]!;
      return model.players[leader]!.deleted ? [] : [leader];
    }
    const first = this.claimer % all.length;
    if (this.how === 'one') return [all[first]!];
    return all.length < 2 ? [] : [all[first]!, all[(first + 1) % all.length]!];
  }
  override check(model: Readonly<Model>): boolean {
    return super.check(model) && this.claimers(model).length > 0;
  }
  protected describe(model: Readonly<Model>): string {
    const who = this.claimers(model).join(' and ');
    return `PartyClaim(player ${who} claims ${this.seatName(model)}${this.how === 'one' ? '' : `, ${this.how}`})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const at = this.target(model);
    const claimers = this.claimers(model);
    const answers = await Promise.all(claimers.map((who) => this.claim(model, real, who)));
    const steps = claimers.map(
      (who): RaceStep =>
        (m, answer) =>
          expectClaimed(m, who, at, answer),
    );
    if (steps.length === 1) return steps[0]!(model, answers[0]!);
    expectOneOrder(model, steps, answers);
  }
}

/**
 * The clock runs past the end of an open seat's game (a minute on at least), then a player
 * claims it: the invite has ended with its game, and Parties/Invite says so.
 */
class PartyClaimAfterEnd extends GuestSeatCommand {
  constructor(
    seat: number,
    readonly claimer: number,
  ) {
    super(seat);
  }
  protected override candidates(model: Readonly<Model>): ModelGuestSeat[] {
    return model.guestSeats.filter((seat) => seat.state === 'open');
  }
  override check(model: Readonly<Model>): boolean {
    return super.check(model) && senders(model).length > 0;
  }
  protected describe(model: Readonly<Model>): string {
    const who = nth(senders(model), this.claimer);
    return `PartyClaimAfterEnd(player ${who} claims ${this.seatName(model)} after its game)`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const at = this.target(model);
    const who = nth(senders(model), this.claimer)!;
    const seat = model.guestSeats[at]!;
    await clockTo(model, real, Date.parse(seat.slot) + GAME_LENGTH_MINUTES * MINUTE);
    expectClaimed(model, who, at, await this.claim(model, real, who));
    const shown = await postJson(real.t.app, 'partiesInvite', { invite: seat.invite });
    expect(expectOk<PartyInviteResponse>(shown).status).toBe('ended');
  }
}

/** The leader gives back a guest seat by its id (Events/CancelRegistration), or twice at once. */
class CancelOpenSeat extends GuestSeatCommand {
  constructor(
    seat: number,
    readonly twice: boolean,
  ) {
    super(seat);
  }
  protected override candidates(model: Readonly<Model>): ModelGuestSeat[] {
    return seatsToName(model).filter((seat) => !model.players[seat.leader]!.deleted);
  }
  protected describe(model: Readonly<Model>): string {
    return `CancelOpenSeat(${this.seatName(model)}${this.twice ? ', twice at once' : ''})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const at = this.target(model);
    const times = this.twice ? 2 : 1;
    const answers = await Promise.all(
      Array.from({ length: times }, () => this.cancelOpen(model, real)),
    );
    const step: RaceStep = (m, answer) => expectOpenCancelled(m, at, answer);
    if (times === 1) return step(model, answers[0]!);
    expectOneOrder(model, [step, step], answers);
  }
}

/** A player claims an open seat while its leader gives it back, at once: one or the other. */
class ClaimRacingCancel extends GuestSeatCommand {
  constructor(
    seat: number,
    readonly claimer: number,
  ) {
    super(seat);
  }
  protected override candidates(model: Readonly<Model>): ModelGuestSeat[] {
    return model.guestSeats.filter(
      (seat) => seat.state === 'open' && !model.players[seat.leader]!.deleted,
    );
  }
  private claimerOf(model: Readonly<Model>): number | undefined {
    const { leader } = model.guestSeats[this.target(model)]!;
    return nth(
      senders(model).filter((who) => who !== leader),
      this.claimer,
    );
  }
  override check(model: Readonly<Model>): boolean {
    return super.check(model) && this.claimerOf(model) !== undefined;
  }
  protected describe(model: Readonly<Model>): string {
    return `ClaimRacingCancel(player ${this.claimerOf(model)} claims ${this.seatName(model)} as its leader gives it back)`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const at = this.target(model);
    const who = this.claimerOf(model)!;
    const answers = await Promise.all([this.claim(model, real, who), this.cancelOpen(model, real)]);
    expectOneOrder(
      model,
      [
        (m, answer) => expectClaimed(m, who, at, answer),
        (m, answer) => expectOpenCancelled(m, at, answer),
      ],
      answers,
    );
  }
}

/**
 * A guest gives back the seat they claimed (Events/CancelRegistration, as any seat; see
 * Cancel): nothing back to them, the 2 credits to the leader; `twice`: asked again after.
 */
class GuestCancel extends GuestSeatCommand {
  constructor(
    seat: number,
    readonly twice: boolean,
  ) {
    super(seat);
  }
  protected override candidates(model: Readonly<Model>): ModelGuestSeat[] {
    return model.guestSeats.filter(
      (seat) => seat.state === 'claimed' && !model.players[seat.guest!]!.deleted,
    );
  }
  protected describe(model: Readonly<Model>): string {
    const { guest } = model.guestSeats[this.target(model)]!;
    return `GuestCancel(player ${guest} gives back ${this.seatName(model)}${this.twice ? ', twice' : ''})`;
  }
  protected async apply(model: Model, real: Real): Promise<void> {
    const { guest, slot } = model.guestSeats[this.target(model)]!;
    const cancel = new Cancel(guest!, model.slots.indexOf(slot));
    await cancel.run(model, real);
    if (this.twice) await cancel[fc.cloneMethod]().run(model, real);
  }
}

/** Picks among what exists when a command runs (counting round); shrinks towards the first. */
const pick = fc.nat({ max: 20 });
/** Mostly approved, so that players have credits to spend. */
const card = fc.oneof(
  { arbitrary: fc.constant<Card>('approved'), weight: 2 },
  fc.constantFrom<Card>('declined', 'stale price'),
);
/** Mostly the last game: the one a run's line is on (openRun fills it), its seats freed. */
const lineSlot = fc.oneof(
  { arbitrary: fc.constant(GAMES_USED - 1), weight: 3 },
  fc.nat({ max: GAMES_USED - 2 }),
);
const unknownOr = (arbitrary: fc.Arbitrary<number>) =>
  fc.option(arbitrary, { nil: 'unknown' as const });

/** Weighted towards the commands that move credits. */
const COMMAND: fc.Arbitrary<LedgerCommand> = fc.oneof(
  { arbitrary: fc.constant(null).map(() => new SignUp()), weight: 1 },
  {
    arbitrary: fc
      .tuple(pick, fc.constantFrom(...PURCHASABLE), card)
      .map(([who, sku, paidWith]) => new Buy(who, sku, paidWith)),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(pick, fc.constantFrom('square' as const, 'admin' as const))
      .map(([order, by]) => new Refund(order, by)),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(pick, fc.integer({ min: 1, max: 120 }), fc.boolean())
      .map(([order, percent, asCredits]) => new PartRefund(order, percent, asCredits)),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(pick, fc.integer({ min: 1, max: 120 }))
      .map(([order, percent]) => new TurnedDownPartRefund(order, percent)),
    weight: 1,
  },
  {
    arbitrary: fc
      .tuple(pick, fc.integer({ min: 1, max: 120 }))
      .map(([order, percent]) => new RetryTurnedDown(order, percent)),
    weight: 1,
  },
  {
    arbitrary: fc.tuple(pick, lineSlot).map(([who, slot]) => new Cancel(who, slot)),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom<OperatorCodeKind>('game-pass', 'promo'),
        fc.integer({ min: 1, max: 20 }),
        fc.constantFrom(...VALIDITIES),
      )
      .map(([kind, credits, validity]) => new IssueCode(kind, credits, validity)),
    weight: 2,
  },
  { arbitrary: pick.map((code) => new RevokeCode(code)), weight: 1 },
  {
    arbitrary: fc
      .tuple(pick, unknownOr(pick), fc.constantFrom<Screen>('modal', 'card'))
      .map(([who, code, screen]) => new Redeem(who, code, screen)),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(pick, fc.nat({ max: GAMES_USED - 1 }))
      .map(([who, slot]) => new Book(who, slot)),
    weight: 3,
  },
  {
    arbitrary: fc.tuple(pick, unknownOr(pick)).map(([who, game]) => new Join(who, game)),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(
        pick,
        fc.constantFrom<CreditChange>('grant', 'deduct'),
        fc.integer({ min: 1, max: 30 }),
      )
      .map(([who, change, credits]) => new ConsoleCredits(who, change, credits)),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(pick, fc.constantFrom('player' as const, 'admin' as const))
      .map(([who, by]) => new DeleteAccount(who, by)),
    weight: 1,
  },
  {
    arbitrary: fc.integer({ min: 1, max: GAMES_USED - 1 }).map((slot) => new CloseGame(slot)),
    weight: 1,
  },
  {
    arbitrary: fc
      // Mostly below the seats taken, and mostly cancelling them.
      .tuple(fc.nat({ max: GAMES_USED - 1 }), fc.constantFrom(1, 2, -1), fc.nat({ max: 2 }))
      .map(([slot, below, keep]) => new CutCapacity(slot, below, keep > 0)),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(pick, fc.nat({ max: GAMES_USED - 1 }), fc.boolean())
      .map(([who, slot, book]) => new StaffSeat(who, slot, book)),
    weight: 2,
  },
  {
    arbitrary: fc
      .tuple(pick, fc.integer({ min: 1, max: 30 }))
      .map(([who, credits]) => new GrantCredits(who, credits)),
    weight: 1,
  },
  { arbitrary: fc.constant(null).map(() => new BlockDay()), weight: 1 },
  {
    arbitrary: fc
      .tuple(pick, lineSlot, fc.constantFrom(WaitlistJoin, WaitlistLeave, WaitlistDecline))
      .map(([who, slot, Line]) => new Line(who, slot)),
    weight: 4,
  },
  {
    arbitrary: fc
      .tuple(pick, fc.nat({ max: 3 }))
      .map(([place, once]) => new WaitlistAccept(place, once === 0)),
    weight: 3,
  },
  {
    arbitrary: fc.tuple(pick, pick).map(([place, booker]) => new AcceptRacingBook(place, booker)),
    weight: 1,
  },
  { arbitrary: fc.boolean().map((settle) => new OfferLapses(settle)), weight: 2 },
  { arbitrary: fc.constant(null).map(() => new AcceptAsOfferEnds()), weight: 1 },
  {
    arbitrary: fc
      .tuple(
        pick,
        fc.integer({ min: 1, max: GAMES_USED - 1 }),
        fc.integer({ min: PARTY.minSeats, max: PARTY.maxSeats }),
      )
      .map(([who, slot, seats]) => new PartyBook(who, slot, seats)),
    weight: 3,
  },
  {
    arbitrary: fc
      .tuple(pick, pick, fc.constantFrom('one' as const, 'two at once' as const, 'leader' as const))
      .map(([seat, claimer, how]) => new PartyClaim(seat, claimer, how)),
    weight: 4,
  },
  {
    arbitrary: fc.tuple(pick, fc.boolean()).map(([seat, twice]) => new CancelOpenSeat(seat, twice)),
    weight: 2,
  },
  {
    arbitrary: fc.tuple(pick, fc.boolean()).map(([seat, twice]) => new GuestCancel(seat, twice)),
    weight: 2,
  },
  {
    arbitrary: fc.tuple(pick, pick).map(([seat, claimer]) => new ClaimRacingCancel(seat, claimer)),
    weight: 1,
  },
  {
    arbitrary: fc.tuple(pick, pick).map(([seat, claimer]) => new PartyClaimAfterEnd(seat, claimer)),
    weight: 1,
  },
  {
    arbitrary: fc
      .tuple(pick, fc.boolean())
      .map(([request, approve]) => new Decide(request, approve)),
    weight: 3,
  },
);

// ---- runs ---------------------------------------------------------------------------------

/**
 * Each run on a venue day of its own (fresh slots; the code guesses of earlier runs are past
 * their minute): the day's first three games, listed before the first; a host, who buys 16 credits
 * and books the first game while it is ahead; and two more players, who buy 16 credits each and
 * book the last game, whose capacity is then cut to those two seats (full), and whose line the
 * host joins. Then the clock moves into the first game, so the others can join it by its
 * access code for the rest of the run.
 */
async function openRun(venue: Venue): Promise<{ model: Model; real: Real }> {
  const day = new Date(FIRST_DAY + venue.runs * DAY_MS).toISOString().slice(0, 10);
  venue.runs += 1;
  venue.clock.set(`${day}T12:00:00Z`);
  // Earlier runs' lines are on games past: the job lets them go, so that this run's passes
  // count only its own.
  await venue.services.waitlist.settleOffers();
  const listed = await postJson(venue.t.app, 'eventsAvailableTimes', { date: day });
  const slots = expectOk<AvailableTime[]>(listed)
    .slice(0, GAMES_USED)
    .map((slot) => slot.EventTime);
  const now = venue.clock.now().getTime();
  const model: Model = {
    day,
    slots,
    now,
    players: [],
    codes: [],
    orders: [],
    accessCodes: new Map(),
    closed: new Set(),
    capacities: new Map(),
    adminGranted: 0,
    approvals: [],
    places: [],
    pastOffers: [],
    parties: [],
    guestSeats: [],
  };
  const real: Real = { ...venue, players: [] };
  const host = [new SignUp(), new Buy(0, 'credits-16', 'approved'), new Book(0, 0)];
  // Two more players with seats on the last game, so that a cut or a closure has seats to take.
  const last = GAMES_USED - 1;
  const others = [1, 2].flatMap((who) => [
    new SignUp(),
    new Buy(who, 'credits-16', 'approved'),
    new Book(who, last),
  ]);
  // A party on the first game while it is ahead: its guest seats are claimed while it plays,
  // and their invites end with it (ADR 0065).
  const party = [new PartyBook(1, 0, 3)];
  // The last game full at its two seats, the host in its line: a seat freed there is offered.
  const line = [new CutCapacity(last, 0, false), new WaitlistJoin(0, last)];
  for (const command of [...host, ...others, ...party, ...line]) await command.run(model, real);
  venue.clock.set(new Date(Date.parse(slots[0]!) + 5 * 60_000));
  // A new day's sessions for the admins, the password asked again (each moves the clock 30 s).
  for (const admin of [venue.admins.granting, venue.admins.deciding]) {
    await venue.console.signInAgain(admin);
  }
  model.now = venue.clock.now().getTime();
  return { model, real };
}

/** What the invariant checker finds, each finding as a line. */
async function violationLines(t: TestApp): Promise<Set<string>> {
  const violations = await findInvariantViolations(t.database.handle.db);
  const lines = Object.entries(violations).flatMap(([kind, rows]: [string, object[]]) =>
    rows.map((row) => `${kind} ${JSON.stringify(row)}`),
  );
  return new Set(lines);
}

/**
 * The run broke no invariant: no finding that was not there before it. Runs share a database,
 * so a failed run's findings stay; a smaller run that shrinking tries after it must not fail on
 * them (it would be reported as the smallest failure, with nothing in it).
 */
async function expectNoNewViolations(t: TestApp, before: Set<string>): Promise<void> {
  expect([...(await violationLines(t))].filter((line) => !before.has(line))).toEqual([]);
}

describe(`credits ledger against a model (R1) [${dbKind}]`, () => {
  let venue: Venue;

  beforeAll(async () => {
    const clock = fixedClock(new Date(FIRST_DAY));
    const operatorToken = newOperatorToken();
    const paymentProvider = PROCESSOR;
    const t = await createTestApp({ clock, env: SQUARE_ENV, operatorToken, paymentProvider });
    const calls = consoleClient(() => t, operatorToken, clock);
    const admins = {
      granting: await calls.operator('admin'),
      deciding: await calls.operator('admin'),
    };
    for (const admin of Object.values(admins)) await calls.enrol(admin);
    venue = { t, clock, operatorToken, console: calls, admins, services: servicesOf(t), runs: 0 };
    // Players give seats back until the game starts, so that a run can cancel its later games.
    const cutoff = await operatorRun(
      { ...venue, players: [] },
      {
        command: 'settings cancel-cutoff',
        minutes: 0,
      },
    );
    expect(cutoff.statusCode, cutoff.body).toBe(200);
    const limits = await operatorRun(
      { ...venue, players: [] },
      { command: 'settings money-limits', adminDailyCredits: ADMIN_DAILY_CREDITS },
    );
    expect(limits.statusCode, limits.body).toBe(200);
    const hold = await operatorRun(
      { ...venue, players: [] },
      { command: 'settings waitlist-hold', minutes: HOLD_MINUTES },
    );
    expect(hold.statusCode, hold.body).toBe(200);
  });
  afterAll(async () => {
    await venue?.t.close();
  });

  // A passing run takes seconds; shrinking a failure replays many runs, so it gets minutes.
  it('keeps every balance equal to the model and to its ledger', { timeout: 600_000 }, async () => {
    const commands = fc.commands([COMMAND], { maxCommands: MAX_COMMANDS, size: 'max' });
    await fc.assert(
      fc.asyncProperty(commands, async (sequence) => {
        const before = await violationLines(venue.t);
        const run = await openRun(venue);
        await fc.asyncModelRun(() => run, sequence);
        await expectNoNewViolations(venue.t, before);
      }),
      {
        seed: SEED,
        ...(PATH === undefined ? {} : { path: PATH }),
        numRuns: RUNS,
        interruptAfterTimeLimit: SHRINK_LIMIT_MS,
      },
    );
  });
});
