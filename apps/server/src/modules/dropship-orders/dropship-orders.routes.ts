/**
 * Dropship order calls under /api/b2/post/orders/* (SPEC.md section 7 names create,
 * update/receivingInfo, calculate/express/cost; the rest is what the pages need; cancel/sendBack is a
 * problem parcel's and lives in problem-parcel). Placing needs /order/placeOrder; everything after
 * placing is the list's (/order/daifaOrderList).
 */
import {
  CostBody,
  CostResult,
  DropshipAlipayPayment,
  DropshipCancelBody,
  DropshipCreateBody,
  DropshipCreateResult,
  DropshipDetail,
  DropshipFilter,
  DropshipIdParams,
  DropshipItemsBody,
  DropshipPageBody,
  DropshipPageResult,
  DropshipPayBody,
  DropshipPayResult,
  envelopeOf,
  OperationResult,
  OutTradeNoParams,
  PlacePreviewBody,
  PlacePreviewResult,
  UpdateReceivingBody,
  UpdateReceivingResult,
  UsableCoupon,
  UsableCouponsBody,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsxStream } from '../../lib/excel/index.js';
import { sealReceiversAtStart } from '../../lib/receiver-vault/upkeep.js';
import { originOf } from '../../lib/request-origin.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { type AlipayGateway, createAlipayGateway } from '../funds/index.js';
import { cancelDropshipOrders, updateReceivingInfo } from './change/change.service.js';
import { forEachItem, revokeStopItem, stopItem } from './change/items.service.js';
import { EXPORT_COLUMNS } from './list/export-columns.js';
import { dropshipOrderDetail, exportDropshipOrders, pageDropshipOrders } from './list/list.service.js';
import { dropshipPaymentStatus } from './pay/alipay.service.js';
import { payDropshipOrders } from './pay/pay.service.js';
import { cancelUnpaidOrders, UNPAID_CANCEL_INTERVAL_MS, UNPAID_CANCEL_JOB } from './pay/unpaid-cancel.service.js';
import { createDropshipOrders } from './place/create.service.js';
import { calculateCost, previewShopOrders, usableCoupons } from './place/place.service.js';
import { eraseExpiredReceivers, RECEIVER_RETENTION_INTERVAL_MS, RECEIVER_RETENTION_JOB } from './receiver-upkeep.service.js';

const tags = ['dropship-orders'];
const PLACE = { permission: '/order/placeOrder' } as const;
const LIST = { permission: '/order/daifaOrderList' } as const;

