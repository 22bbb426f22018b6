// Lighthouse (mobile, simulated throttling) on pages of a running Questfield, against the
// budgets in docs/architecture.md. Usage:
//   npm start   (or any running server), then
//   node scripts/lighthouse.mjs [base-url] [path …]      default http://localhost:3000 / /dashboard
// Installs Lighthouse into tools/lighthouse on first use (kept out of the workspaces).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npmCommand, run, runOrThrow } from './lib/run.mjs';

const ROOT = join(import.meta.dirname, '..');
const TOOL = join(ROOT, 'tools', 'lighthouse');
const BIN = join(TOOL, 'node_modules', '.bin', 'lighthouse');
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
].join(' ');

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ['/', '/dashboard'];

if (!existsSync(BIN)) {
  await runOrThrow(npmCommand, ['ci', '--no-audit', '--no-fund'], { cwd: TOOL });
}

const out = mkdtempSync(join(tmpdir(), 'questfield-lighthouse-'));
let failed = false;
for (const page of pages) {
  const report = join(out, 'report.json');
  const code = await run(
    BIN,
    [
      `${base}${page}`,
      '--quiet',
      '--output=json',
      `--output-path=${report}`,
      '--only-categories=performance,accessibility',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
  );
  if (code !== 0 || !existsSync(report)) {
    console.log(`${page}: Lighthouse failed (exit ${code})`);
    failed = true;
    continue;
  }
  const { categories, audits } = JSON.parse(readFileSync(report, 'utf8'));
  const performance = Math.round(categories.performance.score * 100);
  const accessibility = Math.round(categories.accessibility.score * 100);
  const cls = audits['cumulative-layout-shift'].numericValue;
  const lcp = audits['largest-contentful-paint'].numericValue;
  const ok = performance >= 95 && accessibility === 100 && cls < 0.05;
  failed ||= !ok;
  console.log(
    `${page}: performance ${performance} (≥ 95), accessibility ${accessibility} (100), ` +
      `CLS ${cls.toFixed(3)} (< 0.05), LCP ${Math.round(lcp)} ms ${ok ? 'ok' : 'OVER BUDGET'}`,
  );
}
rmSync(out, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
