/**
 * Offline pickup and return calls (decision 0015). Seller: pickup orders and return orders under
 * /api/b2/offline; purchaser: registration and return assignment under /api/b2/purchaser/offlineReturn,
 * gated like supplier management by the manual-delivery permission on the second variant.
 */
import {
  envelopeOf,
  id,
  OfflinePickupCreateBody,
  OfflinePickupPage,
  OfflinePickupQuery,
  OfflineReturnCancelBody,
  OfflineReturnCancelResult,
  OfflineReturnCreateBody,
  OfflineReturnCreateResult,
  OfflineReturnOrderPage,
  OfflineReturnOrderQuery,
  RefuseBody,
  ReturnAssignBody,
  ReturnedBody,
  ReturnLineIdsBody,
  ReturnLinePage,
  ReturnLineQuery,
  ReturnLogRow,
  ReturnOperationResult,
  ReturnParcelPage,
  ReturnParcelQuery,
  ReturnPicker,
  ReturnRegisterBody,
  ReturnRegisterResult,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsxStream } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { manualDeliveryGate } from '../goods/index.js';
import { createOfflinePickupOrder } from './dropship-order.service.js';
import { PARCEL_COLUMNS, PICKUP_COLUMNS, RETURN_LINE_COLUMNS, SELLER_RETURN_COLUMNS } from './export-columns.js';
import * as lines from './lines.service.js';
import { exportOfflinePickups, offlineSupplierOptions, pageOfflinePickups } from './pickup.service.js';
import { exportReturnParcels, pageReturnParcels, registerReturnParcel } from './register.service.js';
import { cancelOfflineReturnOrder, createOfflineReturnOrder, exportSellerReturnLines, pageSellerReturnOrders, sellerLineLogs } from './returns.service.js';

const tags = ['offline'];
const LineIdParams = z.object({ id: id('退货明细') });
const CreatedPickup = z.object({ id: z.number(), orderNo: z.string(), totalFen: z.number() });
const SupplierOption = z.object({ id: z.number(), name: z.string(), stallText: z.string() });
const one = <T>(pages: T[]) =>
  (async function* () {
    yield pages;
  })();

