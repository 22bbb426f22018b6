-- The reason an operator gave for closing a slot on its own, shown to players on its day
-- (Events/DayStatus); null while open and for slots closed by a blocked day or the week.
ALTER TABLE "event_slots" ADD COLUMN "closed_reason" text;
