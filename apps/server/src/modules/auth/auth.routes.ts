/** Sign-in for sellers (/api/auth/login) and purchasers (captcha + /api/b2/purchaser/auth/login). */
import { CaptchaResult, envelopeOf, LoginResult, PurchaserLoginBody, SellerLoginBody, UserInfo } from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import * as service from './auth.service.js';
import { setIdentityCookies } from './cookies.js';

export async function authRoutes(app: RouteApp, { db, config }: AppDeps) {
  app.post(
    '/api/auth/login',
    { config: { permission: 'public' }, schema: { tags: ['auth'], summary: '卖家登录', body: SellerLoginBody, response: { 200: envelopeOf(LoginResult) } } },
    async (req, reply) => {
      const body = req.body;
      // An address that failed too often solves the image captcha first (the purchaser sign-in always does).
      if (!config.captchaDisabled && (await service.addressNeedsCaptcha(db, req.ip))) {
        await service.checkCaptcha(db, body.captchaId, body.captcha, '登录失败次数过多，请输入验证码后再登录');
      }
      const result = await service.login(db, { ...body, ip: req.ip, userAgent: req.headers['user-agent'], portal: 'seller' }, config.sessionTtlHours);
      setIdentityCookies(req, reply, result);
      return ok(result);
    },
  );

  app.get(
    '/api/b2/purchaser/auth/captcha',
    { config: { permission: 'public' }, schema: { tags: ['auth'], summary: '采购商登录验证码', response: { 200: envelopeOf(CaptchaResult) } } },
    async () => {
      if (config.captchaDisabled) return ok({ captchaId: '', image: '', disabled: true });
      return ok({ ...(await service.createCaptcha(db)), disabled: false });
    },
  );

  app.post(
    '/api/b2/purchaser/auth/login',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], summary: '采购商登录', body: PurchaserLoginBody, response: { 200: envelopeOf(LoginResult) } },
    },
    async (req, reply) => {
      const body = req.body;
      if (!config.captchaDisabled) await service.checkCaptcha(db, body.captchaId, body.captcha);
      const result = await service.login(db, { ...body, ip: req.ip, userAgent: req.headers['user-agent'], portal: 'purchaser' }, config.sessionTtlHours);
      setIdentityCookies(req, reply, result);
      return ok(result);
    },
  );

  app.post(
    '/api/auth/logout',
    { config: { permission: 'account' }, schema: { tags: ['auth'], summary: '退出登录', response: { 200: envelopeOf(z.null()) } } },
    async (req, reply) => {
      await service.logout(db, requireCaller(req).sessionId);
      reply.clearCookie('user_id', { path: '/' });
      reply.clearCookie('user_hash', { path: '/' });
      return ok(null);
    },
  );

  app.get(
    '/api/b2/user',
    { config: { permission: 'account' }, schema: { tags: ['shell'], summary: '用户信息', response: { 200: envelopeOf(UserInfo) } } },
    async (req) => {
      const caller = requireCaller(req);
      return ok(await service.userInfo(db, caller.userId, caller.supportOperatorId));
    },
  );
}
