/**
 * The settings module's table: values operators change while the product runs.
 */
import { jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

/**
 * Settings operators change while the product runs (`npm run admin -- multiplayer on|off`);
 * a missing row means the value from the environment.
 */
export const runtimeSettings = pgTable('runtime_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});
