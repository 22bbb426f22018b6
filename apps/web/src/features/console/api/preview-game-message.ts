import type { GameMessageDraft } from '@questfield/contract';
import { callApi } from '@/lib/api-client';

/** The mail each player of the game would get, and how many it would reach; nothing is sent. */
export function previewGameMessage(draft: GameMessageDraft) {
  return callApi('consoleGameMessagePreview', draft);
}
