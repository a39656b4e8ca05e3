/**
 * 优惠券: the operator's issuing call, the seller's list by state with counts (EXPIRED derived from
 * the expiry), and the service API order payment uses: quote, use (exactly one of many concurrent
 * payments wins), release. Bad input and tenant isolation throughout.
 */
import { ErrorCode } from '@dropship/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { AppError } from '../src/lib/app-error.js';
import { createOrganisation } from '../src/modules/auth/accounts.js';
import { quoteCoupon, releaseCoupon, useCoupon } from '../src/modules/funds/coupons/coupons.service.js';
import { coupons } from '../src/modules/funds/coupons/coupons.table.js';
import { callers, expectBadRequest, orgOf } from './funds-records-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { createSecondSeller, PASSWORD, snapshotCounts } from './support.js';

let t: TestApp;
let seller: Session;
let other: Session;
let operator: Session;
let purchaser: Session;
let sellerOrg: number;
let otherOrg: number;
let purchaserOrg: number;
const { post, raw } = callers(() => t);
const db = () => t.database.db;

type CouponPage = {
  total: number;
  list: { id: number; name: string; status: string; amountFen: number; thresholdFen: number; validTo: string }[];
  counts: Record<string, number>;
};
const issue = (payload: unknown, s: Session = operator) => post<{ issued: number; batchNo: string }>('/api/operator/coupons/issue', s, payload);
const page = (s: Session, status: string) => post<CouponPage>('/api/b2/funds/coupon/page', s, { pageNo: 1, pageSize: 50, status });
const valid = { amountFen: 1000, thresholdFen: 10_000, validDays: 7, name: '满100减10' };

beforeAll(async () => {
  t = await createTestApp();
  const second = await createSecondSeller(db(), 'cp');
  seller = await login(t.app, 'demo_seller');
  other = await login(t.app, second.username, PASSWORD);
  operator = await login(t.app, 'demo_operator');
  purchaser = await login(t.app, 'demo_purchaser');
  sellerOrg = await orgOf(t, seller);
  otherOrg = second.orgId;
  purchaserOrg = await orgOf(t, purchaser);
});
afterAll(() => t?.close());

async function newCoupon(orgId: number, v: Partial<typeof coupons.$inferInsert> = {}) {
  const [row] = await db()
    .insert(coupons)
    .values({
      orgId,
      batchNo: 'T',
      name: '测试券',
      amountFen: 500,
      thresholdFen: 0,
      validFrom: new Date(Date.now() - 60_000),
      expireAt: new Date(Date.now() + 86_400_000),
      ...v,
    })
    .returning({ id: coupons.id });
  if (!row) throw new Error('coupon not created');
  return row.id;
}

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: unknown) => {
      if (e instanceof AppError) return e.errorCode;
      throw e;
    },
  );

describe('the seller list by state', () => {
  it('shows the seeded coupons in three tabs with counts; unused ones soonest to expire first', async () => {
    const unused = await page(seller, 'UNUSED');
    expect(unused.data.counts).toEqual({ UNUSED: 3, USED: 1, EXPIRED: 1 });
    expect(unused.data.list.map((c) => c.name)).toEqual(['代发满300减20', '代发满100减10', '新人无门槛券']);
    expect((await page(seller, 'USED')).data.list.map((c) => c.name)).toEqual(['春季满50减5']);
    expect((await page(seller, 'EXPIRED')).data.list.map((c) => c.name)).toEqual(['元旦满200减15']);
  });

  it('an unused coupon whose expiry passes is EXPIRED without any job', async () => {
    const id = await newCoupon(otherOrg);
    expect((await page(other, 'UNUSED')).data.list.map((c) => c.id)).toEqual([id]);
    await db()
      .update(coupons)
      .set({ expireAt: new Date(Date.now() - 1000) })
      .where(eq(coupons.id, id));
    expect((await page(other, 'UNUSED')).data.total).toBe(0);
    expect((await page(other, 'EXPIRED')).data.list).toMatchObject([{ id, status: 'EXPIRED' }]);
  });

  it("another seller sees none of demo_seller's; a purchaser may not call it", async () => {
    const mine = new Set((await page(seller, 'UNUSED')).data.list.map((c) => c.id));
    for (const status of ['UNUSED', 'USED', 'EXPIRED']) for (const c of (await page(other, status)).data.list) expect(mine.has(c.id)).toBe(false);
    expect((await raw('/api/b2/funds/coupon/page', purchaser, { pageNo: 1, pageSize: 20 })).statusCode).toBe(403);
  });

  it('bad status or paging answers a Chinese 400', async () => {
    expectBadRequest(await post('/api/b2/funds/coupon/page', seller, { status: 'NEW' }), /优惠券状态/);
    expectBadRequest(await post('/api/b2/funds/coupon/page', seller, { pageSize: 501 }), /每页条数/);
  });
});

