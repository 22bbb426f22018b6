DROP INDEX "credit_ledger_user_created_idx";--> statement-breakpoint
CREATE INDEX "credit_ledger_user_id_idx" ON "credit_ledger" USING btree ("user_id","id" DESC NULLS LAST);