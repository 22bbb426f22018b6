import { STORAGE_KEYS } from '@questfield/contract';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { sessionQueryOptions } from '../api/get-me';
import { logout as logoutRequest } from '../api/logout';
import {
  clearStoredSession,
  readCachedUser,
  SIGNED_OUT,
  writeStoredUser,
  type Session,
  type SessionUser,
} from '@/lib/session';
import { dispatchWindowEvent, WINDOW_EVENTS } from '@/lib/window-events';
import { SESSION_QUERY_KEY } from '@/lib/query-keys';

/**
 * The visitor's session: one `['session']` query on Users/Me (asked when this browser's cache
 * says signed in; the answer, or a 401, then decides). While it loads, the cached
 * display copy keeps the header from flashing signed out; the answer then replaces it.
 */
export function useSession(): Session {
  const query = useQuery(sessionQueryOptions());
  const [cached] = useState(readCachedUser);

  return useMemo<Session>(() => {
    if (query.isPending) return { status: 'loading', user: cached };
    if (query.data) return { status: 'signed-in', user: query.data };
    return SIGNED_OUT;
  }, [query.isPending, query.data, cached]);
}

/**
 * True while this page changes the session itself, so the echoes of its own change are not
 * taken for news: the loginStatusChanged it broadcasts, and the `storage` event Chromium fires
 * when the logout answer's Clear-Site-Data empties storage (a refetch then would be cancelled
 * midway by the sign-out).
 */
let changingSession = false;

function whileChangingSession<T>(change: () => T): T {
  changingSession = true;
  try {
    return change();
  } finally {
    changingSession = false;
  }
}

/**
 * Runs a request whose answer ends the session here (a log out, an account deletion): its
 * Clear-Site-Data may empty storage midway, which is no news to this page. Reads still in
 * flight carry the session it ends: they are cancelled first (aborted), or the server would
 * answer them 401 once it has ended.
 */
export async function whileEndingSession<T>(
  client: QueryClient,
  request: () => Promise<T>,
): Promise<T> {
  await client.cancelQueries();
  changingSession = true;
  try {
    return await request();
  } finally {
    changingSession = false;
  }
}

/** Tells the rest of the page (and stored purchase intents) that the login status changed. */
function broadcastLoginStatus(): void {
  whileChangingSession(() => dispatchWindowEvent(WINDOW_EVENTS.loginStatusChanged));
}

function applyUser(client: QueryClient, user: SessionUser | null): void {
  void client.cancelQueries({ queryKey: SESSION_QUERY_KEY });
  if (user) writeStoredUser(user);
  else clearStoredSession();
  client.setQueryData(SESSION_QUERY_KEY, user);
}

/** What the modals and menus do with a server answer. */
export function useSessionActions() {
  const client = useQueryClient();
  return useMemo(
    () => ({
      /** After a successful login or sign-up. */
      signedIn(user: SessionUser) {
        applyUser(client, user);
        broadcastLoginStatus();
      },
      /** After any other answer that carries the user (settings, credits). */
      updated(user: SessionUser) {
        applyUser(client, user);
      },
      signedOut() {
        applyUser(client, null);
        broadcastLoginStatus();
      },
    }),
    [client],
  );
}

/** Sign-in and sign-up: the server's answer becomes the session, then the modal closes. */
export function useSignInMutation<Values>(
  request: (values: Values) => Promise<SessionUser>,
  onDone: () => void,
) {
  const { signedIn } = useSessionActions();
  return useMutation({
    mutationFn: request,
    onSuccess: (user) => {
      signedIn(user);
      onDone();
    },
  });
}

/** Log out: ends the server session, clears every key the app wrote, broadcasts. */
export function useLogout() {
  const client = useQueryClient();
  const { signedOut } = useSessionActions();
  const [pending, setPending] = useState(false);
  const logout = useCallback(async () => {
    setPending(true);
    try {
      await whileEndingSession(client, logoutRequest);
    } catch {
      // The local copy goes anyway; the next Users/Me tells the truth.
    } finally {
      signedOut();
      setPending(false);
    }
  }, [client, signedOut]);
  return { logout, pending };
}

/**
 * Refreshes the session when another part of the page broadcasts `loginStatusChanged`, or
 * when another tab signs in or out (the `storage` event). Mounted once, by AuthModals.
 */
export function useSessionSync(): void {
  const client = useQueryClient();
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    const onStatus = () => {
      if (!changingSession) refresh();
    };
    const onStorage = (event: StorageEvent) => {
      if (changingSession) return;
      if (
        event.key === null ||
        event.key === STORAGE_KEYS.isLoggedIn ||
        event.key === STORAGE_KEYS.userdata
      ) {
        refresh();
      }
    };
    window.addEventListener(WINDOW_EVENTS.loginStatusChanged, onStatus);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(WINDOW_EVENTS.loginStatusChanged, onStatus);
      window.removeEventListener('storage', onStorage);
    };
  }, [client]);
}

/**
 * Asks Users/Me again when a page that shows the balance opens, so the number shown is the
 * server's (and the local-storage mirror with it). Not when a request is already on its way or
 * the answer is younger than `maxAgeMs` (a direct load of the page has just asked).
 */
export function useFreshSession(maxAgeMs = 5_000): Session {
  const client = useQueryClient();
  useEffect(() => {
    const state = client.getQueryState(SESSION_QUERY_KEY);
    if (
      state?.status === 'success' &&
      state.fetchStatus === 'idle' &&
      Date.now() - state.dataUpdatedAt > maxAgeMs
    ) {
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    }
  }, [client, maxAgeMs]);
  return useSession();
}
