// The built server as the browser suite runs it: development mode on a fresh data folder (so
// migrations and the demo seed run as on a first `npm start`), the test payment provider, the
// dev mailbox, and one trusted proxy hop (each test's page names its own client address in
// fixtures.ts, so per-address limits such as sign-ups count one player each).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess, type ServerProcess } from '../../apps/api/test/helpers/server-process';
import { secretsInLog } from './log-secrets';

export const ROOT = join(import.meta.dirname, '..', '..');
export const SERVER = join(ROOT, 'apps', 'api', 'dist', 'server.js');

/**
 * The live channel /livestream frames: a name that never resolves, so no test reaches the web.
 * The fixtures answer it with a small page unless a test makes it fail.
 */
export const E2E_LIVE_CHANNEL = 'https://live.questfield.test/embed';

export type E2eServer = ServerProcess & { dataDir: string; stopAndClean: () => Promise<void> };

export async function startE2eServer(extraEnv: NodeJS.ProcessEnv = {}): Promise<E2eServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'questfield-e2e-'));
  const log: string[] = [];
  const server = await startServerProcess({
    args: [SERVER],
    cwd: ROOT,
    host: 'localhost',
    // Migrations and the demo seed on a fresh database: slow when the machine is busy.
    timeoutMs: 60_000,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: 'test',
      TRUST_PROXY: '1',
      // Every request logged (development logs them at debug), for the scan at the end.
      LOG_LEVEL: 'debug',
      DATABASE_URL: '',
      SMTP_URL: '',
      LIVESTREAM_EMBED_URL: E2E_LIVE_CHANNEL,
      ...extraEnv,
    },
    output: (text) => log.push(text),
  });
  const stopAndClean = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    const text = log.join('');
    if (!text.includes('"path":"/api/')) throw new Error('R25: the server logged no requests');
    const leaked = secretsInLog(text);
    if (leaked.length > 0) throw new Error(`R25: the server's log holds ${leaked.join(', ')}`);
  };
  return { ...server, dataDir, stopAndClean };
}
