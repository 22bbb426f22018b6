CREATE TABLE "code_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"credits" integer NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_batches_kind" CHECK (kind IN ('promo_per_user', 'one_time')),
	CONSTRAINT "code_batches_credits_positive" CHECK ("code_batches"."credits" > 0),
	CONSTRAINT "code_batches_count_positive" CHECK ("code_batches"."count" > 0)
);
--> statement-breakpoint
ALTER TABLE "codes" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "code_batches" ADD CONSTRAINT "code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "code_batches_name_key" ON "code_batches" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "code_batches_created_idx" ON "code_batches" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_batch_id_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."code_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "codes_batch_idx" ON "codes" USING btree ("batch_id","id");