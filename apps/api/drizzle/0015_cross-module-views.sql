-- What one module reads of another module's tables (src/db/schema/views.ts says who reads each).
-- Plain single-query views: Postgres inlines them, so they cost nothing at run time.
CREATE VIEW "balances" AS
  SELECT "id" AS "user_id", "credits", "updated_at" FROM "users";
--> statement-breakpoint
CREATE VIEW "player_names" AS
  SELECT "id" AS "user_id", "username", "deleted_at" IS NOT NULL AS "deleted" FROM "users";
--> statement-breakpoint
CREATE VIEW "order_numbers" AS
  SELECT "id" AS "order_id", "order_number" FROM "orders";
--> statement-breakpoint
CREATE VIEW "redeemed_code_labels" AS
  SELECT "user_id", "code_label", "redeemed_at" FROM "redemptions";
--> statement-breakpoint
CREATE VIEW "game_seats" AS
  SELECT r."id" AS "registration_id", r."user_id", r."slot_id", s."starts_at", s."length_minutes"
  FROM "registrations" r JOIN "event_slots" s ON s."id" = r."slot_id";
