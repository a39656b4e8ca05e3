/**
 * Statistics calls (decisions 0034, 0037): the take figures behind 拿货统计 and 缺货统计 (the same
 * rollup, each under its page's permission), 退货统计, 店铺拿退货统计, their Excel export, and the
 * rebuild of a range from the raw rows (a purchaser's own; the job does any organisation's).
 */
import {
  envelopeOf,
  ProfitOrdersBody,
  ProfitOrdersResult,
  ProfitStatisticsBody,
  ProfitStatisticsResult,
  ReturnStatisticsBody,
  ReturnStatisticsResult,
  ShopStatisticsBody,
  ShopStatisticsResult,
  StatisticsRebuildBody,
  StatisticsRebuildResult,
  StatisticsShopOption,
  TakeStatisticsBody,
  TakeStatisticsResult,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsxStream } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { RETURN_EXPORT_COLUMNS, SHOP_EXPORT_COLUMNS, TAKE_EXPORT_COLUMNS } from './export-columns.js';
import { PROFIT_EXPORT_COLUMNS, PROFIT_ORDER_EXPORT_COLUMNS } from './profit-export-columns.js';
import { catchUpBehind, PROFIT_CATCH_UP_INTERVAL_MS } from './profit-rollup.service.js';
import { profitOrderList, profitStatistics } from './profit-statistics.service.js';
import { returnStatistics } from './return-statistics.service.js';
import { shopStatistics } from './shop-statistics.service.js';
import { sellerShops } from './shop-view.repository.js';
import { rebuildOwn, rebuildStatistics, takeStatistics } from './statistics.service.js';

const tags = ['statistics'];
const BASE = '/api/b2/statistics';
const PAGES = { take: '/statistics/orderTakeStatistics', outStock: '/statistics/outStock' } as const;

export const STATISTICS_REBUILD_JOB = 'statistics.rebuild';
export const PROFIT_CATCH_UP_JOB = 'statistics.profitCatchUp';
/** The per-order export reads the orders in pages of this many. */
const EXPORT_PAGE = 1000;

