/**
 * The games module (security.md W14, R22): game tickets for seats, what a ticket lets the game
 * on its own origin do (learn who plays which game, hand in the one result of the seat), and
 * the leaderboards those results make.
 *
 * A ticket is believed only with its seat: the registration it names must exist for the same
 * player and game. The game's maze is drawn from a seed only the server knows (maze-seeds.ts),
 * handed to the game with its ticket once the game has started. A result comes with the moves
 * that made it: they are replayed in that maze (the contract's generateMaze and implausibleRun),
 * so its figures are the replay's, none longer than the game has been running; it is stored once
 * per seat (the unique key decides between two at once), and moves another seat of the game
 * stored already are refused (one run counts once).
 *
 * A replay costs the server work (ADR 0046): it runs under the seat's claim, one at a time, and
 * after RESULT_REFUSALS_PER_SEAT refused results the seat takes no more.
 *
 * The public boards are read at most once per LEADERBOARD_TTL_MS in each process for each
 * period (a burst of visitors costs one read), and afresh after a result this process stored.
 */
import {
  generateMaze,
  implausibleRun,
  LEADERBOARD_METRICS,
  LEADERBOARD_SIZE,
  PLAYER_RESULTS_PAGE_SIZE,
  type LeaderboardEntry,
  type LeaderboardMetric,
  type LeaderboardPeriod,
  type RunFigures,
  type RunMoves,
} from '@questfield/contract';
import { createHash } from 'node:crypto';
import type { Executor } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import { readPage } from '../../lib/page-cursor';
import { eventIdOf } from '../../lib/slot-schedule';
import { ttlCache } from '../../lib/ttl-cache';
import type { BookingsService } from '../bookings/bookings.service';
import { createGameTickets } from './game-tickets';
import * as repo from './games.repository';
import { createMazeSeeds } from './maze-seeds';

const MINUTE = 60_000;
const LEADERBOARD_TTL_MS = 2_000;
/**
 * Refused results a seat may have before it takes no more. The game plays by the replay's own
 * rules, so a real player is never refused; a few leave room for a fault, none for a search.
 * @internal Exported for tests.
 */
export const RESULT_REFUSALS_PER_SEAT = 5;
/**
 * How long a seat's claim on checking a result lasts: a replay takes a millisecond or so, and a
 * process that stops in the middle of one leaves the seat free again after this.
 */
const CHECK_CLAIM_MS = 10_000;

/** A player's seat and its game's times: its ticket expires when the game ends. */
export type SeatInGame = {
  userId: string;
  registrationId: string;
  slotId: string;
  startsAt: Date;
  lengthMinutes: number;
};
const PERIOD_MS: Record<LeaderboardPeriod, number | null> = {
  day: 24 * 60 * MINUTE,
  week: 7 * 24 * 60 * MINUTE,
  all: null,
};

export type TicketInfo = {
  playerName: string;
  eventId: string;
  mazeSeed: string | null;
  roomName: string;
  startsAt: Date;
  endsAt: Date;
  secondsLeft: number;
  submitted: boolean;
};

/** A finished run as the game sends it: its figures and the moves that made them. */
export type Run = RunFigures & RunMoves;

type PerMetric<T> = Record<LeaderboardMetric, T>;

type GamesDeps = Pick<Infra, 'db' | 'env' | 'clock'> & {
  /** The bookings module records a seat's join (the seat is its row). */
  seats: Pick<BookingsService, 'markJoined'>;
};

