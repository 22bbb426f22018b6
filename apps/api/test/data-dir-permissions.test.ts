/**
 * The embedded database's folder is its owner's alone (README: "readable by its owner only"):
 * PGlite writes its files 0666 whatever the umask, so without the fix any local user could read
 * or rewrite balances and password hashes.
 */
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { PATHS } from '../src/paths';

/** Every entry under `dir` (itself included) whose mode is not owner-only, as 'path mode'. */
function notOwnerOnly(dir: string): string[] {
  const wrong: string[] = [];
  const visit = (entry: string) => {
    const stat = statSync(entry);
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) {
      wrong.push(`${path.relative(dir, entry) || '.'} ${mode.toString(8)}`);
    }
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dir);
  return wrong;
}

// Only the embedded database has a folder; it runs once, in the PGlite pass.
describe.skipIf(process.env.TEST_DATABASE_URL !== undefined)('the embedded database folder', () => {
  let parent: string;
  let umask: number;
  beforeEach(() => {
    umask = process.umask(0o022);
    parent = mkdtempSync(path.join(tmpdir(), 'qf-perm-'));
  });
  afterEach(() => {
    process.umask(umask);
    rmSync(parent, { recursive: true, force: true });
  });

  it('is created owner-only, and stays so while open and after it closes', async () => {
    const dataDir = path.join(parent, 'data');
    const handle = await openDatabase({ driver: 'pglite', dataDir });
    await migrateDatabase(handle, PATHS.migrations);
    expect(notOwnerOnly(dataDir)).toEqual([]);
    await handle.close();
    expect(notOwnerOnly(dataDir)).toEqual([]);
    expect(readdirSync(dataDir).length).toBeGreaterThan(5);
  });

  it('fixes a folder left readable by everyone when it opens', async () => {
    const dataDir = path.join(parent, 'data');
    const first = await openDatabase({ driver: 'pglite', dataDir });
    await first.close();
    // As an older release left it: a 0755 folder of 0666 files, and one file 0644.
    const chmodAll = (dir: string) => {
      chmodSync(dir, 0o755);
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const entryPath = path.join(dir, entry.name);
        if (entry.isDirectory()) chmodAll(entryPath);
        else chmodSync(entryPath, 0o666);
      }
    };
    chmodAll(dataDir);
    mkdirSync(path.join(dataDir, 'extra'));
    writeFileSync(path.join(dataDir, 'extra', 'note'), 'x', { mode: 0o644 });
    expect(notOwnerOnly(dataDir).length).toBeGreaterThan(100);

    const again = await openDatabase({ driver: 'pglite', dataDir });
    try {
      expect(notOwnerOnly(dataDir)).toEqual([]);
    } finally {
      await again.close();
    }
  });
});
