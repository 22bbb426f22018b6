/**
 * A Postgres server of the test's own, from the machine's Postgres binaries, that the test may
 * stop and start (the shared test server must never be restarted: other files use it at the
 * same time). Postgres refuses to run as root, so as root the binaries run as `postgres`.
 */
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './server-process';

const run = promisify(execFile);
const POSTGRES_ROOT = '/usr/lib/postgresql';

/** The newest installed Postgres's bin folder, or null (not a Debian-style install). */
export function postgresBin(): string | null {
  if (!existsSync(POSTGRES_ROOT)) return null;
  const [newest] = readdirSync(POSTGRES_ROOT)
    .filter((version) => existsSync(join(POSTGRES_ROOT, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return newest === undefined ? null : join(POSTGRES_ROOT, newest, 'bin');
}

export type PrivatePostgres = {
  /** The URL of `database` on it, as the superuser (trust authentication, loopback only). */
  url(database?: string): string;
  /** An immediate stop: the server dies as in a crash, and recovers from its log on start. */
  crash(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its files. */
  destroy(): Promise<void>;
};

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? await run('id', ['-u', 'postgres']) : null;
  const group = asRoot ? await run('id', ['-g', 'postgres']) : null;
  const dir = mkdtempSync(join(tmpdir(), 'questfield-pg-'));
  if (owner && group) chownSync(dir, Number(owner.stdout), Number(group.stdout));
  const data = join(dir, 'data');
  const port = await freePort();
  const tool = (name: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, name), ...args]]
      : [join(bin, name), args];
    return run(file, argv, { timeout: 60_000 });
  };
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off`;
  const start = async () => {
    await tool('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-t',
      '30',
      '-o',
      options,
      'start',
    ]);
  };
  const crash = async () => {
    await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  };
  try {
    await tool('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    url,
    crash,
    start,
    async destroy() {
      await crash().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Creates `name` on the server at `adminUrl`. */
export async function createDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}
