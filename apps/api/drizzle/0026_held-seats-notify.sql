-- A seat held for a waitlist offer changes the seats left as much as a booking does: the slot
-- change is announced for `held` too (the trigger of migration 0019, one column more).
DROP TRIGGER IF EXISTS event_slots_notify_change ON event_slots;
--> statement-breakpoint
CREATE TRIGGER event_slots_notify_change
  AFTER UPDATE OF booked, held, capacity, enabled ON event_slots
  FOR EACH ROW
  WHEN (
    OLD.booked IS DISTINCT FROM NEW.booked
    OR OLD.held IS DISTINCT FROM NEW.held
    OR OLD.capacity IS DISTINCT FROM NEW.capacity
    OR OLD.enabled IS DISTINCT FROM NEW.enabled
  )
  EXECUTE FUNCTION event_slots_notify_change();
