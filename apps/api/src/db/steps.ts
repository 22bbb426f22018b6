/**
 * Statements composed of several modules' steps (ADR 0040–0042, ADR 0054): one module's write
 * gates another's (a seat gates its posting and its mail), all in one statement. Each step is a
 * CTE. Its name is made here from the owning module's name and the step's, so no two modules'
 * names can meet, and other modules reach it only through the `Relation` its owner exports: a
 * renamed relation or column fails the type check where it is used, not a statement at run time.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A CTE of a composed statement, and the columns other modules may read of it. */
export type Relation<Column extends string = never> = {
  /** The CTE's name, qualified by its module. */
  readonly name: string;
  /** The name as SQL: `from ${relation.ref}`. */
  readonly ref: SQL;
  /** Each column other modules may read, qualified by the relation. */
  readonly columns: { readonly [C in Column]: SQL };
};

/** One CTE: the relation it defines and its statement. */
export type Step<Column extends string = string> = {
  readonly relation: Relation<Column>;
  readonly body: SQL;
};

/**
 * A credits posting as steps of another module's statement (credits.charging, ADR 0040):
 * `funded`, the balance locked as one row when it covers the delta, which the statement reads
 * first and gates its writes on; `posted`, the ledger row and the balance it leaves, written once
 * for each row of the statement's gate; `posting`, the ledger row written (none: nothing posted).
 */
export type PostingSteps = {
  readonly funded: Step<'user_id'>;
  readonly posted: readonly Step[];
  readonly posting: Relation<'balance_after'>;
};

/** A module's or a step's name: one word, so `owner_name` can be no other pair's. */
const WORD = /^[a-z][a-z0-9]*$/;
const COLUMN = /^[a-z][a-z0-9_]*$/;

/**
 * The relation `name` of module `owner`, exporting `columns`. Names are lower-case words, so the
 * qualified name (`owner_name`) needs no quoting and cannot be another pair's.
 */
export function relation<Column extends string = never>(
  owner: string,
  name: string,
  columns: readonly Column[] = [],
): Relation<Column> {
  const invalid =
    [owner, name].find((word) => !WORD.test(word)) ??
    columns.find((column) => !COLUMN.test(column));
  if (invalid !== undefined) throw new Error(`not a step identifier: ${invalid}`);
  const qualified = `${owner}_${name}`;
  const entries = columns.map((column) => [column, sql.raw(`${qualified}.${column}`)] as const);
  return {
    name: qualified,
    ref: sql.raw(qualified),
    columns: Object.fromEntries(entries) as { [C in Column]: SQL },
  };
}

/** The step defining `relation` as `body`. */
export const step = <Column extends string>(
  relation: Relation<Column>,
  body: SQL,
): Step<Column> => ({ relation, body });

/**
 * `with a as (…), b as (…)`: the steps in order (null ones left out). Throws when two define
 * one relation, which Postgres would refuse at run time; here every composition's test finds it.
 */
export function withSteps(steps: readonly (Step | null | undefined)[]): SQL {
  const present = steps.filter((each): each is Step => each != null);
  const names = present.map((each) => each.relation.name);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new Error(`two steps define ${twice}`);
  const ctes = present.map((each) => sql`${each.relation.ref} as (${each.body})`);
  return sql`with ${sql.join(ctes, sql`, `)}`;
}
