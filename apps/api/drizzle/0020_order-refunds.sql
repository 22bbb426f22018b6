CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider_refund_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"requested_by" uuid,
	"shortfall_credits" integer DEFAULT 0 NOT NULL,
	"failure_code" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_order_key" UNIQUE("order_id"),
	CONSTRAINT "order_refunds_provider_refund_id_key" UNIQUE("provider_refund_id"),
	CONSTRAINT "order_refunds_status" CHECK (status IN ('pending', 'completed', 'failed')),
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_cents" > 0),
	CONSTRAINT "order_refunds_shortfall_non_negative" CHECK ("order_refunds"."shortfall_credits" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_flag";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_flag" CHECK ("orders"."flag" IS NULL OR flag IN ('disputed', 'partially_refunded', 'payment_mismatch', 'refund_failed'));