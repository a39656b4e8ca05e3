/** 支付宝分账 / 分账授权: the authorization state, bind, unbind, the check against Alipay, and split records. */
import { alipayRoyalty } from '@dropship/channels';
import {
  envelopeOf,
  RoyaltyAuthState,
  RoyaltyBindBody,
  RoyaltyCheckResult,
  RoyaltyRelationRow,
  RoyaltySettlementFilter,
  RoyaltySettlementPage,
  RoyaltySettlementPageBody,
  RoyaltyVerifyResult,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../../deps.js';
import { ok } from '../../../lib/envelope.js';
import { sendExcel } from '../../../lib/excel/index.js';
import type { RouteApp } from '../../../lib/route-app.js';
import { requireCaller } from '../../../plugins/auth.js';
import { type AlipayGateway, createAlipayGateway } from '../alipay/alipay-gateway.js';
import * as aliLedger from './ali-ledger.service.js';
import { checkRoyaltyLedger } from './royalty-settle.service.js';

const tags = ['funds'];
const AUTH = '/funds/aliLedgerAuth';
const RECORDS = '/funds/aliLedger';
const Empty = z.object({}).passthrough().nullish();

export async function aliLedgerRoutes(app: RouteApp, deps: AppDeps & { alipay?: AlipayGateway }) {
  const { db } = deps;
  // One Alipay for the whole server when the app hands it over; otherwise this plugin keeps its own.
  let gateway = deps.alipay;
  if (!gateway) {
    const own = createAlipayGateway(deps.config, app.log);
    app.addHook('onClose', () => own.close());
    gateway = own;
  }
  const shared = gateway;
  const royalty: aliLedger.RoyaltyProvider = async () => alipayRoyalty(await shared.client());

  app.get(
    '/api/b2/funds/aliLedger/auth',
    { config: { permission: AUTH }, schema: { tags, summary: '分账授权状态与记录', response: { 200: envelopeOf(RoyaltyAuthState) } } },
    async (req) => ok(await aliLedger.authState(db, requireCaller(req).orgId)),
  );

  app.post(
    '/api/b2/funds/aliLedger/bind',
    {
      config: { permission: AUTH },
      schema: { tags, summary: '授权分账：绑定支付宝账号为分账接收方', body: RoyaltyBindBody, response: { 200: envelopeOf(RoyaltyRelationRow) } },
    },
    async (req) => ok(await aliLedger.bindRoyalty(db, royalty, requireCaller(req).orgId, req.body)),
  );

  app.post(
    '/api/b2/funds/aliLedger/unbind',
    { config: { permission: AUTH }, schema: { tags, summary: '解除分账授权', body: Empty, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await aliLedger.unbindRoyalty(db, royalty, requireCaller(req).orgId);
      return ok(null);
    },
  );

  app.post(
    '/api/b2/funds/aliLedger/verify',
    { config: { permission: AUTH }, schema: { tags, summary: '向支付宝核对分账关系', body: Empty, response: { 200: envelopeOf(RoyaltyVerifyResult) } } },
    async (req) => ok(await aliLedger.verifyRoyalty(db, royalty, requireCaller(req).orgId)),
  );

  app.post(
    '/api/b2/funds/aliLedger/page',
    {
      config: { permission: RECORDS },
      schema: {
        tags,
        summary: '分账记录（按日期、状态、交易号筛选，带合计）',
        body: RoyaltySettlementPageBody,
        response: { 200: envelopeOf(RoyaltySettlementPage) },
      },
    },
    async (req) => ok(await aliLedger.pageSettlements(db, requireCaller(req).orgId, req.body)),
  );

  app.post(
    '/api/b2/funds/aliLedger/export',
    { config: { permission: RECORDS }, schema: { tags, summary: '导出分账记录（Excel，筛选条件同列表）', body: RoyaltySettlementFilter.nullish() } },
    async (req, reply) => sendExcel(reply, '分账记录', [await aliLedger.settlementsSheet(db, requireCaller(req).orgId, req.body ?? {})]),
  );

  app.get(
    '/api/operator/funds/royaltyCheck',
    {
      config: { permission: '/operator/withdrawals' },
      schema: { tags: ['operator'], summary: '分账核对：分账记录与余额流水一致', response: { 200: envelopeOf(RoyaltyCheckResult) } },
    },
    async () => ok(await checkRoyaltyLedger(db)),
  );
}
