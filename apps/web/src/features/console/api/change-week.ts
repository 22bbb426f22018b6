import type { ScheduleChangeCommand } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** An admin's change to a weekday's games or to a day (the command line's own commands). */
function changeWeek(command: ScheduleChangeCommand) {
  return callApi('consoleWeekChange', command);
}

export function useChangeWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeWeek,
    // The week, and the days it reshaped.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['console-week'] }),
        queryClient.invalidateQueries({ queryKey: ['console-day'] }),
      ]),
  });
}
