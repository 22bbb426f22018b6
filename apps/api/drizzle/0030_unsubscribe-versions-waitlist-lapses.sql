CREATE TABLE "unsubscribe_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	CONSTRAINT "unsubscribe_versions_version_positive" CHECK ("unsubscribe_versions"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "waitlist_lapses" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"lapses" integer NOT NULL,
	CONSTRAINT "waitlist_lapses_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "waitlist_lapses_positive" CHECK ("waitlist_lapses"."lapses" > 0)
);
--> statement-breakpoint
ALTER TABLE "unsubscribe_versions" ADD CONSTRAINT "unsubscribe_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_lapses" ADD CONSTRAINT "waitlist_lapses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;