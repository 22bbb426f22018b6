import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const SITE_INDEX_HTML = '<!doctype html><title>site</title><div id="root"></div>';
export const SITE_ASSET_JS = 'console.log("hashed asset");';
export const SITE_ASSET_PATH = '/assets/index-Ab12Cd34.js';
/** Files a build leaves beside the site that must never be served (source paths, build ids). */
export const SITE_DOTFILES = {
  '/.vite/manifest.json': '{"src/main.tsx":{"file":"assets/index-Ab12Cd34.js"}}',
  '/.build-fingerprint': 'fingerprint-0123',
} as const;

/**
 * A throwaway built site: index.html, one hashed asset with its brotli copy (as the web build
 * writes them), one unhashed public file, and the build's dotfiles.
 */
export async function createTempSite(
  prefix = 'qf-site-',
): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), prefix));
  await mkdir(path.join(root, 'assets'));
  await writeFile(path.join(root, 'index.html'), SITE_INDEX_HTML);
  await writeFile(path.join(root, SITE_ASSET_PATH.slice(1)), SITE_ASSET_JS);
  await writeFile(
    path.join(root, `${SITE_ASSET_PATH.slice(1)}.br`),
    brotliCompressSync(SITE_ASSET_JS),
  );
  await writeFile(path.join(root, 'robots.txt'), 'User-agent: *\n');
  await mkdir(path.join(root, '.vite'));
  for (const [url, content] of Object.entries(SITE_DOTFILES)) {
    await writeFile(path.join(root, url.slice(1)), content);
  }
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
