/** Reading Postgres errors (the same codes on PGlite), through Drizzle's wrapper (`cause`). */
export const SQLSTATE = {
  uniqueViolation: '23505',
  checkViolation: '23514',
  foreignKeyViolation: '23503',
  insufficientPrivilege: '42501',
} as const;

type ErrorFields = { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };

/** The error and its causes, outermost first (a few levels, never circular). */
function causeChain(error: unknown): ErrorFields[] {
  const chain: ErrorFields[] = [];
  for (let current = error; chain.length < 5 && current instanceof Object;) {
    chain.push(current as ErrorFields);
    current = (current as ErrorFields).cause;
  }
  return chain;
}

export function sqlStateOf(error: unknown): { code?: string; constraint?: string } {
  for (const { code, constraint } of causeChain(error)) {
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
  }
  return {};
}

/** Socket errors of node-postgres: the server is down, unreachable or went away. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** SQLSTATEs of a refused or lost connection: class 08, shutdown, too many connections. */
const UNAVAILABLE_STATES = /^(08[0-9A-Z]{3}|57P0[1-3]|53300)$/;
/** What node-postgres and PGlite say when no connection can run a query. */
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|Cannot use a pool after calling end|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed|PGlite is clos(ed|ing))/;

/** True when the database could not be reached at all (not when a query was wrong). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causeChain(error).some(
    ({ code, message }) =>
      (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) ||
      (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)),
  );
}
