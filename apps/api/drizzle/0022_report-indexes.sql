CREATE INDEX "redemptions_redeemed_brin" ON "redemptions" USING brin ("redeemed_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_created_brin" ON "credit_ledger" USING brin ("created_at");