// JavaScript sizes of a Vite build, gzip-compressed (level 9), read from its manifest: what a
// route loads on a first visit (the entry chunk and what it imports, statically or as soon as
// it runs: the app, asked for once a prerendered page is painted; then the route module with its
// static imports), and every script of a build (for a bare app, which is all first load).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const gzipBytes = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** Sizes in bytes for the web app's build in `dist`: `entry`, then `route(name)`. */
export function bundleSizes(dist) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) closure(child, seen);
    return seen;
  };
  const bytesOf = (keys) =>
    [...new Set([...keys].map((key) => manifest[key].file))]
      .filter((file) => file.endsWith('.js'))
      .reduce((sum, file) => sum + gzipBytes(join(dist, file)), 0);
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const start = [entry, ...(manifest[entry].dynamicImports ?? [])].reduce(
    (seen, key) => closure(key, seen),
    new Set(),
  );
  return {
    entry: bytesOf(start),
    /** null when `name` is not a module of src/app/routes. */
    route(name) {
      const key = `src/app/routes/${name}.tsx`;
      return manifest[key] ? bytesOf(closure(key, new Set(start))) : null;
    },
  };
}

/** Every script of a build folder, in bytes. */
export function allScriptsBytes(dist) {
  return readdirSync(dist, { recursive: true })
    .filter((file) => String(file).endsWith('.js'))
    .reduce((sum, file) => sum + gzipBytes(join(dist, String(file))), 0);
}

export const kb = (bytes) => (bytes / 1024).toFixed(1);
