// Every lockfile outside the workspaces (tools/*) must install with `npm ci` from a fresh
// clone: each is checked in a temporary folder with its package.json (a dry run, no scripts).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { npmCommand } from './lib/run.mjs';

const ROOT = join(import.meta.dirname, '..');
const listed = spawnSync('git', ['ls-files', '*package-lock.json'], {
  cwd: ROOT,
  encoding: 'utf8',
});
const lockfiles = listed.stdout.split('\n').filter((file) => file && file !== 'package-lock.json');

let failed = 0;
for (const lockfile of lockfiles) {
  const folder = mkdtempSync(join(tmpdir(), 'lockfile-'));
  try {
    for (const name of ['package.json', 'package-lock.json']) {
      copyFileSync(join(ROOT, dirname(lockfile), name), join(folder, name));
    }
    const args = ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'];
    const result = spawnSync(npmCommand, args, { cwd: folder, encoding: 'utf8', timeout: 60_000 });
    const ok = result.status === 0;
    if (!ok) failed += 1;
    console.log(`${ok ? 'ok    ' : 'FAILED'} ${lockfile}${ok ? '' : `\n${result.stderr.trim()}`}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
if (listed.status !== 0) {
  console.error('git ls-files failed: the lockfiles could not be listed.');
  process.exit(1);
}
process.exit(failed === 0 ? 0 : 1);
