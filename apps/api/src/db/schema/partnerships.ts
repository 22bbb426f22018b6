/**
 * The partnerships module's table: applications from the Partnerships page.
 */
import { sql } from 'drizzle-orm';
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const partnershipApplications = pgTable(
  'partnership_applications',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    companyName: text('company_name').notNull(),
    companyDescription: text('company_description').notNull(),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    // Serves the per-IP hourly limit on submissions.
    index('partnership_applications_ip_created_idx').on(t.ip, t.createdAt),
    // Serves the daily cap on confirmations one address receives.
    index('partnership_applications_email_created_idx').on(sql`lower(${t.email})`, t.createdAt),
  ],
);
