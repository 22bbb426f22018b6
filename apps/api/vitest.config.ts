import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-console.ts'],
    // Both cores of a small CI machine: about a third off the suite's time. Suites that measure
    // time compare medians or wait generously, so a neighbouring file's load does not fail them.
    maxWorkers: 2,
    // Each worker imports the app once for all its files (every test builds its own app and
    // database, so no state is shared): about 45% off the suite's time, most of it imports.
    isolate: false,
    // Each suite starts its own database (PGlite WASM or a fresh Postgres database).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
