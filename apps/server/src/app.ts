/**
 * Builds the Fastify app. Plugin order matters and is spelled out: cookies before auth (auth
 * reads them), auth before any route (its onRoute hook checks every route declares a permission),
 * swagger before routes (it collects them), the web pages last as the not-found fallback.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { alipayRoyalty } from '@dropship/channels';
import { ErrorCode } from '@dropship/contract';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.js';
import { wireModuleHooks } from './hooks.js';
import { AppError } from './lib/app-error.js';
import { clientErrorHandler, frameworkErrors, installErrorHandler } from './lib/error-handler.js';
import { safeLogger } from './lib/log-safety.js';
import { useReceiverKeys } from './lib/receiver-vault/index.js';
import { registerSecurityHeaders } from './lib/security-headers.js';
import { SERVER_ROOT } from './lib/server-root.js';
import { createStorage } from './lib/storage/index.js';
import { installTextGuard } from './lib/text-guard.js';
import { zodValidatorCompiler } from './lib/validation.js';
import { abnormalOrdersRoutes } from './modules/abnormal-orders/abnormal-orders.routes.js';
import { rolesRoutes } from './modules/account-permission/roles.routes.js';
import { afterSaleRoutes } from './modules/after-sale/after-sale.routes.js';
import { afterSaleReturnRoutes } from './modules/after-sale/after-sale-returns.routes.js';
import { autoAfterSaleRoutes } from './modules/after-sale/auto-after-sale.routes.js';
import { areaRoutes } from './modules/area/area.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { declarationsRoutes } from './modules/declarations/declarations.routes.js';
import { dropshipOrdersRoutes } from './modules/dropship-orders/dropship-orders.routes.js';
import { payLaterRoutes } from './modules/dropship-orders/pay-later/pay-later.routes.js';
import { expressRoutes } from './modules/express/express.routes.js';
import { fulfilmentSettingsRoutes } from './modules/fulfilment-settings/fulfilment-settings.routes.js';
import { aliLedgerRoutes } from './modules/funds/ali-ledger/ali-ledger.routes.js';
import { registerRoyaltyJobs } from './modules/funds/ali-ledger/royalty-settle.service.js';
import { createAlipayGateway } from './modules/funds/alipay/alipay-gateway.js';
import { couponsRoutes } from './modules/funds/coupons/coupons.routes.js';
import { fundsRoutes } from './modules/funds/funds.routes.js';
import { oldBalanceRoutes } from './modules/funds/old-balance/old-balance.routes.js';
import { fundsRecordsRoutes } from './modules/funds/records/records.routes.js';
import { settlementsRoutes } from './modules/funds/settlements/settlements.routes.js';
import { statementsRoutes } from './modules/funds/statements/statements.routes.js';
import { goodsRoutes } from './modules/goods/goods.routes.js';
import { headlessParcelRoutes } from './modules/headless-parcel/headless-parcel.routes.js';
import { helpCenterRoutes } from './modules/help-center/help-center.routes.js';
import { jobsPlugin } from './modules/jobs/jobs.plugin.js';
import { labelsRoutes } from './modules/labels/labels.routes.js';
import { membershipRoutes } from './modules/membership/membership.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { noticesRoutes } from './modules/notices/notices.routes.js';
import { offlineRoutes } from './modules/offline/offline.routes.js';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.js';
import { orderImportRoutes } from './modules/order-import/order-import.routes.js';
import { pickingRoutes } from './modules/picking/picking.routes.js';
import { problemParcelRoutes } from './modules/problem-parcel/problem-parcel.routes.js';
import { receiverDecryptsRoutes } from './modules/receiver-decrypts/receiver-decrypts.routes.js';
import { shellRoutes } from './modules/shell/shell.routes.js';
import { shipBackRoutes } from './modules/ship-back/ship-back.routes.js';
import { shopOrdersRoutes } from './modules/shop-orders/shop-orders.routes.js';
import { shopsRoutes } from './modules/shops/shops.routes.js';
import { smsRoutes } from './modules/sms/sms.routes.js';
import { speedDeliveryRoutes } from './modules/speed-delivery/speed-delivery.routes.js';
import { statisticsRoutes } from './modules/statistics/statistics.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { takeAssignmentRoutes } from './modules/take-assignment/assign.routes.js';
import { takeItemsRoutes } from './modules/take-assignment/take-items.routes.js';
import { warehouseRoutes } from './modules/warehouse/warehouse.routes.js';
import { workOrdersRoutes } from './modules/work-orders/work-orders.routes.js';
import { workbenchRoutes } from './modules/workbench/workbench.routes.js';
import { authPlugin, optionalCaller } from './plugins/auth.js';
import { operatorAuditPlugin } from './plugins/operator-audit.js';

const defaultWebDist = path.resolve(SERVER_ROOT, '../web/dist');

export async function buildApp(deps: AppDeps, logger: FastifyServerOptions['logger'] = false): Promise<FastifyInstance> {
  // Before any route or job can write a receiver: they seal with the configured keys.
  useReceiverKeys(deps.config);
  // Every logger the app gets redacts personal data and logs errors without their SQL parameters.
  const options: FastifyServerOptions = {
    logger: safeLogger(logger),
    bodyLimit: 1024 * 1024,
    frameworkErrors,
    clientErrorHandler,
    trustProxy: trustProxyOption(deps.config.trustProxy),
    requestTimeout: 120_000,
  };
  const app = Fastify(options);
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installTextGuard(app);
  // Modules' hooks meet their handlers before any route or job can emit one.
  wireModuleHooks();

  await app.register(fastifyCookie);
  await registerSecurityHeaders(app, deps.config.production);
  await app.register(authPlugin, { db: deps.db });
  await app.register(operatorAuditPlugin, { db: deps.db });
  await app.register(fastifySwagger, {
    openapi: { info: { title: '代发助手 API', version: '1.0.0', description: '所有接口返回 {errorCode, errorMsg, data}，errorCode 为 0 表示成功。' } },
    transform: jsonSchemaTransform,
  });
  // The API's documentation: public in development, signed-in users only in production (API_DOCS).
  if (deps.config.apiDocs !== 'off') {
    const signedIn = async (req: FastifyRequest) => {
      if (!(await optionalCaller(deps.db, req))) throw new AppError(ErrorCode.SESSION_INVALID, '请先登录后再查看接口文档', 401);
    };
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', ...(deps.config.apiDocs === 'user' ? { uiHooks: { onRequest: signedIn } } : {}) });
  }

  // The one file store (decision 0031: DATA_DIR/storage or S3): work-order and help-article images.
  const storage = createStorage(deps.config);
  await app.register(systemRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(shellRoutes, deps);
  await app.register(messagesRoutes, deps);
  await app.register(noticesRoutes, deps);
  await app.register(helpCenterRoutes, { ...deps, storage });
  // One Alipay for the whole server (recharge, replenish, split-ledger, order payment): in the demo one
  // in-process emulator with one key pair, so every notify verifies against the keys that signed it.
  const alipay = createAlipayGateway(deps.config, app.log);
  app.addHook('onClose', () => alipay.close());
  const withAlipay = { ...deps, alipay };
  await app.register(fundsRoutes, withAlipay);
  // SMS verification codes (pay password reset); its emulator runs in-process unless SMS_* is configured.
  await app.register(smsRoutes, deps);
  await app.register(onboardingRoutes, deps);
  // Funds records (records, coupons, settlements, statements, split-ledger, old balance): one plugin per area.
  await app.register(fundsRecordsRoutes, deps);
  await app.register(couponsRoutes, deps);
  await app.register(settlementsRoutes, deps);
  await app.register(statementsRoutes, deps);
  await app.register(aliLedgerRoutes, withAlipay);
  await app.register(oldBalanceRoutes, deps);
  // Label printing, templates, certificates, C-Lodop config; also GET /downloads/:file, which must precede the page fallback.
  await app.register(labelsRoutes, deps);
  // The job queue (app.jobs; main.ts starts its poller), then shops (app.channels, their jobs) and shop orders.
  await app.register(jobsPlugin, deps);
  // Alipay split settlements (支付宝分账) run on the queue; cancellations reverse splits through the same Alipay.
  registerRoyaltyJobs(app.jobs, deps.db, async () => alipayRoyalty(await alipay.client()));
  await app.register(shopsRoutes, deps);
  await app.register(shopOrdersRoutes, deps);
  // Goods and suppliers: suppliers, supplier goods, links and rules, custom goods; then abnormal orders.
  await app.register(goodsRoutes, deps);
  await app.register(abnormalOrdersRoutes, deps);
  // Areas (static province/city/district tree) and order import (multipart upload, preview, import on the job queue).
  await app.register(areaRoutes);
  await app.register(orderImportRoutes, deps);

  // Dropship orders: express companies and fees, placing/paying/following orders, the purchaser's take items.
  await app.register(expressRoutes, deps);
  await app.register(dropshipOrdersRoutes, withAlipay);
  await app.register(afterSaleRoutes, deps);
  await app.register(autoAfterSaleRoutes, deps);
  await app.register(afterSaleReturnRoutes, deps);
  // Problem parcels: the seller's decisions, the freight by balance or Alipay, the warehouse's send-backs (decision 0027).
  await app.register(problemParcelRoutes, withAlipay);
  // Membership: plans, purchase (balance or Alipay, prefix MB), the header's status, expiry reminders (decision 0033).
  await app.register(membershipRoutes, withAlipay);
  await app.register(takeItemsRoutes, deps);
  await app.register(declarationsRoutes, deps);
  await app.register(fulfilmentSettingsRoutes, deps);
  await app.register(takeAssignmentRoutes, deps);
  await app.register(pickingRoutes, deps);
  // Roles and sub-accounts: account management for sellers and purchasers alike.
  await app.register(rolesRoutes, deps);
  // Offline pickup and return (decision 0015).
  await app.register(offlineRoutes, deps);
  // Headless parcels (无头件): the pool, claims, photos; after offline, whose return desk makes them.
  await app.register(headlessParcelRoutes, deps);
  // Warehouse sorting and shipping (decision 0014; app.courier) and ship-back to the shop: after shops and jobs.
  await app.register(warehouseRoutes, deps);
  await app.register(shipBackRoutes, deps);
  // The seller's decrypt audit log (decision 0025), written by the warehouse.
  await app.register(receiverDecryptsRoutes, deps);
  // 加急发货 terms for the place page (decision 0017).
  await app.register(speedDeliveryRoutes, deps);
  // Statistics pages over the daily rollups (decision 0034).
  await app.register(statisticsRoutes, deps);
  await app.register(payLaterRoutes, deps);
  // Work orders (decision 0031).
  await app.register(workOrdersRoutes, { ...deps, storage });
  // The workbench (/home): reads every feature's tables by plain SQL; the courier traces' routes live with the warehouse.
  await app.register(workbenchRoutes, deps);
  registerWebPages(app, deps.config.webDist ?? defaultWebDist);
  return app;
}

/** A hop count trusts that many proxies nearest to us (what Fastify does with a number; its types take only the function). */
function trustProxyOption(t: AppDeps['config']['trustProxy']): FastifyServerOptions['trustProxy'] {
  return typeof t === 'number' ? (_address: string, hop: number) => hop < t : t;
}

/**
 * The built single-page app: real files when they exist, index.html for every other page path. The
 * build writes each script, stylesheet and page also brotli- and gzip-compressed beside it
 * (apps/web/precompress.ts); `preCompressed` sends the copy the request accepts, else the file.
 */
function registerWebPages(app: FastifyInstance, root: string) {
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ errorCode: 404, errorMsg: '接口不存在', data: null });
    }
    if (!hasWeb) return reply.status(404).type('text/plain; charset=utf-8').send('页面尚未构建：请先运行 npm run build');
    let rel: string;
    try {
      rel = decodeURIComponent(url).replace(/^\/+/, '');
    } catch {
      rel = '';
    }
    const file = path.join(root, rel);
    // Dot folders (the build's .vite/manifest.json) are the build's own, not the site's.
    const hidden = rel.split('/').some((part) => part.startsWith('.'));
    if (rel && !hidden && file.startsWith(root) && existsSync(file) && statSync(file).isFile()) {
      const immutable = rel.startsWith('assets/');
      // cacheControl: false, or @fastify/static writes its own max-age=0 over ours.
      return reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache').sendFile(rel, { cacheControl: false });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  });
}
