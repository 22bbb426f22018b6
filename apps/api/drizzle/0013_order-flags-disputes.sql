CREATE TABLE "payment_disputes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_disputes_order_idx" ON "payment_disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_flagged_idx" ON "orders" USING btree ("flagged_at") WHERE "orders"."flag" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_flag" CHECK ("orders"."flag" IS NULL OR flag IN ('disputed', 'partially_refunded', 'payment_mismatch'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_flag_complete" CHECK (("orders"."flag" IS NULL) = ("orders"."flagged_at" IS NULL));