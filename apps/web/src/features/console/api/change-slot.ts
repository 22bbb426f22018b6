import type { SlotChangeCommand } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Closes, reopens or resizes a slot (the command line's own commands); audited. */
function changeSlot(command: SlotChangeCommand) {
  return callApi('consoleSlotChange', command);
}

export function useChangeSlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeSlot,
    // The live day hears the change too; reading it again shows it even if that is slow.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['console-day'] }),
  });
}
