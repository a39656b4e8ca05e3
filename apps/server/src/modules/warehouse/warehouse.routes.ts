/**
 * Warehouse calls under /api/b2/purchaser/warehouse/* (purchaser only): scanning in
 * (/print/scanPrint), the shipping lists, batch shipping, reprint, tracking refresh and export
 * (/print/printDelivery), 作废面单, the warehouse setting. Puts the courier gateway on the app
 * (`app.courier`, tests reach its emulator), schedules the tracking job and registers the waybill
 * recycle job. Registered after the shops plugin.
 */
import {
  ErrorCode,
  envelopeOf,
  WarehouseExportBody,
  WarehouseHandOverResult,
  WarehouseOrderBody,
  type WarehouseOrderRow,
  WarehouseOrdersBody,
  WarehouseOrdersResult,
  WarehouseScanBody,
  WarehouseScanResult,
  WarehouseSettingBody,
  WarehouseSettingResult,
  WarehouseShipResult,
  WarehouseVoidWaybillResult,
  WaybillLabelData,
  WaybillSourceBody,
  WaybillSourceList,
} from '@dropship/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import { beijingTime, sendXlsxStream, type XlsxColumn } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { type CourierGateway, createCourierGateway } from './courier-gateway.js';
import { courierTraceRoutes } from './courier-trace.routes.js';
import { subscribeDue } from './courier-trace.service.js';
import { handOverOrder } from './hand-over.service.js';
import { eraseSealedLabels, LABEL_RETENTION_INTERVAL_MS, LABEL_RETENTION_JOB } from './label-retention.js';
import { exportWarehouseOrders, pageWarehouseOrders } from './orders.service.js';
import { DecryptedReceivers } from './receiver-decrypt.service.js';
import { scanTakeCode } from './scan.service.js';
import { saveWarehouseSetting, warehouseSetting } from './setting.service.js';
import { reprintWaybill, shipById } from './ship.service.js';
import { refreshDueTracking, refreshOrderTracking, TRACK_JOB } from './tracking.service.js';
import { listWaybillSources, saveWaybillSource } from './waybill-sources.service.js';
import { registerRecycleJob, voidWaybill } from './waybill-void.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    courier: CourierGateway;
  }
}

const tags = ['warehouse'];
const SCAN = { permission: '/print/scanPrint' } as const;
const SHIP = { permission: '/print/printDelivery' } as const;
const TRACK_INTERVAL_MS = Math.max(1, Number(process.env.KUAIDI100_TRACK_INTERVAL_MINUTES) || 30) * 60_000;

/** Sellers have no warehouse: these calls are the purchaser's. */
function purchaser(req: FastifyRequest) {
  const c = requireCaller(req);
  if (c.orgType !== 'purchaser') throw new AppError(ErrorCode.PURCHASER_REQUIRED);
  return { orgId: c.orgId, userId: c.userId };
}

const EXPORT_COLUMNS: XlsxColumn<WarehouseOrderRow>[] = [
  { header: '代发订单号', width: 22, value: (r) => r.orderNo },
  { header: '卖家', width: 18, value: (r) => r.sellerName },
  { header: '收货人', value: (r) => r.receiverName },
  { header: '手机号', width: 16, value: (r) => r.receiverPhone },
  { header: '收货地区', width: 24, value: (r) => r.area },
  { header: '快递公司', value: (r) => r.expressName },
  { header: '件数', value: (r) => r.itemCount },
  { header: '分拣位', value: (r) => r.slotNo },
  { header: '快递单号', width: 20, value: (r) => r.trackingNo ?? '' },
  { header: '发货时间', width: 20, value: (r) => beijingTime(r.deliveredAt) },
  { header: '打印次数', value: (r) => r.printCount },
  { header: '合并发货', width: 30, value: (r) => (r.mergeOrderNos.length ? `${r.mergeWaiting ? '等待合并：' : '合并：'}${r.mergeOrderNos.join('、')}` : '') },
];

