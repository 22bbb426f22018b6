import { SIGN_UP_APP_ID } from '@questfield/contract';
import { useSignInMutation } from '../hooks/use-session';
import { firstUser } from './first-user';
import { callApi } from '@/lib/api-client';

type SignUpValues = { username: string; email: string; password: string };

/** Users/Create: answers `{ data: [user] }` and starts the session. */
async function signUp(values: SignUpValues) {
  const answer = await callApi('usersCreate', { ...values, appid: SIGN_UP_APP_ID });
  return firstUser(answer.data);
}

export function useSignUpMutation(onDone: () => void) {
  return useSignInMutation(signUp, onDone);
}
