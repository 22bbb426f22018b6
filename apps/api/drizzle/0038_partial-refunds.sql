ALTER TABLE "orders" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders refunded in full before partial refunds had all their money refunded.
UPDATE "orders" SET "refunded_cents" = "amount_cents" WHERE "status" = 'refunded' AND EXISTS (SELECT 1 FROM "order_refunds" r WHERE r."order_id" = "orders"."id" AND r."status" <> 'failed');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refunded_within_amount" CHECK ("orders"."refunded_cents" >= 0 AND "orders"."refunded_cents" <= "orders"."amount_cents");--> statement-breakpoint
CREATE TABLE "order_part_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"destination" text NOT NULL,
	"credits_taken_back" integer DEFAULT 0 NOT NULL,
	"credits_added" integer DEFAULT 0 NOT NULL,
	"shortfall_credits" integer DEFAULT 0 NOT NULL,
	"passes_revoked" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"failure_code" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"requested_by" uuid,
	"buyer_mail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_part_refunds_request_key" UNIQUE("order_id","request_key"),
	CONSTRAINT "order_part_refunds_provider_refund_id_key" UNIQUE("provider_refund_id"),
	CONSTRAINT "order_part_refunds_status" CHECK (status IN ('pending', 'completed', 'failed')),
	CONSTRAINT "order_part_refunds_destination" CHECK (destination IN ('card', 'credits')),
	CONSTRAINT "order_part_refunds_amount_positive" CHECK ("order_part_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_part_refunds" ADD CONSTRAINT "order_part_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
