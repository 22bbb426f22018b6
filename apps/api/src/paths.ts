/**
 * Folders the server needs at run time, found from this file's own location rather than the
 * working directory, so `node apps/api/dist/server.js` works from anywhere.
 *
 * This file must stay directly under src/: the bundle puts it in dist/server.js, one level
 * below apps/api just like src/paths.ts, so the same relative paths hold for both.
 */
import { fileURLToPath } from 'node:url';

const apiRoot = new URL('../', import.meta.url);

export const PATHS = {
  migrations: fileURLToPath(new URL('drizzle/', apiRoot)),
  webDist: fileURLToPath(new URL('../web/dist/', apiRoot)),
  gameDist: fileURLToPath(new URL('../game-demo/dist/', apiRoot)),
} as const;
