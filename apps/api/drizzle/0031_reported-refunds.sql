CREATE TABLE "reported_refunds" (
	"refund_id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reported_refunds_status" CHECK (status IN ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "reported_refunds_payment_idx" ON "reported_refunds" USING btree ("payment_id");