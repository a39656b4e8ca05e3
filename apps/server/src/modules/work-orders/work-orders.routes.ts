/**
 * Work-order calls (decision 0031). The customer's (seller or purchaser, page /workorder/myworkorder)
 * under /api/b2/workorder, scoped to the caller's organisation; the console's (page
 * /operator/workOrders, the support role) under /api/operator/workOrders, every organisation, each
 * change audited. Images come inline as base64 (like parcel photos) and are kept in the file store.
 */
import {
  envelopeOf,
  id,
  OperatorWorkOrderListQuery,
  WorkOrderCreateBody,
  WorkOrderCreated,
  WorkOrderDetail,
  WorkOrderIdBody,
  WorkOrderListQuery,
  WorkOrderPage,
  WorkOrderRateBody,
  WorkOrderReplyBody,
} from '@dropship/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/excel/index.js';
import { type RouteApp, rawReply } from '../../lib/route-app.js';
import type { Storage, StoredFile } from '../../lib/storage/index.js';
import { requireCaller } from '../../plugins/auth.js';
import { exportWorkOrders, listWorkOrders, readImage, workOrderDetail } from './work-orders.read.js';
import * as service from './work-orders.service.js';

const tags = ['work-orders'];
const CUSTOMER = { config: { permission: '/workorder/myworkorder' as const } };
const CONSOLE = '/operator/workOrders' as const;
/** Five images of 2 MB as base64 are ~14 MB of JSON. */
const IMAGES_BODY_LIMIT = 15_000_000;
const Done = envelopeOf(z.object({ id: z.number() }));

function sendImage(reply: FastifyReply, file: StoredFile) {
  return rawReply(reply)
    .header('content-type', file.mime)
    .header('cache-control', 'private, max-age=3600')
    .header('x-content-type-options', 'nosniff')
    .send(file.stream);
}

