/**
 * The whole product's data model (security.md "Reference data model"), one pg-core schema for
 * both PGlite and Postgres, a file per owning module. Rules the business depends on are also
 * database constraints, so a bug in a service fails loudly instead of corrupting balances or
 * seat counts: credits never negative, a slot never over capacity, one posting per business
 * event, one seat per player per slot, one order per idempotency key.
 *
 * A module's repository imports its own file only (ESLint enforces it); what one module reads of
 * another's tables is a view of views.ts. This barrel is for src/db/, drizzle-kit and tests.
 *
 * Change it only together with a new migration (`npm run db:generate -w @questfield/api`).
 */
export * from './accounts';
export * from './audit-log';
export * from './bookings';
export * from './codes';
export * from './credits';
export * from './email';
export * from './games';
export * from './limits';
export * from './operator';
export * from './orders';
export * from './partnerships';
export * from './settings';
export * from './two-factor';
export * from './views';
