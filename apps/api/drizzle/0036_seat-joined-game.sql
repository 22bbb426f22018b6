-- When the game first used a seat's ticket (ADR 0059): set once, by the first verified use.
ALTER TABLE "registrations" ADD COLUMN "joined_game_at" timestamp with time zone;
