/**
 * Courier tracking (decision 0035): Kuaidi100's subscription push (form-urlencoded, its own sign; the
 * parser lives in the push's plugin scope only), the waybill lookup of /expressMsg and the recent
 * sign-offs of the workbench (POST /api/home/expressSignList).
 */
import { ExpressSignListBody, ExpressSignRow, ExpressTrace, ExpressTraceBody, envelopeOf } from '@dropship/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { type CourierGateway, TRACK_PUSH_PATH } from './courier-gateway.js';
import { recentSignOffs } from './courier-trace.repository.js';
import { acceptPush, lookupTrace } from './courier-trace.service.js';

const tags = ['courier-tracking'];
/** Kuaidi100's push carries `param` (the whole trace, up to a few hundred lines) and `sign`. */
const PushFields = z.record(z.string().max(32), z.string().max(256 * 1024));

export async function courierTraceRoutes(app: RouteApp, { db, courier }: { db: Db; courier: CourierGateway }) {
  await app.register(async (scope: RouteApp) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post(
      TRACK_PUSH_PATH,
      { config: { permission: 'public' }, schema: { tags, summary: '快递100订阅推送（验签后保存轨迹，应答 result/returnCode）', body: PushFields } },
      async (req) => acceptPush(db, courier, req.body, req.log),
    );
  });

  app.post(
    '/api/home/express/trace',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '物流查询：本组织的一个快递单号及其轨迹', body: ExpressTraceBody, response: { 200: envelopeOf(ExpressTrace) } },
    },
    async (req) => ok(await lookupTrace(db, courier, requireCaller(req).orgId, req.body.trackingNo)),
  );

  app.post(
    '/api/home/expressSignList',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '最近签收的包裹', body: ExpressSignListBody, response: { 200: envelopeOf(z.array(ExpressSignRow)) } },
    },
    async (req) => {
      const caller = requireCaller(req);
      const rows = await recentSignOffs(db, caller.orgId, caller.orgType === 'seller' ? 'seller' : 'purchaser', req.body.limit);
      return ok(
        rows.map((r) => ({
          trackingNo: r.tracking_no,
          courierCode: r.courier_code,
          courierName: r.express_name ?? r.courier_code,
          orderNo: r.order_no,
          signedAt: new Date(r.signed_at).toISOString(),
          lastText: r.last_text ?? '',
        })),
      );
    },
  );
}
