import { callApi } from '@/lib/api-client';

/** Users/Logout: ends the server session. */
export function logout() {
  return callApi('usersLogout', {});
}
