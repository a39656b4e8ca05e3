/**
 * Migrates the database and seeds the demo data when it is empty, then exits: what `npm start` does
 * before it serves, without serving. The browser tests run it once on a fresh data directory that
 * every spec's server then starts from (apps/web/e2e/global-setup.ts).
 */
import { loadConfig } from './config.js';
import { openPrepared } from './prepared-database.js';

const database = await openPrepared(loadConfig());
await database.close();
