import type { ConsoleOrderRefundRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ORDERS_KEY } from './get-orders';
import { callApi } from '@/lib/api-client';

/** An admin's refund, in full or of an amount, to the card or as credits (audited). */
export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleOrderRefundRequest) => callApi('consoleOrderRefund', body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
        // Balances, histories and orders on players' pages and in the search.
        queryClient.invalidateQueries({ queryKey: ['console-player'] }),
        queryClient.invalidateQueries({ queryKey: ['console-player-search'] }),
      ]),
  });
}
