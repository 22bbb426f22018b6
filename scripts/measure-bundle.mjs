// Sizes the JavaScript each route loads on a first visit (entry chunk, its static imports, and the
// route module with its static imports), gzip-compressed, from the Vite manifest of the last build.
// Usage: npm run build && node scripts/measure-bundle.mjs [route-module …]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const DIST = join(import.meta.dirname, '..', 'apps', 'web', 'dist');
const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8'));
const routes = process.argv.slice(2);
const wanted = routes.length > 0 ? routes : ['landing', 'dashboard', 'terms-and-conditions'];

function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) staticClosure(child, seen);
  return seen;
}

function gzipKb(keys) {
  const files = [...new Set([...keys].map((key) => manifest[key].file))].filter((file) =>
    file.endsWith('.js'),
  );
  const bytes = files.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length,
    0,
  );
  return (bytes / 1024).toFixed(1);
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
console.log(`entry (every route): ${gzipKb(staticClosure(entry))} KB gzip`);
for (const route of wanted) {
  const key = `src/app/routes/${route}.tsx`;
  if (!manifest[key]) {
    console.log(`${route}: not a route module`);
    continue;
  }
  const keys = staticClosure(key, staticClosure(entry));
  console.log(`${route}: ${gzipKb(keys)} KB gzip JS on first load`);
}
