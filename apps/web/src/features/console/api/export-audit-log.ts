import type { AuditLogFilter } from '@questfield/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Every row the filter matches, for an admin's CSV (the server refuses staff). */
function exportAuditLog(filter: AuditLogFilter) {
  return callApi('consoleAuditLogExport', filter);
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog });
}
