-- A waitlist that keeps a party together (ADR 0066): a place asks for 1 seat, or a party's; an
-- offer holds them all (event_slots.held counts the seats of the offers, not the offers).
ALTER TABLE "waitlist_entries" ADD COLUMN "seats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_seats" CHECK ("waitlist_entries"."seats" BETWEEN 1 AND 6);
