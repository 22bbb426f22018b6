import type { ResetTokenSignInRequest } from '@questfield/contract';
import { useSignInMutation } from '../hooks/use-session';
import { firstUser } from './first-user';
import { callApi } from '@/lib/api-client';

/** Users/SignInWithResetToken: the token a verified recovery code gave signs its owner in. */
async function signInWithResetToken(body: ResetTokenSignInRequest) {
  return firstUser(await callApi('usersSignInWithResetToken', body));
}

export function useResetTokenSignInMutation(onDone: () => void) {
  return useSignInMutation(signInWithResetToken, onDone);
}
