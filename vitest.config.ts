import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES, REACT_LIBRARIES } from './apps/web/preact-aliases.ts';
import LongFirstSequencer from './scripts/long-first-sequencer.ts';
import RetriedReporter from './scripts/retried-reporter.ts';

/**
 * One runner, four projects: pure units, the server on real migrations, web components in jsdom,
 * and browser flows in Debian's Chromium (playwright-core).
 *
 * Workers: vitest's default is one fewer than the cores, which is one on the 2-core machines this
 * runs on. Server test files spend much of their time waiting on the database and on timers, so as
 * many workers as cores (TEST_WORKERS to change) keeps both cores busy.
 */
export default defineConfig({
  test: {
    maxWorkers: Number(process.env.TEST_WORKERS) || os.availableParallelism(),
    // The longest files start first, also on a clean clone without vitest's results cache.
    sequence: { sequencer: LongFirstSequencer },
    // The default output, and a line for every test that passed only on its retry.
    reporters: ['default', new RetriedReporter()],
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'],
          // The web's request client against the real server belongs with the server tests.
          exclude: ['**/*.server.test.ts', '**/node_modules/**'],
          // Files share their worker's module cache: isolated, each of the 100 files re-imported zod,
          // the contract and the channels, and imports were most of the project's time. Green with
          // the files in a shuffled order too (--no-isolate --sequence.shuffle.files).
          isolate: false,
          testTimeout: 30_000,
          retry: 1,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts', 'apps/web/src/**/*.server.test.ts'],
          setupFiles: ['apps/server/test/setup.ts'],
          // The server's background threads keep their priority here (lib/thread-priority.ts): the suites
          // run several test processes at once, and a niced thread would wait behind other tests' work.
          env: { BACKGROUND_THREAD_NICE: '0' },
          // The migrated and the seeded database every test file copies, made once per run.
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Test files share their worker's module cache: the app's modules are loaded once per worker,
          // not once per file (that load outweighed most files' tests). Each file still builds its own
          // app on its own database; nothing in the server keeps state per process that a test sees.
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One more try for a test that fails (a timeout on two loaded cores in CI): failing twice is
          // red, and a pass on the second try is marked "(retry x1)" and listed at the end of .ci/run.
          retry: 1,
        },
      },
      {
        // The page's renderer, Preact's React layer, as the build has it (decision 0046).
        resolve: {
          alias: [
            ...PREACT_ALIASES,
            // Its ES modules: under node's condition the package answers index.mjs, a wrapper of the
            // CommonJS files, which node loads itself (no alias reaches their require('react')).
            { find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' },
            { find: /^@testing-library\/react$/, replacement: fileURLToPath(new URL('./apps/web/test/preact-testing-library.ts', import.meta.url)) },
          ],
          // The libraries' ES modules, as the build takes them: their CommonJS files' require('react')
          // is node's own, which no alias reaches.
          mainFields: ['module', 'main'],
          conditions: ['module', 'browser', 'development|production'],
        },
        test: {
          name: 'web',
          server: { deps: { inline: REACT_LIBRARIES } },
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.tsx'],
          setupFiles: ['apps/web/test/setup.ts'],
          // Files share their worker's window and module cache (setup.ts resets the address, storage
          // and body between them): a fresh jsdom and a fresh import of antd and React per file were
          // about two thirds of the project's CPU (120 CPU-s isolated, 40 shared).
          isolate: false,
          testTimeout: 30_000,
          // As the server tests: once more on a failure, reported.
          retry: 1,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['apps/web/e2e/**/*.spec.ts'],
          // The seeded PGlite data directory every spec's server starts from, made once per run.
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          // As in the server tests: the server's background threads keep their priority.
          env: { BACKGROUND_THREAD_NICE: '0' },
          // Each spec starts the real server in its own process (harness.ts): sharing the worker's
          // module cache loads the server's modules once per worker instead of once per spec.
          isolate: false,
          // Generous: the longest flow takes about a minute alone and runs beside the other suites in CI.
          testTimeout: 300_000,
          hookTimeout: 180_000,
          // Specs run side by side (each has its own server and data directory), so a page may take
          // longer than expect.poll's 1 s default to get there: wait up to 15 s for what must come.
          expect: { poll: { timeout: 15_000 } },
          // A spec that fails is run once more (a browser page can crash on a loaded machine); failing
          // twice is red, and a pass on the second try is reported as flaky in the output.
          retry: 1,
        },
      },
    ],
  },
});
