/**
 * Two API processes on one database: the test app, listening on loopback, and a server process
 * of its own on the same database (Postgres), for what must hold across processes.
 */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { systemClock } from '../../src/lib/clock';
import type { Services } from '../../src/services';
import { startServerProcess, type ServerProcess } from './server-process';
import { createTestApp, servicesOf, TEST_ENV, type TestApp } from './test-app';

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

/** The two processes of a describe block: the test app (its origin `first`) and `second`. */
type TwoProcesses = {
  /** The test app on the system clock (the other process keeps real time), listening. */
  readonly t: TestApp;
  /** The test app's services, to set a scene. */
  readonly services: Services;
  readonly first: string;
  readonly second: ServerProcess;
};

/**
 * Both processes for the tests of the describe block it is called in: started before them and
 * stopped after. Its fields are there once the block's tests run (not while it is declared).
 */
export function twoProcesses(): TwoProcesses {
  let t: TestApp | undefined;
  let running: TwoProcesses | undefined;
  beforeAll(async () => {
    t = await createTestApp({ clock: systemClock });
    const services = servicesOf(t);
    const { first, second } = await withSecondProcess(t);
    running = { t, services, first, second };
  }, SECOND_PROCESS_START_MS + 30_000);
  afterAll(async () => {
    await running?.second.stop();
    await t?.close();
  });
  const started = (): TwoProcesses => {
    if (running === undefined) throw new Error('The two processes start before the tests.');
    return running;
  };
  return {
    get t() {
      return started().t;
    },
    get services() {
      return started().services;
    },
    get first() {
      return started().first;
    },
    get second() {
      return started().second;
    },
  };
}
