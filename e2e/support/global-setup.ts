// Starts the real, built server once for the whole run: a free port, a fresh data folder (so
// migrations and the demo seed run as on a first `npm start`), the test payment provider and the
// dev mailbox. Tests read the address from E2E_BASE_URL.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const SERVER = join(ROOT, 'apps', 'api', 'dist', 'server.js');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The server at ${url} did not become healthy in time`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(SERVER)) throw new Error('Build first: npm run build');
  const [port, gamePort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(join(tmpdir(), 'questfield-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  const server = spawn(process.execPath, [SERVER], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: String(port),
      GAME_PORT: String(gamePort),
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: baseUrl,
      GAME_ORIGIN: `http://localhost:${gamePort}`,
      PAYMENT_PROVIDER: 'test',
      // As behind an https proxy: each test's page names its own client address
      // (fixtures.ts), so per-address limits such as sign-ups count one player each.
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  await waitForHealth(baseUrl, Date.now() + 30_000);
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_GAME_URL = `http://localhost:${gamePort}`;

  return async () => {
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
}
