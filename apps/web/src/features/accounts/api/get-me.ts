import { queryOptions } from '@tanstack/react-query';
import { firstUser } from './first-user';
import { callApi, ApiError } from '@/lib/api-client';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';
import {
  clearStoredSession,
  hasSessionHint,
  writeStoredUser,
  type SessionUser,
} from '@/lib/session';

/** Users/Me: the signed-in user, or null when the session cookie is missing or expired (401). */
async function getMe(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return firstUser(await callApi('usersMe', {}, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The one `['session']` query. Only a browser that signed in here can hold a session cookie
 * worth checking (the cookie is HttpOnly, so the stored flag is the one hint the page can read):
 * everyone else is signed out without a request, so visitors never see a 401 in their console.
 * The server's answer then corrects whatever the display cache held (stale or forged values).
 * Such a visitor is signed out from the first render, as is the page prerendered at build time
 * (no window), so the prerendered page and the browser's first render agree.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: SESSION_QUERY_KEY,
    initialData: () => (typeof window === 'undefined' || !hasSessionHint() ? null : undefined),
    queryFn: async ({ signal }): Promise<SessionUser | null> => {
      if (!hasSessionHint()) {
        clearStoredSession();
        return null;
      }
      const user = await getMe(signal);
      if (user) writeStoredUser(user);
      else clearStoredSession();
      return user;
    },
  });
