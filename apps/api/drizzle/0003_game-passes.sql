ALTER TABLE "codes" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "codes" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "codes" ADD COLUMN "sealed_code" text;--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "codes_owner_created_idx" ON "codes" USING btree ("owner_id","created_at");--> statement-breakpoint
ALTER TABLE "codes" ADD CONSTRAINT "codes_pass_one_time" CHECK ("codes"."order_id" IS NULL OR "codes"."kind" = 'one_time');