/**
 * Problem parcel calls (decision 0027): the seller's list, goods, detail, export, discard, send-back
 * (quote, ask, pay, cancel) under /api/b2/afterSales/post/*, the cancel at SPEC.md's
 * /api/b2/post/orders/cancel/sendBack, and the warehouse's send-backs to ship from the scan station.
 * The deadline job runs here too, with the retention of done send-backs' sealed receivers.
 */
import {
  CancelSendBackBody,
  CancelSendBackResult,
  envelopeOf,
  ProblemBatchResult,
  ProblemDetail,
  ProblemFilter,
  ProblemFreightBody,
  ProblemFreightPayment,
  ProblemFreightPaymentQuery,
  ProblemFreightRow,
  ProblemGoodRow,
  ProblemIdBody,
  ProblemIdsBody,
  ProblemPageBody,
  ProblemPageResult,
  ProblemPayBody,
  ProblemPayResult,
  ProblemReshipBody,
  ProblemReshipQuoteBody,
  ProblemReshipQuoteRow,
  ProblemReshipResult,
  ProblemSendBackBody,
  ProblemSendBackOptions,
  ProblemStatusResult,
  PurchaserSendBackPage,
  PurchaserSendBackPageBody,
  PurchaserShipSendBackBody,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsxStream } from '../../lib/excel/index.js';
import { originOf } from '../../lib/request-origin.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import type { AlipayGateway } from '../funds/index.js';
import { PROBLEM_EXPORT_COLUMNS } from './problem-export-columns.js';
import { exportProblems, pageProblems, pageSendBacks, problemDetail, problemGoods, sendBackOptions } from './problem-list.service.js';
import { eraseDoneReceivers } from './problem-parcel.repository.js';
import {
  askSendBack,
  cancelSendBack,
  discardParcels,
  quoteFreight,
  quoteReship,
  reshipParcel,
  runProblemDeadlines,
  shipSendBack,
} from './problem-parcel.service.js';
import { freightPaymentStatus, payFreight } from './problem-parcel-alipay.service.js';

const tags = ['problem-parcels'];
const LIST = { permission: '/afterSale/problemList', audience: 'seller' } as const;
const SHIP = { permission: '/print/scanPrint', audience: 'purchaser' } as const;
const BASE = '/api/b2/afterSales/post';

export const PROBLEM_DEADLINE_JOB = 'problemParcel.deadlines';
export const PROBLEM_DEADLINE_INTERVAL_MS = 3_600_000;

