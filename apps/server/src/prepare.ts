/**
 * Migrates the database and seeds the demo data when it is empty, then exits: what `npm start` does
 * before it serves, without serving. The browser tests run it once on a fresh data directory that
 * every spec's server then starts from (apps/web/e2e/global-setup.ts).
 */
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { isEmpty, seedDemo } from './modules/demo/seed.js';

const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
if (config.seedDemo && (await isEmpty(database.db))) await seedDemo(database.db);
await database.close();
