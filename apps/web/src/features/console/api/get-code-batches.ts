import { infiniteQueryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Every read of the code batches (the list and each batch's page): refreshed after a change. */
export const codeBatchesKey = ['console-code-batches'] as const;

/** The batches, newest first, with their codes counted by state, a page at a time. */
function getCodeBatches(after: string | undefined, signal?: AbortSignal) {
  return callApi('consoleCodeBatches', after === undefined ? {} : { after }, { signal });
}

export const codeBatchesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...codeBatchesKey, 'list'],
    queryFn: ({ pageParam, signal }) => getCodeBatches(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
