/** 充值记录 page calls: recharge records, replenish requests (补款), their exports, and the pay-later count. */
import {
  envelopeOf,
  PayLaterStatistics,
  pageResultOf,
  RechargeExportBody,
  RechargePageBody,
  RechargeRecordRow,
  ReplenishExportBody,
  ReplenishPageBody,
  ReplenishRecordRow,
} from '@dropship/contract';
import type { AppDeps } from '../../../deps.js';
import { ok } from '../../../lib/envelope.js';
import { sendExcel } from '../../../lib/excel/index.js';
import type { RouteApp } from '../../../lib/route-app.js';
import { requireCaller } from '../../../plugins/auth.js';
import * as records from './records.service.js';

const tags = ['funds'];
const PAGE = '/funds/transferRecord';

export async function fundsRecordsRoutes(app: RouteApp, { db }: AppDeps) {
  app.post(
    '/api/b2/funds/recharges/page',
    {
      config: { permission: PAGE },
      schema: { tags, summary: '充值记录', body: RechargePageBody, response: { 200: envelopeOf(pageResultOf(RechargeRecordRow)) } },
    },
    async (req) => ok(await records.pageRecharges(db, requireCaller(req).orgId, req.body)),
  );

  app.post(
    '/api/b2/funds/recharges/export',
    { config: { permission: PAGE }, schema: { tags, summary: '导出充值记录（Excel）', body: RechargeExportBody } },
    async (req, reply) => {
      const sheet = await records.rechargeSheet(db, requireCaller(req).orgId, req.body);
      return sendExcel(reply, '充值记录', [sheet]);
    },
  );

  app.post(
    '/api/b2/funds/replenish/page',
    {
      config: { permission: PAGE },
      schema: { tags, summary: '补款记录（待付款补款单）', body: ReplenishPageBody, response: { 200: envelopeOf(pageResultOf(ReplenishRecordRow)) } },
    },
    async (req) => ok(await records.pageReplenish(db, requireCaller(req).orgId, req.body)),
  );

  app.post(
    '/api/b2/funds/replenish/export',
    { config: { permission: PAGE }, schema: { tags, summary: '导出补款记录（Excel）', body: ReplenishExportBody } },
    async (req, reply) => {
      const sheet = await records.replenishSheet(db, requireCaller(req).orgId, req.body);
      return sendExcel(reply, '补款记录', [sheet]);
    },
  );

  app.get(
    '/api/home/goods/pay/later/statistics',
    { config: { permission: 'user' }, schema: { tags, summary: '先拿货后付款：待付款笔数与金额（分）', response: { 200: envelopeOf(PayLaterStatistics) } } },
    async (req) => ok(await records.payLaterStatistics(db, requireCaller(req).orgId)),
  );
}
