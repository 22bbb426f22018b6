import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The tested modules are plain logic; nothing here needs a DOM.
    environment: 'node',
    include: ['src/**/*.test.ts'],
    restoreMocks: true,
  },
});
