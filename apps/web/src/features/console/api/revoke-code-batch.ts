import { useCodesChange } from './use-codes-change';
import { callApi } from '@/lib/api-client';

/** Revokes what a batch can still give (admins; audited); the batch after. */
export const useRevokeCodeBatch = () =>
  useCodesChange((batchId: string) => callApi('consoleCodeBatchRevoke', { batchId }));
