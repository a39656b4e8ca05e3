// The server bundle's esbuild options, shared by scripts/build-server.mjs and the test that checks
// what the bundle loads at start (apps/server/test/start-imports.test.ts): ES module bundles,
// apps/server/dist/main.js, the labels thread's dist/render-worker.js, the Excel thread's
// dist/xlsx-worker.js and the order import's dist/parse-worker.js, holding the server's and
// the workspace packages' code; every package from node_modules stays an import (PGlite, pdfkit
// fonts and exceljs find their own files from their folders).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** @type {import('esbuild').BuildOptions} */
export const serverBuildOptions = {
  absWorkingDir: root,
  // The labels thread's code is a second file beside the server's (render-thread.ts finds it there).
  entryPoints: {
    main: 'apps/server/src/main.ts',
    'render-worker': 'apps/server/src/modules/labels/render-worker.ts',
    // The Excel thread's, beside them (lib/excel/xlsx-thread.ts finds it there).
    'xlsx-worker': 'apps/server/src/lib/excel/xlsx-worker.ts',
    // The order import's parse thread, beside them (order-import/parse-thread.ts finds it there).
    'parse-worker': 'apps/server/src/modules/order-import/parse-worker.ts',
  },
  outdir: 'apps/server/dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // A CommonJS package imported by the bundle may call require(); an ES module has none of its own.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [
    {
      name: 'node-modules-stay-imports',
      setup(b) {
        // Bare specifiers are packages: ours (@dropship/*, TypeScript sources) go in, the rest stay out.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@dropship/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
};
