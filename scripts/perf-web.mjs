// `npm run perf:web`: apps/web/perf/report.ts on the project's Node (see lib/node-runtime.mjs).
import { join } from 'node:path';
import { ensureSupportedNode } from './lib/node-runtime.mjs';
import { run } from './lib/run.mjs';

const ROOT = join(import.meta.dirname, '..');

await ensureSupportedNode();
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');
process.exit(await run(tsx, ['apps/web/perf/report.ts'], { cwd: ROOT }));
