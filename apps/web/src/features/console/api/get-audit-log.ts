import type { AuditLogFilter } from '@questfield/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** The audit log, newest first, a page at a time, narrowed by `filter`. */
function getAuditLog(filter: AuditLogFilter, before: number | undefined, signal?: AbortSignal) {
  return callApi('consoleAuditLog', before === undefined ? filter : { ...filter, before }, {
    signal,
  });
}

export const auditLogQueryOptions = (filter: AuditLogFilter) =>
  infiniteQueryOptions({
    queryKey: ['console-audit-log', filter],
    queryFn: ({ pageParam, signal }) => getAuditLog(filter, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
