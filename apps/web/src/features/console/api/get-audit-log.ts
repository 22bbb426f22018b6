import type { AuditLogFilter } from '@questfield/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** The audit log, newest first, a page at a time, narrowed by `filter`. */
function getAuditLog(filter: AuditLogFilter, before: number | undefined) {
  return callApi('consoleAuditLog', before === undefined ? filter : { ...filter, before });
}

export const auditLogQueryOptions = (filter: AuditLogFilter) =>
  infiniteQueryOptions({
    queryKey: ['console-audit-log', filter],
    // No signal: a page asked for a filter the operator has just left still arrives, and is
    // there when they come back to it (filters change quickly, by a click in the table).
    queryFn: ({ pageParam }) => getAuditLog(filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: 0,
  });
