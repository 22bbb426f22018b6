// `npm run bench:api [-- --only words]`: apps/api/bench/api.ts on the project's Node (see
// lib/node-runtime.mjs), with the arguments given.
import { join } from 'node:path';
import { ensureSupportedNode } from './lib/node-runtime.mjs';
import { run } from './lib/run.mjs';

const ROOT = join(import.meta.dirname, '..');

await ensureSupportedNode();
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
process.exit(await run(tsx, ['apps/api/bench/api.ts', ...process.argv.slice(2)], { cwd: ROOT }));
