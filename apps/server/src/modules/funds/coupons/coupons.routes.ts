/** 优惠券: the seller's coupons by state, and the operator's issuing call. */
import { CouponIssueBody, CouponIssueResult, CouponPageBody, CouponPageResult, CouponStatus, envelopeOf } from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../../deps.js';
import { ok } from '../../../lib/envelope.js';
import { sendExcel } from '../../../lib/excel/index.js';
import type { RouteApp } from '../../../lib/route-app.js';
import { requireCaller } from '../../../plugins/auth.js';
import * as coupons from './coupons.service.js';

const ExportBody = z.object({ status: CouponStatus.default('UNUSED').describe('优惠券状态') });

export async function couponsRoutes(app: RouteApp, { db }: AppDeps) {
  app.post(
    '/api/b2/funds/coupon/page',
    {
      config: { permission: '/funds/coupon' },
      schema: { tags: ['funds'], summary: '优惠券列表（按状态，含各状态数量）', body: CouponPageBody, response: { 200: envelopeOf(CouponPageResult) } },
    },
    async (req) => ok(await coupons.pageCoupons(db, requireCaller(req).orgId, req.body)),
  );

  app.post(
    '/api/operator/coupons/issue',
    {
      config: { audit: 'coupon.issue', permission: '/operator/coupons' },
      schema: { tags: ['operator'], summary: '发放优惠券（指定卖家或全部卖家）', body: CouponIssueBody, response: { 200: envelopeOf(CouponIssueResult) } },
    },
    async (req) => ok(await coupons.issueCoupons(db, req.body)),
  );

  app.post(
    '/api/b2/funds/coupon/export',
    { config: { permission: '/funds/coupon' }, schema: { tags: ['funds'], summary: '导出优惠券（Excel）', body: ExportBody } },
    async (req, reply) => {
      const { status } = req.body;
      return sendExcel(reply, '优惠券', [await coupons.couponSheet(db, requireCaller(req).orgId, status)]);
    },
  );
}
