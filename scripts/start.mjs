// `npm start`: install what is missing, build what is stale, then run the product (the server
// applies migrations and seeds demo data itself). Runs in this process so Ctrl-C reaches the
// server once, and it can close cleanly.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDependencies } from './lib/install.mjs';
import { ensureSupportedNode } from './lib/node-runtime.mjs';

const ROOT = join(import.meta.dirname, '..');

try {
  await ensureSupportedNode();
  await ensureDependencies(ROOT);
  const { buildAll } = await import('./build.mjs');
  await buildAll();
} catch (error) {
  console.error(`Start-up failed: ${error.message}`);
  process.exit(1);
}
process.chdir(ROOT);
await import(pathToFileURL(join(ROOT, 'apps/api/dist/server.js')).href);
