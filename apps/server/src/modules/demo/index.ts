/**
 * The demo data seeded into an empty database (SEED_DEMO; main.ts, and the tests through seedDemo).
 * It writes rows of every feature the way a running system would have, so it is the one module
 * allowed to import other modules' internals (module-boundaries.test.ts).
 */
export { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, seedDemoIfEmpty } from './seed.js';
