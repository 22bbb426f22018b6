import { useCodesChange } from './use-codes-change';
import { callApi } from '@/lib/api-client';

/** Revokes one code by its id (admins; audited); its label. */
export const useRevokeCode = () =>
  useCodesChange((codeId: string) => callApi('consoleCodeRevoke', { codeId }));
