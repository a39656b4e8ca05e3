/** 对账单: a month from the ledger, the 12-month overview, and a month as Excel. */
import { envelopeOf, monthField, StatementOverview, StatementQuery, StatementResult } from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../../deps.js';
import { ok } from '../../../lib/envelope.js';
import { type Sheet, sendExcel } from '../../../lib/excel/index.js';
import type { RouteApp } from '../../../lib/route-app.js';
import { requireCaller } from '../../../plugins/auth.js';
import * as statements from './statements.service.js';

const tags = ['funds'];
const PAGE = '/funds/accountStatement';
const OverviewQuery = z.object({ endMonth: monthField('截止月份').optional() });

export async function statementsRoutes(app: RouteApp, { db }: AppDeps) {
  app.get(
    '/api/b2/funds/statement',
    {
      config: { permission: PAGE },
      schema: { tags, summary: '月度对账单（期初、按交易类型的收支、期末）', querystring: StatementQuery, response: { 200: envelopeOf(StatementResult) } },
    },
    async (req) => ok(await statements.statement(db, requireCaller(req).orgId, req.query.month)),
  );

  app.get(
    '/api/b2/funds/statement/overview',
    {
      config: { permission: PAGE },
      schema: { tags, summary: '近12个月对账概览', querystring: OverviewQuery, response: { 200: envelopeOf(StatementOverview) } },
    },
    async (req) => ok(await statements.overview(db, requireCaller(req).orgId, req.query.endMonth)),
  );

  app.get(
    '/api/b2/funds/statement/export',
    { config: { permission: PAGE }, schema: { tags, summary: '导出月度对账单（Excel：对账单与资金明细）', querystring: StatementQuery } },
    async (req, reply) => {
      const { month } = req.query;
      const sheets = await statements.statementSheets(db, requireCaller(req).orgId, month);
      return sendExcel(reply, `对账单-${month}`, sheets as unknown as Sheet<unknown>[]);
    },
  );
}