export async function dropshipOrdersRoutes(app: RouteApp, deps: AppDeps & { alipay?: AlipayGateway }) {
  const { db } = deps;
  app.jobs.register(UNPAID_CANCEL_JOB, z.object({}).passthrough(), async () => {
    await cancelUnpaidOrders(db);
  });
  app.addHook('onReady', async () => {
    await app.jobs.schedule(UNPAID_CANCEL_JOB, UNPAID_CANCEL_JOB, UNPAID_CANCEL_INTERVAL_MS, { firstInMs: 60_000 });
  });
  app.jobs.register(RECEIVER_RETENTION_JOB, z.object({}).passthrough(), async () => {
    const erased = await eraseExpiredReceivers(db, deps.config.receiverRetainDays);
    if (erased > 0) app.log.info({ erased }, '已清除过了保留期的收货人明文（密文）');
  });
  // Before serving: receivers still stored plain are sealed (one indexed query when there are none).
  app.addHook('onReady', async () => {
    const { sealed, resealed } = await sealReceiversAtStart(db, 'dropship_orders');
    if (sealed + resealed > 0) app.log.info({ sealed, resealed }, '收货人信息已加密保存');
    await app.jobs.schedule(RECEIVER_RETENTION_JOB, RECEIVER_RETENTION_JOB, RECEIVER_RETENTION_INTERVAL_MS, { firstInMs: 120_000 });
  });
  // One Alipay for the whole server when the app hands it over; otherwise this plugin keeps its own.
  let gateway = deps.alipay;
  if (!gateway) {
    const own = createAlipayGateway(deps.config, app.log);
    app.addHook('onClose', () => own.close());
    gateway = own;
  }
  const alipay = gateway;

  app.post(
    '/api/b2/post/orders/preview',
    {
      config: PLACE,
      schema: {
        tags,
        summary: '下单页：店铺订单的收货信息与商品关联（或不能下单的原因）',
        body: PlacePreviewBody,
        response: { 200: envelopeOf(PlacePreviewResult) },
      },
    },
    async (req) => ok(await previewShopOrders(db, requireCaller(req), req.body.shopOrderIds)),
  );

  app.post(
    '/api/b2/post/orders/calculate/express/cost',
    {
      config: PLACE,
      schema: { tags, summary: '计算代发订单费用：货款、运费、服务费、优惠、合计（分）', body: CostBody, response: { 200: envelopeOf(CostResult) } },
    },
    async (req) => ok(await calculateCost(db, requireCaller(req), req.body.orders)),
  );

  app.post(
    '/api/b2/post/orders/coupons',
    {
      config: PLACE,
      schema: { tags, summary: '下单页：未使用的优惠券及能否用于该金额', body: UsableCouponsBody, response: { 200: envelopeOf(z.array(UsableCoupon)) } },
    },
    async (req) => ok(await usableCoupons(db, requireCaller(req), req.body.amountFen)),
  );

  app.post(
    '/api/b2/post/orders/create',
    {
      config: PLACE,
      schema: {
        tags,
        summary: '提交代发订单（待付款，一次最多1000个，全部成功或全部不提交）',
        body: DropshipCreateBody,
        response: { 200: envelopeOf(DropshipCreateResult) },
      },
    },
    async (req) => ok(await createDropshipOrders(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/post/orders/pay',
    {
      config: LIST,
      schema: {
        tags,
        summary: '支付代发订单（余额需支付密码；支付宝一笔交易支付整批）',
        body: DropshipPayBody,
        response: { 200: envelopeOf(DropshipPayResult) },
      },
    },
    async (req) => ok(await payDropshipOrders(db, alipay, requireCaller(req), req.body, originOf(req), req.log)),
  );

  app.get(
    '/api/b2/post/orders/pay/alipay/:outTradeNo',
    {
      config: LIST,
      schema: {
        tags,
        summary: '代发订单支付宝支付单状态（未支付时向支付宝查询）',
        params: OutTradeNoParams,
        response: { 200: envelopeOf(DropshipAlipayPayment) },
      },
    },
    async (req) => ok(await dropshipPaymentStatus(db, alipay, requireCaller(req).orgId, req.params.outTradeNo, req.log)),
  );

  app.post(
    '/api/b2/post/orders/cancel',
    {
      config: LIST,
      schema: { tags, summary: '取消代发订单（已支付的退回余额），逐单返回结果', body: DropshipCancelBody, response: { 200: envelopeOf(OperationResult) } },
    },
    async (req) => {
      const b = req.body;
      return ok(await cancelDropshipOrders(db, requireCaller(req), b.orderIds, b.reason));
    },
  );

  app.post(
    '/api/b2/post/orders/update/receivingInfo',
    {
      config: LIST,
      schema: { tags, summary: '修改收货信息（未开始拿货前）', body: UpdateReceivingBody, response: { 200: envelopeOf(UpdateReceivingResult) } },
    },
    async (req) => {
      const b = req.body;
      return ok(await updateReceivingInfo(db, requireCaller(req), b.id, b.receiver));
    },
  );

  app.post(
    '/api/b2/post/orders/item/stop',
    {
      config: LIST,
      schema: { tags, summary: '停止拿货（货款退回余额），逐件返回结果', body: DropshipItemsBody, response: { 200: envelopeOf(OperationResult) } },
    },
    async (req) => ok(await forEachItem(db, requireCaller(req), req.body.itemIds, stopItem)),
  );

  app.post(
    '/api/b2/post/orders/item/revokeStop',
    {
      config: LIST,
      schema: { tags, summary: '撤销停止拿货（重新从余额扣货款），逐件返回结果', body: DropshipItemsBody, response: { 200: envelopeOf(OperationResult) } },
    },
    async (req) => ok(await forEachItem(db, requireCaller(req), req.body.itemIds, revokeStopItem)),
  );

  app.post(
    '/api/b2/post/orders/page',
    {
      config: LIST,
      schema: {
        tags,
        summary: '代发订单列表（按订单状态分页签计数，收货人已脱敏）',
        body: DropshipPageBody,
        response: { 200: envelopeOf(DropshipPageResult) },
      },
    },
    async (req) => ok(await pageDropshipOrders(db, requireCaller(req), req.body)),
  );

  app.get(
    '/api/b2/post/orders/detail/:id',
    {
      config: LIST,
      schema: {
        tags,
        summary: '代发订单详情：商品与拿货状态、时间线、资金流水、物流',
        params: DropshipIdParams,
        response: { 200: envelopeOf(DropshipDetail) },
      },
    },
    async (req) => ok(await dropshipOrderDetail(db, requireCaller(req), req.params.id)),
  );

  app.post(
    '/api/b2/post/orders/export',
    { config: LIST, schema: { tags, summary: '导出代发订单（Excel，最多10万条）', body: DropshipFilter } },
    async (req, reply) => {
      const pages = await exportDropshipOrders(db, requireCaller(req), req.body);
      return sendXlsxStream(reply, { fileName: '代发订单', sheetName: '代发订单', columns: EXPORT_COLUMNS, pages, log: req.log });
    },
  );
}
