/** 支付宝分账 / 分账授权: the authorization state, bind, unbind, the check against Alipay, and split records. */
import { alipayRoyalty } from '@dropship/channels';
import {
  envelopeOf,
  pageResultOf,
  RoyaltyAuthState,
  RoyaltyBindBody,
  RoyaltyRelationRow,
  RoyaltySettlementPageBody,
  RoyaltySettlementRow,
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
      schema: { tags, summary: '分账记录', body: RoyaltySettlementPageBody, response: { 200: envelopeOf(pageResultOf(RoyaltySettlementRow)) } },
    },
    async (req) => ok(await aliLedger.pageSettlements(db, requireCaller(req).orgId, req.body)),
  );

  app.post(
    '/api/b2/funds/aliLedger/export',
    { config: { permission: RECORDS }, schema: { tags, summary: '导出分账记录（Excel）', body: Empty } },
    async (req, reply) => sendExcel(reply, '分账记录', [await aliLedger.settlementsSheet(db, requireCaller(req).orgId)]),
  );
}
