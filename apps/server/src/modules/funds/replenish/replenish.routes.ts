/** Replenish payment calls (补款): what the cashier shows and the payment itself. */
import { envelopeOf, OutTradeNoParams, ReplenishListQuery, ReplenishPayBody, ReplenishPaymentRow, ReplenishPayResult, ReplenishRow } from '@dropship/contract';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { ok } from '../../../lib/envelope.js';
import { originOf } from '../../../lib/request-origin.js';
import type { RouteApp } from '../../../lib/route-app.js';
import { requireCaller } from '../../../plugins/auth.js';
import type { AlipayGateway } from '../alipay/alipay-gateway.js';
import { replenishPaymentStatus } from '../alipay/payment-status.service.js';
import { listReplenish, payReplenish } from './replenish.service.js';

const tags = ['funds'];
/** Replenish requests live on 充值记录 (its pending-payment badge); sub-accounts need that page. */
const PERMISSION = '/funds/transferRecord';

export async function replenishRoutes(app: RouteApp, { db, gateway }: { db: Db; gateway: AlipayGateway }) {
  app.get(
    '/api/b2/funds/replenish/list',
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary: '补款单：指定编号（ids=1,2），或全部待支付',
        querystring: ReplenishListQuery,
        response: { 200: envelopeOf(z.array(ReplenishRow)) },
      },
    },
    async (req) => ok(await listReplenish(db, requireCaller(req).orgId, req.query.ids)),
  );

  app.post(
    '/api/b2/funds/replenish/pay',
    {
      config: { permission: PERMISSION },
      schema: {
        tags,
        summary: '支付补款单（余额需支付密码；支付宝返回收银台链接）',
        body: ReplenishPayBody,
        response: { 200: envelopeOf(ReplenishPayResult) },
      },
    },
    async (req) => ok(await payReplenish(db, gateway, requireCaller(req), req.body, originOf(req), req.log)),
  );

  app.get(
    '/api/b2/funds/replenish/payment/:outTradeNo',
    {
      config: { permission: PERMISSION },
      schema: { tags, summary: '补款支付宝支付单状态（未支付时向支付宝查询）', params: OutTradeNoParams, response: { 200: envelopeOf(ReplenishPaymentRow) } },
    },
    async (req) => ok(await replenishPaymentStatus(db, gateway, requireCaller(req).orgId, req.params.outTradeNo, req.log)),
  );
}
