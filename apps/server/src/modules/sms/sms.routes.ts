/**
 * POST /api/sms/code and /api/sms/code/v2 (SPEC.md section 7): a code to the caller's bound phone.
 * v1 is the legacy call (scene optional, empty answer); v2 names the scene and answers the masked
 * phone, the resend cooldown and the code's lifetime, so the page can run its countdown.
 */
import { envelopeOf, PhoneCodeResult, ResetCodeBody, SignUpCodeBody, SmsCodeBody, SmsCodeV2Body, SmsCodeV2Result } from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { checkCaptcha } from '../auth/index.js';
import { sendPhoneCode, sendResetCode } from './phone-codes.service.js';
import { sendCode } from './sms.service.js';
import { createSmsGateway } from './sms-gateway.js';

const tags = ['sms'];

export async function smsRoutes(app: RouteApp, { db, config }: AppDeps) {
  const gateway = createSmsGateway(config, app.log);
  app.addHook('onClose', () => gateway.close());

  app.post(
    '/api/sms/code',
    { config: { permission: 'user' }, schema: { tags, summary: '发送短信验证码到绑定手机', body: SmsCodeBody, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await sendCode(db, gateway, requireCaller(req), req.body.scene, req.log);
      return ok(null);
    },
  );

  app.post(
    '/api/sms/code/v2',
    {
      config: { permission: 'user' },
      schema: { tags, summary: '发送短信验证码（返回脱敏手机号与重发倒计时）', body: SmsCodeV2Body, response: { 200: envelopeOf(SmsCodeV2Result) } },
    },
    async (req) => ok(await sendCode(db, gateway, requireCaller(req), req.body.scene, req.log)),
  );

  // Codes before sign-in: the image captcha first, so a script cannot make the server send SMS.
  app.post(
    '/api/auth/register/code',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], summary: '注册：发送短信验证码', body: SignUpCodeBody, response: { 200: envelopeOf(PhoneCodeResult) } },
    },
    async (req) => {
      if (!config.captchaDisabled) await checkCaptcha(db, req.body.captchaId, req.body.captcha);
      return ok(await sendPhoneCode(db, gateway, { phone: req.body.phone, scene: 'SIGN_UP', ip: req.ip }, req.log));
    },
  );

  app.post(
    '/api/auth/password/code',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], summary: '找回密码：发送短信验证码到账号绑定的手机', body: ResetCodeBody, response: { 200: envelopeOf(PhoneCodeResult) } },
    },
    async (req) => {
      if (!config.captchaDisabled) await checkCaptcha(db, req.body.captchaId, req.body.captcha);
      return ok(await sendResetCode(db, gateway, { username: req.body.username, ip: req.ip }, req.log));
    },
  );
}
