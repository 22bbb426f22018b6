CREATE TABLE "operator_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"request" jsonb NOT NULL,
	"target_user_id" uuid,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decision" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	CONSTRAINT "operator_approvals_kind" CHECK (kind IN ('grant', 'batch')),
	CONSTRAINT "operator_approvals_decided_once" CHECK ((decision IS NULL AND decided_by IS NULL AND decided_at IS NULL) OR (decision IN ('approved', 'refused', 'withdrawn') AND decided_by IS NOT NULL AND decided_at IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "operator_approvals" ADD CONSTRAINT "operator_approvals_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_approvals" ADD CONSTRAINT "operator_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_approvals" ADD CONSTRAINT "operator_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operator_approvals_undecided_idx" ON "operator_approvals" USING btree ("created_at") WHERE "operator_approvals"."decision" IS NULL;--> statement-breakpoint
CREATE INDEX "operator_approvals_decided_idx" ON "operator_approvals" USING btree ("decided_at") WHERE "operator_approvals"."decision" IS NOT NULL;