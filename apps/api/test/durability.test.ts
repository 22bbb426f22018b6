import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { DataDirInUseError, LOCK_FILE_NAME, lockDataDir } from '../src/db/data-dir-lock';
import { migrateDatabase } from '../src/db/migrate';
import { users } from '../src/db/schema';
import { PATHS } from '../src/paths';

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
      // Pid numbers this high are not handed out (the kernel's maximum is lower).
      await writeFile(path.join(dataDir, LOCK_FILE_NAME), '99999999');
      const lock = lockDataDir(dataDir);
      expect(await readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).toBe(String(process.pid));
      lock.release();
      await expect(readFile(path.join(dataDir, LOCK_FILE_NAME), 'utf8')).rejects.toThrow();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
