/**
 * Entry of the operator's command line (`npm run admin -- <command>`, see cli/admin-program.ts).
 * Standard output carries only the command's answer, so `npm run -s admin -- codes create …`
 * can be redirected into a CSV file.
 */
import { runAdmin } from './cli/admin-program';
import { runOperatorCommand } from './cli/operator-runner';
import { loadEnv } from './config/env';

process.exitCode = await runAdmin(process.argv.slice(2), {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  loadEnv: () => loadEnv(),
  run: runOperatorCommand,
});