describe('POST /api/operator/coupons/issue', () => {
  it('issues one coupon to each named seller, valid through the end of a Beijing day', async () => {
    const before = (await page(other, 'UNUSED')).data.total;
    const r = await issue({ ...valid, orgIds: [otherOrg] });
    expect(r).toMatchObject({ errorCode: 0, data: { issued: 1, batchNo: expect.stringMatching(/^CP\d{14}\d{4}$/) } });
    const list = (await page(other, 'UNUSED')).data.list;
    expect(list).toHaveLength(before + 1);
    const c = list.find((x) => x.name === '满100减10');
    expect(c).toMatchObject({ amountFen: 1000, thresholdFen: 10_000 });
    // Expires at midnight Beijing time, at least 7 days from now.
    const expire = Date.parse(c?.validTo ?? '');
    expect(new Date(expire + 8 * 3_600_000).toISOString().slice(11, 19)).toBe('00:00:00');
    expect(expire - Date.now()).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(expire - Date.now()).toBeLessThanOrEqual(8 * 86_400_000);
  });

  it('all: every seller organisation and no purchaser', async () => {
    const sellers = Number(
      ((await db().execute(sql`select count(*)::int as n from organisations where type = 'seller'`)) as unknown as { rows: { n: number }[] }).rows[0]?.n,
    );
    const r = await issue({ ...valid, name: '全员券', all: true });
    expect(r.data.issued).toBe(sellers);
    const [p] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(coupons)
      .where(and(eq(coupons.orgId, purchaserOrg), eq(coupons.name, '全员券')));
    expect(p?.n).toBe(0);
  });

  it.each([
    [{ ...valid, orgIds: [1], amountFen: 9.5 }, /优惠金额必须是整数/],
    [{ ...valid, orgIds: [1], amountFen: -100 }, /优惠金额至少1分/],
    [{ ...valid, orgIds: [1], amountFen: '1000' }, /优惠金额必须是数字/],
    [{ ...valid, orgIds: [1], amountFen: 1e12 }, /优惠金额不能超过10000元/],
    [{ ...valid, orgIds: [1], thresholdFen: 1000 }, /使用门槛须为0（无门槛）或大于优惠金额/],
    [{ ...valid, orgIds: [1], validDays: 0 }, /有效天数至少1天/],
    [{ ...valid, orgIds: [1], validDays: 366 }, /有效天数不能超过365天/],
    [{ ...valid, orgIds: [1], name: '' }, /请输入优惠券名称/],
    [{ ...valid, orgIds: [1], name: '券'.repeat(31) }, /优惠券名称不能超过30个字符/],
    [{ ...valid }, /请选择发放对象/],
    [{ ...valid, orgIds: [1], all: true }, /请选择发放对象/],
    [{ ...valid, orgIds: [] }, /请选择至少一个卖家/],
    [{ ...valid, orgIds: ['x'] }, /卖家编号必须是数字/],
  ])('bad input %j answers a Chinese 400 and issues nothing', async (payload, message) => {
    const before = await snapshotCounts(db(), { coupons });
    expectBadRequest(await issue(payload), message);
    expect(await snapshotCounts(db(), { coupons })).toEqual(before);
  });

  it('a purchaser or unknown organisation among the targets refuses the whole run', async () => {
    const before = await snapshotCounts(db(), { coupons });
    const r = await issue({ ...valid, orgIds: [otherOrg, purchaserOrg, 999_999] });
    expect(r.errorCode).toBe(ErrorCode.COUPON_ISSUE_INVALID);
    expect(r.errorMsg).toContain(String(purchaserOrg));
    expect(await snapshotCounts(db(), { coupons })).toEqual(before);
  });

  it('only operators may issue', async () => {
    expect((await raw('/api/operator/coupons/issue', seller, { ...valid, orgIds: [sellerOrg] })).statusCode).toBe(403);
  });
});

