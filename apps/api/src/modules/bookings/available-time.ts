/** A slot as the spec's Events/GetAvailableEventTimes lists it (and the seat stream sends it). */
import type { AvailableTime } from '@questfield/contract';
import type { SlotView } from './slots';

export const toAvailableTime = (slot: SlotView): AvailableTime => ({
  EventTime: slot.startsAt.toISOString(),
  SpotsAvailable: slot.spotsAvailable,
  Capacity: slot.capacity,
  event_id: slot.eventId,
});
