/**
 * Fulfilment settings calls: GET / POST /api/b2/fulfilment/settings/<key> for each settings page
 * (permission: that page's route), the seller's return and send addresses under the paths SPEC.md
 * names (GET for anyone of the organisation, POST for the page that edits them), the auto-intercept
 * log, and the operator's platform prices.
 */
import {
  envelopeOf,
  FULFILMENT_SETTING_ROUTES,
  FULFILMENT_SETTING_SCHEMAS,
  type FulfilmentSettingKey,
  GoodsAddress,
  INTERCEPT_ACTION_NAMES,
  InterceptLogPageResult,
  type InterceptLogRow,
  PlatformFulfilmentPrices,
  pageQuery,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import * as repo from './fulfilment-settings.repository.js';
import { platformFulfilmentPrices, readSetting, savePlatformPrices, saveSetting } from './fulfilment-settings.service.js';

const tags = ['fulfilment-settings'];
const SettingResult = (value: z.ZodType) => z.object({ key: z.string(), value, prices: PlatformFulfilmentPrices });

/** Where each address is edited: the return address with the return phone, the send address with the sender info. */
const ADDRESSES = [
  { key: 'returnAddress', path: '/api/system/goods/return/address', edit: '/basicSet/returnPhone', name: '退货地址' },
  { key: 'sendAddress', path: '/api/system/goods/send/address', edit: '/basicSet/customInfo', name: '发货地址' },
] as const;

export async function fulfilmentSettingsRoutes(app: RouteApp, deps: AppDeps) {
  const { db } = deps;

  for (const [key, route] of Object.entries(FULFILMENT_SETTING_ROUTES) as [Exclude<FulfilmentSettingKey, 'returnAddress' | 'sendAddress'>, `/${string}`][]) {
    const schema = FULFILMENT_SETTING_SCHEMAS[key];
    const url = `/api/b2/fulfilment/settings/${key}`;
    app.get(
      url,
      { config: { permission: route }, schema: { tags, summary: `读取设置：${key}`, response: { 200: envelopeOf(SettingResult(schema)) } } },
      async (req) => ok(await readSetting(db, requireCaller(req).orgId, key)),
    );
    app.post(
      url,
      { config: { permission: route }, schema: { tags, summary: `保存设置：${key}`, body: schema, response: { 200: envelopeOf(SettingResult(schema)) } } },
      async (req) => ok(await saveSetting(db, requireCaller(req), key, req.body)),
    );
  }

  for (const a of ADDRESSES) {
    app.get(
      a.path,
      { config: { permission: 'user' }, schema: { tags, summary: `卖家的${a.name}（未设置为 null）`, response: { 200: envelopeOf(GoodsAddress.nullable()) } } },
      async (req) => ok((await readSetting(db, requireCaller(req).orgId, a.key)).value),
    );
    app.post(
      a.path,
      {
        config: { permission: a.edit },
        schema: { tags, summary: `保存${a.name}`, body: GoodsAddress, response: { 200: envelopeOf(GoodsAddress.nullable()) } },
      },
      async (req) => ok((await saveSetting(db, requireCaller(req), a.key, req.body)).value),
    );
  }

  app.post(
    '/api/b2/fulfilment/autoIntercept/logs',
    {
      config: { permission: '/basicSet/autoIntercept' },
      schema: { tags, summary: '自动拦截日志', body: pageQuery, response: { 200: envelopeOf(InterceptLogPageResult) } },
    },
    async (req) => {
      const q = req.body;
      const r = await repo.pageInterceptLogs(db, requireCaller(req).orgId, q.pageSize, (q.pageNo - 1) * q.pageSize);
      return ok({
        total: r.total,
        list: r.list.map((l) => ({
          id: l.id,
          orderNo: l.orderNo,
          platformOrderId: l.platformOrderId,
          action: (l.action in INTERCEPT_ACTION_NAMES ? l.action : 'FAILED') as InterceptLogRow['action'],
          note: l.note,
          createdAt: l.createdAt.toISOString(),
        })),
      });
    },
  );

  app.get(
    '/api/operator/fulfilment/prices',
    {
      config: { permission: '/operator/servicePrices' },
      schema: { tags, summary: '平台：当前加急费与货到付款额度', response: { 200: envelopeOf(PlatformFulfilmentPrices) } },
    },
    async () => ok(await platformFulfilmentPrices(db)),
  );

  app.post(
    '/api/operator/fulfilment/prices',
    {
      config: { audit: 'fulfilment.prices.save', permission: '/operator/servicePrices' },
      schema: { tags, summary: '平台：加急费与货到付款额度', body: PlatformFulfilmentPrices, response: { 200: envelopeOf(PlatformFulfilmentPrices) } },
    },
    async (req) => ok(await savePlatformPrices(db, req.body)),
  );
}
