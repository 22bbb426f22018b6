// Installs dependencies when node_modules is missing or older than the lockfile.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fingerprint, readStamp } from './fingerprint.mjs';
import { npmCommand, runOrThrow, step } from './run.mjs';

const MANIFESTS = [
  'package.json',
  'package-lock.json',
  'packages/contract/package.json',
  'apps/api/package.json',
  'apps/web/package.json',
  'apps/game-demo/package.json',
  'e2e/package.json',
];

export async function ensureDependencies(root) {
  const stampFile = join(root, 'node_modules', '.questfield-install');
  const wanted = fingerprint(root, MANIFESTS);
  if (existsSync(join(root, 'node_modules')) && readStamp(stampFile) === wanted) return false;
  await step('Installing dependencies (npm ci, a minute or more the first time)', () =>
    runOrThrow(npmCommand, ['ci', '--no-audit', '--no-fund'], {
      cwd: root,
      // The browser suite uses Debian's Chromium; never download one.
      env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
    }),
  );
  writeFileSync(stampFile, wanted);
  return true;
}
