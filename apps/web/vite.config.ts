import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const API_TARGET = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // .br and .gz beside each text file: the server sends them as they are, with no work per request.
    compression({ algorithms: ['brotliCompress', 'gzip'] }),
  ],
  resolve: { tsconfigPaths: true },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // scripts/measure-bundle.mjs reads it to size what each route loads.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        // React is shared by the entry and every page; a named chunk keeps build reports readable.
        codeSplitting: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    port: 4173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
});
