/**
 * Helpers for statements written as SQL text rather than with Drizzle's query builder (ADR
 * 0037, the hot paths): an instant as a parameter, and a timestamp back as a Date. Both
 * drivers answer a timestamp of SQL text as text (Drizzle's parsers), and take an ISO string.
 */
import { sql, type SQL } from 'drizzle-orm';

/** `instant` as a timestamptz parameter. */
export const timestamp = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

/** A timestamp column's value as a Date. */
export const dateOf = (value: string | Date): Date => new Date(value);

/** A nullable timestamp column's value as a Date or null. */
export const dateOrNull = (value: string | Date | null): Date | null =>
  value === null ? null : new Date(value);
