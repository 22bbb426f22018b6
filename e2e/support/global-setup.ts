// Starts the real, built server once for the whole run (support/server.ts). Tests read the
// address from E2E_BASE_URL.
import { existsSync } from 'node:fs';
import { SERVER, startE2eServer } from './server';

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(SERVER)) throw new Error('Build first: npm run build');
  const server = await startE2eServer();
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_GAME_URL = server.gameUrl;
  return server.stopAndClean;
}
