import { defineConfig } from 'vite';
import { antdTableTrim } from './antd-table-trim';
import { antdZeroRuntime } from './antd-zero-runtime';
import { PREACT_ALIASES } from './preact-aliases';
import { precompress } from './precompress';

/** The antd components every list page uses: its table, filter form and toolbar. */
const LIST_KIT = /[\\/]node_modules[\\/]antd[\\/]es[\\/](table|form|select|tabs|pagination|input|radio|checkbox)[\\/]index\.js$/;

// In development the API runs on 8080 (npm run dev at the root); the built app is served by it.
export default defineConfig({
  plugins: [antdZeroRuntime(), antdTableTrim(), precompress()],
  resolve: { alias: PREACT_ALIASES },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': 'http://127.0.0.1:8080', '/version.json': 'http://127.0.0.1:8080' },
  },
  // The manifest (dist/.vite/manifest.json) is the chunk graph bench/page-weight.mjs measures.
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    manifest: true,
    modulePreload: {
      // No polyfill in the entry: the users run current Chrome, which preloads natively.
      polyfill: false,
      // index.html preloads the shell's chunks; a lazy page's own imports are not listed at each of
      // its ~100 import sites (9 KB gzip of lists in the shell): the browser finds them when the
      // page's chunk arrives, one round trip later on the intranet (decision 0040).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      // The libraries' "use client" lines mean nothing in a page that renders only in the browser.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
      output: {
        // Two chunks instead of ~75 for a first visit (decision 0040, third pass): the browser loads
        // all of them anyway, and one file compresses better than the same code cut in pieces.
        codeSplitting: {
          groups: [
            // Everything index.html's entry imports statically (it was 56 chunks, each shared by the
            // ~100 lazy routes in its own combination).
            { name: 'shell', tags: ['$initial'], priority: 2 },
            // The antd components a list page is built from (lib/list-page), with what they import:
            // the ~60 list pages share one chunk, loaded with the first of them.
            { name: 'list-kit', test: LIST_KIT, priority: 1 },
          ],
        },
      },
    },
  },
});
