import type { LoginRequest } from '@questfield/contract';
import { useSignInMutation } from '../hooks/use-session';
import { firstUser } from './first-user';
import { callApi } from '@/lib/api-client';

/** Users/LoginByNameOrEmail: the `email` field takes an email address or a username. */
async function login(body: LoginRequest) {
  return firstUser(await callApi('usersLogin', body));
}

export function useLoginMutation(onDone: () => void) {
  return useSignInMutation(login, onDone);
}
