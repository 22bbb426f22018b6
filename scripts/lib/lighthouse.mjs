// Lighthouse (mobile, simulated throttling, Debian's Chromium), installed on first use into
// tools/lighthouse, outside the workspaces. `audit(url)` answers the scores and timings the
// budgets in docs/architecture.md name.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { npmCommand, run, runOrThrow } from './run.mjs';

const TOOL = join(import.meta.dirname, '..', '..', 'tools', 'lighthouse');
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

export const BUDGET = { performance: 95, accessibility: 100, cls: 0.05 };

export async function ensureLighthouse() {
  if (!existsSync(BIN)) {
    await runOrThrow(npmCommand, ['ci', '--no-audit', '--no-fund'], { cwd: TOOL });
  }
}

/** Scores (0–100), CLS, and FCP, LCP and TBT (ms) of one page, or null when Lighthouse failed. */
export async function audit(url) {
  const out = mkdtempSync(join(tmpdir(), 'questfield-lighthouse-'));
  try {
    const report = join(out, 'report.json');
    const code = await run(
      BIN,
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--only-categories=performance,accessibility',
        `--chrome-flags=${CHROME_FLAGS}`,
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' } },
    );
    if (code !== 0 || !existsSync(report)) return null;
    const { categories, audits } = JSON.parse(readFileSync(report, 'utf8'));
    const performance = Math.round(categories.performance.score * 100);
    const accessibility = Math.round(categories.accessibility.score * 100);
    const cls = audits['cumulative-layout-shift'].numericValue;
    const lcp = audits['largest-contentful-paint'].numericValue;
    const fcp = audits['first-contentful-paint'].numericValue;
    const tbt = audits['total-blocking-time'].numericValue;
    const ok =
      performance >= BUDGET.performance &&
      accessibility >= BUDGET.accessibility &&
      cls < BUDGET.cls;
    return { performance, accessibility, cls, fcp, lcp, tbt, ok };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * The median of `runs` audits of one page (by performance score), as Lighthouse's own docs
 * advise: one run swings by several points on a shared machine, and a run sometimes fails to
 * record a trace (NO_NAVSTART), so a failed run is retried up to `runs` more times.
 */
export async function auditMedian(url, runs = 3) {
  const results = [];
  for (let attempt = 0; attempt < runs * 2 && results.length < runs; attempt += 1) {
    const result = await audit(url);
    if (result) results.push(result);
  }
  if (results.length === 0) return null;
  results.sort((a, b) => a.performance - b.performance || b.tbt - a.tbt);
  const median = results[Math.floor(results.length / 2)];
  return { ...median, runs: results.map((result) => result.performance) };
}
