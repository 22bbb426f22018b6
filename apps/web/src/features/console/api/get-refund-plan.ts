import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** What refunding the order would take back from whom, as the server works it out now. */
export const refundPlanQueryOptions = (orderNumber: string) =>
  queryOptions({
    queryKey: ['console-refund-plan', orderNumber],
    queryFn: ({ signal }) => callApi('consoleOrderRefundPlan', { orderNumber }, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
