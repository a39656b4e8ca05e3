/** Shop-order calls: the list (/order/orderList), its Excel export, and the detail (/order/thirdOrderDetail). */
import {
  CHANNEL_NAMES,
  DROPSHIP_STATUS_NAMES,
  envelopeOf,
  SELLER_FLAG_NAMES,
  SHOP_ORDER_STATUS_NAMES,
  SHOP_REFUND_STATE_NAMES,
  ShopOption,
  ShopOrderDetail,
  ShopOrderIdParams,
  type ShopOrderRow,
  ShopOrderStatusCountsResult,
  ShopOrdersFilter,
  ShopOrdersPageBody,
  ShopOrdersPageResult,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { beijingTime, sendXlsxStream, type XlsxColumn, yuan } from '../../lib/excel/index.js';
import { sealReceiversAtStart } from '../../lib/receiver-vault/upkeep.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { listShops } from '../shops/index.js';
import { eraseExpiredShopReceivers, SHOP_RECEIVER_RETENTION_INTERVAL_MS, SHOP_RECEIVER_RETENTION_JOB } from './receiver-retention.js';
import { adoptImportedOrders } from './shop-orders.demo.js';
import * as service from './shop-orders-list.service.js';
import { registerShopSyncJob } from './shop-sync.jobs.js';

const tags = ['shop-orders'];
/** The detail page is reached from the list: whoever may see the list may open its orders. */
const PERMISSION = '/order/orderList';

const goods = (r: ShopOrderRow) => r.items.map((i) => `${i.title}${i.spec ? `（${i.spec}）` : ''} ×${i.quantity}`).join('；');
const codes = (r: ShopOrderRow) =>
  r.items
    .map((i) => i.outerSkuCode || i.outerItemCode || '')
    .filter(Boolean)
    .join('；');

const EXPORT_COLUMNS: XlsxColumn<ShopOrderRow>[] = [
  { header: '店铺', width: 22, value: (r) => r.shopName },
  { header: '平台', value: (r) => CHANNEL_NAMES[r.channel] },
  { header: '订单编号', width: 24, value: (r) => r.platformOrderId },
  { header: '订单状态', value: (r) => SHOP_ORDER_STATUS_NAMES[r.status] },
  { header: '售后状态', value: (r) => SHOP_REFUND_STATE_NAMES[r.refundState] },
  { header: '代发状态', value: (r) => DROPSHIP_STATUS_NAMES[r.dropshipStatus] },
  { header: '买家昵称', value: (r) => r.buyerNick },
  { header: '收货人', value: (r) => r.receiverName },
  { header: '手机号', width: 16, value: (r) => r.receiverPhone },
  { header: '省', value: (r) => r.receiverProvince },
  { header: '市', value: (r) => r.receiverCity },
  { header: '区', value: (r) => r.receiverDistrict },
  { header: '商品', width: 50, value: goods },
  { header: '商家编码', width: 24, value: codes },
  { header: '件数', value: (r) => r.items.reduce((n, i) => n + i.quantity, 0) },
  { header: '实付金额(元)', value: (r) => yuan(r.paymentFen) },
  { header: '邮费(元)', value: (r) => yuan(r.postFeeFen) },
  { header: '买家留言', width: 30, value: (r) => r.buyerRemark ?? '' },
  { header: '卖家备注', width: 30, value: (r) => r.sellerRemark ?? '' },
  { header: '旗帜', value: (r) => (r.sellerFlag ? (SELLER_FLAG_NAMES[r.sellerFlag] ?? '') : '') },
  { header: '下单时间', width: 20, value: (r) => beijingTime(r.platformCreatedAt) },
  { header: '付款时间', width: 20, value: (r) => beijingTime(r.paidAt) },
];

export async function shopOrdersRoutes(app: RouteApp, deps: AppDeps) {
  const { db } = deps;
  // The shop sync writes shop orders, so its job runs here; shops (registered first) enqueue it and own the clients.
  registerShopSyncJob(app.jobs, { db, channels: app.channels, jobs: app.jobs });
  // Before serving: shop orders' receivers still stored plain are sealed (one indexed query when there are none).
  app.addHook('onReady', async () => {
    const { sealed, resealed } = await sealReceiversAtStart(db, 'shop_orders');
    if (sealed + resealed > 0) app.log.info({ sealed, resealed }, '店铺订单的收货人信息已加密保存');
    await app.jobs.schedule(SHOP_RECEIVER_RETENTION_JOB, SHOP_RECEIVER_RETENTION_JOB, SHOP_RECEIVER_RETENTION_INTERVAL_MS, { firstInMs: 180_000 });
    // Demo: imported orders of emulator-served shops exist on the emulator too, so 物流回传 finds them.
    await adoptImportedOrders({ db, channels: app.channels, jobs: app.jobs }, app.log);
  });
  app.jobs.register(SHOP_RECEIVER_RETENTION_JOB, z.object({}).passthrough(), async () => {
    const erased = await eraseExpiredShopReceivers(db, deps.config.receiverRetainDays);
    if (erased > 0) app.log.info({ erased }, '已清除过了保留期的店铺订单收货人明文（密文）');
  });
  const config = { permission: PERMISSION } as const;

  app.post(
    '/api/b2/orders/page',
    { config, schema: { tags, summary: '店铺订单列表（收货人已脱敏）', body: ShopOrdersPageBody, response: { 200: envelopeOf(ShopOrdersPageResult) } } },
    async (req) => ok(await service.pageShopOrders(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/orders/statusCounts',
    {
      config,
      schema: {
        tags,
        summary: '店铺订单各状态的数量（状态页签，其余筛选照用）',
        body: ShopOrdersFilter,
        response: { 200: envelopeOf(ShopOrderStatusCountsResult) },
      },
    },
    async (req) => ok(await service.countShopOrdersByStatus(db, requireCaller(req), req.body)),
  );

  app.get('/api/b2/orders/shopOptions', { config, schema: { tags, summary: '店铺筛选项', response: { 200: envelopeOf(z.array(ShopOption)) } } }, async (req) =>
    ok((await listShops(db, requireCaller(req), {})).map((s) => ({ id: s.id, name: s.name, channel: s.channel }))),
  );

  app.get(
    '/api/b2/orders/:id',
    { config, schema: { tags, summary: '店铺订单详情（含售后记录）', params: ShopOrderIdParams, response: { 200: envelopeOf(ShopOrderDetail) } } },
    async (req) => ok(await service.shopOrderDetail(db, requireCaller(req), req.params.id)),
  );

  app.post('/api/b2/orders/export', { config, schema: { tags, summary: '导出店铺订单（Excel，最多10万条）', body: ShopOrdersFilter } }, async (req, reply) => {
    const pages = await service.exportShopOrders(db, requireCaller(req), req.body);
    return sendXlsxStream(reply, { fileName: '店铺订单', sheetName: '店铺订单', columns: EXPORT_COLUMNS, pages, log: req.log });
  });
}
