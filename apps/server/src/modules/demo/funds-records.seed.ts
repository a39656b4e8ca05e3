/**
 * Demo data of the funds record pages: demo_seller's legacy balance (¥88.80), coupons in every
 * state, purposes and order references of its two replenish requests (the shell's badge counts
 * them: no request is added here), and six weeks of pick-up settlement lines for demo_purchaser's pickers.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../auth/index.js';
import { coupons } from '../funds/coupons/coupons.table.js';
import { legacyBalances } from '../funds/old-balance/old-balance.table.js';
import { replenishDetails } from '../funds/records/records.table.js';
import { replenishRequests } from '../funds/replenish/replenish.table.js';
import { settlementLines } from '../funds/settlements/settlements.table.js';

const DAY_MS = 86_400_000;
const STALLS = ['四季青 3楼 A312 小美档口', '白马 5楼 B520 潮衣坊', '十三行 2楼 C206 韩版女装', '沙河 1楼 D118 牛仔专卖'];

export async function seedFundsRecords(db: Db, ids: { sellerOrg: number; purchaserOrg: number; pickerId: number }) {
  const now = Date.now();
  await db.insert(legacyBalances).values({ orgId: ids.sellerOrg, amountFen: 8880 });

  const at = (days: number) => new Date(now + days * DAY_MS);
  const coupon = (name: string, amountFen: number, thresholdFen: number, from: number, to: number) => ({
    orgId: ids.sellerOrg,
    batchNo: 'CPDEMO0001',
    name,
    amountFen,
    thresholdFen,
    validFrom: at(from),
    expireAt: at(to),
  });
  await db
    .insert(coupons)
    .values([
      coupon('新人无门槛券', 500, 0, -1, 29),
      coupon('代发满100减10', 1000, 10_000, -1, 14),
      coupon('代发满300减20', 2000, 30_000, -1, 3),
      { ...coupon('春季满50减5', 500, 5000, -40, -10), status: 'USED', businessId: 'DF202603010001', usedAt: at(-20) },
      coupon('元旦满200减15', 1500, 20_000, -70, -40),
    ]);

  const existing = await db
    .select({ id: replenishRequests.id })
    .from(replenishRequests)
    .where(and(eq(replenishRequests.orgId, ids.sellerOrg), eq(replenishRequests.status, 'WAITING_PAYMENT')));
  await db
    .insert(replenishDetails)
    .values(existing.map((r, i) => ({ replenishId: r.id, orgId: ids.sellerOrg, purpose: 'UPDATE_PRICE', orderNo: `DF2026031500${21 + i}` })));
  // Deterministic "random" lines, so the demo looks the same on every start.
  const pickers = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.orgId, ids.purchaserOrg), inArray(users.username, ['demo_purchaser', 'demo_picker'])));
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed % n;
  };
  // One insert, not 73 recordSettlementLine calls: every test app is seeded, so the seed stays cheap.
  const lines: (typeof settlementLines.$inferInsert)[] = Array.from({ length: 72 }, (_, i) => ({
    orgId: ids.purchaserOrg,
    pickerUserId: i % 3 === 0 ? (pickers.find((p) => p.id !== ids.pickerId)?.id ?? ids.pickerId) : ids.pickerId,
    supplierName: STALLS[next(STALLS.length)] as string,
    businessId: `TK${String(100_000 + i)}`,
    kind: 'TAKE',
    goodsFen: 2500 + next(180) * 100,
    commissionFen: 100 + next(4) * 50,
    occurredAt: new Date(now - next(42) * DAY_MS - next(36_000) * 1000),
  }));
  lines.push({
    orgId: ids.purchaserOrg,
    pickerUserId: ids.pickerId,
    supplierName: STALLS[0] as string,
    businessId: 'TK100003',
    kind: 'RETURN',
    goodsFen: -3200,
    commissionFen: 100,
    occurredAt: new Date(now - 2 * DAY_MS),
  });
  await db.insert(settlementLines).values(lines);
}
