import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    tsconfigPaths: true,
    // One copy of react-router. Node 20.19+ loads it through the 'module-sync' condition (the
    // ESM build) when 'react-router/dom' requires it, so the tests' own imports must resolve
    // the same way; otherwise links read the router context of the CommonJS copy and find none.
    conditions: ['module-sync', 'browser', 'development|production'],
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Above the 5 s wait of the testing library (setup-tests.ts), so a slow wait fails as itself.
    testTimeout: 20_000,
    // One jsdom and one module graph for every file: setup-tests.ts resets what a test leaves
    // (storage, handlers, the DOM), and the suite passes with its files in any order. Half the
    // suite's time was building a fresh environment for each file.
    isolate: false,
  },
});
