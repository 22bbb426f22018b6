DROP INDEX "codes_owner_created_idx";--> statement-breakpoint
DROP INDEX "redemptions_user_idx";--> statement-breakpoint
DROP INDEX "game_results_user_idx";--> statement-breakpoint
DROP INDEX "orders_user_created_idx";--> statement-breakpoint
CREATE INDEX "codes_owner_created_idx" ON "codes" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "redemptions_user_idx" ON "redemptions" USING btree ("user_id","redeemed_at","code_id");--> statement-breakpoint
CREATE INDEX "game_results_user_idx" ON "game_results" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","id");