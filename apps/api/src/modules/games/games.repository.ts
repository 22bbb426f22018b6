/** Seats as the game sees them, and game results with the leaderboards they make. */
import type { LeaderboardMetric } from '@questfield/contract';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { deleteBatch } from '../../db/batch-delete';
import { queryRows, type Executor } from '../../db/client';
import { keyset, type KeysetPage } from '../../db/keyset';
import { gameResultChecks, gameResults } from '../../db/schema/games';
import { gameSeats, playerNames } from '../../db/schema/views';

/**
 * A seat a ticket names, with its game and player, whether its result is in, and how many of its
 * results were refused.
 */
export async function findSeat(
  db: Executor,
  seat: { registrationId: string; userId: string; slotId: string },
) {
  const [row] = await db
    .select({
      username: playerNames.username,
      startsAt: gameSeats.startsAt,
      lengthMinutes: gameSeats.lengthMinutes,
      resultId: gameResults.id,
      refusals: sql<number>`coalesce(${gameResultChecks.refusals}, 0)`.mapWith(Number),
    })
    .from(gameSeats)
    // A deleted account's tickets (a game it was still playing) stand for nothing.
    .innerJoin(
      playerNames,
      and(eq(playerNames.userId, gameSeats.userId), eq(playerNames.deleted, false)),
    )
    .leftJoin(gameResults, eq(gameResults.registrationId, gameSeats.registrationId))
    .leftJoin(gameResultChecks, eq(gameResultChecks.registrationId, gameSeats.registrationId))
    .where(
      and(
        eq(gameSeats.registrationId, seat.registrationId),
        eq(gameSeats.userId, seat.userId),
        eq(gameSeats.slotId, seat.slotId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Claims the seat's check of a result until `until`, in one statement (so of two at once, one
 * claims): not while another check holds it (unless its claim lapsed), nor once the seat has
 * `refusalsAllowed` refusals. True when claimed.
 */
export async function claimCheck(
  db: Executor,
  claim: { registrationId: string; now: Date; until: Date; refusalsAllowed: number },
): Promise<boolean> {
  const { registrationId, now, until, refusalsAllowed } = claim;
  const rows = await db
    .insert(gameResultChecks)
    .values({ registrationId, checkingUntil: until })
    .onConflictDoUpdate({
      target: gameResultChecks.registrationId,
      set: { checkingUntil: until },
      setWhere: and(
        lt(gameResultChecks.refusals, refusalsAllowed),
        or(isNull(gameResultChecks.checkingUntil), lte(gameResultChecks.checkingUntil, now)),
      ),
    })
    .returning({ registrationId: gameResultChecks.registrationId });
  return rows.length > 0;
}

/** Counts a refused result against the seat and lets its claim go. */
export async function refuseCheck(db: Executor, registrationId: string): Promise<void> {
  await db
    .update(gameResultChecks)
    .set({ refusals: sql`${gameResultChecks.refusals} + 1`, checkingUntil: null })
    .where(eq(gameResultChecks.registrationId, registrationId));
}

export type NewResult = {
  registrationId: string;
  userId: string;
  slotId: string;
  score: number;
  timeMs: number;
  distance: number;
  movesDigest: string;
  createdAt: Date;
};

/**
 * Stores a seat's result; false (nothing written) when the seat has one already or another seat
 * of the game stored the same moves.
 */
export async function insertResult(db: Executor, result: NewResult): Promise<boolean> {
  const rows = await db
    .insert(gameResults)
    .values(result)
    .onConflictDoNothing()
    .returning({ id: gameResults.id });
  return rows.length > 0;
}

/** The player's results, newest first (ties by id), a keyset page at a time. */
export async function listResultsOf(db: Executor, userId: string, page: KeysetPage) {
  const { where, orderBy } = keyset(gameResults.createdAt, gameResults.id, page);
  return db
    .select({
      id: gameResults.id,
      at: gameResults.createdAt,
      score: gameResults.score,
      timeMs: gameResults.timeMs,
      distance: gameResults.distance,
    })
    .from(gameResults)
    .where(and(eq(gameResults.userId, userId), where))
    .orderBy(...orderBy)
    .limit(page.limit);
}

/** Each player's best by a metric: the highest score or distance, the fastest time. */
const BEST = {
  score: sql`max(score)`,
  time: sql`min(time_ms)`,
  distance: sql`max(distance)`,
} as const satisfies Record<LeaderboardMetric, unknown>;
const ORDER = { score: sql`desc`, time: sql`asc`, distance: sql`desc` } as const;

/**
 * Players ranked by their best run since `since` (every run when null; ties share a rank, the
 * earlier first run lists first), with their usernames: the top `limit`, or only `userId`'s line.
 */
export async function rankedBests(
  db: Executor,
  metric: LeaderboardMetric,
  since: Date | null,
  only: { limit: number } | { userId: string },
): Promise<{ rank: number; name: string; value: number }[]> {
  const runs = since === null ? sql`` : sql`where created_at >= ${since.toISOString()}`;
  const filter = 'userId' in only ? sql`where ranked.user_id = ${only.userId}` : sql``;
  const limit = 'limit' in only ? sql`limit ${only.limit}` : sql``;
  const rows = await queryRows<{ rank: string | number; name: string; value: number }>(
    db,
    sql`with bests as (
      select user_id, ${BEST[metric]} as value, min(created_at) as first_at
      from game_results ${runs} group by user_id
    ), ranked as (
      select user_id, value, first_at, rank() over (order by value ${ORDER[metric]}) as rank
      from bests
    )
    select ranked.rank, player_names.username as name, ranked.value
    from ranked join player_names on player_names.user_id = ranked.user_id
    ${filter}
    order by ranked.rank, ranked.first_at, player_names.username
    ${limit}`,
  );
  return rows.map((row) => ({ rank: Number(row.rank), name: row.name, value: Number(row.value) }));
}

/** Every result of a player (the account's deletion takes its runs off the boards). */
export async function deleteResultsOf(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .delete(gameResults)
    .where(eq(gameResults.userId, userId))
    .returning({ id: gameResults.id });
  return rows.length;
}

/** Results of deleted accounts stored by a submission racing the deletion: one batch. */
export function purgeResultsOfDeleted(db: Executor, limit: number): Promise<number> {
  const deleted = db
    .select({ id: playerNames.userId })
    .from(playerNames)
    .where(eq(playerNames.deleted, true));
  return deleteBatch(db, gameResults, gameResults.id, inArray(gameResults.userId, deleted), limit);
}
