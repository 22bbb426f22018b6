ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
-- Nothing but the move to paid changes a paid order's updated_at, so it is the time it was paid;
-- orders refunded since lost that time, and keep paid_at null.
UPDATE "orders" SET "paid_at" = "updated_at" WHERE "status" = 'paid';
