-- The outbox keeps a mail as its draft (ADR 0044): the template's input, sealed as one part, and
-- rendered when it is sent. Rows queued before keep their sealed bodies until they are sent.
-- No query reads the outbox by address: its index only cost every queued mail an insert.
DROP INDEX "email_outbox_to_created_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "subject" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "text_body" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "draft" text DEFAULT '' NOT NULL;