/**
 * The cursors of lists read a page at a time: the position of the last row shown (its sort key)
 * as base64url JSON, read back through a schema, so a cursor this server did not make is refused
 * instead of reaching a query.
 */
import type { z } from 'zod';

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
