/**
 * GET /api/b2/post/orders/speedDelivery: what the place page needs to show the 加急发货 switch
 * (enabled, default, price). Placing's permission, not the settings page's: a sub-account that
 * places orders need not be allowed to change the setting.
 */
import { envelopeOf, SpeedDeliveryTerms } from '@dropship/contract';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { speedTerms } from './speed-delivery.js';

export async function speedDeliveryRoutes(app: RouteApp, deps: AppDeps) {
  const { db } = deps;
  app.get(
    '/api/b2/post/orders/speedDelivery',
    {
      config: { permission: '/order/placeOrder' },
      schema: {
        tags: ['dropship-orders'],
        summary: '下单页：加急发货是否开通、是否默认加急、每单加急费（分）',
        response: { 200: envelopeOf(SpeedDeliveryTerms) },
      },
    },
    async (req) => ok(await speedTerms(db, requireCaller(req).orgId)),
  );
}
