-- The console's live day: every change to a slot's seats, capacity or state is announced, on
-- commit, to every process listening on 'slot_changed' (bookings/slot-changes.ts). The payload
-- is the slot's start in epoch milliseconds, from which a listener finds the venue day.
CREATE OR REPLACE FUNCTION event_slots_notify_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(
    'slot_changed',
    (floor(extract(epoch FROM NEW.starts_at) * 1000))::bigint::text
  );
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER event_slots_notify_change
  AFTER UPDATE OF booked, capacity, enabled ON event_slots
  FOR EACH ROW
  WHEN (
    OLD.booked IS DISTINCT FROM NEW.booked
    OR OLD.capacity IS DISTINCT FROM NEW.capacity
    OR OLD.enabled IS DISTINCT FROM NEW.enabled
  )
  EXECUTE FUNCTION event_slots_notify_change();
