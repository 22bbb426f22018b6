-- Playing together (ADR 0065). A party: a player (its leader) booked several seats on one game.
-- Its guest seats not claimed yet are rows of party_seats, counted in event_slots.booked as
-- taken (the leader paid for them); a claimed one becomes a registration with the seat's id and
-- source 'guest', so the leader's ledger posting for it names that registration.
CREATE TABLE "parties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"leader_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parties_slot_leader_key" UNIQUE("slot_id","leader_id")
);--> statement-breakpoint
CREATE TABLE "party_seats" (
	"id" uuid PRIMARY KEY NOT NULL,
	"party_id" uuid NOT NULL,
	"slot_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "party_id" uuid;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_slot_id_event_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."event_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_seats" ADD CONSTRAINT "party_seats_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "party_seats" ADD CONSTRAINT "party_seats_slot_id_event_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."event_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "parties_leader_idx" ON "parties" USING btree ("leader_id");--> statement-breakpoint
CREATE INDEX "party_seats_party_idx" ON "party_seats" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "party_seats_slot_idx" ON "party_seats" USING btree ("slot_id");--> statement-breakpoint
CREATE INDEX "registrations_party_idx" ON "registrations" USING btree ("party_id") WHERE "registrations"."party_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_source";--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_source" CHECK (source IN ('booking', 'access_code', 'waitlist', 'staff', 'guest'));
