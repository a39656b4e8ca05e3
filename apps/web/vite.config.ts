import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdZeroRuntime } from './antd-zero-runtime';
import { precompress } from './precompress';

// In development the API runs on 8080 (npm run dev at the root); the built app is served by it.
export default defineConfig({
  plugins: [react(), antdZeroRuntime(), precompress()],
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
  },
});
