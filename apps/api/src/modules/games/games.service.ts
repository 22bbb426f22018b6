/**
 * The games module (security.md W14, R22): game tickets for seats, what a ticket lets the game
 * on its own origin do (learn who plays which game, hand in the one result of the seat), and
 * the leaderboards those results make.
 *
 * A ticket is believed only with its seat: the registration it names must exist for the same
 * player and game. A result comes with the moves that made it: they are replayed in the maze
 * the game was played in (the contract's generateMaze and implausibleRun), so its figures are
 * the replay's, none longer than the game has been running; it is stored once per seat (the
 * unique key decides between two at once).
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
import type { Executor } from '../../db/client';
import type { Infra } from '../../infra';
import { fail } from '../../lib/app-error';
import { readPage } from '../../lib/page-cursor';
import { eventIdOf } from '../../lib/slot-schedule';
import { ttlCache } from '../../lib/ttl-cache';
import { createGameTickets } from './game-tickets';
import * as repo from './games.repository';

const MINUTE = 60_000;
const LEADERBOARD_TTL_MS = 2_000;

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
  roomName: string;
  startsAt: Date;
  endsAt: Date;
  secondsLeft: number;
  submitted: boolean;
};

/** A finished run as the game sends it: its figures and the moves that made them. */
export type Run = RunFigures & RunMoves;

type PerMetric<T> = Record<LeaderboardMetric, T>;

export function createGamesService({ db, env, clock }: Pick<Infra, 'db' | 'env' | 'clock'>) {
  const tickets = createGameTickets(env.appSecret, clock);

  /** The seat a ticket stands for, its game's times and event id; refused for anything else. */
  async function seatOf(ticket: string) {
    const claims = await tickets.verify(ticket);
    const seat = claims === null ? undefined : await repo.findSeat(db, claims);
    if (claims === null || seat === undefined) return fail('GAME_TICKET_INVALID');
    const endsAt = new Date(seat.startsAt.getTime() + seat.lengthMinutes * MINUTE);
    return { ...claims, ...seat, endsAt, eventId: eventIdOf(seat.startsAt, env) };
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

    /** Who plays which game with this ticket, and for how long still. */
    async validate(ticket: string): Promise<TicketInfo> {
      const seat = await seatOf(ticket);
      const left = seat.endsAt.getTime() - clock.now().getTime();
      return {
        playerName: seat.username,
        eventId: seat.eventId,
        roomName: env.districtName,
        startsAt: seat.startsAt,
        endsAt: seat.endsAt,
        secondsLeft: Math.max(Math.floor(left / 1000), 0),
        submitted: seat.resultId !== null,
      };
    },

    /** Stores the seat's one result, played while its game runs; the player's ranks after it. */
    async submit(ticket: string, run: Run): Promise<PerMetric<number>> {
      const seat = await seatOf(ticket);
      const now = clock.now();
      const played = now.getTime() - seat.startsAt.getTime();
      if (played < 0 || now >= seat.endsAt) fail('GAME_NOT_LIVE');
      if (run.timeMs > played || implausibleRun(generateMaze(seat.eventId), run) !== null) {
        fail('GAME_RESULT_IMPOSSIBLE');
      }
      const { registrationId, userId, slotId } = seat;
      // The figures are the replay's (implausibleRun refuses any other); the moves are not kept.
      const { score, timeMs, distance } = run;
      const result = { registrationId, userId, slotId, score, timeMs, distance, createdAt: now };
      const stored = await repo.insertResult(db, result);
      if (!stored) fail('GAME_RESULT_REPEATED');
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
