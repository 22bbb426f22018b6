import { useMutation, useQueryClient } from '@tanstack/react-query';
import { codeBatchesKey } from './get-code-batches';

/** A change to codes: after it, the batches' counts and codes are read again. */
export function useCodesChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codeBatchesKey }),
  });
}