export async function problemParcelRoutes(app: RouteApp, deps: AppDeps & { alipay: AlipayGateway }) {
  const { db, alipay } = deps;
  app.jobs.register(PROBLEM_DEADLINE_JOB, z.object({}).passthrough(), async () => {
    const r = await runProblemDeadlines(db);
    if (r.reminded + r.discarded > 0) app.log.info(r, '问题件处理期限：已提醒/已逾期弃件');
    const erased = await eraseDoneReceivers(db, deps.config.receiverRetainDays);
    if (erased > 0) app.log.info({ erased }, '已清除寄回完成问题件的收货人明文（密文）');
  });
  app.addHook('onReady', async () => {
    await app.jobs.schedule(PROBLEM_DEADLINE_JOB, PROBLEM_DEADLINE_JOB, PROBLEM_DEADLINE_INTERVAL_MS, { firstInMs: 90_000 });
  });

  app.post(
    `${BASE}/problem/page`,
    { config: LIST, schema: { tags, summary: '问题件列表（含各状态数量）', body: ProblemPageBody, response: { 200: envelopeOf(ProblemPageResult) } } },
    async (req) => ok(await pageProblems(db, requireCaller(req), req.body)),
  );

  app.post(
    `${BASE}/problem/export`,
    { config: LIST, schema: { tags, summary: '导出问题件（Excel，最多10万条）', body: ProblemFilter } },
    async (req, reply) => {
      const pages = await exportProblems(db, requireCaller(req), req.body);
      return sendXlsxStream(reply, { fileName: '问题件', sheetName: '问题件', columns: PROBLEM_EXPORT_COLUMNS, pages, log: req.log });
    },
  );

  app.get(
    `${BASE}/problem/detail`,
    { config: LIST, schema: { tags, summary: '问题件详情（时间线、照片、商品）', querystring: ProblemIdBody, response: { 200: envelopeOf(ProblemDetail) } } },
    async (req) => ok(await problemDetail(db, requireCaller(req), req.query.id)),
  );

  app.post(
    `${BASE}/problem/discard`,
    { config: LIST, schema: { tags, summary: '弃件（一个或多个）', body: ProblemIdsBody, response: { 200: envelopeOf(ProblemBatchResult) } } },
    async (req) => ok(await discardParcels(db, requireCaller(req), req.body.ids)),
  );

  app.post(
    `${BASE}/problemGood/list`,
    { config: LIST, schema: { tags, summary: '问题件的商品', body: ProblemIdsBody, response: { 200: envelopeOf(z.array(ProblemGoodRow)) } } },
    async (req) => ok(await problemGoods(db, requireCaller(req), req.body.ids)),
  );

  app.get(
    `${BASE}/problem/sendBack/options`,
    { config: LIST, schema: { tags, summary: '寄回可选的已保存地址', response: { 200: envelopeOf(ProblemSendBackOptions) } } },
    async (req) => ok(await sendBackOptions(db, requireCaller(req))),
  );

  app.post(
    `${BASE}/problem/freight`,
    {
      config: LIST,
      schema: { tags, summary: '寄回运费报价（按快递规则）', body: ProblemFreightBody, response: { 200: envelopeOf(z.array(ProblemFreightRow)) } },
    },
    async (req) => ok(await quoteFreight(db, requireCaller(req), req.body.id, req.body.province)),
  );

  app.post(
    `${BASE}/problem/sendBack`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '申请寄回（待处理/已认领 → 待支付运费）',
        body: ProblemSendBackBody,
        response: { 200: envelopeOf(ProblemStatusResult.extend({ freightFen: z.number().int() })) },
      },
    },
    async (req) => ok(await askSendBack(db, requireCaller(req), req.body)),
  );

  app.post(
    `${BASE}/problem/pay`,
    {
      config: LIST,
      schema: { tags, summary: '支付寄回运费（余额需支付密码，或支付宝）', body: ProblemPayBody, response: { 200: envelopeOf(ProblemPayResult) } },
    },
    async (req) => ok(await payFreight(db, alipay, requireCaller(req), req.body, originOf(req), req.log)),
  );

  app.post(
    `${BASE}/problem/reship/quote`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '重发费用报价（快递费 + 服务费，商品已付）',
        body: ProblemReshipQuoteBody,
        response: { 200: envelopeOf(z.array(ProblemReshipQuoteRow)) },
      },
    },
    async (req) => ok(await quoteReship(db, requireCaller(req), req.body.id, req.body.province)),
  );

  app.post(
    `${BASE}/problem/reship`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '重发（待处理/已认领 → 已重发：新建代发订单并余额支付）',
        body: ProblemReshipBody,
        response: { 200: envelopeOf(ProblemReshipResult) },
      },
    },
    async (req) => ok(await reshipParcel(db, requireCaller(req), req.body)),
  );

  app.get(
    `${BASE}/problem/payment`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '支付宝运费支付单状态（未支付时先向支付宝查询）',
        querystring: ProblemFreightPaymentQuery,
        response: { 200: envelopeOf(ProblemFreightPayment) },
      },
    },
    async (req) => ok(await freightPaymentStatus(db, alipay, requireCaller(req).orgId, req.query.outTradeNo, req.log)),
  );

  app.post(
    '/api/b2/post/orders/cancel/sendBack',
    {
      config: { permission: '/afterSale/problemList' },
      schema: { tags, summary: '取消问题件寄回（待支付寄回 → 待处理）', body: CancelSendBackBody, response: { 200: envelopeOf(CancelSendBackResult) } },
    },
    async (req) => ok(await cancelSendBack(db, requireCaller(req), req.body.id)),
  );

  app.post(
    '/api/b2/purchaser/problem/sendBack/page',
    {
      config: SHIP,
      schema: { tags, summary: '待寄回的问题件（扫描编号查找）', body: PurchaserSendBackPageBody, response: { 200: envelopeOf(PurchaserSendBackPage) } },
    },
    async (req) => ok(await pageSendBacks(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/purchaser/problem/sendBack/ship',
    {
      config: SHIP,
      schema: {
        tags,
        summary: '问题件寄回发货（待寄回 → 已寄回，填写快递单号）',
        body: PurchaserShipSendBackBody,
        response: { 200: envelopeOf(ProblemStatusResult) },
      },
    },
    async (req) => ok(await shipSendBack(db, requireCaller(req), req.body)),
  );
}
