/**
 * Keyset paging of a list sorted by a time, then by id (src/lib/page-cursor.ts makes the
 * cursors): each page starts after the last row of the page before, found through the sort's
 * index, never by counting rows (OFFSET), so rows written meanwhile neither repeat nor vanish.
 */
import { asc, desc, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Position } from '../lib/page-cursor';

/** Where a page starts (null: at the top), how many rows it reads, and which way it runs. */
export type KeysetPage = { after: Position | null; limit: number; order?: 'desc' | 'asc' };

/**
 * The rows after `page.after` (a WHERE term, undefined for the first page) and the ORDER BY
 * that goes with it: newest first unless `page.order` is 'asc'. The position is one row-value
 * comparison, which an index on (…, time, id) serves as a range rather than a filter.
 */
export function keyset(time: PgColumn, id: PgColumn, page: KeysetPage) {
  const ascending = page.order === 'asc';
  const by = ascending ? asc : desc;
  return { where: pastPosition(time, id, page.after, ascending), orderBy: [by(time), by(id)] };
}

function pastPosition(time: PgColumn, id: PgColumn, after: Position | null, ascending: boolean) {
  if (after === null) return undefined;
  const position = sql`(${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`;
  return sql`(${time}, ${id}) ${sql.raw(ascending ? '>' : '<')} ${position}`;
}
