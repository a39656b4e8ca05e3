/**
 * Sign-up and password reset (public), a purchaser's invite codes, a seller's binding, and the
 * operator's organisations console and audit log (decision 0028).
 */
import {
  AuditListBody,
  AuditPage,
  BindBody,
  BindingView,
  envelopeOf,
  InviteCreateBody,
  InviteCreateResult,
  InviteIdBody,
  InviteRow,
  LoginResult,
  OrgDetail,
  OrgIdBody,
  OrgListBody,
  OrgPage,
  OrgStateBody,
  PurchaserCreateBody,
  PurchaserCreateResult,
  ResetMainPasswordResult,
  ResetPasswordBody,
  SignUpBody,
  SupportSignInBody,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import { setIdentityCookies } from '../auth/index.js';
import * as invites from './invites.service.js';
import * as orgs from './orgs.service.js';
import { resetPassword, signUp } from './signup.service.js';

const OrgStateResult = z.object({ orgId: z.number(), state: z.string() });

export async function onboardingRoutes(app: RouteApp, { db, config }: AppDeps) {
  app.post(
    '/api/auth/register',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], summary: '卖家注册（注册后即登录）', body: SignUpBody, response: { 200: envelopeOf(LoginResult) } },
    },
    async (req, reply) => {
      const result = await signUp(db, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] }, config.sessionTtlHours);
      setIdentityCookies(req, reply, result);
      return ok(result);
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      config: { permission: 'public' },
      schema: { tags: ['auth'], summary: '找回密码：短信验证码设置新密码', body: ResetPasswordBody, response: { 200: envelopeOf(z.null()) } },
    },
    async (req) => {
      await resetPassword(db, req.body, { ip: req.ip });
      return ok(null);
    },
  );

  // ---- A purchaser's invite codes ----
  const purchaser = { permission: '/accountPermission/inviteCode' } as const;
  app.post(
    '/api/b2/purchaser/invite/create',
    {
      config: purchaser,
      schema: { tags: ['onboarding'], summary: '采购商：生成邀请码（只显示一次）', body: InviteCreateBody, response: { 200: envelopeOf(InviteCreateResult) } },
    },
    async (req) => ok(await invites.createInvite(db, requireCaller(req), req.body)),
  );
  app.get(
    '/api/b2/purchaser/invite/list',
    { config: purchaser, schema: { tags: ['onboarding'], summary: '采购商：邀请码列表', response: { 200: envelopeOf(z.array(InviteRow)) } } },
    async (req) => ok(await invites.listInvites(db, requireCaller(req))),
  );
  app.post(
    '/api/b2/purchaser/invite/revoke',
    { config: purchaser, schema: { tags: ['onboarding'], summary: '采购商：作废邀请码', body: InviteIdBody, response: { 200: envelopeOf(InviteRow) } } },
    async (req) => ok(await invites.revokeInvite(db, requireCaller(req), req.body.id)),
  );

  // ---- A seller's binding to its purchaser ----
  const seller = { permission: '/accountPermission/purchaserBinding' } as const;
  app.get(
    '/api/b2/purchaserBinding',
    { config: seller, schema: { tags: ['onboarding'], summary: '卖家：绑定的采购商', response: { 200: envelopeOf(BindingView) } } },
    async (req) => ok(await invites.bindingOf(db, requireCaller(req))),
  );
  app.post(
    '/api/b2/purchaserBinding/bind',
    { config: seller, schema: { tags: ['onboarding'], summary: '卖家：用邀请码绑定采购商', body: BindBody, response: { 200: envelopeOf(BindingView) } } },
    async (req) => ok(await invites.bind(db, requireCaller(req), req.body, req.ip)),
  );
  app.post(
    '/api/b2/purchaserBinding/unbind',
    { config: seller, schema: { tags: ['onboarding'], summary: '卖家：解除绑定（无未完成的订单和售后时）', response: { 200: envelopeOf(BindingView) } } },
    async (req) => ok(await invites.unbind(db, requireCaller(req), req.ip)),
  );

  // ---- Operator: organisations and the audit log ----
  // The console pages' codes, so operator roles grant them (decision 0029). The changes below write
  // their audit rows in their own transactions (orgs.service.ts), so the audit plugin adds none.
  const operator = { permission: '/operator/orgs', audit: false } as const;
  const auditLog = { permission: '/operator/auditLog', audit: false } as const;
  app.post(
    '/api/operator/orgs/page',
    { config: operator, schema: { tags: ['operator'], summary: '运营：组织列表', body: OrgListBody, response: { 200: envelopeOf(OrgPage) } } },
    async (req) => ok(await orgs.pageOrgs(db, req.body)),
  );
  app.post(
    '/api/operator/orgs/detail',
    { config: operator, schema: { tags: ['operator'], summary: '运营：组织详情', body: OrgIdBody, response: { 200: envelopeOf(OrgDetail) } } },
    async (req) => ok(await orgs.orgDetail(db, req.body.orgId)),
  );
  app.post(
    '/api/operator/orgs/createPurchaser',
    {
      config: operator,
      schema: { tags: ['operator'], summary: '运营：创建采购商及其主账号', body: PurchaserCreateBody, response: { 200: envelopeOf(PurchaserCreateResult) } },
    },
    async (req) => ok(await orgs.createPurchaser(db, requireCaller(req), req.body, req.ip)),
  );
  app.post(
    '/api/operator/orgs/state',
    {
      config: operator,
      schema: {
        tags: ['operator'],
        summary: '运营：停用 / 启用组织（停用即结束其所有登录）',
        body: OrgStateBody,
        response: { 200: envelopeOf(OrgStateResult) },
      },
    },
    async (req) => ok(await orgs.setOrgState(db, requireCaller(req), req.body, req.ip)),
  );
  app.post(
    '/api/operator/orgs/resetMainPassword',
    {
      config: operator,
      schema: {
        tags: ['operator'],
        summary: '运营：重置主账号密码（新密码只显示一次）',
        body: OrgIdBody,
        response: { 200: envelopeOf(ResetMainPasswordResult) },
      },
    },
    async (req) => ok(await orgs.resetMainPassword(db, requireCaller(req), req.body.orgId, req.ip)),
  );
  app.post(
    '/api/operator/orgs/supportSignIn',
    {
      config: operator,
      schema: { tags: ['operator'], summary: '运营：以支持模式登录组织主账号', body: SupportSignInBody, response: { 200: envelopeOf(LoginResult) } },
    },
    async (req) => ok(await orgs.supportSignIn(db, requireCaller(req), req.body, { ip: req.ip, userAgent: req.headers['user-agent'] }, config.sessionTtlHours)),
  );
  app.post(
    '/api/operator/auditLog/page',
    { config: auditLog, schema: { tags: ['operator'], summary: '运营：操作日志', body: AuditListBody, response: { 200: envelopeOf(AuditPage) } } },
    async (req) => ok(await orgs.pageAudit(db, req.body)),
  );
}
