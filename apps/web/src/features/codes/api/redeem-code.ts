import type { RedeemCodeRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyRedemption } from '../redemption';
import { callApi } from '@/lib/api-client';

/** Users/RedeemCode: the redeem modal's promo and one-time codes; answers the new balance. */
function redeemCode(body: RedeemCodeRequest) {
  return callApi('usersRedeemCode', body);
}

/** Redeems; the answer's balance and what else it changes show in the page at once. */
export function useRedeemCodeMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    onSuccess: (answer) => applyRedemption(client, answer),
  });
}
