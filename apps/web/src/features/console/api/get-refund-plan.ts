import type { ConsoleOrderRefundPlanRequest } from '@questfield/contract';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** The refund a plan is for: an amount (none: all that is left), to the card or as credits. */
type PlannedPart = Pick<ConsoleOrderRefundPlanRequest, 'amountCents' | 'asCredits'>;

/**
 * What refunding the order (or `part` of it) would take back from whom, as the server works it
 * out now (ADR 0056: the server's rule, rehearsed).
 */
export const refundPlanQueryOptions = (orderNumber: string, part: PlannedPart = {}) =>
  queryOptions({
    queryKey: [
      'console-refund-plan',
      orderNumber,
      part.amountCents ?? null,
      part.asCredits ?? false,
    ],
    queryFn: ({ signal }) =>
      callApi('consoleOrderRefundPlan', { orderNumber, ...part }, { signal }),
    staleTime: 0,
    gcTime: 0,
  });
