// Starts the real, built server once for the whole run: a free port, a fresh data folder (so
// migrations and the demo seed run as on a first `npm start`), the test payment provider and the
// dev mailbox. Tests read the address from E2E_BASE_URL.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '../../apps/api/test/helpers/server-process';

const ROOT = join(import.meta.dirname, '..', '..');
const SERVER = join(ROOT, 'apps', 'api', 'dist', 'server.js');

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(SERVER)) throw new Error('Build first: npm run build');
  const dataDir = mkdtempSync(join(tmpdir(), 'questfield-e2e-'));
  const server = await startServerProcess({
    args: [SERVER],
    cwd: ROOT,
    host: 'localhost',
    timeoutMs: 30_000,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PAYMENT_PROVIDER: 'test',
      // As behind an https proxy: each test's page names its own client address
      // (fixtures.ts), so per-address limits such as sign-ups count one player each.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_GAME_URL = server.gameUrl;

  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
