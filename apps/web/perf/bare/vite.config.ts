import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The bare app of `npm run perf:web`, built as the product's web app is (same target). */
export default defineConfig({
  root: import.meta.dirname,
  logLevel: 'warn',
  plugins: [react()],
  build: { emptyOutDir: true, target: 'es2022' },
});
