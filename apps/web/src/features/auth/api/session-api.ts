import { API_ROUTES } from '@questfield/contract';
import { api, ApiError } from '@/lib/api-client';
import type { SessionUser } from '@/lib/session';

/**
 * Users/Me: the signed-in user, or null when the session cookie is missing or expired (401).
 * The answer is checked with the contract's schema, loaded beside the request so that zod
 * stays out of the first script.
 */
export async function fetchMe(signal?: AbortSignal): Promise<SessionUser | null> {
  const schemas = import('./auth-api');
  schemas.catch(() => undefined); // awaited below; this only keeps an early failure quiet
  try {
    const data = await api.post(API_ROUTES.usersMe.path, {}, { signal });
    return (await schemas).parseUserList(data);
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Users/Logout: ends the server session. */
export function logoutRequest(): Promise<unknown> {
  return api.post(API_ROUTES.usersLogout.path, {});
}
