// Sizes the JavaScript each route loads on a first visit, gzip-compressed, from the Vite manifest
// of the last build (see lib/bundle-size.mjs).
// Usage: npm run build && node scripts/measure-bundle.mjs [route-module …]
import { join } from 'node:path';
import { bundleSizes, kb } from './lib/bundle-size.mjs';

const sizes = bundleSizes(join(import.meta.dirname, '..', 'apps', 'web', 'dist'));
const routes = process.argv.slice(2);
const wanted = routes.length > 0 ? routes : ['landing', 'dashboard', 'terms-and-conditions'];

console.log(`entry (every route): ${kb(sizes.entry)} KB gzip`);
for (const route of wanted) {
  const bytes = sizes.route(route);
  console.log(
    bytes === null
      ? `${route}: not a route module`
      : `${route}: ${kb(bytes)} KB gzip JS on first load`,
  );
}
