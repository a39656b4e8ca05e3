import { ErrorCode } from '@dropship/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error.js';
import { createOrganisation } from '../src/modules/auth/accounts.js';
import { balanceOf, checkLedger, type Movement, moveMoney } from '../src/modules/funds/ledger/ledger.service.js';
import { createTestApp, login, type TestApp } from './helpers.js';
import { soakSize } from './soak.js';

/** Random movements in the invariant run: 10,000 under SOAK=full, 1,000 in the default suite. */
const RANDOM_OPS = soakSize(10_000, 1_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;
let keySeq = 0;
const key = () => `k-${++keySeq}`;
const recharge = (orgId: number, fen: number, requestKey = key()): Movement => ({
  orgId,
  transactionType: 'RECHARGE',
  purpose: 'OTHER',
  availableDeltaFen: fen,
  requestKey,
});
const pay = (orgId: number, fen: number, requestKey = key()): Movement => ({
  orgId,
  transactionType: 'ORDER',
  purpose: 'ORDER',
  availableDeltaFen: -fen,
  requestKey,
  businessId: `DF${requestKey}`,
});

async function codeOf(p: Promise<unknown>) {
  try {
    await p;
    return 0;
  } catch (err) {
    if (err instanceof AppError) return err.errorCode;
    throw err;
  }
}

describe('the ledger', () => {
  it('moves money in entries whose running balance is the account balance', async () => {
    const org = await createOrganisation(db(), { type: 'seller', name: '账本测试A' });
    await moveMoney(db(), recharge(org, 10_000));
    const r = await moveMoney(db(), pay(org, 2_550));
    expect(r.entry).toMatchObject({ availableDeltaFen: -2_550, availableAfterFen: 7_450, transactionType: 'ORDER', purpose: 'ORDER' });
    expect(await balanceOf(db(), org)).toEqual({ available: 7_450, frozen: 0 });
    expect((await checkLedger(db(), org)).mismatches).toEqual([]);
  });

  it('moves money once per request key; the same key for a different movement is refused', async () => {
    const org = await createOrganisation(db(), { type: 'seller', name: '账本测试B' });
    await moveMoney(db(), recharge(org, 500, 'same-key'));
    const again = await moveMoney(db(), recharge(org, 500, 'same-key'));
    expect(again.replayed).toBe(true);
    expect(await balanceOf(db(), org)).toEqual({ available: 500, frozen: 0 });
    expect(await codeOf(moveMoney(db(), recharge(org, 600, 'same-key')))).toBe(ErrorCode.REQUEST_KEY_CONFLICT);
    expect(await balanceOf(db(), org)).toEqual({ available: 500, frozen: 0 });
  });

  it('refuses to overdraw, says why in Chinese, and changes nothing', async () => {
    const org = await createOrganisation(db(), { type: 'seller', name: '账本测试C' });
    await moveMoney(db(), recharge(org, 100));
    const err = await moveMoney(db(), pay(org, 101)).catch((e: AppError) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).errorCode).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect((err as AppError).message).toContain('可用余额不足');
    expect(await balanceOf(db(), org)).toEqual({ available: 100, frozen: 0 });
  });

  it('refuses fractional, huge and zero amounts and bad request keys', async () => {
    const org = await createOrganisation(db(), { type: 'seller', name: '账本测试D' });
    for (const bad of [recharge(org, 1.5), recharge(org, 2e9), recharge(org, 0), recharge(org, Number.NaN), { ...recharge(org, 1), requestKey: '' }]) {
      expect(await codeOf(moveMoney(db(), bad))).toBe(ErrorCode.BAD_REQUEST);
    }
    expect(await balanceOf(db(), org)).toEqual({ available: 0, frozen: 0 });
  });

  it('200 concurrent payments against one balance: exact, never negative, each key once', async () => {
    const org = await createOrganisation(db(), { type: 'seller', name: '账本并发' });
    await moveMoney(db(), recharge(org, 15_000));
    const keys = Array.from({ length: 200 }, (_, i) => `pay-${i}`);
    // every key is sent twice, at the same time
    const results = await Promise.all([...keys, ...keys].map((k) => codeOf(moveMoney(db(), pay(org, 100, k)))));
    const okCount = results.filter((c) => c === 0).length;
    const refused = results.filter((c) => c === ErrorCode.INSUFFICIENT_BALANCE).length;
    expect(okCount + refused).toBe(400);
    expect(await balanceOf(db(), org)).toEqual({ available: 0, frozen: 0 });
    const check = await checkLedger(db(), org);
    expect(check.mismatches).toEqual([]);
    // 150 payments fit in 15,000 fen; the replays of those 150 answered success without moving money
    const moved = await t.database.db.execute(
      (await import('drizzle-orm')).sql`select count(*)::int as n from ledger_entries where org_id = ${org} and transaction_type = 'ORDER'`,
    );
    expect((moved as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(150);
  });

  it(`keeps the invariant through ${RANDOM_OPS} random operations with injected failures`, async () => {
    const orgs = await Promise.all([1, 2, 3].map((i) => createOrganisation(db(), { type: 'seller', name: `账本随机${i}` })));
    let seed = 20261122;
    const rand = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const usedKeys: { orgId: number; m: Movement }[] = [];
    const ops: Promise<number>[] = [];
    for (let i = 0; i < RANDOM_OPS; i++) {
      const orgId = orgs[Math.floor(rand() * orgs.length)] as number;
      const fen = 1 + Math.floor(rand() * 5_000);
      const pick = rand();
      let m: Movement;
      if (pick < 0.25) m = recharge(orgId, fen);
      else if (pick < 0.5) m = pay(orgId, fen);
      else if (pick < 0.6) m = { orgId, transactionType: 'REFUND', purpose: 'ORDER', availableDeltaFen: fen, requestKey: key() };
      else if (pick < 0.7) m = { orgId, transactionType: 'WITHDRAWAL', purpose: 'OTHER', availableDeltaFen: -fen, frozenDeltaFen: fen, requestKey: key() };
      else if (pick < 0.78) m = { orgId, transactionType: 'WITHDRAWAL', purpose: 'OTHER', availableDeltaFen: 0, frozenDeltaFen: -fen, requestKey: key() };
      else if (pick < 0.85) m = { orgId, transactionType: 'REPLENISH', purpose: 'UPDATE_PRICE', availableDeltaFen: -fen, requestKey: key() };
      else if (pick < 0.93 && usedKeys.length)
        m = (usedKeys[Math.floor(rand() * usedKeys.length)] as { m: Movement }).m; // a replay
      else m = { ...pay(orgId, fen), availableDeltaFen: rand() < 0.5 ? 0.5 : 3e9 }; // an invalid amount
      usedKeys.push({ orgId, m });
      ops.push(codeOf(moveMoney(db(), m)));
      if (ops.length >= 16) await Promise.all(ops.splice(0));
    }
    await Promise.all(ops);
    const check = await checkLedger(db());
    expect(check.mismatches).toEqual([]);
    for (const org of orgs) {
      const b = await balanceOf(db(), org);
      expect(b.available).toBeGreaterThanOrEqual(0);
      expect(b.frozen).toBeGreaterThanOrEqual(0);
    }
  }, 300_000);
});

describe('GET /api/b2/funds/balance and the operator check', () => {
  it('answers the caller tenant balance in fen, and nobody else', async () => {
    const seller = await login(t.app, 'demo_seller');
    const me = (await t.app.inject({ method: 'GET', url: '/api/b2/user', headers: seller.headers() })).json().data;
    const before = (await t.app.inject({ method: 'GET', url: '/api/b2/funds/balance', headers: seller.headers() })).json();
    expect(before).toMatchObject({ errorCode: 0, data: { available: 0, frozen: 0 } });
    const otherOrg = await createOrganisation(db(), { type: 'seller', name: '别人家' });
    await moveMoney(db(), recharge(otherOrg, 99_999));
    const after = (await t.app.inject({ method: 'GET', url: '/api/b2/funds/balance', headers: seller.headers() })).json();
    expect(after.data).toEqual({ available: 0, frozen: 0 });
    expect(me.userType).toBe(0);
  });

  it('is refused to purchasers and to callers without a session', async () => {
    const purchaser = await login(t.app, 'demo_purchaser');
    expect((await t.app.inject({ method: 'GET', url: '/api/b2/funds/balance', headers: purchaser.headers() })).json().errorCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/b2/funds/balance' })).json().errorCode).toBe(10000);
  });

  it('lets only the operator run the ledger check', async () => {
    const op = await login(t.app, 'demo_operator');
    const r = (await t.app.inject({ method: 'GET', url: '/api/operator/funds/check', headers: op.headers() })).json();
    expect(r).toMatchObject({ errorCode: 0, data: { mismatches: [] } });
    expect(r.data.entries).toBeGreaterThan(0);
    const seller = await login(t.app, 'demo_seller');
    expect((await t.app.inject({ method: 'GET', url: '/api/operator/funds/check', headers: seller.headers() })).json().errorCode).toBe(403);
  });
});
