/** The picker's phone view (/picker): today's items, find by pick-up code, mark, and undo (the SPEC's cancelTook). */
import { envelopeOf, PickCancelBody, PickFindBody, PickFindResult, PickMarkBody, PickOutcomeResult, PickTodayResult } from '@dropship/contract';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import * as service from './picking.service.js';
import * as view from './picking-view.js';

/** Sub-accounts need the picker page's code (拿货员工作台); the main account has every code. */
const PAGE = '/picker';
const tags = ['picking'];

export async function pickingRoutes(app: RouteApp, { db }: AppDeps) {
  app.get(
    '/api/b2/purchaser/picking/today',
    {
      config: { permission: PAGE },
      schema: { tags, summary: '拿货员：今天的拿货项（按档口行走顺序）', response: { 200: envelopeOf(PickTodayResult) } },
    },
    async (req) => ok(await view.today(db, requireCaller(req))),
  );

  app.post(
    '/api/b2/purchaser/picking/findByCode',
    {
      config: { permission: PAGE },
      schema: { tags, summary: '拿货员：按拿货码查找拿货项（扫码枪或摄像头）', body: PickFindBody, response: { 200: envelopeOf(PickFindResult) } },
    },
    async (req) => ok(await view.findByCode(db, requireCaller(req), req.body.takeCode)),
  );

  app.post(
    '/api/b2/purchaser/picking/mark',
    {
      config: { permission: PAGE },
      schema: {
        tags,
        summary: '拿货员：标记拿货结果（已拿、部分拿到、缺货、明日拿、换货、停产），一件或同一档口的多件',
        body: PickMarkBody,
        response: { 200: envelopeOf(PickOutcomeResult) },
      },
    },
    async (req) => ok(await service.mark(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/purchaser/assigned/cancelTook',
    {
      config: { permission: PAGE },
      schema: { tags, summary: '撤销拿货标记（入仓前），退回或收回相应款项', body: PickCancelBody, response: { 200: envelopeOf(PickOutcomeResult) } },
    },
    async (req) => ok(await service.cancelTook(db, requireCaller(req), req.body.takeItemIds)),
  );
}
