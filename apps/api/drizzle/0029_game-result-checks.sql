CREATE TABLE "game_result_checks" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"refusals" integer DEFAULT 0 NOT NULL,
	"checking_until" timestamp with time zone,
	CONSTRAINT "game_result_checks_refusals_non_negative" CHECK ("game_result_checks"."refusals" >= 0)
);
--> statement-breakpoint
ALTER TABLE "game_results" ADD COLUMN "moves_digest" text;--> statement-breakpoint
ALTER TABLE "game_result_checks" ADD CONSTRAINT "game_result_checks_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_results" ADD CONSTRAINT "game_results_slot_moves_key" UNIQUE("slot_id","moves_digest");