/** The workbench's call (SPEC.md section 7, group "General"): POST /api/home/data. */
import { envelopeOf, HomeData } from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { homeData } from './workbench.service.js';

const tags = ['workbench'];
/** Bodiless: the caller decides the audience; any fields sent are ignored. */
const Empty = z.object({}).passthrough().nullish();

export async function workbenchRoutes(app: RouteApp, { db }: AppDeps) {
  app.post(
    '/api/home/data',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '工作台：今日待办、今日与昨日对比、近7天趋势', body: Empty, response: { 200: envelopeOf(HomeData) } },
    },
    async (req) => ok(await homeData(db, requireCaller(req))),
  );
}
