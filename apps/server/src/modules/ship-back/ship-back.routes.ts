/**
 * The seller's view of shipping back to the shop: one order's state (the detail page), retry, and
 * the failed ones (a count and list the pages show). Also registers the push job; needs app.jobs
 * and app.channels, so it is registered after the shops plugin.
 */
import { envelopeOf, ShipBackFailuresBody, ShipBackFailuresResult, ShipBackOrderQuery, ShipBackOrderResult, ShipBackView } from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { failedShipBacks, retryShipBack, runShipBack, SHIP_BACK_JOB, SHIP_BACK_MAX_ATTEMPTS, shipBackOf } from './ship-back.service.js';

const tags = ['ship-back'];
const LIST = { permission: '/order/daifaOrderList' } as const;
const Payload = z.object({ orgId: z.number().int().positive(), orderId: z.number().int().positive() });

export async function shipBackRoutes(app: RouteApp, { db }: AppDeps) {
  const deps = { db, channels: app.channels, jobs: app.jobs };
  app.jobs.register(SHIP_BACK_JOB, Payload, (p, ctx) => runShipBack(deps, p, ctx), { maxAttempts: SHIP_BACK_MAX_ATTEMPTS });

  app.get(
    '/api/b2/post/orders/shipBack',
    {
      config: LIST,
      schema: {
        tags,
        summary: '订单的物流回传状态（null：手工订单或未发货，无需回传）',
        querystring: ShipBackOrderQuery,
        response: { 200: envelopeOf(ShipBackOrderResult) },
      },
    },
    async (req) => ok(await shipBackOf(db, requireCaller(req).orgId, req.query.orderId)),
  );

  app.post(
    '/api/b2/post/orders/shipBack/retry',
    { config: LIST, schema: { tags, summary: '重试回传失败的订单', body: ShipBackOrderQuery, response: { 200: envelopeOf(ShipBackView.nullable()) } } },
    async (req) => ok(await retryShipBack(db, app.jobs, requireCaller(req).orgId, req.body.orderId)),
  );

  app.post(
    '/api/b2/post/orders/shipBack/failures',
    {
      config: LIST,
      schema: { tags, summary: '回传失败的订单（数量与列表）', body: ShipBackFailuresBody, response: { 200: envelopeOf(ShipBackFailuresResult) } },
    },
    async (req) => ok(await failedShipBacks(db, requireCaller(req).orgId, req.body)),
  );
}
