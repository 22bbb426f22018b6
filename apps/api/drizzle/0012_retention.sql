ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_reason";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "auth_attempts_created_idx" ON "auth_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "recovery_codes_expires_at_idx" ON "recovery_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "reset_tokens_expires_at_idx" ON "reset_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_at_idx" ON "sessions" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "users_deleted_at_idx" ON "users" USING btree ("deleted_at") WHERE "users"."deleted_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_reason" CHECK (reason IN ('purchase', 'redeem', 'book', 'join', 'refund', 'admin', 'account_deleted'));