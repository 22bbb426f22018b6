import type { AccessCodeRequest } from '@questfield/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** Items/GetSessionByAccessCode: the game a code opens, while it can be joined. */
function getGameByAccessCode(body: AccessCodeRequest) {
  return callApi('itemsGameByAccessCode', body);
}

/** A lookup as the player presses Join: nothing is cached, each code is asked afresh. */
export function useGameByAccessCodeMutation() {
  return useMutation({ mutationFn: getGameByAccessCode });
}
