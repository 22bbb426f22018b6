CREATE TABLE "seat_reminders" (
	"registration_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seat_reminders_registration_id_kind_pk" PRIMARY KEY("registration_id","kind"),
	CONSTRAINT "seat_reminders_kind" CHECK (kind IN ('day', 'hour'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slot_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_slot_user_key" UNIQUE("slot_id","user_id"),
	CONSTRAINT "waitlist_entries_status" CHECK (status IN ('waiting', 'offered')),
	CONSTRAINT "waitlist_entries_offer" CHECK (("waitlist_entries"."status" = 'offered') = ("waitlist_entries"."offer_expires_at" IS NOT NULL AND "waitlist_entries"."offered_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_source";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_emails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "event_slots" ADD COLUMN "held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "extras" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "seat_reminders" ADD CONSTRAINT "seat_reminders_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_slot_id_event_slots_id_fk" FOREIGN KEY ("slot_id") REFERENCES "public"."event_slots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seat_reminders_created_idx" ON "seat_reminders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "waitlist_entries_slot_status_created_idx" ON "waitlist_entries" USING btree ("slot_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_user_idx" ON "waitlist_entries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_offer_expires_idx" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "event_slots" ADD CONSTRAINT "event_slots_held_within_capacity" CHECK ("event_slots"."held" >= 0 AND "event_slots"."booked" + "event_slots"."held" <= "event_slots"."capacity");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_source" CHECK (source IN ('booking', 'access_code', 'waitlist'));