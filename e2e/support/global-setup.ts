// Starts the real, built server once for the whole run (support/server.ts). Tests read the
// address from E2E_BASE_URL, the command line its data folder from E2E_DATA_DIR.
import { existsSync } from 'node:fs';
import { SERVER, startE2eServer } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(SERVER)) throw new Error('Build first: npm run build');
  const server = await startE2eServer();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_GAME_URL = server.gameUrl;
  // The operator's command line (support/admin.ts) reaches the server through its data folder.
  process.env.E2E_DATA_DIR = server.dataDir;
  return server.stopAndClean;
}
