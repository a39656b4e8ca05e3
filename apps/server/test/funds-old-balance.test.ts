/**
 * 旧余额: GET /api/account/old/balance and the one-time move into the ledger (BALANCE_MIGRATE,
 * request key migrate:<orgId>, legacy row marked in the same transaction). Concurrent and repeated
 * calls move the money once; other tenants see and move nothing of it.
 */
import { ErrorCode } from '@dropship/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { legacyBalances } from '../src/modules/funds/old-balance/old-balance.table.js';
import { callers, orgOf } from './funds-records-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, PASSWORD, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let sellerOrg: number;
let otherOrg: number;
const { get, post, raw } = callers(() => t);
const db = () => t.database.db;
const tables = { legacyBalances, ledgerEntries };

beforeAll(async () => {
  t = await createTestApp();
  const second = await createSecondSeller(db(), 'ob');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  purchaser = await login(t.app, 'demo_purchaser');
  sellerOrg = await orgOf(t, seller);
  otherOrg = second.orgId;
});
afterAll(() => t?.close());

describe('旧余额', () => {
  it("shows demo_seller's ¥88.80, and nothing for a tenant without one", async () => {
    expect((await get('/api/account/old/balance', seller)).data).toEqual({ amountFen: 8880, migrated: false, migratedAt: null });
    expect((await get('/api/account/old/balance', other)).data).toEqual({ amountFen: 0, migrated: false, migratedAt: null });
  });

  it('a tenant without a legacy balance migrates nothing and changes nothing', async () => {
    const before = await snapshotCounts(db(), tables);
    const r = await post('/api/account/old/balance/migrate', other);
    expect(r).toEqual({ errorCode: ErrorCode.STATE_CONFLICT, errorMsg: '没有需要迁移的旧余额', data: null });
    expect(await snapshotCounts(db(), tables)).toEqual(before);
    expect(await balanceOf(db(), otherOrg)).toEqual({ available: 0, frozen: 0 });
  });

  it('moves it once even when three calls race; later calls answer already migrated', async () => {
    await db().insert(legacyBalances).values({ orgId: otherOrg, amountFen: 12_345 });
    const results = await Promise.all([1, 2, 3].map(() => post<{ movedFen: number; alreadyMigrated: boolean }>('/api/account/old/balance/migrate', other)));
    expect(results.map((r) => r.errorCode)).toEqual([0, 0, 0]);
    expect(results.filter((r) => r.data.movedFen === 12_345)).toHaveLength(1);
    expect(results.filter((r) => r.data.alreadyMigrated && r.data.movedFen === 0)).toHaveLength(2);
    expect(await balanceOf(db(), otherOrg)).toEqual({ available: 12_345, frozen: 0 });
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orgId, otherOrg), eq(ledgerEntries.transactionType, 'BALANCE_MIGRATE')));
    expect(entries).toMatchObject([{ requestKey: `migrate:${otherOrg}`, purpose: 'OTHER', availableDeltaFen: 12_345 }]);
    expect((await get<{ migrated: boolean }>('/api/account/old/balance', other)).data.migrated).toBe(true);
    // demo_seller's legacy balance is untouched by the other tenant's migration.
    expect((await get('/api/account/old/balance', seller)).data).toMatchObject({ amountFen: 8880, migrated: false });
  });

  it('demo_seller migrates its own: the balance grows by ¥88.80 and the ledger still checks', async () => {
    const start = await balanceOf(db(), sellerOrg);
    const r = await post('/api/account/old/balance/migrate', seller);
    expect(r.data).toEqual({ movedFen: 8880, alreadyMigrated: false });
    expect(await balanceOf(db(), sellerOrg)).toEqual({ available: start.available + 8880, frozen: start.frozen });
    expect((await post('/api/account/old/balance/migrate', seller)).data).toEqual({ movedFen: 0, alreadyMigrated: true });
    expect(await balanceOf(db(), sellerOrg)).toEqual({ available: start.available + 8880, frozen: start.frozen });
    expect((await checkLedger(db())).mismatches).toEqual([]);
  });

  it('bad input answers a Chinese 400 and moves nothing; purchasers may not call it', async () => {
    const before = await snapshotCounts(db(), tables);
    const res = await call(t.app, {
      method: 'POST',
      url: '/api/account/old/balance/migrate',
      session: seller,
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorMsg).toMatch(/[\u4e00-\u9fff]/);
    const notJson = await call(t.app, {
      method: 'POST',
      url: '/api/account/old/balance/migrate',
      session: seller,
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.json()).toMatchObject({ errorCode: 400, errorMsg: '请求内容不是有效的 JSON，请检查后重试' });
    expect(await snapshotCounts(db(), tables)).toEqual(before);
    expect((await raw('/api/account/old/balance', purchaser)).statusCode).toBe(403);
    expect((await raw('/api/account/old/balance/migrate', purchaser, {})).statusCode).toBe(403);
  });
});
