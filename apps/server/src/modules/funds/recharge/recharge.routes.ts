/**
 * Recharge calls and Alipay's callbacks. The notify is form-urlencoded (Alipay's format), so its
 * parser is registered in the notify's own plugin scope and nowhere else.
 */
import { AlipayPayResult, envelopeOf, OutTradeNoParams, RechargeBody, RechargeRow } from '@dropship/contract';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { ok } from '../../../lib/envelope.js';
import { originOf } from '../../../lib/request-origin.js';
import type { RouteApp } from '../../../lib/route-app.js';
import { requireCaller } from '../../../plugins/auth.js';
import { ALIPAY_NOTIFY_PATH, ALIPAY_RETURN_PATH, type AlipayGateway } from '../alipay/alipay-gateway.js';
import { handleAlipayNotify, handleAlipayReturn } from '../alipay/alipay-notify.service.js';
import { rechargeStatus } from '../alipay/payment-status.service.js';
import { createRecharge } from './recharge.service.js';

const tags = ['funds'];
const PERMISSION = '/funds/rechargeWithdraw';

/** Alipay's form fields are short; anything else is not a notify. */
const CallbackFields = z.record(z.string().max(64), z.string().max(4096));

export async function rechargeRoutes(app: RouteApp, { db, gateway }: { db: Db; gateway: AlipayGateway }) {
  app.post(
    '/api/b2/funds/recharge',
    {
      config: { permission: PERMISSION },
      schema: { tags, summary: '支付宝充值：返回收银台链接', body: RechargeBody, response: { 200: envelopeOf(AlipayPayResult) } },
    },
    async (req) => ok(await createRecharge(db, gateway, requireCaller(req), req.body, originOf(req), req.log)),
  );

  app.get(
    '/api/b2/funds/recharge/:outTradeNo',
    {
      config: { permission: PERMISSION },
      schema: { tags, summary: '充值单状态（未支付时向支付宝查询，漏掉的通知也能入账）', params: OutTradeNoParams, response: { 200: envelopeOf(RechargeRow) } },
    },
    async (req) => ok(await rechargeStatus(db, gateway, requireCaller(req).orgId, req.params.outTradeNo, req.log)),
  );

  app.get(
    ALIPAY_RETURN_PATH,
    { config: { permission: 'public' }, schema: { tags, summary: '支付宝同步返回：核对支付结果后跳转到页面（payCallback）', querystring: CallbackFields } },
    async (req, reply) => reply.redirect(await handleAlipayReturn(db, gateway, req.query, req.log), 302),
  );

  await app.register(async (scope: RouteApp) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post(
      ALIPAY_NOTIFY_PATH,
      { config: { permission: 'public' }, schema: { tags, summary: '支付宝异步通知（验签、核对金额后入账，应答 success / fail）', body: CallbackFields } },
      async (req, reply) => {
        const answer = await handleAlipayNotify(db, gateway, req.body, req.log);
        return reply.type('text/plain; charset=utf-8').send(answer);
      },
    );
  });
}
