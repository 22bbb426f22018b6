import { useMutation } from '@tanstack/react-query';
import { useOpenConsoleSessionAnswer } from './get-console-session';
import { callApi } from '@/lib/api-client';

/** The password and a current code again: money may move for the next 15 minutes. */
function reauth(body: { password: string; code: string }) {
  return callApi('consoleReauth', body);
}

export function useReauth() {
  const answered = useOpenConsoleSessionAnswer();
  return useMutation({ mutationFn: reauth, onSuccess: answered });
}