export async function statisticsRoutes(app: RouteApp, { db }: AppDeps) {
  app.jobs.register(
    STATISTICS_REBUILD_JOB,
    z.object({ startDay: z.string(), endDay: z.string(), purchaserOrgId: z.number().optional() }),
    async (p) => {
      const r = await rebuildStatistics(db, p.startDay, p.endDay, p.purchaserOrgId);
      app.log.info(r, '统计汇总已按原始记录重建');
    },
    { maxAttempts: 2 },
  );
  // 利润统计's rollup of the sellers behind (decision 0038): a read catches up anyway, this keeps it short.
  app.jobs.register(PROFIT_CATCH_UP_JOB, z.object({}).passthrough(), async () => {
    const r = await catchUpBehind(db);
    if (r.sellers > 0) app.log.info(r, '利润统计已追上最新变动');
  });
  app.addHook('onReady', async () => {
    await app.jobs.schedule(PROFIT_CATCH_UP_JOB, PROFIT_CATCH_UP_JOB, PROFIT_CATCH_UP_INTERVAL_MS, { firstInMs: 90_000 });
  });

  for (const [name, permission] of Object.entries(PAGES)) {
    app.post(
      `${BASE}/${name}`,
      {
        config: { permission },
        schema: { tags, summary: '拿货/缺货统计（按日/周/月，按维度分组）', body: TakeStatisticsBody, response: { 200: envelopeOf(TakeStatisticsResult) } },
      },
      async (req) => ok(await takeStatistics(db, requireCaller(req), req.body)),
    );
    app.post(
      `${BASE}/${name}/export`,
      { config: { permission }, schema: { tags, summary: '导出拿货/缺货统计（Excel）', body: TakeStatisticsBody } },
      async (req, reply) => {
        const r = await takeStatistics(db, requireCaller(req), req.body);
        const total = { period: '合计', key: '', keyName: '', ...r.total };
        async function* pages() {
          yield [...r.rows, total];
        }
        const title = name === 'take' ? '拿货统计' : '缺货统计';
        return sendXlsxStream(reply, { fileName: title, sheetName: title, columns: TAKE_EXPORT_COLUMNS, pages: pages(), log: req.log });
      },
    );
  }

  const RETURN_PAGE = '/statistics/takeReturn';
  app.post(
    `${BASE}/takeReturn`,
    {
      config: { permission: RETURN_PAGE },
      schema: { tags, summary: '退货统计（按日/周/月，按维度分组）', body: ReturnStatisticsBody, response: { 200: envelopeOf(ReturnStatisticsResult) } },
    },
    async (req) => ok(await returnStatistics(db, requireCaller(req), req.body)),
  );
  app.post(
    `${BASE}/takeReturn/export`,
    { config: { permission: RETURN_PAGE }, schema: { tags, summary: '导出退货统计（Excel）', body: ReturnStatisticsBody } },
    async (req, reply) => {
      const r = await returnStatistics(db, requireCaller(req), req.body);
      async function* pages() {
        yield [...r.rows, { period: '合计', key: '', keyName: '', ...r.total }];
      }
      return sendXlsxStream(reply, { fileName: '退货统计', sheetName: '退货统计', columns: RETURN_EXPORT_COLUMNS, pages: pages(), log: req.log });
    },
  );

  // The shop picker's choices, under each page's own permission (a sub-account may have a statistics
  // page without 店铺订单); a seller's, since only a seller splits or filters by shop.
  for (const [name, permission] of Object.entries({ ...PAGES, shopTakeReturn: '/statistics/shopTakeReturn' } as const)) {
    app.get(
      `${BASE}/${name}/shops`,
      {
        config: { permission, audience: 'seller' },
        schema: { tags, summary: '统计页的店铺筛选项（本卖家的店铺，含已移除）', response: { 200: envelopeOf(z.array(StatisticsShopOption)) } },
      },
      async (req) =>
        ok((await sellerShops(db, requireCaller(req).orgId)).map((s) => ({ id: Number(s.id), name: s.name, channel: s.channel, removed: Boolean(s.removed) }))),
    );
  }

  // 店铺拿退货统计: the page serves sellers only, so a purchaser's call is refused by the page's audience.
  const SHOP_PAGE = '/statistics/shopTakeReturn';
  app.post(
    `${BASE}/shopTakeReturn`,
    {
      config: { permission: SHOP_PAGE },
      schema: { tags, summary: '店铺拿退货统计（按日/周/月，按店铺或平台）', body: ShopStatisticsBody, response: { 200: envelopeOf(ShopStatisticsResult) } },
    },
    async (req) => ok(await shopStatistics(db, requireCaller(req), req.body)),
  );
  app.post(
    `${BASE}/shopTakeReturn/export`,
    { config: { permission: SHOP_PAGE }, schema: { tags, summary: '导出店铺拿退货统计（Excel）', body: ShopStatisticsBody } },
    async (req, reply) => {
      const r = await shopStatistics(db, requireCaller(req), req.body);
      async function* pages() {
        yield [...r.rows, { period: '合计', key: '', keyName: '', ...r.total }];
      }
      return sendXlsxStream(reply, { fileName: '店铺拿退货统计', sheetName: '店铺拿退货统计', columns: SHOP_EXPORT_COLUMNS, pages: pages(), log: req.log });
    },
  );

  // 利润统计 (decision 0038): a tab of 店铺拿退货统计, so under that page's code (sellers only).
  app.post(
    `${BASE}/profit`,
    {
      config: { permission: SHOP_PAGE },
      schema: { tags, summary: '利润统计（按日/周/月，按店铺或平台）', body: ProfitStatisticsBody, response: { 200: envelopeOf(ProfitStatisticsResult) } },
    },
    async (req) => ok(await profitStatistics(db, requireCaller(req), req.body)),
  );
  app.post(
    `${BASE}/profit/export`,
    { config: { permission: SHOP_PAGE }, schema: { tags, summary: '导出利润统计（Excel）', body: ProfitStatisticsBody } },
    async (req, reply) => {
      const r = await profitStatistics(db, requireCaller(req), req.body);
      async function* pages() {
        yield [...r.rows, { period: '合计', key: '', keyName: '', ...r.total }];
      }
      return sendXlsxStream(reply, { fileName: '利润统计', sheetName: '利润统计', columns: PROFIT_EXPORT_COLUMNS, pages: pages(), log: req.log });
    },
  );
  app.post(
    `${BASE}/profit/orders`,
    {
      config: { permission: SHOP_PAGE },
      schema: { tags, summary: '利润统计：订单利润明细（分页）', body: ProfitOrdersBody, response: { 200: envelopeOf(ProfitOrdersResult) } },
    },
    async (req) => ok(await profitOrderList(db, requireCaller(req), req.body)),
  );
  app.post(
    `${BASE}/profit/orders/export`,
    { config: { permission: SHOP_PAGE }, schema: { tags, summary: '导出订单利润明细（Excel）', body: ProfitOrdersBody } },
    async (req, reply) => {
      const caller = requireCaller(req);
      const first = await profitOrderList(db, caller, { ...req.body, pageNo: 1, pageSize: EXPORT_PAGE });
      async function* pages() {
        yield first.list;
        for (let pageNo = 2; (pageNo - 1) * EXPORT_PAGE < first.total; pageNo++)
          yield (await profitOrderList(db, caller, { ...req.body, pageNo, pageSize: EXPORT_PAGE })).list;
        const s = first.sum;
        yield [{ orderId: 0, orderNo: '合计', platformOrderId: null, shopId: 0, shopName: '', status: '', paidDay: '', ...s, noSale: null }];
      }
      return sendXlsxStream(reply, { fileName: '订单利润明细', sheetName: '订单利润明细', columns: PROFIT_ORDER_EXPORT_COLUMNS, pages: pages(), log: req.log });
    },
  );

  app.post(
    `${BASE}/rebuild`,
    {
      config: { permission: PAGES.take, audience: 'purchaser' },
      schema: { tags, summary: '按原始记录重建统计汇总（本采购商）', body: StatisticsRebuildBody, response: { 200: envelopeOf(StatisticsRebuildResult) } },
    },
    async (req) => ok(await rebuildOwn(db, requireCaller(req), req.body.startDay, req.body.endDay)),
  );
}
