/**
 * Opens the database (migrated; seeded with the demo data when empty and the config says so),
 * builds the app, listens and starts the background jobs: how `npm start` serves (main.ts), and how
 * the browser tests start the real server in their own process (apps/web/e2e/harness.ts).
 */
import type { Logger } from 'pino';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/client.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './modules/demo/index.js';

export interface Serving {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Awaited<ReturnType<typeof openDatabase>>;
  /** Stops the app (and its jobs), then closes the database cleanly. */
  close(): Promise<void>;
}

export async function serve(config: Config, log?: Logger): Promise<Serving> {
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  log?.info({ database: database.kind, dataDir: config.dataDir }, '数据库已就绪（迁移已执行）');
  if (config.seedDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    log?.info(`已写入演示数据。演示账号：${DEMO_ACCOUNTS.join('、')}，密码均为 ${DEMO_PASSWORD}`);
  }
  const app = await buildApp({ db: database.db, database, config }, { level: config.logLevel });
  await app.listen({ port: config.port, host: config.host });
  // Background work (shop syncs, token refresh…) runs only in the serving process; app.close() stops it.
  app.jobs.start();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
