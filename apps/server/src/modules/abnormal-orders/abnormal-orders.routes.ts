/** Abnormal orders (/order/abnormalList): list, counts by reason, detail, export, address correction. */
import { AbnormalDetail, AbnormalPageBody, AbnormalPageResult, AbnormalSummary, envelopeOf, id, UpdateAddressBody } from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { sendSheet } from '../goods/index.js';
import { correctShopOrderAddress } from '../shop-orders/index.js';
import * as service from './abnormal-orders.service.js';

const tags = ['abnormal-orders'];
const config = { permission: '/order/abnormalList' } as const;
const IdQuery = z.object({ id: id('订单编号') });
const ExportQuery = AbnormalPageBody.omit({ pageNo: true, pageSize: true });

export async function abnormalOrdersRoutes(app: RouteApp, { db }: AppDeps) {
  app.post(
    '/api/b2/orders/abnormal/page',
    { config, schema: { tags, summary: '异常订单列表', body: AbnormalPageBody, response: { 200: envelopeOf(AbnormalPageResult) } } },
    async (req) => ok(await service.pageAbnormal(db, requireCaller(req), req.body)),
  );

  app.get(
    '/api/b2/orders/abnormal/summary',
    { config, schema: { tags, summary: '异常订单数（按原因）', response: { 200: envelopeOf(AbnormalSummary) } } },
    async (req) => ok(await service.abnormalSummary(db, requireCaller(req))),
  );

  app.get(
    '/api/b2/orders/abnormal/detail',
    { config, schema: { tags, summary: '异常订单详情（商品行与收货信息）', querystring: IdQuery, response: { 200: envelopeOf(AbnormalDetail) } } },
    async (req) => ok(await service.abnormalDetail(db, requireCaller(req), req.query.id)),
  );

  app.get('/api/b2/orders/abnormal/export', { config, schema: { tags, summary: '导出异常订单（Excel）', querystring: ExportQuery } }, async (req, reply) => {
    const rows = await service.abnormalForExport(db, requireCaller(req), req.query);
    return sendSheet(reply, '异常订单', '异常订单', service.abnormalColumns, rows);
  });

  app.post(
    '/api/b2/orders/abnormal/updateAddress',
    { config, schema: { tags, summary: '修改收货地址', body: UpdateAddressBody, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      const { shopOrderId, ...receiver } = req.body;
      await correctShopOrderAddress(db, requireCaller(req).orgId, shopOrderId, receiver);
      return ok(null);
    },
  );
}
