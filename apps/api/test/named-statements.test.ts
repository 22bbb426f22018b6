/**
 * The app's Postgres connections prepare each parameterised statement once (ADR 0037), and
 * Postgres still plans a statement for its values where the values decide the plan.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../src/db/client';
import { namingStatements } from '../src/db/named-statements';
import { createTestDatabase, dbKind, type TestDatabase } from './helpers/test-db';

type Prepared = { statement: string; generic: number; custom: number };

/** The prepared statements of the one connection of `handle` (a pool of one). */
function preparedOn(handle: DatabaseHandle): Promise<Prepared[]> {
  return queryRows<Prepared>(
    handle.db,
    sql`select statement, generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements`,
  );
}

describe.skipIf(dbKind !== 'postgres')('named statements [postgres]', () => {
  let database: TestDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    handle = await openDatabase({ driver: 'postgres', url: database.url ?? '', poolSize: 1 });
    await queryRows(
      handle.db,
      sql`create table words (id int primary key, word text not null);
          create index words_prefix_idx on words (word text_pattern_ops);
          insert into words select g, md5(g::text) from generate_series(1, 20000) g;
          analyze words`,
    );
  });
  afterAll(async () => {
    await handle.close();
    await database.destroy();
  });

  it('prepares a statement with values once per connection and runs it by name after', async () => {
    for (const id of [1, 2, 3]) {
      const [row] = await queryRows<{ word: string }>(
        handle.db,
        sql`select word from words where id = ${id}`,
      );
      expect(row?.word).toMatch(/^[0-9a-f]{32}$/);
    }
    const prepared = await preparedOn(handle);
    const lookup = prepared.filter((row) => row.statement.includes('where id = $1'));
    expect(lookup).toHaveLength(1);
    expect(lookup[0]!.generic + lookup[0]!.custom).toBe(3);
    // Statements without values (the table's script, this very listing) are not prepared.
    expect(prepared.filter((row) => !row.statement.includes('$1'))).toEqual([]);
  });

  it('keeps a generic plan for a key lookup and plans a prefix search for its prefix', async () => {
    for (let id = 1; id <= 10; id += 1) {
      await queryRows(handle.db, sql`select word from words where id = ${id} and id > 0`);
      await queryRows(handle.db, sql`select count(*) from words where word like ${`${id}a%`}`);
    }
    const prepared = await preparedOn(handle);
    const lookup = prepared.find((row) => row.statement.includes('and id > 0'));
    const search = prepared.find((row) => row.statement.includes('like $1'));
    // Postgres tries five plans made for the values, then keeps the generic one if no dearer.
    expect(lookup).toEqual(expect.objectContaining({ custom: 5, generic: 5 }));
    // A prefix unknown at planning could not use the index: each run is planned for its value.
    expect(search).toEqual(expect.objectContaining({ custom: 10, generic: 0 }));
  });

  it('names at most its limit of statement texts; the others run unnamed', async () => {
    const Client = namingStatements(pg.Client, 2);
    const pool = new pg.Pool({ connectionString: database.url, max: 1, Client });
    try {
      for (const column of ['id', 'word', 'id + 1']) {
        await pool.query(`select ${column} from words where id = $1`, [7]);
        await pool.query(`select ${column} from words where id = $1`, [8]);
      }
      const { rows } = await pool.query<{ statement: string }>(
        'select statement from pg_prepared_statements order by statement',
      );
      expect(rows.map((row) => row.statement)).toEqual([
        'select id from words where id = $1',
        'select word from words where id = $1',
      ]);
    } finally {
      await pool.end();
    }
  });
});
