/**
 * Pay password calls (/funds/resetPayPass). Permission 'user': every signed-in account manages
 * its own pay password, like its login password (sub-accounts cannot be granted non-menu pages).
 */
import { envelopeOf, PayPasswordChangeBody, PayPasswordResetBody, PayPasswordSetBody, PayPasswordStatus } from '@dropship/contract';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { ok } from '../../../lib/envelope.js';
import type { RouteApp } from '../../../lib/route-app.js';
import { requireCaller } from '../../../plugins/auth.js';
import * as service from './pay-password.service.js';

const tags = ['funds'];

export async function payPasswordRoutes(app: RouteApp, { db }: { db: Db }) {
  app.get(
    '/api/b2/funds/payPassword/status',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '支付密码状态（是否已设置、是否锁定、绑定手机）', response: { 200: envelopeOf(PayPasswordStatus) } },
    },
    async (req) => ok(await service.payPasswordStatus(db, requireCaller(req))),
  );

  app.post(
    '/api/b2/funds/payPassword/set',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '首次设置支付密码（需登录密码）', body: PayPasswordSetBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await service.setPayPassword(db, requireCaller(req), req.body, req.ip);
      return ok(null);
    },
  );

  app.post(
    '/api/b2/funds/payPassword/change',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '修改支付密码（需原支付密码）', body: PayPasswordChangeBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await service.changePayPassword(db, requireCaller(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/api/b2/funds/payPassword/reset',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '通过短信验证码重置支付密码', body: PayPasswordResetBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await service.resetPayPassword(db, requireCaller(req), req.body);
      return ok(null);
    },
  );
}
