// `npm test`: every check CI runs, in order, then one plain summary line. A failing step does not
// stop the later ones, so one run shows everything that is wrong.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ensureDependencies } from './lib/install.mjs';
import { ensureSupportedNode } from './lib/node-runtime.mjs';
import { findTestPostgres, redactUrl } from './lib/postgres.mjs';
import { run } from './lib/run.mjs';

const ROOT = join(import.meta.dirname, '..');
const REPORTS = join(ROOT, '.reports');
const IN_CI = process.env.CI === 'true' || process.env.CI === '1';
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const env = { ...process.env, TZ: 'UTC' };
const RUSH_TEST = 'test/rush.test.ts';

/** Vitest over one workspace (or `args`' files of it), counting its tests from the JSON report. */
function vitestStep(name, root, extraEnv = {}, args = []) {
  const report = join(REPORTS, `${name.replaceAll(/\W+/g, '-')}.json`);
  return {
    name,
    report,
    parse: parseVitest,
    command: [
      bin('vitest'),
      [
        'run',
        '--root',
        root,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
        ...args,
      ],
    ],
    env: extraEnv,
  };
}

function parseVitest(report) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const failures = json.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'failed')
      .map((test) => `${relative(ROOT, file.name)} › ${test.fullName}`),
  );
  return {
    passed: json.numPassedTests,
    failed: json.numFailedTests,
    skipped: json.numPendingTests + json.numTodoTests,
    failures,
  };
}

function parsePlaywright(report) {
  const { stats, suites } = JSON.parse(readFileSync(report, 'utf8'));
  const failures = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        if (test.status === 'unexpected') {
          failures.push(`[${test.projectName}] ${[...titles, spec.title].join(' › ')}`);
        }
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  for (const suite of suites) visit(suite, [suite.file ?? suite.title]);
  return {
    passed: stats.expected + stats.flaky,
    failed: stats.unexpected,
    skipped: stats.skipped,
    failures,
  };
}

async function postgresSteps() {
  const url = await findTestPostgres();
  if (url) {
    console.log(`API suite on Postgres: ${redactUrl(url)}`);
    const postgres = { TEST_DATABASE_URL: url };
    // The sell-out rush (a long test) loads both cores for a minute: it runs alone, after the
    // rest, so no timing test beside it measures the rush instead of itself.
    return [
      vitestStep('api (postgres)', 'apps/api', postgres, [`--exclude=${RUSH_TEST}`]),
      vitestStep('api (postgres, rush)', 'apps/api', postgres, [RUSH_TEST]),
    ];
  }
  const why = 'no Postgres answered (set TEST_DATABASE_URL, or run .ci/run once to set one up)';
  // CI must prove both databases; a developer without Postgres still gets every other check.
  return [{ name: 'api (postgres)', missing: why, fatal: IN_CI }];
}

async function main() {
  await ensureSupportedNode();
  await ensureDependencies(ROOT);
  rmSync(REPORTS, { recursive: true, force: true });
  mkdirSync(REPORTS, { recursive: true });
  const playwrightReport = join(REPORTS, 'e2e.json');

  const steps = [
    { name: 'format', command: [bin('prettier'), ['--check', '--log-level=warn', '.']] },
    { name: 'lint', command: [bin('eslint'), ['.', '--max-warnings=0']] },
    { name: 'lockfiles', command: ['node', ['scripts/check-lockfiles.mjs']] },
    { name: 'requirements', command: ['node', ['scripts/check-requirements.mjs']] },
    { name: 'unused exports', command: [bin('knip'), ['--no-progress']] },
    // Tests do not count as users here: an export only tests use is unused, or tagged @internal.
    {
      name: 'unused exports (production)',
      command: [bin('knip'), ['--production', '--no-progress']],
    },
    ...['packages/contract', 'apps/api', 'apps/web', 'apps/game-demo', 'e2e'].map((project) => ({
      name: `types ${project}`,
      command: [bin('tsc'), ['-p', project]],
    })),
    vitestStep('contract', 'packages/contract'),
    vitestStep('game', 'apps/game-demo'),
    vitestStep('web', 'apps/web'),
    // Without TEST_DATABASE_URL even when the caller set one (CI does): this run is the PGlite one.
    vitestStep('api (pglite)', 'apps/api', { TEST_DATABASE_URL: '' }),
    ...(await postgresSteps()),
    { name: 'build', command: ['node', ['scripts/build.mjs', '--force']] },
    {
      name: 'e2e (chromium)',
      report: playwrightReport,
      parse: parsePlaywright,
      command: [bin('playwright'), ['test', '--config', 'e2e/playwright.config.ts']],
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    },
  ];

  const results = [];
  for (const step of steps) results.push(await runStep(step));
  return summarise(results);
}

async function runStep(step) {
  if (step.missing) {
    console.log(`\n▶ ${step.name}: not run, ${step.missing}`);
    return { name: step.name, ok: !step.fatal, note: `not run: ${step.missing}` };
  }
  console.log(`\n▶ ${step.name}`);
  const started = Date.now();
  const [command, args] = step.command;
  const code = await run(command, args, { cwd: ROOT, env: { ...env, ...step.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const counts = step.parse && existsSync(step.report) ? step.parse(step.report) : null;
  return { name: step.name, ok: code === 0, seconds, counts };
}

function summarise(results) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  console.log('\nStep                      Result   Time   Tests');
  for (const result of results) {
    const counts = result.counts;
    if (counts) {
      passed += counts.passed;
      failed += counts.failed;
      skipped += counts.skipped;
    }
    // A failed step with no failing test (lint, types, a crash) still counts as one failure.
    if (!result.ok && !(counts && counts.failed > 0)) failed += 1;
    const tests = counts ? `${counts.passed} passed, ${counts.failed} failed` : (result.note ?? '');
    const time = result.seconds ? `${result.seconds}s` : '';
    console.log(
      `${result.name.padEnd(25)} ${(result.ok ? 'ok' : 'FAILED').padEnd(8)} ${time.padEnd(6)} ${tests}`,
    );
  }
  // The failing tests by name at the end, where a log cut to its tail still shows them.
  const failures = results.flatMap((result) => result.counts?.failures ?? []);
  if (failures.length > 0) {
    console.log('\nFailed tests:');
    for (const failure of failures.slice(0, 40)) console.log(`  ${failure}`);
  }
  console.log(`\nsummary: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  return failed === 0 && results.every((result) => result.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    console.log('\nsummary: 0 passed, 1 failed');
    process.exit(1);
  },
);
