/** Starts the product: database (migrated, seeded when empty), API and pages on one port. */
import pino from 'pino';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { safeLogOptions } from './lib/log-safety.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isEmpty, seedDemo } from './modules/demo/index.js';

const config = loadConfig();
const log = pino({ level: config.logLevel, ...safeLogOptions });

const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
log.info({ database: database.kind, dataDir: config.dataDir }, '数据库已就绪（迁移已执行）');
if (config.seedDemo && (await isEmpty(database.db))) {
  await seedDemo(database.db);
  log.info(`已写入演示数据。演示账号：${DEMO_ACCOUNTS.join('、')}，密码均为 ${DEMO_PASSWORD}`);
}

const app = await buildApp({ db: database.db, database, config }, { level: config.logLevel });
await app.listen({ port: config.port, host: config.host });
// Background work (shop syncs, token refresh…) runs only in the serving process; app.close() stops it.
app.jobs.start();
log.info(
  `已启动：http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}  （演示账号 demo_seller / demo_purchaser / demo_picker，密码 ${DEMO_PASSWORD}）`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, '正在停止…');
  await app.close();
  await database.close();
  log.info('已停止，数据库已正常关闭');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
