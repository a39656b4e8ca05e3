/**
 * POST /api/sms/code and /api/sms/code/v2 (SPEC.md section 7): a code to the caller's bound phone.
 * v1 is the legacy call (scene optional, empty answer); v2 names the scene and answers the masked
 * phone, the resend cooldown and the code's lifetime, so the page can run its countdown.
 */
import { envelopeOf, SmsCodeBody, SmsCodeV2Body, SmsCodeV2Result } from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
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
}
