// Lighthouse (mobile, simulated throttling) on pages of a running Questfield, against the
// budgets in docs/architecture.md. Usage:
//   npm start   (or any running server), then
//   node scripts/lighthouse.mjs [base-url] [path …]      default http://localhost:3000 / /dashboard
// `npm run perf:web` does the same on a server of its own, with the bundle sizes beside.
import { audit, ensureLighthouse } from './lib/lighthouse.mjs';

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/', '/dashboard'];

await ensureLighthouse();
let failed = false;
for (const page of pages) {
  const result = await audit(`${base}${page}`);
  if (result === null) {
    console.log(`${page}: Lighthouse failed`);
    failed = true;
    continue;
  }
  const { performance, accessibility, cls, lcp, ok } = result;
  failed ||= !ok;
  console.log(
    `${page}: performance ${performance} (≥ 95), accessibility ${accessibility} (100), ` +
      `CLS ${cls.toFixed(3)} (< 0.05), LCP ${Math.round(lcp)} ms ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
}
process.exit(failed ? 1 : 0);
