import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { DataDirInUseError, LOCK_FILE_NAME, lockDataDir } from '../src/db/data-dir-lock';
import { migrateDatabase } from '../src/db/migrate';
import { users } from '../src/db/schema';
import { PATHS } from '../src/paths';

const API_ROOT = fileURLToPath(new URL('..', import.meta.url));
const CONTENDER = fileURLToPath(new URL('helpers/lock-contender.ts', import.meta.url));
/** Pid numbers this high are not handed out (the kernel's maximum is lower). */
const DEAD_PID = '99999999';

/** A child process racing for locks (helpers/lock-contender.ts): `attempt(dir)` → won | in-use. */
async function startContender() {
  const child = spawn(process.execPath, ['--import', 'tsx', CONTENDER], {
    cwd: API_ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const waiting = new Map<string, (outcome: string) => void>();
  let ready: () => void = () => {};
  const started = new Promise<void>((resolve) => (ready = resolve));
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line === 'ready') return ready();
    const [dir = '', outcome = ''] = line.split(' ');
    waiting.get(dir)?.(outcome);
  });
  await started;
  return {
    attempt: (dataDir: string) =>
      new Promise<string>((resolve) => {
        waiting.set(dataDir, resolve);
        child.stdin.write(`${dataDir}\n`);
      }),
    stop: () => child.kill(),
  };
}

// The embedded database keeps committed writes across a restart (security.md R25 (a)).
describe('PGlite durability on a data folder', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'qf-pglite-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('finds committed rows after close and reopen', async () => {
    const first = await openDatabase({ driver: 'pglite', dataDir });
    await migrateDatabase(first, PATHS.migrations);
    await first.db.transaction(async (tx) => {
      await tx
        .insert(users)
        .values({ email: 'kept@example.com', username: 'kept', passwordHash: 'x', credits: 0 });
    });
    await first.close();

    const second = await openDatabase({ driver: 'pglite', dataDir });
    try {
      await migrateDatabase(second, PATHS.migrations);
      const rows = await second.db.select().from(users).where(eq(users.username, 'kept'));
      expect(rows).toHaveLength(1);
      expect(await second.ping()).toBe(true);
    } finally {
      await second.close();
    }
    expect(await second.ping()).toBe(false);
  });
});

describe('PGlite data folder lock', () => {
  it('refuses a second opening of a folder in use, then allows it after close', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'qf-lock-'));
    try {
      const first = await openDatabase({ driver: 'pglite', dataDir });
      await expect(openDatabase({ driver: 'pglite', dataDir })).rejects.toBeInstanceOf(
        DataDirInUseError,
      );
      await first.close();
      const second = await openDatabase({ driver: 'pglite', dataDir });
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'qf-stale-'));
    try {
      await writeFile(path.join(dataDir, LOCK_FILE_NAME), DEAD_PID);
      const lock = lockDataDir(dataDir);
      expect(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(String(process.pid));
      lock.release();
      await expect(readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).rejects.toThrow();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('lets exactly one of several racing processes take over a stale lock', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'qf-race-'));
    const contenders = await Promise.all(Array.from({ length: 4 }, startContender));
    try {
      for (let trial = 0; trial < 60; trial += 1) {
        const dataDir = path.join(root, String(trial));
        await mkdir(dataDir);
        await writeFile(path.join(dataDir, LOCK_FILE_NAME), DEAD_PID);
        const outcomes = await Promise.all(contenders.map((c) => c.attempt(dataDir)));
        expect(outcomes.toSorted(), `trial ${trial}`).toEqual([
          'in-use',
          'in-use',
          'in-use',
          'won',
        ]);
      }
    } finally {
      for (const contender of contenders) contender.stop();
      await rm(root, { recursive: true, force: true });
    }
  }, 60_000);
});
