/** Withdrawal calls: the seller's account binding, requests and list; the operator's review. */
import {
  envelopeOf,
  OperatorWithdrawalPage,
  WithdrawAccount,
  WithdrawAccountBody,
  WithdrawalExportQuery,
  WithdrawalIdParams,
  WithdrawalPage,
  WithdrawalPageQuery,
  WithdrawalRow,
  WithdrawBody,
  WithdrawRejectBody,
} from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { ok } from '../../../lib/envelope.js';
import { sendXlsx } from '../../../lib/excel/index.js';
import type { RouteApp } from '../../../lib/route-app.js';
import { requireCaller } from '../../../plugins/auth.js';
import type { AlipayGateway } from '../alipay/alipay-gateway.js';
import * as service from './withdraw.service.js';

const tags = ['funds'];
/** Binding the account belongs to withdrawing: /funds/bindAlipay is not a menu page a sub-account could be granted. */
const PERMISSION = '/funds/rechargeWithdraw';

export async function withdrawRoutes(app: RouteApp, { db, gateway }: { db: Db; gateway: AlipayGateway }) {
  app.get(
    '/api/b2/funds/withdrawAccount',
    { config: { permission: PERMISSION }, schema: { tags, summary: '提现支付宝账号（脱敏）', response: { 200: envelopeOf(WithdrawAccount) } } },
    async (req) => ok(await service.withdrawAccount(db, requireCaller(req).orgId)),
  );

  app.post(
    '/api/b2/funds/withdrawAccount/bind',
    {
      config: { permission: PERMISSION },
      schema: { tags, summary: '绑定或更换提现支付宝账号（需支付密码）', body: WithdrawAccountBody, response: { 200: envelopeOf(WithdrawAccount) } },
    },
    async (req) => ok(await service.bindWithdrawAccount(db, requireCaller(req), req.body)),
  );

  app.post(
    '/api/b2/funds/withdraw',
    {
      config: { permission: PERMISSION },
      schema: { tags, summary: '申请提现（冻结金额，待平台审核）', body: WithdrawBody, response: { 200: envelopeOf(WithdrawalRow) } },
    },
    async (req) => ok(await service.requestWithdrawal(db, requireCaller(req), req.body)),
  );

  app.get(
    '/api/b2/funds/withdrawals',
    {
      config: { permission: PERMISSION },
      schema: { tags, summary: '我的提现记录', querystring: WithdrawalPageQuery, response: { 200: envelopeOf(WithdrawalPage) } },
    },
    async (req) => ok(await service.pageMyWithdrawals(db, requireCaller(req).orgId, req.query)),
  );

  app.get(
    '/api/b2/funds/withdrawals/export',
    { config: { permission: PERMISSION }, schema: { tags, summary: '导出我的提现记录（Excel）', querystring: WithdrawalExportQuery } },
    async (req, reply) => sendXlsx(reply, '提现记录', service.exportMyWithdrawals(db, requireCaller(req).orgId, req.query.status, req.log)),
  );

  app.get(
    '/api/operator/funds/withdrawals',
    {
      config: { permission: '/operator/withdrawals' },
      schema: { tags: ['operator'], summary: '提现审核列表', querystring: WithdrawalPageQuery, response: { 200: envelopeOf(OperatorWithdrawalPage) } },
    },
    async (req) => ok(await service.pageAllWithdrawals(db, req.query)),
  );

  app.post(
    '/api/operator/funds/withdrawals/:id/approve',
    {
      config: { audit: 'withdrawal.approve', permission: '/operator/withdrawals' },
      schema: { tags: ['operator'], summary: '审核通过并通过支付宝打款', params: WithdrawalIdParams, response: { 200: envelopeOf(WithdrawalRow) } },
    },
    async (req) => ok(await service.approveWithdrawal(db, gateway, requireCaller(req).userId, req.params.id, req.log)),
  );

  app.post(
    '/api/operator/funds/withdrawals/:id/reject',
    {
      config: { audit: 'withdrawal.reject', permission: '/operator/withdrawals' },
      schema: {
        tags: ['operator'],
        summary: '驳回提现（冻结金额退回可用余额）',
        params: WithdrawalIdParams,
        body: WithdrawRejectBody,
        response: { 200: envelopeOf(WithdrawalRow) },
      },
    },
    async (req) => ok(await service.rejectWithdrawal(db, requireCaller(req).userId, req.params.id, req.body.reason)),
  );
}
