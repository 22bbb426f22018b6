/**
 * The API's one way to say how a call went (ADR 0021). A refusal the client reads is `fail()`
 * (app-error.ts). A result the calling code branches on is an outcome: a union discriminated
 * by `status`, e.g. `{ status: 'posted'; posting } | { status: 'insufficient'; balance }`.
 * Inside a transaction, a refusal must also undo what the transaction wrote: `refuse(status)`
 * throws it, which rolls the transaction back, and `settle` turns it back into the outcome.
 */
export type Outcome<S extends string> = { status: S };

/** Thrown by `refuse`: a refusal on its way out of a transaction, not an error. */
class Refusal<S extends string> extends Error {
  constructor(readonly status: S) {
    super(`refused: ${status}`);
    this.name = 'Refusal';
  }
}

/** Ends the transaction without its writes, as `{ status }` once `settle` has it. */
export function refuse<S extends string>(status: S): never {
  throw new Refusal(status);
}

/** Awaits `work` (a transaction); a `refuse(status)` inside becomes `{ status }`. */
export async function settle<T extends Outcome<string>, S extends string>(
  work: Promise<T>,
): Promise<T | Outcome<S>> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof Refusal) return { status: error.status as S };
    throw error;
  }
}
