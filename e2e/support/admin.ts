// The operator's command line as `npm run admin -- …` runs it: the built admin.js, reaching
// the running server whose data folder it is given (the embedded database has one process).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from './fixtures';
import { ROOT } from './server';

const ADMIN = join(ROOT, 'apps', 'api', 'dist', 'admin.js');

/** Runs one command; its standard output. A failing command fails the test. */
export async function runAdmin(dataDir: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [ADMIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  return stdout;
}

/** Grants `credits` to the player of `email` by the command line, as an operator would. */
export async function grantCredits(email: string, credits: number): Promise<void> {
  const said = await runAdmin(
    sharedDataDir(),
    'users',
    'grant-credits',
    '--email',
    email,
    '--credits',
    String(credits),
    '--reason',
    'e2e',
  );
  expect(said).toContain(`Granted ${credits} credits`);
}

/** The data folder of the server global-setup started. */
export function sharedDataDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by global-setup');
  return dataDir;
}
