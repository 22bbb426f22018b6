/**
 * Every parameterised statement the app sends to Postgres is a named prepared statement (ADR
 * 0037): each connection parses it once and keeps its plan, instead of parsing and planning it
 * at every execution as an unnamed statement is. Postgres' plan cache (plan_cache_mode auto)
 * keeps a generic plan only where it costs no more than the plans made for the values, so a
 * statement whose plan depends on its values (a prefix search on an index) is still planned
 * for them.
 */
import type { Client, ClientBase } from 'pg';

/** Statement texts named per pool at most; beyond them, statements go unnamed. */
const MAX_NAMED_STATEMENTS = 1_000;

type QueryConfig = { text: string; name?: string; values?: unknown[]; submit?: unknown };

/** A config with values and without a name of its own: what an unnamed statement is. */
function unnamedWithValues(config: unknown, values: unknown): config is QueryConfig {
  if (typeof config !== 'object' || config === null) return false;
  const query = config as Partial<QueryConfig>;
  const parameters = Array.isArray(values) ? values : query.values;
  return (
    typeof query.text === 'string' &&
    query.name == null &&
    typeof query.submit !== 'function' &&
    Array.isArray(parameters) &&
    parameters.length > 0
  );
}

/**
 * node-postgres' Client, naming each parameterised statement by its text (`qf_1`, `qf_2`, …,
 * one name per text, so a connection never meets a name with another text), up to `limit`
 * texts. Statements without values (BEGIN, COMMIT, migrations' scripts) stay unnamed: a
 * script of several statements cannot be prepared.
 */
export function namingStatements(
  Base: typeof Client,
  limit = MAX_NAMED_STATEMENTS,
): new () => ClientBase {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    const known = names.get(text);
    if (known !== undefined || names.size >= limit) return known;
    const name = `qf_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  class NamingClient extends Base {}
  // One body for pg's many overloads of query(): every call is passed on as it came, named.
  NamingClient.prototype.query = function query(this: Client, ...args: unknown[]) {
    const [first, second] = args;
    const config = typeof first === 'string' ? { text: first } : first;
    if (unnamedWithValues(config, second)) {
      const name = nameOf(config.text);
      if (name !== undefined) args[0] = { ...config, name };
    }
    // Looked up at each call: a wrapper put on the prototype later (a counting bench) still runs.
    return (Base.prototype.query as (...a: unknown[]) => unknown).apply(this, args);
  } as Client['query'];
  return NamingClient;
}
