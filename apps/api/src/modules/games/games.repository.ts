/** Seats as the game sees them, and game results with the leaderboards they make. */
import type { LeaderboardMetric } from '@questfield/contract';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { deleteBatch } from '../../db/batch-delete';
import { queryRows, type Executor } from '../../db/client';
import { eventSlots, gameResults, registrations, users } from '../../db/schema';

/** A seat a ticket names, with its game and player, and whether its result is in. */
export async function findSeat(
  db: Executor,
  seat: { registrationId: string; userId: string; slotId: string },
) {
  const [row] = await db
    .select({
      username: users.username,
      startsAt: eventSlots.startsAt,
      lengthMinutes: eventSlots.lengthMinutes,
      resultId: gameResults.id,
    })
    .from(registrations)
    .innerJoin(eventSlots, eq(eventSlots.id, registrations.slotId))
    // A deleted account's tickets (a game it was still playing) stand for nothing.
    .innerJoin(users, and(eq(users.id, registrations.userId), isNull(users.deletedAt)))
    .leftJoin(gameResults, eq(gameResults.registrationId, registrations.id))
    .where(
      and(
        eq(registrations.id, seat.registrationId),
        eq(registrations.userId, seat.userId),
        eq(registrations.slotId, seat.slotId),
      ),
    )
    .limit(1);
  return row;
}
export type SeatRow = NonNullable<Awaited<ReturnType<typeof findSeat>>>;

export type NewResult = {
  registrationId: string;
  userId: string;
  slotId: string;
  score: number;
  timeMs: number;
  distance: number;
  createdAt: Date;
};

/** Stores a seat's result; false (nothing written) when the seat has one already. */
export async function insertResult(db: Executor, result: NewResult): Promise<boolean> {
  const rows = await db
    .insert(gameResults)
    .values(result)
    .onConflictDoNothing({ target: gameResults.registrationId })
    .returning({ id: gameResults.id });
  return rows.length > 0;
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
  const filter = 'userId' in only ? sql`where user_id = ${only.userId}` : sql``;
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
    select ranked.rank, users.username as name, ranked.value
    from ranked join users on users.id = ranked.user_id
    ${filter}
    order by ranked.rank, ranked.first_at, users.username
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
  const deleted = db.select({ id: users.id }).from(users).where(isNotNull(users.deletedAt));
  return deleteBatch(db, gameResults, gameResults.id, inArray(gameResults.userId, deleted), limit);
}
