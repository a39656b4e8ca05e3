/**
 * Funds calls: the balance and its entries (with the Excel export), the operator's ledger check,
 * and — registered from here with the one Alipay gateway they share — pay passwords, recharge and
 * Alipay's callbacks, withdrawal and replenish payment.
 */
import { BalanceResult, EntryPage, EntryQuery, envelopeOf, LedgerCheckResult } from '@dropship/contract';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsx } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import type { AlipayGateway } from './alipay/alipay-gateway.js';
import { exportEntries, pageEntries } from './ledger/entries.service.js';
import * as ledger from './ledger/ledger.service.js';
import { payPasswordRoutes } from './pay-password/pay-password.routes.js';
import { rechargeRoutes } from './recharge/recharge.routes.js';
import { replenishRoutes } from './replenish/replenish.routes.js';
import { withdrawRoutes } from './withdraw/withdraw.routes.js';

export async function fundsRoutes(app: RouteApp, { db, alipay: gateway }: AppDeps & { alipay: AlipayGateway }) {
  app.get(
    '/api/b2/funds/balance',
    { config: { permission: '/funds/balance' }, schema: { tags: ['funds'], summary: '余额（分）', response: { 200: envelopeOf(BalanceResult) } } },
    async (req) => ok(await ledger.balanceOf(db, requireCaller(req).orgId)),
  );

  app.get(
    '/api/b2/funds/entries',
    {
      config: { permission: '/funds/balance' },
      schema: { tags: ['funds'], summary: '余额明细（按交易类型、时间筛选，分页）', querystring: EntryQuery, response: { 200: envelopeOf(EntryPage) } },
    },
    async (req) => ok(await pageEntries(db, requireCaller(req).orgId, req.query)),
  );

  app.get(
    '/api/b2/funds/entries/export',
    { config: { permission: '/funds/balance' }, schema: { tags: ['funds'], summary: '导出余额明细（Excel，筛选条件同列表）', querystring: EntryQuery } },
    async (req, reply) => sendXlsx(reply, '余额明细', await exportEntries(db, requireCaller(req).orgId, req.query, req.log)),
  );

  app.get(
    '/api/operator/funds/check',
    {
      config: { permission: '/operator/withdrawals' },
      schema: { tags: ['operator'], summary: '账本核对：余额等于流水合计', response: { 200: envelopeOf(LedgerCheckResult) } },
    },
    async () => ok(await ledger.checkLedger(db)),
  );

  await app.register(payPasswordRoutes, { db });
  await app.register(rechargeRoutes, { db, gateway });
  await app.register(withdrawRoutes, { db, gateway });
  await app.register(replenishRoutes, { db, gateway });
}
