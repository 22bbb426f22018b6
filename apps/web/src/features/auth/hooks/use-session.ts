import { SIGNED_OUT, type Session } from '@/lib/session';

/**
 * The visitor's session as the shell sees it. Always signed out until accounts ship; the
 * header and the menu already render from this value, so signing in changes only this hook.
 */
export function useSession(): Session {
  return SIGNED_OUT;
}
