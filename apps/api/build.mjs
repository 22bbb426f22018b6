// Bundles the server into dist/server.js and the operator's command line into dist/admin.js. npm packages stay external (node_modules has them at
// run time); the workspace contract is TypeScript source, so it is bundled in.
import { build } from 'esbuild';

const BUNDLED_PACKAGES = /^(@questfield\/|date-fns(\/|$)|@date-fns\/|drizzle-orm(\/|$))/;

/** Every bare import (an npm package or a node: builtin) is external except our workspaces. */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED_PACKAGES.test(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  absWorkingDir: import.meta.dirname,
  entryPoints: ['src/server.ts', 'src/admin.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
