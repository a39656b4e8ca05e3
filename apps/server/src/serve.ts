/**
 * Opens the database (migrated; seeded with the demo data when empty and the config says so),
 * builds the app, listens and starts the background jobs: how `npm start` serves (main.ts), and how
 * the browser tests start the real server in their own process (apps/web/e2e/harness.ts).
 * prepare.ts does the first step alone (prepared-database.ts).
 */
import type { PrintComponentEmulators } from '@dropship/channels';
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import type { Database, openDatabase } from './db/client.js';
import { startDemoPrintComponents } from './modules/warehouse/index.js';
import { openPrepared } from './prepared-database.js';

export interface Serving {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Awaited<ReturnType<typeof openDatabase>>;
  /** Demo mode's platform print-component emulators (null: not started); the browser tests read their jobs. */
  printComponents: PrintComponentEmulators | null;
  /** Stops the app (and its jobs), then closes the database cleanly. */
  close(): Promise<void>;
}

/** `from`: start the database in memory from this PGlite dump, or on this open database (openPrepared). */
export async function serve(config: Config, log?: Logger, from?: Blob | Database): Promise<Serving> {
  const database = await openPrepared(config, log, from);
  const app = await buildApp({ db: database.db, database, config }, { level: config.logLevel });
  await app.listen({ port: config.port, host: config.host });
  // Background work (shop syncs, token refresh…) runs only in the serving process; app.close() stops it.
  app.jobs.start();
  // Demo mode prints platform e-waybills through local print-component emulators (decision 0025).
  const printComponents = app.channels.config.emulator ? await startDemoPrintComponents(config.printComponentEmulator, app.log) : null;
  return {
    app,
    database,
    printComponents,
    async close() {
      await printComponents?.close();
      await app.close();
      await database.close();
    },
  };
}
