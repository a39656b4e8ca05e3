/**
 * Shop authorization calls (/basicSet/shopAuthorization). Also puts the channel registry on the app
 * (`app.channels`: clients, the demo emulator) and registers the shops' jobs on the queue.
 */
import {
  CHANNEL_NAMES,
  envelopeOf,
  IdBody,
  SHOP_AUTH_STATE_NAMES,
  SHOP_SYNC_STATE_NAMES,
  ShopAuthorizeBody,
  ShopAuthorizeResult,
  ShopChannelInfo,
  ShopErpBody,
  ShopIdParams,
  ShopListBody,
  ShopOAuthCallbackParams,
  ShopOAuthCallbackQuery,
  ShopOtherBody,
  type ShopRow,
  ShopRow as ShopRowSchema,
  ShopSavedResult,
  ShopSyncStatus,
} from '@dropship/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsxStream, beijingTime as time } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { loadShopsConfig } from './channel-config.js';
import { ChannelRegistry } from './channel-registry.js';
import { demoPictureRoutes } from './demo-pictures.js';
import * as auth from './shop-auth.service.js';
import { emulatorCredentials, emulatorHistoryEnds, reattachEmulatorShops } from './shops.demo.js';
import { registerShopJobs, scheduleShopJobs } from './shops.jobs.js';
import * as service from './shops.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    channels: ChannelRegistry;
  }
}

const tags = ['shops'];
const PERMISSION = '/basicSet/shopAuthorization';
const PAGE = '/basicSet/shopAuthorization';
const Null = envelopeOf(z.null());
const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

export const shopsRoutes = fp(async (app: RouteApp, { db }: AppDeps) => {
  const channels = new ChannelRegistry(
    loadShopsConfig(),
    () => emulatorCredentials(db),
    () => emulatorHistoryEnds(db),
  );
  app.decorate('channels', channels);
  const deps: service.ShopsDeps = { db, channels, jobs: app.jobs };
  registerShopJobs(app.jobs, deps, app.log);
  app.addHook('onReady', async () => {
    await scheduleShopJobs(app.jobs);
    if (channels.config.emulator) await reattachEmulatorShops(deps, app.log);
  });
  app.addHook('onClose', () => channels.close());
  // The demo seed's goods pictures (/demo/pic/<item>.png); 404 outside demo mode.
  demoPictureRoutes(app, channels.config.emulator);

  const perm = { permission: PERMISSION } as const;

  app.post(
    '/api/b2/shops/list',
    { config: perm, schema: { tags, summary: '店铺列表（授权、到期、同步状态）', body: ShopListBody, response: { 200: envelopeOf(z.array(ShopRowSchema)) } } },
    async (req) => ok(await service.listShops(db, requireCaller(req), req.body)),
  );

  app.get(
    '/api/b2/shops/channels',
    { config: perm, schema: { tags, summary: '可添加的平台及添加方式', response: { 200: envelopeOf(z.array(ShopChannelInfo)) } } },
    async () => ok(await service.channelInfos(channels)),
  );

  app.post(
    '/api/b2/shops/authorize',
    { config: perm, schema: { tags, summary: '添加店铺：平台授权页地址', body: ShopAuthorizeBody, response: { 200: envelopeOf(ShopAuthorizeResult) } } },
    async (req) => {
      const b = req.body;
      return ok(await auth.startAuthorization(deps, requireCaller(req), { channel: b.channel, shopName: b.shopName || undefined, origin: origin(req) }));
    },
  );

  app.post(
    '/api/b2/shops/reauthorize',
    { config: perm, schema: { tags, summary: '重新授权：平台授权页地址', body: IdBody, response: { 200: envelopeOf(ShopAuthorizeResult) } } },
    async (req) => ok(await auth.reauthorize(deps, requireCaller(req), req.body.id, origin(req))),
  );

  // Public: the platform sends the seller's browser here; the signed, single-use state binds it to the seller who started.
  app.get(
    '/api/b2/shops/oauth/callback/:channel',
    {
      config: { permission: 'public' },
      schema: { tags, summary: '平台授权回调（跳回店铺授权页）', params: ShopOAuthCallbackParams, querystring: ShopOAuthCallbackQuery },
    },
    async (req, reply) => {
      const { channel } = req.params;
      const out = await auth.completeAuthorization(deps, channel, req.query);
      const q = 'shopId' in out ? `authorized=${out.shopId}` : `authError=${encodeURIComponent(out.error)}`;
      return reply.header('cache-control', 'no-store').redirect(`${PAGE}?${q}`, 302);
    },
  );

  app.post(
    '/api/b2/shops/erp',
    {
      config: perm,
      schema: { tags, summary: '添加或重新授权 ERP 店铺（AppKey/AppSecret）', body: ShopErpBody, response: { 200: envelopeOf(ShopSavedResult) } },
    },
    async (req) => ok(await auth.saveErpShop(deps, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/shops/other',
    { config: perm, schema: { tags, summary: '添加其他店铺（仅用于订单导入）', body: ShopOtherBody, response: { 200: envelopeOf(ShopSavedResult) } } },
    async (req) => ok(await auth.addOtherShop(db, requireCaller(req), req.body.shopName)),
  );

  for (const [path, summary, op] of [
    ['pause', '暂停店铺', service.pauseShop],
    ['resume', '恢复店铺', service.resumeShop],
    ['remove', '删除店铺（保留订单）', service.removeShop],
  ] as const) {
    app.post(`/api/b2/shops/${path}`, { config: perm, schema: { tags, summary, body: IdBody, response: { 200: Null } } }, async (req) => {
      await op(db, requireCaller(req), req.body.id);
      return ok(null);
    });
  }

  app.post(
    '/api/b2/shops/sync',
    { config: perm, schema: { tags, summary: '立即同步', body: IdBody, response: { 200: envelopeOf(ShopSyncStatus) } } },
    async (req) => ok(await service.syncNow(deps, requireCaller(req), req.body.id)),
  );

  app.get(
    '/api/b2/shops/:id/sync',
    { config: perm, schema: { tags, summary: '同步进度', params: ShopIdParams, response: { 200: envelopeOf(ShopSyncStatus) } } },
    async (req) => ok(await service.syncStatus(db, requireCaller(req), req.params.id)),
  );

  app.post('/api/b2/shops/export', { config: perm, schema: { tags, summary: '导出店铺列表（Excel）', body: ShopListBody } }, async (req, reply) => {
    const rows = await service.listShops(db, requireCaller(req), req.body);
    return sendXlsxStream<ShopRow>(reply, {
      fileName: '店铺授权',
      sheetName: '店铺',
      log: req.log,
      pages: (async function* () {
        yield rows;
      })(),
      columns: [
        { header: '平台', value: (r) => CHANNEL_NAMES[r.channel] },
        { header: '店铺名称', width: 28, value: (r) => r.name },
        { header: '状态', value: (r) => SHOP_AUTH_STATE_NAMES[r.authState] },
        { header: '最近授权时间', width: 20, value: (r) => time(r.lastAuthTime) },
        { header: '到期时间', width: 20, value: (r) => time(r.expireTime) },
        { header: '剩余天数', value: (r) => r.leftDays },
        { header: '同步状态', value: (r) => SHOP_SYNC_STATE_NAMES[r.sync.state] },
        { header: '最近同步时间', width: 20, value: (r) => time(r.sync.lastSyncedAt) },
        { header: '最近同步结果', width: 30, value: (r) => (r.sync.lastResult === 'SUCCESS' ? '成功' : (r.sync.lastError ?? '')) },
      ],
    });
  });
});
