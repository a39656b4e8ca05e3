/** Funds calls: the caller's balance, and the operator's ledger check. */
import { BalanceResult, envelopeOf, LedgerCheckResult } from '@dropship/contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.js';
import { ok } from '../../lib/envelope.js';
import { requireCaller } from '../../plugins/auth.js';
import * as ledger from './ledger.service.js';

export async function fundsRoutes(app: FastifyInstance, { db }: AppDeps) {
  app.get(
    '/api/b2/funds/balance',
    { config: { permission: '/funds/balance' }, schema: { tags: ['funds'], summary: '余额（分）', response: { 200: envelopeOf(BalanceResult) } } },
    async (req) => ok(await ledger.balanceOf(db, requireCaller(req).orgId)),
  );

  app.get(
    '/api/operator/funds/check',
    {
      config: { permission: 'operator' },
      schema: { tags: ['operator'], summary: '账本核对：余额等于流水合计', response: { 200: envelopeOf(LedgerCheckResult) } },
    },
    async () => ok(await ledger.checkLedger(db)),
  );
}
