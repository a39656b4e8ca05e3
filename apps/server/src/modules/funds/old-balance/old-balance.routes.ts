/** 旧余额 (SPEC.md section 7 "General"): read it, and move it into the balance once. */
import { envelopeOf, OldBalance, OldBalanceMigrateResult } from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../../deps.js';
import { ok } from '../../../lib/envelope.js';
import type { RouteApp } from '../../../lib/route-app.js';
import { requireCaller } from '../../../plugins/auth.js';
import * as oldBalance from './old-balance.service.js';

const tags = ['funds'];
const PAGE = '/funds/balance';
/** Bodiless POSTs arrive as null or undefined. */
const Empty = z.object({}).passthrough().nullish();

export async function oldBalanceRoutes(app: RouteApp, { db }: AppDeps) {
  app.get(
    '/api/account/old/balance',
    { config: { permission: PAGE }, schema: { tags, summary: '旧系统余额（分）', response: { 200: envelopeOf(OldBalance) } } },
    async (req) => ok(await oldBalance.oldBalance(db, requireCaller(req).orgId)),
  );

  app.post(
    '/api/account/old/balance/migrate',
    {
      config: { permission: PAGE },
      schema: { tags, summary: '旧余额迁移到当前余额（只迁移一次）', body: Empty, response: { 200: envelopeOf(OldBalanceMigrateResult) } },
    },
    async (req) => ok(await oldBalance.migrateOldBalance(db, requireCaller(req).orgId)),
  );
}
