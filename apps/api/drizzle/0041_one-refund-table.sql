-- One table for refunds (ADR 0064): each full refund becomes a row of "order_part_refunds", the
-- refund of all that was left, under a request key of its own ('full:' or 'square:' and its id,
-- which no console key, a uuid, can be). What the old row did not keep is read from where it
-- went: the credits taken back from the ledger's postings of the refund (a full refund posts
-- under its order's id), the passes revoked from the order's revoked passes. A refund with no
-- admin, no mail and no audit row was made in Square's dashboard; one from the command line has
-- its audit row.
INSERT INTO "order_part_refunds" ("id", "order_id", "request_key", "amount_cents", "destination", "credits_taken_back", "credits_added", "shortfall_credits", "passes_revoked", "status", "provider_refund_id", "failure_code", "attempts", "requested_by", "buyer_mail", "created_at", "updated_at")
SELECT r."id", r."order_id",
	CASE WHEN r."requested_by" IS NULL AND r."buyer_mail" IS NULL AND NOT EXISTS (
		SELECT 1 FROM "audit_log" a JOIN "orders" o ON o."id" = r."order_id"
		WHERE a."action" = 'orders.refund' AND a."target_user_id" = o."user_id"
			AND a."subject" LIKE o."order_number" || ' (%' AND a."after" ->> 'amount' IS NULL
	) THEN 'square:' ELSE 'full:' END || r."id"::text,
	r."amount_cents", 'card',
	coalesce((SELECT sum(-l."delta") FROM "credit_ledger" l WHERE l."ref_type" = 'refund' AND l."ref_id" = r."order_id"::text), 0)::int,
	0, r."shortfall_credits",
	(SELECT count(*) FROM "codes" c WHERE c."order_id" = r."order_id" AND c."revoked_at" IS NOT NULL)::int,
	r."status", r."provider_refund_id", r."failure_code", r."attempts", r."requested_by", r."buyer_mail", r."created_at", r."updated_at"
FROM "order_refunds" r;--> statement-breakpoint
DROP TABLE "order_refunds";--> statement-breakpoint
-- The one table keeps the one name: every refund, of all that was left or of part.
ALTER TABLE "order_part_refunds" RENAME TO "order_refunds";--> statement-breakpoint
ALTER TABLE "order_refunds" RENAME CONSTRAINT "order_part_refunds_request_key" TO "order_refunds_request_key";--> statement-breakpoint
ALTER TABLE "order_refunds" RENAME CONSTRAINT "order_part_refunds_provider_refund_id_key" TO "order_refunds_provider_refund_id_key";--> statement-breakpoint
ALTER TABLE "order_refunds" RENAME CONSTRAINT "order_part_refunds_status" TO "order_refunds_status";--> statement-breakpoint
ALTER TABLE "order_refunds" RENAME CONSTRAINT "order_part_refunds_destination" TO "order_refunds_destination";--> statement-breakpoint
ALTER TABLE "order_refunds" RENAME CONSTRAINT "order_part_refunds_amount_positive" TO "order_refunds_amount_positive";--> statement-breakpoint
ALTER TABLE "order_refunds" RENAME CONSTRAINT "order_part_refunds_order_id_orders_id_fk" TO "order_refunds_order_id_orders_id_fk";