export async function workOrdersRoutes(app: RouteApp, { db, storage }: AppDeps & { storage: Storage }) {
  const customer = (req: Parameters<typeof requireCaller>[0]): service.Side => ({ kind: 'customer', caller: requireCaller(req) });
  const operator = (req: Parameters<typeof requireCaller>[0]): service.Side => ({ kind: 'operator', caller: requireCaller(req) });

  app.post(
    '/api/b2/workorder/create',
    {
      ...CUSTOMER,
      bodyLimit: IMAGES_BODY_LIMIT,
      schema: {
        tags,
        summary: '提交工单（可关联本账号的订单/售后单/包裹，图片≤5张）',
        body: WorkOrderCreateBody,
        response: { 200: envelopeOf(WorkOrderCreated) },
      },
    },
    async (req) => ok(await service.openWorkOrder(db, storage, requireCaller(req), req.body)),
  );
  app.post(
    '/api/b2/workorder/list',
    { ...CUSTOMER, schema: { tags, summary: '我的工单列表', body: WorkOrderListQuery, response: { 200: envelopeOf(WorkOrderPage) } } },
    async (req) => ok(await listWorkOrders(db, requireCaller(req).orgId, req.body)),
  );
  app.get(
    '/api/b2/workorder/export',
    { ...CUSTOMER, schema: { tags, summary: '导出我的工单（Excel，筛选条件同列表）', querystring: WorkOrderListQuery } },
    async (req, reply) => sendXlsx(reply, '我的工单', await exportWorkOrders(db, requireCaller(req).orgId, req.query)),
  );
  app.post(
    '/api/b2/workorder/detail',
    { ...CUSTOMER, schema: { tags, summary: '工单详情与对话（打开即已读客服回复）', body: WorkOrderIdBody, response: { 200: envelopeOf(WorkOrderDetail) } } },
    async (req) => ok(await workOrderDetail(db, customer(req), req.body.id)),
  );
  app.post(
    '/api/b2/workorder/reply',
    { ...CUSTOMER, bodyLimit: IMAGES_BODY_LIMIT, schema: { tags, summary: '回复工单（已关闭的不能回复）', body: WorkOrderReplyBody, response: { 200: Done } } },
    async (req) => ok(await service.reply(db, storage, customer(req), req.body)),
  );
  app.post('/api/b2/workorder/resolve', { ...CUSTOMER, schema: { tags, summary: '确认已解决', body: WorkOrderIdBody, response: { 200: Done } } }, async (req) =>
    ok(await service.resolve(db, customer(req), req.body.id)),
  );
  app.post('/api/b2/workorder/close', { ...CUSTOMER, schema: { tags, summary: '关闭工单', body: WorkOrderIdBody, response: { 200: Done } } }, async (req) =>
    ok(await service.close(db, customer(req), req.body.id)),
  );
  app.post(
    '/api/b2/workorder/reopen',
    { ...CUSTOMER, schema: { tags, summary: '重新打开（解决或关闭后7天内）', body: WorkOrderIdBody, response: { 200: Done } } },
    async (req) => ok(await service.reopen(db, requireCaller(req), req.body.id)),
  );
  app.post(
    '/api/b2/workorder/rate',
    { ...CUSTOMER, schema: { tags, summary: '满意度评价（已解决后，每次解决一次）', body: WorkOrderRateBody, response: { 200: Done } } },
    async (req) => ok(await service.rate(db, requireCaller(req), req.body)),
  );
  app.get(
    '/api/b2/workorder/image/:id',
    { ...CUSTOMER, schema: { tags, summary: '工单图片（仅本机构的工单）', params: z.object({ id: id('图片') }) } },
    async (req, reply) => sendImage(reply, await readImage(db, storage, requireCaller(req).orgId, req.params.id)),
  );

  // The console (support role): every organisation's work orders.
  const console = (audit: string | false) => ({ config: { permission: CONSOLE, audit } });
  app.post(
    '/api/operator/workOrders/list',
    { ...console(false), schema: { tags, summary: '全部工单（运营后台）', body: OperatorWorkOrderListQuery, response: { 200: envelopeOf(WorkOrderPage) } } },
    async (req) => ok(await listWorkOrders(db, null, req.body)),
  );
  app.get(
    '/api/operator/workOrders/export',
    { ...console(false), schema: { tags, summary: '导出工单（运营后台，Excel）', querystring: OperatorWorkOrderListQuery } },
    async (req, reply) => sendXlsx(reply, '工单', await exportWorkOrders(db, null, req.query)),
  );
  app.post(
    '/api/operator/workOrders/detail',
    { ...console(false), schema: { tags, summary: '工单详情与对话（运营后台）', body: WorkOrderIdBody, response: { 200: envelopeOf(WorkOrderDetail) } } },
    async (req) => ok(await workOrderDetail(db, operator(req), req.body.id)),
  );
  app.post(
    '/api/operator/workOrders/accept',
    { ...console('workOrder.accept'), schema: { tags, summary: '受理工单（待处理 → 处理中）', body: WorkOrderIdBody, response: { 200: Done } } },
    async (req) => ok(await service.accept(db, operator(req), req.body.id)),
  );
  app.post(
    '/api/operator/workOrders/reply',
    {
      ...console('workOrder.reply'),
      bodyLimit: IMAGES_BODY_LIMIT,
      schema: { tags, summary: '客服回复（→ 待回复，通知卖家/采购商）', body: WorkOrderReplyBody, response: { 200: Done } },
    },
    async (req) => ok(await service.reply(db, storage, operator(req), req.body)),
  );
  app.post(
    '/api/operator/workOrders/resolve',
    { ...console('workOrder.resolve'), schema: { tags, summary: '标记已解决', body: WorkOrderIdBody, response: { 200: Done } } },
    async (req) => ok(await service.resolve(db, operator(req), req.body.id)),
  );
  app.post(
    '/api/operator/workOrders/close',
    { ...console('workOrder.close'), schema: { tags, summary: '关闭工单', body: WorkOrderIdBody, response: { 200: Done } } },
    async (req) => ok(await service.close(db, operator(req), req.body.id)),
  );
  app.get(
    '/api/operator/workOrders/image/:id',
    { ...console(false), schema: { tags, summary: '工单图片（运营后台）', params: z.object({ id: id('图片') }) } },
    async (req, reply) => sendImage(reply, await readImage(db, storage, null, req.params.id)),
  );
}
