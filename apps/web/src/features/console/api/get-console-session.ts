import type { ConsoleSession } from '@questfield/contract';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** The console's session, by signed-in account (a new sign-in is a new console session). */
const CONSOLE_SESSION = 'console-session';
const consoleSessionKey = (userId: string) => [CONSOLE_SESSION, userId] as const;

function getConsoleSession(signal?: AbortSignal) {
  return callApi('consoleSession', undefined, { signal });
}

export const consoleSessionQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: consoleSessionKey(userId),
    queryFn: ({ signal }) => getConsoleSession(signal),
    // A 403 (a player) is an answer, not a blip: asking again changes nothing.
    retry: false,
  });

/** Writes an answer that says where the console's session now stands (a check passed). */
export function useConsoleSessionAnswer(userId: string) {
  const queryClient = useQueryClient();
  return (session: ConsoleSession) => queryClient.setQueryData(consoleSessionKey(userId), session);
}

/**
 * Writes an answer for the console open in this browser, whoever is signed in to it (a
 * password-and-code check passed on a screen that does not know the account's id).
 */
export function useOpenConsoleSessionAnswer() {
  const queryClient = useQueryClient();
  return (session: ConsoleSession) =>
    queryClient.setQueriesData({ queryKey: [CONSOLE_SESSION] }, session);
}

/** Asks again (two-factor was turned on, and its recovery codes kept). */
export function useRefreshConsoleSession(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: consoleSessionKey(userId) });
}
