-- A booked seat is announced by the bookings service after its transaction commits (ADR 0035):
-- a NOTIFY in a booking's own transaction takes Postgres's notification-queue lock at commit
-- while the slot's row is locked, so every booking waited for every other booking's commit.
-- The trigger keeps announcing capacity, state and held seats (operators, waitlist offers).
DROP TRIGGER IF EXISTS event_slots_notify_change ON event_slots;
--> statement-breakpoint
CREATE TRIGGER event_slots_notify_change
  AFTER UPDATE OF held, capacity, enabled ON event_slots
  FOR EACH ROW
  WHEN (
    OLD.held IS DISTINCT FROM NEW.held
    OR OLD.capacity IS DISTINCT FROM NEW.capacity
    OR OLD.enabled IS DISTINCT FROM NEW.enabled
  )
  EXECUTE FUNCTION event_slots_notify_change();