describe('quoteCoupon / useCoupon / releaseCoupon (order payment)', () => {
  it('quotes the discount or says in Chinese why not', async () => {
    const id = await newCoupon(sellerOrg, { amountFen: 1000, thresholdFen: 10_000 });
    expect(await quoteCoupon(db(), sellerOrg, id, 12_000)).toEqual({ usable: true, discountFen: 1000, payFen: 11_000 });
    expect(await quoteCoupon(db(), sellerOrg, id, 9_999)).toEqual({ usable: false, reason: '订单金额未满¥100.00，不能使用该优惠券' });
    const free = await newCoupon(sellerOrg, { amountFen: 500 });
    expect(await quoteCoupon(db(), sellerOrg, free, 500)).toEqual({ usable: false, reason: '订单金额须大于优惠金额¥5.00' });
    const future = await newCoupon(sellerOrg, { validFrom: new Date(Date.now() + 3_600_000) });
    expect(await quoteCoupon(db(), sellerOrg, future, 5000)).toEqual({ usable: false, reason: '优惠券尚未生效' });
    const expired = await newCoupon(sellerOrg, { expireAt: new Date(Date.now() - 1) });
    expect(await quoteCoupon(db(), sellerOrg, expired, 5000)).toEqual({ usable: false, reason: '优惠券已过期' });
    // Another tenant's coupon does not exist for this one.
    expect(await quoteCoupon(db(), otherOrg, id, 12_000)).toEqual({ usable: false, reason: '优惠券不存在' });
    expect(await codeOf(quoteCoupon(db(), sellerOrg, id, 1.5))).toBe(400);
    expect(await codeOf(quoteCoupon(db(), sellerOrg, id, -5))).toBe(400);
  });

  it('uses it once inside the payment transaction; a retry of the same payment is a replay; release gives it back', async () => {
    const id = await newCoupon(sellerOrg, { amountFen: 300 });
    const used = await db().transaction(async (tx) => useCoupon(tx as unknown as Db, sellerOrg, id, 'DF-A', 5000));
    expect(used).toEqual({ discountFen: 300 });
    expect(await useCoupon(db(), sellerOrg, id, 'DF-A')).toEqual({ discountFen: 300 });
    expect(await codeOf(useCoupon(db(), sellerOrg, id, 'DF-B'))).toBe(ErrorCode.COUPON_UNAVAILABLE);
    expect(await quoteCoupon(db(), sellerOrg, id, 5000)).toEqual({ usable: false, reason: '优惠券已使用' });
    expect(await releaseCoupon(db(), sellerOrg, id, 'DF-B')).toBe(false);
    expect(await releaseCoupon(db(), sellerOrg, id, 'DF-A')).toBe(true);
    expect(await quoteCoupon(db(), sellerOrg, id, 5000)).toMatchObject({ usable: true });
  });

  it('a payment that rolls back leaves the coupon unused', async () => {
    const id = await newCoupon(sellerOrg);
    await db()
      .transaction(async (tx) => {
        await useCoupon(tx as unknown as Db, sellerOrg, id, 'DF-ROLLBACK', 5000);
        throw new Error('payment failed after the coupon');
      })
      .catch(() => undefined);
    expect(await quoteCoupon(db(), sellerOrg, id, 5000)).toMatchObject({ usable: true });
  });

  it('refuses another tenant, the threshold, expiry and bad business ids, changing nothing', async () => {
    const id = await newCoupon(sellerOrg, { amountFen: 1000, thresholdFen: 10_000 });
    expect(await codeOf(useCoupon(db(), otherOrg, id, 'DF-X'))).toBe(ErrorCode.NOT_FOUND);
    expect(await codeOf(useCoupon(db(), sellerOrg, id, 'DF-X', 9000))).toBe(ErrorCode.COUPON_UNAVAILABLE);
    expect(await codeOf(useCoupon(db(), sellerOrg, id, ''))).toBe(400);
    expect(await codeOf(useCoupon(db(), sellerOrg, id, 'x'.repeat(65)))).toBe(400);
    expect(await codeOf(useCoupon(db(), sellerOrg, id, 'DF-X', 1e10))).toBe(400);
    const expired = await newCoupon(sellerOrg, { expireAt: new Date(Date.now() - 1) });
    const e = await useCoupon(db(), sellerOrg, expired, 'DF-Y').catch((x: AppError) => x);
    expect(e).toMatchObject({ errorCode: ErrorCode.COUPON_UNAVAILABLE, message: '优惠券已过期' });
    const [row] = await db().select().from(coupons).where(eq(coupons.id, id));
    expect(row).toMatchObject({ status: 'UNUSED', businessId: null });
  });

  it('twenty concurrent payments with one coupon: exactly one wins', async () => {
    const id = await newCoupon(sellerOrg, { amountFen: 200 });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => codeOf(db().transaction(async (tx) => useCoupon(tx as unknown as Db, sellerOrg, id, `DF-RACE-${i}`, 5000)))),
    );
    expect(results.filter((c) => c === 0)).toHaveLength(1);
    expect(results.filter((c) => c === ErrorCode.COUPON_UNAVAILABLE)).toHaveLength(19);
    const [row] = await db().select().from(coupons).where(eq(coupons.id, id));
    expect(row?.status).toBe('USED');
    expect(row?.businessId).toBe(`DF-RACE-${results.indexOf(0)}`);
  });

  it('one payment cannot use two coupons', async () => {
    const org = await createOrganisation(db(), { type: 'seller', name: '一单一券' });
    const a = await newCoupon(org);
    const b = await newCoupon(org);
    await useCoupon(db(), org, a, 'DF-ONE');
    expect(await codeOf(useCoupon(db(), org, b, 'DF-ONE'))).not.toBe(0);
    expect(await quoteCoupon(db(), org, b, 5000)).toMatchObject({ usable: true });
  });
});
