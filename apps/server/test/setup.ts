import { useTestPasswordCost } from '../src/modules/auth/password.js';

/**
 * node-postgres only warns (pg@9 will refuse) when a query is sent on a client that is still running
 * one: two queries at once (Promise.all) on one transaction. PGlite queues them silently, so this is
 * the one place it can be caught: the warning fails the run (vitest reports it as an unhandled error
 * of the file that caused it) instead of scrolling by in CI's PostgreSQL pass.
 */
const installed = Symbol.for('daifa.test.overlapping-query-guard');
const proc = process as NodeJS.Process & { [installed]?: boolean };
// Once per worker: test files share a worker (isolate: false in vitest.config.ts) and run this file each.
if (!proc[installed]) {
  proc[installed] = true;
  process.on('warning', (w) => {
    if (w.name === 'DeprecationWarning' && /already executing a query/.test(w.message)) {
      throw new Error(`Two queries at once on one database client (a transaction): run them one after the other. ${w.message}`);
    }
  });
}

// Cheap password hashes for whatever this worker hashes (sub-accounts, pay passwords); the seeded
// accounts were hashed so in global-setup.ts. docs/security.md, auth.test.ts.
useTestPasswordCost();
