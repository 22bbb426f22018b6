import type { CodeState } from '@questfield/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { codeBatchesKey } from './get-code-batches';
import { callApi } from '@/lib/api-client';

/** A batch and a page of its codes of one state (or all), after the code `after`. */
function getCodeBatch(
  batchId: string,
  state: CodeState | undefined,
  after: string | undefined,
  signal?: AbortSignal,
) {
  const body = {
    batchId,
    ...(state === undefined ? {} : { state }),
    ...(after === undefined ? {} : { after }),
  };
  return callApi('consoleCodeBatch', body, { signal });
}

export const codeBatchQueryOptions = (batchId: string, state: CodeState | undefined) =>
  infiniteQueryOptions({
    queryKey: [...codeBatchesKey, batchId, state ?? 'all'],
    queryFn: ({ pageParam, signal }) => getCodeBatch(batchId, state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