export async function offlineRoutes(app: RouteApp, { db, config }: AppDeps) {
  const seller = (permission: `/${string}`) => ({ config: { permission } });
  const purchaser = (permission: `/${string}`) => ({ config: { permission }, onRequest: manualDeliveryGate(db, config, permission) });
  const PICKUP_CREATE = seller('/order/getOfflineCreate');
  const PICKUP_LIST = seller('/order/getOfflineList');
  const RETURN_ORDER = seller('/order/offlineReturnOrder');
  const REGISTRATION = purchaser('/offlineReturnOrder/returnRegistration');
  const ASSIGNMENT = purchaser('/offlineReturnOrder/offlineReturnOrderList');

  app.get(
    '/api/b2/offline/suppliers',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '线下单可选的档口（卖家已启用的供应商）', response: { 200: envelopeOf(z.array(SupplierOption)) } },
    },
    async (req) => ok(await offlineSupplierOptions(db, requireCaller(req))),
  );

  app.post(
    '/api/b2/offline/pickup/create',
    {
      ...PICKUP_CREATE,
      schema: { tags, summary: '新建线下拿货单（待支付，支付走代发订单支付）', body: OfflinePickupCreateBody, response: { 200: envelopeOf(CreatedPickup) } },
    },
    async (req) => ok(await createOfflinePickupOrder(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/offline/pickup/page',
    { ...PICKUP_LIST, schema: { tags, summary: '线下拿货单列表', body: OfflinePickupQuery, response: { 200: envelopeOf(OfflinePickupPage) } } },
    async (req) => ok(await pageOfflinePickups(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/offline/pickup/export',
    { ...PICKUP_LIST, schema: { tags, summary: '导出线下拿货单（Excel）', body: OfflinePickupQuery } },
    async (req, reply) => {
      const rows = await exportOfflinePickups(db, requireCaller(req), req.body);
      return sendXlsxStream(reply, { fileName: '线下拿货单', sheetName: '线下拿货单', columns: PICKUP_COLUMNS, pages: one(rows), log: req.log });
    },
  );

  app.post(
    '/api/b2/offline/returnOrder/create',
    { ...RETURN_ORDER, schema: { tags, summary: '新建线下退货单', body: OfflineReturnCreateBody, response: { 200: envelopeOf(OfflineReturnCreateResult) } } },
    async (req) => ok(await createOfflineReturnOrder(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/offline/returnOrder/cancel',
    {
      ...RETURN_ORDER,
      schema: { tags, summary: '撤销线下退货单（仓库签收前）', body: OfflineReturnCancelBody, response: { 200: envelopeOf(OfflineReturnCancelResult) } },
    },
    async (req) => ok(await cancelOfflineReturnOrder(db, requireCaller(req), req.body.id)),
  );
  app.post(
    '/api/b2/offline/returnOrder/page',
    {
      ...RETURN_ORDER,
      schema: { tags, summary: '线下退货单列表（含明细与退款）', body: OfflineReturnOrderQuery, response: { 200: envelopeOf(OfflineReturnOrderPage) } },
    },
    async (req) => ok(await pageSellerReturnOrders(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/offline/returnOrder/export',
    { ...RETURN_ORDER, schema: { tags, summary: '导出线下退货明细（Excel）', body: OfflineReturnOrderQuery } },
    async (req, reply) => {
      const rows = await exportSellerReturnLines(db, requireCaller(req), req.body);
      return sendXlsxStream(reply, { fileName: '线下退货单', sheetName: '线下退货单', columns: SELLER_RETURN_COLUMNS, pages: one(rows), log: req.log });
    },
  );
  app.get(
    '/api/b2/offline/returnOrder/line/:id/logs',
    { ...RETURN_ORDER, schema: { tags, summary: '退货明细日志（卖家）', params: LineIdParams, response: { 200: envelopeOf(z.array(ReturnLogRow)) } } },
    async (req) => ok(await sellerLineLogs(db, requireCaller(req), req.params.id)),
  );

  app.post(
    '/api/b2/purchaser/offlineReturn/register',
    { ...REGISTRATION, schema: { tags, summary: '退货登记：扫描快递单号签收', body: ReturnRegisterBody, response: { 200: envelopeOf(ReturnRegisterResult) } } },
    async (req) => ok(await registerReturnParcel(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/purchaser/offlineReturn/parcels',
    { ...REGISTRATION, schema: { tags, summary: '退货登记记录（含无主件）', body: ReturnParcelQuery, response: { 200: envelopeOf(ReturnParcelPage) } } },
    async (req) => ok(await pageReturnParcels(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/purchaser/offlineReturn/parcels/export',
    { ...REGISTRATION, schema: { tags, summary: '导出退货登记记录（Excel）', body: ReturnParcelQuery } },
    async (req, reply) => {
      const rows = await exportReturnParcels(db, requireCaller(req), req.body);
      return sendXlsxStream(reply, { fileName: '退货登记记录', sheetName: '退货登记', columns: PARCEL_COLUMNS, pages: one(rows), log: req.log });
    },
  );

  app.post(
    '/api/b2/purchaser/offlineReturn/lines/page',
    { ...ASSIGNMENT, schema: { tags, summary: '退货入库分配：退货明细列表', body: ReturnLineQuery, response: { 200: envelopeOf(ReturnLinePage) } } },
    async (req) => ok(await lines.pageReturnLines(db, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/purchaser/offlineReturn/lines/export',
    { ...ASSIGNMENT, schema: { tags, summary: '导出退货明细（Excel）', body: ReturnLineQuery } },
    async (req, reply) => {
      const rows = await lines.exportReturnLines(db, requireCaller(req), req.body);
      return sendXlsxStream(reply, { fileName: '退货入库分配', sheetName: '退货明细', columns: RETURN_LINE_COLUMNS, pages: one(rows), log: req.log });
    },
  );
  app.get(
    '/api/b2/purchaser/offlineReturn/pickers',
    { ...ASSIGNMENT, schema: { tags, summary: '可分配的拿货员', response: { 200: envelopeOf(z.array(ReturnPicker)) } } },
    async (req) => ok(await lines.returnPickers(db, requireCaller(req))),
  );
  app.get(
    '/api/b2/purchaser/offlineReturn/line/:id/logs',
    { ...ASSIGNMENT, schema: { tags, summary: '退货明细日志', params: LineIdParams, response: { 200: envelopeOf(z.array(ReturnLogRow)) } } },
    async (req) => ok(await lines.purchaserLineLogs(db, requireCaller(req), req.params.id)),
  );
  const op = { response: { 200: envelopeOf(ReturnOperationResult) } };
  app.post(
    '/api/b2/purchaser/offlineReturn/lines/assign',
    { ...ASSIGNMENT, schema: { tags, summary: '分配拿货员（待分配/待退档口 → 待退档口）', body: ReturnAssignBody, ...op } },
    async (req) => {
      const b = req.body;
      return ok(await lines.assignReturnLines(db, requireCaller(req), b.lineIds, b.pickerUserId));
    },
  );
  app.post(
    '/api/b2/purchaser/offlineReturn/lines/returned',
    { ...ASSIGNMENT, schema: { tags, summary: '档口已退货退款（退款扣服务费后退回卖家余额）', body: ReturnedBody, ...op } },
    async (req) => {
      const b = req.body;
      return ok(await lines.markFactoryReturned(db, requireCaller(req), b.lineId, b.refundFen));
    },
  );
  app.post('/api/b2/purchaser/offlineReturn/lines/refuse', { ...ASSIGNMENT, schema: { tags, summary: '档口拒退', body: RefuseBody, ...op } }, async (req) => {
    const b = req.body;
    return ok(await lines.markFactoryRefused(db, requireCaller(req), b.lineId, b.reason));
  });
  app.post(
    '/api/b2/purchaser/offlineReturn/lines/stop',
    { ...ASSIGNMENT, schema: { tags, summary: '暂停退货', body: ReturnLineIdsBody, ...op } },
    async (req) => ok(await lines.stopReturnLines(db, requireCaller(req), req.body.lineIds)),
  );
  app.post(
    '/api/b2/purchaser/offlineReturn/lines/resume',
    { ...ASSIGNMENT, schema: { tags, summary: '恢复退货（回到待分配）', body: ReturnLineIdsBody, ...op } },
    async (req) => ok(await lines.resumeReturnLines(db, requireCaller(req), req.body.lineIds)),
  );
}
