-- The player's own time zone as the browser named it when the seat was taken or the place in
-- line joined (an IANA name this server knows, canonical; null when the browser said none), so
-- the mails sent later about that seat or place show the player's clock beside the venue's
-- (ADR 0057).
ALTER TABLE "registrations" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD COLUMN "time_zone" text;
