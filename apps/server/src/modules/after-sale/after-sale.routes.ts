/**
 * After-sale calls under /api/b2/aftersale/orders/* (decision 0026): the seller's 申请售后, 撤销,
 * 填写退货物流, 拦截退款 (one and batch), the list with tab counts, its export, the detail, and
 * 快速查询, 换货补发 (quote and place). Seller audience; the list's page permission, quick query its own.
 */
import {
  AfterSaleApplyBody,
  AfterSaleApplyResult,
  AfterSaleBatchResult,
  AfterSaleDetail,
  AfterSaleDetailQuery,
  AfterSaleFilter,
  AfterSaleIdBody,
  AfterSaleIdsBody,
  AfterSaleOperationResult,
  AfterSalePageBody,
  AfterSalePageResult,
  AfterSaleWaybillBody,
  ExchangeQuoteBody,
  ExchangeQuoteResult,
  ExchangeReshipBody,
  ExchangeReshipResult,
  envelopeOf,
  QuickQueryBody,
  QuickQueryResult,
} from '@dropship/contract';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsxStream } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { applyAfterSale, batchIntercept, cancelAfterSale, fillReturnWaybill, interceptAfterSale } from './after-sale.service.js';
import { exchangeReship, quoteExchange } from './after-sale-exchange.service.js';
import { withAnswerActions } from './answer.service.js';
import { EXPORT_COLUMNS } from './export-columns.js';
import { afterSaleDetail, exportAfterSales, pageAfterSales, quickQuery } from './list.service.js';

const tags = ['after-sales'];
const LIST = { permission: '/afterSale/afterSaleList', audience: 'seller' } as const;
const QUICK = { permission: '/afterSale/quickQuery', audience: 'seller' } as const;
const BASE = '/api/b2/aftersale/orders';

export async function afterSaleRoutes(app: RouteApp, deps: AppDeps) {
  const { db } = deps;

  app.post(
    `${BASE}/apply`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '申请售后（仅退款、退货退款、换货），每行商品一个售后单；未发货仅退款即停止拿货并退回货款',
        body: AfterSaleApplyBody,
        response: { 200: envelopeOf(AfterSaleApplyResult) },
      },
    },
    async (req) => ok(await applyAfterSale(db, requireCaller(req), req.body)),
  );

  app.post(
    `${BASE}/cancel`,
    {
      config: LIST,
      schema: { tags, summary: '撤销售后（卖家申请的、仓库未签收退货前）', body: AfterSaleIdBody, response: { 200: envelopeOf(AfterSaleOperationResult) } },
    },
    async (req) => ok(await cancelAfterSale(db, requireCaller(req), req.body.id, req.body.requestKey)),
  );

  app.post(
    `${BASE}/waybill`,
    {
      config: LIST,
      schema: { tags, summary: '填写退货物流（退货中、仓库未签收）', body: AfterSaleWaybillBody, response: { 200: envelopeOf(AfterSaleOperationResult) } },
    },
    async (req) => ok(await fillReturnWaybill(db, requireCaller(req), req.body)),
  );

  app.post(
    `${BASE}/intercept`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '拦截退款：平台退款中、商品未发货的售后单，停止拿货并退回货款',
        body: AfterSaleIdBody,
        response: { 200: envelopeOf(AfterSaleOperationResult) },
      },
    },
    async (req) => {
      const r = await interceptAfterSale(db, requireCaller(req), req.body.id, req.body.requestKey);
      return ok({ id: r.id, afterSaleNo: r.afterSaleNo, status: r.status });
    },
  );

  app.post(
    `${BASE}/batchIntercept`,
    {
      config: LIST,
      schema: { tags, summary: '批量拦截退款，逐单返回结果（失败的附原因）', body: AfterSaleIdsBody, response: { 200: envelopeOf(AfterSaleBatchResult) } },
    },
    async (req) => ok(await batchIntercept(db, requireCaller(req), req.body.ids)),
  );

  app.post(
    `${BASE}/page`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '售后订单列表（按售后状态分页签计数，收货人已脱敏）',
        body: AfterSalePageBody,
        response: { 200: envelopeOf(AfterSalePageResult) },
      },
    },
    async (req) => ok(await pageAfterSales(db, requireCaller(req), req.body)),
  );

  app.get(
    `${BASE}/detail`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '售后详情：商品、时间线、资金流水与当前可做的操作',
        querystring: AfterSaleDetailQuery,
        response: { 200: envelopeOf(AfterSaleDetail) },
      },
    },
    async (req) => {
      const caller = requireCaller(req);
      return ok(await withAnswerActions({ db, channels: app.channels, jobs: app.jobs }, caller.orgId, await afterSaleDetail(db, caller, req.query.id)));
    },
  );

  app.post(`${BASE}/export`, { config: LIST, schema: { tags, summary: '导出售后订单（Excel，最多10万条）', body: AfterSaleFilter } }, async (req, reply) => {
    const pages = await exportAfterSales(db, requireCaller(req), req.body);
    return sendXlsxStream(reply, { fileName: '售后订单', sheetName: '售后订单', columns: EXPORT_COLUMNS, pages, log: req.log });
  });

  app.post(
    `${BASE}/quickQuery`,
    {
      config: QUICK,
      schema: {
        tags,
        summary: '快速查询：按订单号、快递单号（含退货单号）或手机尾号查订单、售后单和问题件',
        body: QuickQueryBody,
        response: { 200: envelopeOf(QuickQueryResult) },
      },
    },
    async (req) => ok(await quickQuery(db, requireCaller(req), req.body.keyword)),
  );

  app.post(
    `${BASE}/exchange/quote`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '换货补发报价：默认收货人与快递、各快递的运费和服务费（货款由档口收回的退货抵扣）、可用余额',
        body: ExchangeQuoteBody,
        response: { 200: envelopeOf(ExchangeQuoteResult) },
      },
    },
    async (req) => ok(await quoteExchange(db, requireCaller(req), req.body.id, req.body.province)),
  );

  app.post(
    `${BASE}/exchange/reship`,
    {
      config: LIST,
      schema: {
        tags,
        summary: '换货补发：档口已收回退货的换货售后单，用余额下单并支付一张同档口同款的代发订单（只付运费和服务费）',
        body: ExchangeReshipBody,
        response: { 200: envelopeOf(ExchangeReshipResult) },
      },
    },
    async (req) => ok(await exchangeReship(db, requireCaller(req), req.body)),
  );
}
