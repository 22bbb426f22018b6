// `npm run admin -- <command>`: the operator's command line (apps/api/src/cli). Installs and
// builds what is stale, like `npm start`, then runs it. Its standard output is the command's
// answer (CSV for codes), so the chatter of those steps goes to standard error;
// `npm run -s admin -- …` also keeps npm's own banner out of it.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureDependencies } from './lib/install.mjs';
import { ensureSupportedNode } from './lib/node-runtime.mjs';
import { keepStdoutForAnswers } from './lib/run.mjs';

const ROOT = join(import.meta.dirname, '..');
console.log = console.error;
keepStdoutForAnswers();

try {
  await ensureSupportedNode();
  await ensureDependencies(ROOT);
  const { buildAll } = await import('./build.mjs');
  await buildAll({ only: '@questfield/api' });
} catch (error) {
  console.error(`Could not prepare the command line: ${error.message}`);
  process.exit(1);
}
await import(pathToFileURL(join(ROOT, 'apps/api/dist/admin.js')).href);
