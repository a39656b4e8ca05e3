/**
 * The seller's 货到付款 credit (docs/decisions/0018-pay-later.md), asked from two pages under each
 * page's own permission: the pay dialog of the order list (whoever may pay orders) and the
 * /basicSet/setPayment settings page (whoever may see the setting).
 */
import { envelopeOf, PayLaterCredit } from '@dropship/contract';
import type { AppDeps } from '../../../deps.js';
import { ok } from '../../../lib/envelope.js';
import type { RouteApp } from '../../../lib/route-app.js';
import { requireCaller } from '../../../plugins/auth.js';
import { payLaterCredit } from './pay-later.service.js';

const schema = (summary: string) => ({ tags: ['dropship-orders'], summary, response: { 200: envelopeOf(PayLaterCredit) } });

export async function payLaterRoutes(app: RouteApp, deps: AppDeps) {
  const { db } = deps;
  app.get(
    '/api/b2/post/orders/payLater/credit',
    { config: { permission: '/order/daifaOrderList' }, schema: schema('支付订单：货到付款是否开通、额度、已用、剩余（分）') },
    async (req) => ok(await payLaterCredit(db, requireCaller(req).orgId)),
  );
  app.get(
    '/api/b2/fulfilment/setPayment/credit',
    { config: { permission: '/basicSet/setPayment' }, schema: schema('货到付款服务设置：额度、已用、剩余（分）') },
    async (req) => ok(await payLaterCredit(db, requireCaller(req).orgId)),
  );
}
