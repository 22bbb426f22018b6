import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-console.ts'],
    // Each suite starts its own database (PGlite WASM or a fresh Postgres database).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
