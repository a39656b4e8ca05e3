/** 拿货结算 / 拿货员结算: per period and stall, per picker, one picker's lines, and their Excel exports. */
import {
  envelopeOf,
  SettlementLinesBody,
  SettlementLinesResult,
  SettlementPickersBody,
  SettlementPickersResult,
  SettlementSummaryBody,
  SettlementSummaryResult,
} from '@dropship/contract';
import type { AppDeps } from '../../../deps.js';
import { ok } from '../../../lib/envelope.js';
import { sendExcel } from '../../../lib/excel/index.js';
import type { RouteApp } from '../../../lib/route-app.js';
import { requireCaller } from '../../../plugins/auth.js';
import * as settlements from './settlements.service.js';

const tags = ['funds'];
const PAGE = '/funds/nahuoSettlement';
// The picker sub-page is reached from 拿货结算 and has no menu code of its own: sub-accounts get it with the parent's.
const PICKER_PAGE = PAGE;

export async function settlementsRoutes(app: RouteApp, { db }: AppDeps) {
  app.post(
    '/api/b2/funds/settlement/summary',
    {
      config: { permission: PAGE },
      schema: { tags, summary: '拿货结算：按周期、档口汇总货款与佣金', body: SettlementSummaryBody, response: { 200: envelopeOf(SettlementSummaryResult) } },
    },
    async (req) => ok(await settlements.summary(db, requireCaller(req).orgId, req.body)),
  );

  app.post(
    '/api/b2/funds/settlement/summary/export',
    { config: { permission: PAGE }, schema: { tags, summary: '导出拿货结算（Excel）', body: SettlementSummaryBody } },
    async (req, reply) => sendExcel(reply, '拿货结算', [await settlements.summarySheet(db, requireCaller(req).orgId, req.body)]),
  );

  app.post(
    '/api/b2/funds/settlement/pickers',
    {
      config: { permission: PAGE },
      schema: { tags, summary: '拿货员结算：按拿货员汇总', body: SettlementPickersBody, response: { 200: envelopeOf(SettlementPickersResult) } },
    },
    async (req) => ok(await settlements.pickers(db, requireCaller(req).orgId, req.body)),
  );

  app.post(
    '/api/b2/funds/settlement/pickers/export',
    { config: { permission: PAGE }, schema: { tags, summary: '导出拿货员结算（Excel）', body: SettlementPickersBody } },
    async (req, reply) => sendExcel(reply, '拿货员结算', [await settlements.pickersSheet(db, requireCaller(req).orgId, req.body)]),
  );

  app.post(
    '/api/b2/funds/settlement/picker/lines',
    {
      config: { permission: PICKER_PAGE },
      schema: { tags, summary: '一个拿货员的结算明细', body: SettlementLinesBody, response: { 200: envelopeOf(SettlementLinesResult) } },
    },
    async (req) => ok(await settlements.pickerLines(db, requireCaller(req).orgId, req.body)),
  );

  app.post(
    '/api/b2/funds/settlement/picker/lines/export',
    { config: { permission: PICKER_PAGE }, schema: { tags, summary: '导出拿货员结算明细（Excel）', body: SettlementLinesBody } },
    async (req, reply) => {
      const { sheet, pickerName } = await settlements.linesSheet(db, requireCaller(req).orgId, req.body);
      return sendExcel(reply, `拿货员结算明细-${pickerName}`, [sheet]);
    },
  );
}
