// Builds each app whose sources changed since its last build (`npm run build`; `--force` rebuilds
// everything). Used by `npm start` and `npm test` too.
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fingerprint, readStamp } from './lib/fingerprint.mjs';
import { ensureSupportedNode } from './lib/node-runtime.mjs';
import { npmCommand, runOrThrow, step } from './lib/run.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

const SHARED_INPUTS = ['package-lock.json', 'tsconfig.base.json', 'packages/contract/src'];

const TARGETS = [
  {
    workspace: '@questfield/web',
    dist: 'apps/web/dist',
    inputs: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/scripts',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
    ],
  },
  {
    workspace: '@questfield/game-demo',
    dist: 'apps/game-demo/dist',
    inputs: ['apps/game-demo/src', 'apps/game-demo/index.html', 'apps/game-demo/vite.config.ts'],
  },
  {
    workspace: '@questfield/api',
    dist: 'apps/api/dist',
    inputs: ['apps/api/src', 'apps/api/build.mjs'],
  },
];

/** `only`: the one workspace to build (the operator's command line needs just the API). */
export async function buildAll({ force = false, only = null } = {}) {
  const stale = TARGETS.flatMap((target) => {
    if (only !== null && target.workspace !== only) return [];
    const stampFile = join(ROOT, target.dist, '.build-fingerprint');
    const wanted = fingerprint(ROOT, [...SHARED_INPUTS, ...target.inputs]);
    return !force && readStamp(stampFile) === wanted ? [] : [{ ...target, stampFile, wanted }];
  });
  for (const [index, target] of stale.entries()) {
    const count = stale.length > 1 ? ` (${index + 1} of ${stale.length})` : '';
    await step(`Building ${target.workspace}${count}`, () =>
      runOrThrow(npmCommand, ['run', 'build', '--silent', '-w', target.workspace], { cwd: ROOT }),
    );
    if (existsSync(join(ROOT, target.dist))) writeFileSync(target.stampFile, target.wanted);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await ensureSupportedNode();
  buildAll({ force: process.argv.includes('--force') }).catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