export const warehouseRoutes = fp(async (app: RouteApp, { db, config }: AppDeps) => {
  const courier = createCourierGateway(process.env, app.log);
  app.decorate('courier', courier);
  app.addHook('onClose', () => courier.close());
  // The decrypted receivers live in this app's memory only (receiver-decrypt.service.ts).
  const deps = { db, jobs: app.jobs, courier, channels: app.channels, decrypted: new DecryptedReceivers() };
  app.jobs.register(TRACK_JOB, z.object({}).passthrough(), async () => {
    await refreshDueTracking(db, courier, { intervalMs: TRACK_INTERVAL_MS });
    await subscribeDue(db, courier);
  });
  await courierTraceRoutes(app, { db, courier });
  registerRecycleJob(app.jobs, deps);
  app.jobs.register(LABEL_RETENTION_JOB, z.object({}).passthrough(), async () => {
    const erased = await eraseSealedLabels(db, config.receiverRetainDays);
    if (erased > 0) app.log.info({ erased }, '已清除过了保留期的面单收货人（密文）');
  });
  app.addHook('onReady', async () => {
    await app.jobs.schedule(TRACK_JOB, TRACK_JOB, TRACK_INTERVAL_MS, { firstInMs: 60_000 });
    await app.jobs.schedule(LABEL_RETENTION_JOB, LABEL_RETENTION_JOB, LABEL_RETENTION_INTERVAL_MS, { firstInMs: 180_000 });
  });

  app.post(
    '/api/b2/purchaser/warehouse/scan',
    {
      config: SCAN,
      schema: {
        tags,
        summary: '扫描拿货码到货（单件直接出面单发货，多件进分拣位）',
        body: WarehouseScanBody,
        response: { 200: envelopeOf(WarehouseScanResult) },
      },
    },
    async (req) => ok(await scanTakeCode(deps, purchaser(req), req.body.takeCode)),
  );

  app.post(
    '/api/b2/purchaser/warehouse/orders',
    {
      config: SHIP,
      schema: {
        tags,
        summary: '打印发货：待发货（已到齐）、分拣中、已发货订单',
        body: WarehouseOrdersBody,
        response: { 200: envelopeOf(WarehouseOrdersResult) },
      },
    },
    async (req) => ok(await pageWarehouseOrders(db, purchaser(req).orgId, req.body)),
  );

  app.post(
    '/api/b2/purchaser/warehouse/export',
    { config: SHIP, schema: { tags, summary: '导出打印发货列表（Excel，最多5万条）', body: WarehouseExportBody } },
    async (req, reply) => {
      const pages = await exportWarehouseOrders(db, purchaser(req).orgId, req.body);
      return sendXlsxStream(reply, { fileName: '打印发货', sheetName: '打印发货', columns: EXPORT_COLUMNS, pages, log: req.log });
    },
  );

  app.post(
    '/api/b2/purchaser/warehouse/ship',
    {
      config: SHIP,
      schema: {
        tags,
        summary: '获取快递单号并发货（同一收货人合并的订单一起发）',
        body: WarehouseOrderBody,
        response: { 200: envelopeOf(WarehouseShipResult) },
      },
    },
    async (req) => ok(await shipById(deps, purchaser(req), req.body.orderId)),
  );

  app.post(
    '/api/b2/purchaser/warehouse/shipAlone',
    {
      config: SHIP,
      schema: {
        tags,
        summary: '拆开单独发：不等同一收货人的其他订单，只给这一单获取快递单号并发货',
        body: WarehouseOrderBody,
        response: { 200: envelopeOf(WarehouseShipResult) },
      },
    },
    async (req) => ok(await shipById(deps, purchaser(req), req.body.orderId, true)),
  );

  app.post(
    '/api/b2/purchaser/warehouse/handOver',
    {
      config: SHIP,
      schema: { tags, summary: '仓库自提订单交付取货人（发货并完成）', body: WarehouseOrderBody, response: { 200: envelopeOf(WarehouseHandOverResult) } },
    },
    async (req) => ok(await handOverOrder(deps, purchaser(req), req.body.orderId)),
  );

  app.post(
    '/api/b2/purchaser/warehouse/reprint',
    { config: SHIP, schema: { tags, summary: '补打已发货订单的面单', body: WarehouseOrderBody, response: { 200: envelopeOf(WaybillLabelData) } } },
    async (req) => ok(await reprintWaybill(db, purchaser(req), req.body.orderId)),
  );

  app.post(
    '/api/b2/purchaser/warehouse/voidWaybill',
    {
      config: SHIP,
      schema: {
        tags,
        summary: '作废面单：把已取号但未发货订单的面单在来源（平台电子面单或快递100）取消，下次发货重新取号',
        body: WarehouseOrderBody,
        response: { 200: envelopeOf(WarehouseVoidWaybillResult) },
      },
    },
    async (req) => ok(await voidWaybill(deps, purchaser(req), req.body.orderId)),
  );

  app.post(
    '/api/b2/purchaser/warehouse/refreshTracking',
    {
      config: SHIP,
      schema: {
        tags,
        summary: '立即查询一单物流（已签收则订单完成）',
        body: WarehouseOrderBody,
        response: { 200: envelopeOf(z.object({ result: z.enum(['signed', 'moving', 'unknown']) })) },
      },
    },
    async (req) => ok(await refreshOrderTracking(db, courier, purchaser(req).orgId, req.body.orderId)),
  );

  app.get(
    '/api/b2/purchaser/warehouse/setting',
    { config: SCAN, schema: { tags, summary: '仓库设置：分拣位范围、发货电话和地址', response: { 200: envelopeOf(WarehouseSettingResult) } } },
    async (req) => ok(await warehouseSetting(db, purchaser(req).orgId)),
  );

  app.post(
    '/api/b2/purchaser/warehouse/setting',
    { config: SCAN, schema: { tags, summary: '保存仓库设置', body: WarehouseSettingBody, response: { 200: envelopeOf(WarehouseSettingResult) } } },
    async (req) => ok(await saveWarehouseSetting(db, purchaser(req).orgId, req.body)),
  );

  app.get(
    '/api/b2/purchaser/warehouse/waybillSources',
    {
      config: SCAN,
      schema: { tags, summary: '仓库设置：各卖家店铺的面单来源（快递100 / 平台电子面单）', response: { 200: envelopeOf(WaybillSourceList) } },
    },
    async (req) => ok(await listWaybillSources(db, purchaser(req).orgId)),
  );

  app.post(
    '/api/b2/purchaser/warehouse/waybillSources',
    { config: SCAN, schema: { tags, summary: '保存一个店铺的面单来源', body: WaybillSourceBody, response: { 200: envelopeOf(WaybillSourceList) } } },
    async (req) => ok(await saveWaybillSource(db, purchaser(req).orgId, req.body)),
  );
});
