import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** The requests waiting for a second admin, and the latest decided (admins). */
function getApprovals(signal?: AbortSignal) {
  return callApi('consoleApprovals', undefined, { signal });
}

export const APPROVALS_KEY = ['console-approvals'] as const;

export const approvalsQueryOptions = () =>
  queryOptions({
    queryKey: APPROVALS_KEY,
    queryFn: ({ signal }) => getApprovals(signal),
    staleTime: 0,
  });
