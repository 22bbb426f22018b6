import type { ConsoleGameMessageRequest } from '@questfield/contract';
import { callApi } from '@/lib/api-client';

/** Mails it once per `requestId` (a retry with the same id sends nothing again); audited. */
export function sendGameMessage(request: ConsoleGameMessageRequest) {
  return callApi('consoleGameMessageSend', request);
}
