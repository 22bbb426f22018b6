import { defineConfig } from 'vite';

export default defineConfig({
  // One line per build, from scripts/build.mjs; Vite says only what needs attention.
  logLevel: 'warn',
  build: { outDir: 'dist', emptyOutDir: true },
});
