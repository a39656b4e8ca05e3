/** Take items: the purchaser's read-only list (assignment comes with purchaser fulfilment) and the operator's serving purchaser. */
import { envelopeOf, ServingPurchaserBody, ServingPurchaserResult, TakeItemsPageBody, TakeItemsPageResult } from '@dropship/contract';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import * as service from './take-items.service.js';

export async function takeItemsRoutes(app: RouteApp, { db }: AppDeps) {
  app.post(
    '/api/b2/purchaser/takeItems/page',
    {
      // The purchaser's pick-up page: whoever may assign pick-up tasks may read them.
      config: { permission: '/offlineReturnOrder/pickup', audience: 'purchaser' },
      schema: {
        tags: ['take-items'],
        summary: '采购商：拿货项列表（只读，按拿货码、分配状态、区域筛选）',
        body: TakeItemsPageBody,
        response: { 200: envelopeOf(TakeItemsPageResult) },
      },
    },
    async (req) => ok(await service.pageTakeItems(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/operator/dropship/servingPurchaser',
    {
      config: { audit: 'org.servingPurchaser', permission: '/operator/orgs' },
      schema: {
        tags: ['operator'],
        summary: '运营：指定为卖家接单的采购商',
        body: ServingPurchaserBody,
        response: { 200: envelopeOf(ServingPurchaserResult) },
      },
    },
    async (req) => {
      const b = req.body;
      return ok(await service.assignServingPurchaser(db, b.sellerOrgId, b.purchaserOrgId));
    },
  );
}
