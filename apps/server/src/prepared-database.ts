/**
 * The first step of serving, on its own: the database opened (migrations run), and seeded with the
 * demo data when it is empty and the config says so. serve.ts goes on to build and start the app;
 * prepare.ts stops here, without loading the app's modules.
 */
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { assertReceiverKeys, useReceiverKeys } from './lib/receiver-vault/index.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoIfEmpty } from './modules/demo/index.js';

/**
 * The database migrated, and seeded with the demo data when it is empty and the config says so.
 * `from`: a dump of a PGlite database to start from in memory instead, or a database already open
 * (the browser tests' servers start from the run's seeded database, lent by their worker;
 * config.dataDir still holds the files and keys).
 */
export async function openPrepared(config: Config, log?: Logger, from?: Blob | Database) {
  // Refused before the database opens: production keeps its receiver keys in RECEIVER_KEYS, never a generated file.
  assertReceiverKeys(config);
  // The demo seed places orders, whose receivers are sealed.
  useReceiverKeys(config);
  const database =
    from && !(from instanceof Blob) ? from : await openDatabase(from ? { loadDataDir: from } : { dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  log?.info({ database: database.kind, dataDir: config.dataDir }, '数据库已就绪（迁移已执行）');
  // Under a lock: several processes starting together on one empty database seed it once.
  if (config.seedDemo && (await seedDemoIfEmpty(database.db))) {
    log?.info(`已写入演示数据。演示账号：${DEMO_ACCOUNTS.join('、')}，密码均为 ${DEMO_PASSWORD}`);
  }
  return database;
}
