import type { ItemByNameRequest } from '@questfield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyRedemption } from '../redemption';
import { callApi } from '@/lib/api-client';

/** Items/Redeem: an experience card or Game Pass code (`name`); answers the new balance. */
function redeemItem(body: ItemByNameRequest) {
  return callApi('itemsRedeem', body);
}

/** Redeems; the answer's balance and what else it changes show in the page at once. */
export function useRedeemItemMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: redeemItem,
    onSuccess: (answer) => applyRedemption(client, answer),
  });
}
