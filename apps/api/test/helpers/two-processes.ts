/**
 * Two API processes on one database: the test app, listening on loopback, and a server process
 * of its own on the same database (Postgres), for what must hold across processes.
 */
import { fileURLToPath } from 'node:url';
import { startServerProcess, type ServerProcess } from './server-process';
import { TEST_ENV, type TestApp } from './test-app';

const API_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SECOND_PROCESS_START_MS = 60_000;

/**
 * Starts listening on `t` and a second process beside it; `first` is the app's origin. The
 * second process's logs go to `output` when given (its standard error otherwise reaches the
 * test's).
 */
export async function withSecondProcess(
  t: TestApp,
  output?: (text: string) => void,
): Promise<{ first: string; second: ServerProcess }> {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  const second = await startServerProcess({
    args: ['--import', 'tsx', 'src/server.ts'],
    cwd: API_ROOT,
    env: { ...process.env, ...TEST_ENV, DATABASE_URL: t.database.url ?? '' },
    timeoutMs: SECOND_PROCESS_START_MS,
    output,
  });
  return { first: `http://127.0.0.1:${address.port}`, second };
}
