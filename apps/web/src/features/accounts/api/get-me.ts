import { callApi, ApiError } from '@/lib/api-client';
import type { SessionUser } from '@/lib/session';
import { firstUser } from './first-user';

/** Users/Me: the signed-in user, or null when the session cookie is missing or expired (401). */
export async function getMe(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return firstUser(await callApi('usersMe', {}, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}
