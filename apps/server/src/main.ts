/** Starts the product: database (migrated, seeded when empty), API and pages on one port. */
import pino from 'pino';
import { loadConfig } from './config.js';
import { safeLogOptions } from './lib/log-safety.js';
import { DEMO_PASSWORD } from './modules/demo/index.js';
import { serve } from './serve.js';

const config = loadConfig();
const log = pino({ level: config.logLevel, ...safeLogOptions });
const serving = await serve(config, log);
log.info(
  `已启动：http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}  （演示账号 demo_seller / demo_purchaser / demo_picker / demo_operator，密码 ${DEMO_PASSWORD}）`,
);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log.info({ signal }, '正在停止…');
  await serving.close();
  log.info('已停止，数据库已正常关闭');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
