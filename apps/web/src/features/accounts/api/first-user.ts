import type { PublicUser } from '@questfield/contract';
import { ApiError } from '@/lib/api-client';
import { errorCopy } from '@/config/content';

/** The spec's answers are lists whose first element is the user (spec §7). */
export function firstUser(users: PublicUser[]): PublicUser {
  const [user] = users;
  if (!user) {
    throw new ApiError(errorCopy.invalidResponse, { status: 200, code: 'INVALID_RESPONSE' });
  }
  return user;
}
