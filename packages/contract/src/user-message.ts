/**
 * Validation messages written for players are marked where they are written, so the API can
 * answer them word for word and replace every other (library-written) message with its own
 * "Some fields are missing or not valid: …".
 */
const USER_MESSAGES = new Set<string>();

/** Marks `text` as a message a player may read as it is; returns it unchanged. */
export function userMessage(text: string): string {
  USER_MESSAGES.add(text);
  return text;
}

export function isUserMessage(text: string): boolean {
  return USER_MESSAGES.has(text);
}