export function createGamesService({ db, env, clock, seats }: GamesDeps) {
  const tickets = createGameTickets(env.appSecret, clock);
  const mazeSeedOf = createMazeSeeds(env.appSecret);

  /**
   * The seat a ticket stands for, its game's times and event id; refused for anything else, and
   * once its results were refused too often.
   */
  async function seatOf(ticket: string) {
    const claims = await tickets.verify(ticket);
    const seat = claims === null ? undefined : await repo.findSeat(db, claims);
    if (claims === null || seat === undefined) return fail('GAME_TICKET_INVALID');
    if (seat.resultId === null && seat.refusals >= RESULT_REFUSALS_PER_SEAT) {
      fail('GAME_TICKET_SPENT');
    }
    const endsAt = new Date(seat.startsAt.getTime() + seat.lengthMinutes * MINUTE);
    return { ...claims, ...seat, endsAt, eventId: eventIdOf(seat.startsAt, env) };
  }
  type Seat = Awaited<ReturnType<typeof seatOf>>;

  /**
   * Claims the check of the seat's result, or refuses: its result is in, its results were
   * refused too often, or another of its results is being checked.
   */
  async function claimCheck({ registrationId, userId, slotId }: Seat, now: Date) {
    const until = new Date(now.getTime() + CHECK_CLAIM_MS);
    const claim = { registrationId, now, until, refusalsAllowed: RESULT_REFUSALS_PER_SEAT };
    if (await repo.claimCheck(db, claim)) return;
    const seat = await repo.findSeat(db, { registrationId, userId, slotId });
    if (seat?.resultId !== null) fail('GAME_RESULT_REPEATED');
    if (seat.refusals >= RESULT_REFUSALS_PER_SEAT) fail('GAME_TICKET_SPENT');
    fail('GAME_RESULT_CHECKING');
  }

  /** Counts a refused result against the seat, lets its claim go, and answers `code`. */
  async function refuse(seat: Seat, code: 'GAME_RESULT_IMPOSSIBLE' | 'GAME_RESULT_COPIED') {
    await repo.refuseCheck(db, seat.registrationId);
    return fail(code);
  }

  async function perMetric<T>(read: (metric: LeaderboardMetric) => Promise<T>) {
    const values = await Promise.all(LEADERBOARD_METRICS.map(read));
    return Object.fromEntries(LEADERBOARD_METRICS.map((m, i) => [m, values[i]])) as PerMetric<T>;
  }

  /** The first moment of a period's runs (null: every run). */
  function sinceOf(period: LeaderboardPeriod): Date | null {
    const length = PERIOD_MS[period];
    return length === null ? null : new Date(clock.now().getTime() - length);
  }

  const myBests = (userId: string, period: LeaderboardPeriod = 'all') =>
    perMetric<LeaderboardEntry | null>(async (metric) => {
      const [mine] = await repo.rankedBests(db, metric, sinceOf(period), { userId });
      return mine ?? null;
    });

  const boards = ttlCache(LEADERBOARD_TTL_MS, clock, (period: LeaderboardPeriod) =>
    perMetric((metric) =>
      repo.rankedBests(db, metric, sinceOf(period), { limit: LEADERBOARD_SIZE }),
    ),
  );

  return {
    /** A ticket for a seat, valid until its game ends. */
    ticketFor: (seat: SeatInGame): Promise<string> =>
      tickets.issue({
        userId: seat.userId,
        registrationId: seat.registrationId,
        slotId: seat.slotId,
        endsAt: new Date(seat.startsAt.getTime() + seat.lengthMinutes * MINUTE),
      }),

    /**
     * Who plays which game with this ticket, and for how long still. The first use once the
     * game has started records the seat's join (ADR 0059): the game's frame opened before the
     * start asks again at the start, so an early look at a game is not a join.
     */
    async validate(ticket: string): Promise<TicketInfo> {
      const seat = await seatOf(ticket);
      const now = clock.now();
      const left = seat.endsAt.getTime() - now.getTime();
      const started = now >= seat.startsAt;
      if (started) await seats.markJoined(seat.registrationId);
      return {
        playerName: seat.username,
        eventId: seat.eventId,
        mazeSeed: started ? mazeSeedOf(seat.startsAt) : null,
        roomName: env.districtName,
        startsAt: seat.startsAt,
        endsAt: seat.endsAt,
        secondsLeft: Math.max(Math.floor(left / 1000), 0),
        submitted: seat.resultId !== null,
      };
    },

    /**
     * Stores the seat's one result, played while its game runs; the player's ranks after it.
     * The cheap checks (ticket, seat, the game's times, the claim) come before any replay.
     */
    async submit(ticket: string, run: Run): Promise<PerMetric<number>> {
      const seat = await seatOf(ticket);
      if (seat.resultId !== null) fail('GAME_RESULT_REPEATED');
      const now = clock.now();
      const played = now.getTime() - seat.startsAt.getTime();
      if (played < 0 || now >= seat.endsAt) fail('GAME_NOT_LIVE');
      await claimCheck(seat, now);
      const maze = generateMaze(mazeSeedOf(seat.startsAt));
      if (run.timeMs > played || implausibleRun(maze, run) !== null) {
        return refuse(seat, 'GAME_RESULT_IMPOSSIBLE');
      }
      const { registrationId, userId, slotId } = seat;
      // The figures are the replay's (implausibleRun refuses any other). Of the moves only a
      // digest is kept: another seat of the game sending them again is refused by it.
      const { score, timeMs, distance } = run;
      const movesDigest = createHash('sha256').update(run.moves).digest('base64url');
      const result = { registrationId, userId, slotId, score, timeMs, distance, movesDigest };
      if (!(await repo.insertResult(db, { ...result, createdAt: now }))) {
        // The seat's own result (a claim that lapsed let two checks run), or another seat's.
        const stored = await repo.findSeat(db, seat);
        if (stored?.resultId !== null) fail('GAME_RESULT_REPEATED');
        return refuse(seat, 'GAME_RESULT_COPIED');
      }
      boards.clear();
      const bests = await myBests(userId);
      return perMetric(async (metric) => bests[metric]?.rank ?? 0);
    },

    /** The top LEADERBOARD_SIZE players of each board, counting the period's runs. */
    leaderboard: (period: LeaderboardPeriod): Promise<PerMetric<LeaderboardEntry[]>> =>
      boards.get(period),

    /** The player's best and rank on each board in the period (null without a result in it). */
    myBests,

    /** A page of the player's results, newest first (the console's player page). */
    resultsOf: (userId: string, cursor?: string) =>
      readPage(
        cursor,
        PLAYER_RESULTS_PAGE_SIZE,
        (after, limit) => repo.listResultsOf(db, userId, { after, limit }),
        (result) => ({ at: result.at, id: result.id }),
      ),

    /**
     * Deletes the player's results in the caller's transaction (the account is being deleted).
     * The caller calls `refreshBoards()` after commit, so this process's boards drop them.
     */
    forgetPlayer: (tx: Executor, userId: string): Promise<number> =>
      repo.deleteResultsOf(tx, userId),

    /** The next read of the boards goes to the database. */
    refreshBoards: (): void => boards.clear(),

    /** Deletes one batch of results that deleted accounts still hold; how many went. */
    async purgeResultsOfDeleted(limit: number): Promise<number> {
      const purged = await repo.purgeResultsOfDeleted(db, limit);
      if (purged > 0) boards.clear();
      return purged;
    },
  };
}

export type GamesService = ReturnType<typeof createGamesService>;
