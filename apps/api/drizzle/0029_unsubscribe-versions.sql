CREATE TABLE "unsubscribe_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "unsubscribe_versions_version_positive" CHECK ("unsubscribe_versions"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "unsubscribe_versions" ADD CONSTRAINT "unsubscribe_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;