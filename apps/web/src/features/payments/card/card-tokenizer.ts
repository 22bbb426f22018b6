/**
 * What the purchase dialog needs from a card form, whatever the provider: a token for the card
 * entered (Square's nonce, or the sandbox nonce of our offline test form). Card details never
 * leave the form; only the token goes to the server.
 */
export type CardTokenizer = {
  /** Resolves with the token, or rejects with a CardEntryError when the entry needs fixing. */
  tokenize(): Promise<string>;
};

/** The entry cannot be tokenized yet; the form already shows why (or `message` says it). */
export class CardEntryError extends Error {
  override readonly name = 'CardEntryError';
}

/** How a card form tells the dialog it can take payments (or no longer can: null). */
export type CardFormProps = {
  onReady: (tokenizer: CardTokenizer | null) => void;
};
