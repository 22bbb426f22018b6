import type { SeatCalendarRequest } from '@questfield/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Events/Calendar: one of the player's seats as an iCalendar file, to download. */
function getSeatCalendar(body: SeatCalendarRequest) {
  return callApi('eventsCalendar', body);
}

export function useSeatCalendar() {
  return useMutation({ mutationFn: getSeatCalendar });
}
