/**
 * The cursors of lists read a page at a time: the position of the last row shown (its sort key)
 * as base64url JSON, read back through a schema, so a cursor this server did not make is refused
 * instead of reaching a query.
 */
import { z } from 'zod';
import { fail } from './app-error';

export const encodeCursor = (position: unknown): string =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

/** The position `cursor` holds, or null when it is not one `schema` describes. */
export function decodeCursor<T>(cursor: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * A row's place in a list sorted by a time, then by id: the id breaks ties, so rows written in
 * the same millisecond keep one order and a page never repeats or skips one of them.
 */
export type Position = { at: Date; id: string };

const position = z
  .tuple([z.iso.datetime(), z.uuid()])
  .transform(([at, id]): Position => ({ at: new Date(at), id }));

/** A page of a list, newest first unless the list says otherwise; null `nextCursor` at the end. */
export type Page<Row> = { entries: Row[]; nextCursor: string | null };

/**
 * A page of `size` rows after `cursor` (the page before's `nextCursor`; none for the first):
 * `read` asks for one row more than the page, so a full page knows whether another follows.
 * A cursor this server did not make is BAD_REQUEST, before any query.
 */
export async function readPage<Row>(
  cursor: string | undefined,
  size: number,
  read: (after: Position | null, limit: number) => Promise<Row[]>,
  positionOf: (row: Row) => Position,
): Promise<Page<Row>> {
  const after =
    cursor === undefined ? null : (decodeCursor(cursor, position) ?? fail('BAD_REQUEST'));
  const rows = await read(after, size + 1);
  const entries = rows.slice(0, size);
  const last = entries.at(-1);
  if (rows.length <= size || last === undefined) return { entries, nextCursor: null };
  const { at, id } = positionOf(last);
  return { entries, nextCursor: encodeCursor([at.toISOString(), id]) };
}
