-- A seat staff booked for a player (the console's "Book a seat", `seats book`) is recorded as
-- such, so the roster says how it was taken: "Booked by staff" beside "Booked" (ADR 0059).
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_source";--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_source" CHECK (source IN ('booking', 'access_code', 'waitlist', 'staff'));
