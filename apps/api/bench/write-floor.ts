/**
 * The write floor of `npm run bench:api` (see api.ts): a bare Fastify whose every request runs,
 * through a node-postgres pool of the app's size, the transaction a booking needs and nothing
 * else, in six round trips: BEGIN; the balance's UPDATE; the ledger row's INSERT; the
 * registration's INSERT … ON CONFLICT DO NOTHING; the conditional seat UPDATE on one of a few
 * hot slot rows; COMMIT. Request n books hot slot n % slots for player ⌊n / slots⌋, as the
 * booking scenario does, so every request writes a new registration. Its tables live in a
 * schema of their own in the bench's database.
 */
import Fastify from 'fastify';
import pg from 'pg';

export type WriteFloor = { origin: string; close: () => Promise<void> };

const SCHEMA = 'write_floor';

/** Creates the floor's tables: `players` players with credits, `slots` hot slots. */
async function createTables(pool: pg.Pool, players: number, slots: number) {
  await pool.query(`
    CREATE SCHEMA IF NOT EXISTS ${SCHEMA};
    CREATE TABLE ${SCHEMA}.players (id int PRIMARY KEY, credits int NOT NULL CHECK (credits >= 0));
    CREATE TABLE ${SCHEMA}.ledger (
      id bigserial PRIMARY KEY, player int NOT NULL, delta int NOT NULL, ref uuid NOT NULL,
      at timestamptz NOT NULL DEFAULT now(), UNIQUE (ref, player));
    CREATE TABLE ${SCHEMA}.slots (id int PRIMARY KEY, booked int NOT NULL, capacity int NOT NULL);
    CREATE TABLE ${SCHEMA}.registrations (
      id uuid PRIMARY KEY, slot int NOT NULL, player int NOT NULL, UNIQUE (slot, player));
  `);
  await pool.query(
    `INSERT INTO ${SCHEMA}.players SELECT g, 1000000 FROM generate_series(0, $1 - 1) g`,
    [players],
  );
  await pool.query(
    `INSERT INTO ${SCHEMA}.slots SELECT g, 0, 1000000000 FROM generate_series(0, $1 - 1) g`,
    [slots],
  );
}

/** One booking's transaction for request `n`; rolled back when a step writes nothing. */
async function book(pool: pg.Pool, n: number, players: number, slots: number) {
  const player = Math.floor(n / slots) % players;
  const slot = n % slots;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `UPDATE ${SCHEMA}.players SET credits = credits - 2 WHERE id = $1 RETURNING credits`,
      [player],
    );
    const ref = crypto.randomUUID();
    await client.query(`INSERT INTO ${SCHEMA}.ledger (player, delta, ref) VALUES ($1, -2, $2)`, [
      player,
      ref,
    ]);
    await client.query(
      `INSERT INTO ${SCHEMA}.registrations (id, slot, player) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING id`,
      [ref, slot, player],
    );
    const seated = await client.query(
      `UPDATE ${SCHEMA}.slots SET booked = booked + 1 WHERE id = $1 AND booked < capacity
       RETURNING booked`,
      [slot],
    );
    await client.query(seated.rowCount === 1 ? 'COMMIT' : 'ROLLBACK');
    return { booked: seated.rows[0]?.booked as number | undefined };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Starts the floor on a free loopback port over the database at `url`. */
export async function startWriteFloor(
  url: string,
  options: { poolSize: number; players: number; slots: number },
): Promise<WriteFloor> {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize });
  // As in the app (src/db/client.ts): an idle client may still see the database dropped.
  pool.on('error', () => {});
  const app = Fastify({ logger: false });
  const close = async () => {
    await app.close();
    await pool.end();
  };
  try {
    await createTables(pool, options.players, options.slots);
    let next = 0;
    app.post('/write-floor', async () => {
      const n = next;
      next += 1;
      return book(pool, n, options.players, options.slots);
    });
    return { origin: await app.listen({ host: '127.0.0.1', port: 0 }), close };
  } catch (error) {
    await close();
    throw error;
  }
}
