/**
 * 会员: the seller's plans, status (the header's level and expiry), purchase and Alipay trade poll;
 * the operator console's plan calls (each declares its console page and, when it writes, its audit action).
 */
import {
  envelopeOf,
  MemberBuyBody,
  MemberBuyResult,
  MemberPayment,
  MemberPaymentQuery,
  MemberPlanIdParams,
  MemberPlanOffer,
  MemberPlanRow,
  MemberPlanSaveBody,
  MemberStatus,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { originOf } from '../../lib/request-origin.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import type { AlipayGateway } from '../funds/index.js';
import { listOffers, listPlans, memberStatus, publishPlan, remindExpiringMembers, savePlan, withdrawPlan } from './membership.service.js';
import { buyPlan, memberPaymentStatus } from './membership-alipay.service.js';

const tags = ['membership'];
const opTags = ['operator'];
const PAY = { permission: '/member/pay' } as const;
const PLANS = '/operator/memberPlans';
export const REMIND_JOB = 'membership.remindExpiring';
const REMIND_INTERVAL_MS = 6 * 3_600_000;

export async function membershipRoutes(app: RouteApp, deps: AppDeps & { alipay: AlipayGateway }) {
  const { db, alipay } = deps;
  app.jobs.register(REMIND_JOB, z.object({}).passthrough(), async () => {
    await remindExpiringMembers(db);
  });
  app.addHook('onReady', async () => {
    await app.jobs.schedule(REMIND_JOB, REMIND_JOB, REMIND_INTERVAL_MS, { firstInMs: 90_000 });
  });

  app.get(
    '/api/b2/member/plans',
    { config: PAY, schema: { tags, summary: '可购买的会员套餐', response: { 200: envelopeOf(z.array(MemberPlanOffer)) } } },
    async () => ok(await listOffers(db)),
  );
  app.get(
    '/api/b2/member/status',
    { config: { permission: 'user' }, schema: { tags, summary: '当前会员等级与到期时间（页头）', response: { 200: envelopeOf(MemberStatus) } } },
    async (req) => ok(await memberStatus(db, requireCaller(req).orgId)),
  );
  app.post(
    '/api/b2/member/buy',
    {
      config: PAY,
      schema: { tags, summary: '购买或续费会员（余额需支付密码，或支付宝）', body: MemberBuyBody, response: { 200: envelopeOf(MemberBuyResult) } },
    },
    async (req) => ok(await buyPlan(db, alipay, requireCaller(req), req.body, originOf(req), req.log)),
  );
  app.get(
    '/api/b2/member/payment',
    { config: PAY, schema: { tags, summary: '会员支付宝交易的支付结果', querystring: MemberPaymentQuery, response: { 200: envelopeOf(MemberPayment) } } },
    async (req) => ok(await memberPaymentStatus(db, alipay, requireCaller(req).orgId, req.query.outTradeNo, req.log)),
  );

  app.post(
    '/api/operator/memberPlans/page',
    {
      config: { audit: false, permission: PLANS },
      schema: { tags: opTags, summary: '运营：会员套餐列表', response: { 200: envelopeOf(z.array(MemberPlanRow)) } },
    },
    async () => ok(await listPlans(db)),
  );
  app.post(
    '/api/operator/memberPlans/save',
    {
      config: { audit: 'memberPlan.save', permission: PLANS },
      schema: { tags: opTags, summary: '运营：新建或修改会员套餐（已发布的需先下架）', body: MemberPlanSaveBody, response: { 200: envelopeOf(MemberPlanRow) } },
    },
    async (req) => ok(await savePlan(db, requireCaller(req).userId, req.body)),
  );
  app.post(
    '/api/operator/memberPlans/:id/publish',
    {
      config: { audit: 'memberPlan.publish', permission: PLANS },
      schema: { tags: opTags, summary: '运营：发布会员套餐', params: MemberPlanIdParams, response: { 200: envelopeOf(MemberPlanRow) } },
    },
    async (req) => ok(await publishPlan(db, req.params.id)),
  );
  app.post(
    '/api/operator/memberPlans/:id/withdraw',
    {
      config: { audit: 'memberPlan.withdraw', permission: PLANS },
      schema: { tags: opTags, summary: '运营：下架会员套餐（已购会员不受影响）', params: MemberPlanIdParams, response: { 200: envelopeOf(MemberPlanRow) } },
    },
    async (req) => ok(await withdrawPlan(db, req.params.id)),
  );
}
