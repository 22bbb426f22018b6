import type { CodeBatchRequest } from '@questfield/contract';
import { useCodesChange } from './use-codes-change';
import { callApi } from '@/lib/api-client';

/** A named batch (admins, after a recent check; audited); its codes, this once. */
export const useCreateCodeBatch = () =>
  useCodesChange((batch: CodeBatchRequest) => callApi('consoleCodeBatchCreate', batch));
