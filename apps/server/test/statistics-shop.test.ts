/**
 * 店铺拿退货统计 (decision 0037): a seller's take items and after-sales per shop and per platform
 * equal the raw rows; the shop filter; Excel export; who may call it (a seller, its own shops only)
 * and bad input (a Chinese message, nothing changed). Then 拿货统计 / 缺货统计 split by shop and by
 * platform (the seller's, from the shop grain) with the shop picker's filter and its choices.
 */
import { beijingDay, ErrorCode, type ShopStatisticsResult, type StatisticsShopOption, type TakeStatisticsResult } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { callers, expectBadRequest } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { type PickingWorld, paidAssigned, startPickingWorld } from './picking-support.js';
import { PASSWORD } from './support.js';

let w: PickingWorld;
let otherSeller: Session;
let otherShopId: number;
const db = () => w.t.database.db;
const { get, post } = callers(() => w.t);
const today = () => beijingDay();
const range = { startDay: beijingDay(Date.now() - 6 * 86_400_000), endDay: beijingDay() };
const shopStats = (s: Session, body: Record<string, unknown>) => post<ShopStatisticsResult>('/api/b2/statistics/shopTakeReturn', s, body);

beforeAll(async () => {
  w = await startPickingWorld();
  // Two orders from the Taobao shop (one taken, one with an after-sale), one from the PDD shop.
  const a = await paidAssigned(w, [{ costFen: 2000, quantity: 2 }], w.pickerA);
  const taken = a.items[0];
  if (!taken) throw new Error('no take item');
  const mark = await post('/api/b2/purchaser/picking/mark', w.pickerA, { takeItemIds: [taken.id], result: 'TOOK', priceFen: 2000 });
  expect(mark.errorCode, mark.errorMsg).toBe(0);
  const b = await paidAssigned(w, [{ costFen: 3000 }], null);
  const apply = await post('/api/b2/aftersale/orders/apply', w.seller, {
    orderId: b.orderId,
    kind: 'REFUND_ONLY',
    lines: [{ itemId: b.items[0]?.orderItemId, quantity: 1 }],
    reason: '买家不想要了',
    requestKey: 'shop-stat-apply',
  });
  expect(apply.errorCode, apply.errorMsg).toBe(0);
  await paidAssigned(w, [{ costFen: 1500 }], null, 'PDD');
  // A taken item with a take time on the PDD shop too.
  const c = await paidAssigned(w, [{ costFen: 1800 }], w.pickerB, 'PDD');
  const markB = await post('/api/b2/purchaser/picking/mark', w.pickerB, { takeItemIds: [c.items[0]?.id], result: 'TOOK', priceFen: 1800 });
  expect(markB.errorCode, markB.errorMsg).toBe(0);
  // Another seller with a shop of its own.
  const org = await createOrganisation(db(), { type: 'seller', name: '另一家卖家' });
  await createUser(db(), { orgId: org, username: 'other_seller_s', password: PASSWORD, isMain: true });
  const [shop] = await db().insert(shops).values({ orgId: org, channel: 'TAOBAO', name: '别家的店' }).returning({ id: shops.id });
  otherShopId = shop?.id as number;
  otherSeller = await login(w.t.app, 'other_seller_s', PASSWORD);
});
afterAll(() => w?.t.close());

/** The raw figures per shop: take items of the seller's orders and its after-sales, created in the range. */
async function rawByShop() {
  return queryRows<{ shop: string; items: number; took: number; cases: number; refund: number }>(
    db(),
    sql`select s.name as shop,
          (select count(*) from take_items t join dropship_orders o on o.id = t.order_id
            where o.shop_id = s.id and t.created_at >= now() - interval '6 days') as items,
          (select count(*) from take_items t join dropship_orders o on o.id = t.order_id
            where o.shop_id = s.id and t.taking_status in ('TOOK', 'TOOK_PART') and t.created_at >= now() - interval '6 days') as took,
          (select count(*) from after_sales a where a.shop_id = s.id and a.created_at >= now() - interval '6 days') as cases,
          (select coalesce(sum(refund_fen), 0) from after_sales a where a.shop_id = s.id and a.created_at >= now() - interval '6 days') as refund
        from shops s where s.org_id = ${w.sellerOrg} order by s.name`,
  );
}

describe('店铺拿退货统计', () => {
  it('per shop and per platform, the seller’s figures equal the raw rows; the shop filter narrows them', async () => {
    const r = await shopStats(w.seller, { ...range, period: 'WEEK' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.split).toBe('SHOP');
    const raw = (await rawByShop()).filter((x) => Number(x.items) + Number(x.cases) > 0);
    expect(raw.length).toBe(2);
    for (const x of raw) {
      const k = r.data.keys.find((key) => key.keyName === x.shop);
      expect(k, x.shop).toBeDefined();
      expect([k?.items, k?.took, k?.cases, k?.refundFen]).toEqual([Number(x.items), Number(x.took), Number(x.cases), Number(x.refund)]);
      expect(k?.returnRate).toBe(Math.round((Number(x.cases) / Number(x.items)) * 10_000) / 10_000);
    }
    const [all] = await queryRows<{ items: number; cases: number }>(
      db(),
      sql`select (select count(*) from take_items where seller_org_id = ${w.sellerOrg}) as items, (select count(*) from after_sales where org_id = ${w.sellerOrg}) as cases`,
    );
    expect([r.data.total.items, r.data.total.cases]).toEqual([Number(all?.items), Number(all?.cases)]);
    expect(r.data.rows.reduce((a, x) => a + x.items, 0)).toBe(r.data.total.items);

    const byChannel = await shopStats(w.seller, { ...range, split: 'CHANNEL' });
    expect(byChannel.errorCode, byChannel.errorMsg).toBe(0);
    expect(byChannel.data.keys.map((k) => k.keyName)).toEqual(expect.arrayContaining(['拼多多', '淘宝/天猫']));
    expect(byChannel.data.total).toEqual(r.data.total);

    const first = r.data.keys.find((k) => k.key !== '0');
    const one = await shopStats(w.seller, { ...range, shopId: Number(first?.key) });
    expect(one.errorCode, one.errorMsg).toBe(0);
    expect(one.data.keys).toEqual([first]);
  });

  it('exports the table as Excel', async () => {
    const res = await w.t.app.inject({ method: 'POST', url: '/api/b2/statistics/shopTakeReturn/export', headers: w.seller.headers(), payload: range });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('another seller sees none of these shops, and its shop is not found for this seller; a purchaser may not call it', async () => {
    const other = await shopStats(otherSeller, range);
    expect(other.errorCode, other.errorMsg).toBe(0);
    expect(other.data.rows).toEqual([]);
    expect(other.data.total.items).toBe(0);
    const foreign = await shopStats(w.seller, { ...range, shopId: otherShopId });
    expect(foreign.errorCode).not.toBe(0);
    expect(foreign.errorMsg).toMatch(/店铺不存在/);
    expect((await shopStats(w.main, range)).errorCode).not.toBe(0);
  });

  it('refuses bad ranges, splits and shop ids with a Chinese message, changing nothing', async () => {
    const [before] = await queryRows<{ n: number }>(db(), sql`select count(*) as n, sum(items) as s from stat_take_daily_shop`);
    expectBadRequest(await shopStats(w.seller, { startDay: '2026-05-02', endDay: '2026-05-01' }), /开始日期不能晚于结束日期/);
    expectBadRequest(await shopStats(w.seller, { startDay: '2024-01-01', endDay: '2026-05-01' }), /统计范围最多400天/);
    expectBadRequest(await shopStats(w.seller, { ...range, split: 'STALL' }), /分组维度/);
    expectBadRequest(await shopStats(w.seller, { ...range, shopId: 'abc' }), /店铺/);
    expectBadRequest(await shopStats(w.seller, { startDay: today(), endDay: today(), period: 'YEAR' }), /统计周期/);
    const [after] = await queryRows<{ n: number }>(db(), sql`select count(*) as n, sum(items) as s from stat_take_daily_shop`);
    expect(after).toEqual(before);
  });
});

const take = (s: Session, body: Record<string, unknown>, page = 'take') => post<TakeStatisticsResult>(`/api/b2/statistics/${page}`, s, body);

/** The raw take figures per shop of the seller's items in the range, with the average take time. */
async function rawTakeByShop() {
  return queryRows<{ shop_id: number; items: number; took: number; lack: number; avg: number | null }>(
    db(),
    sql`select coalesce(o.shop_id, 0) as shop_id, count(*) as items, count(*) filter (where t.taking_status = 'TOOK') as took,
          count(*) filter (where t.taking_status = 'E_LACK_TAKING') as lack,
          round(avg(floor(extract(epoch from t.took_at - t.assigned_at))) filter (where t.taking_status in ('TOOK', 'TOOK_PART') and t.took_at is not null and t.assigned_at is not null)) as avg
        from take_items t left join dropship_orders o on o.id = t.order_id
        where t.seller_org_id = ${w.sellerOrg} and t.created_at >= now() - interval '6 days' group by 1 order by 1`,
  );
}

describe('拿货统计 / 缺货统计 by shop and by platform', () => {
  it('the seller’s figures per shop (take time included) equal the raw rows and 店铺拿退货统计’s; per platform they add up to the same total', async () => {
    const r = await take(w.seller, { ...range, split: 'SHOP' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.split).toBe('SHOP');
    const raw = await rawTakeByShop();
    expect(r.data.keys.map((k) => k.key)).toEqual(raw.map((x) => String(x.shop_id)));
    for (const x of raw) {
      const k = r.data.keys.find((key) => key.key === String(x.shop_id));
      expect([k?.items, k?.took, k?.lack, k?.avgTakeSeconds], String(x.shop_id)).toEqual([
        Number(x.items),
        Number(x.took),
        Number(x.lack),
        x.avg === null ? null : Number(x.avg),
      ]);
    }
    expect(r.data.keys.some((k) => k.avgTakeSeconds !== null)).toBe(true);
    const shop = await shopStats(w.seller, range);
    for (const k of r.data.keys) {
      const s = shop.data.keys.find((x) => x.key === k.key);
      expect([k.keyName, k.items, k.took + k.tookPart, k.tookFen]).toEqual([s?.keyName, s?.items, s?.took, s?.tookFen]);
    }
    const none = await take(w.seller, range);
    expect(r.data.total).toEqual(none.data.total);

    const byChannel = await take(w.seller, { ...range, split: 'CHANNEL', period: 'MONTH' }, 'outStock');
    expect(byChannel.errorCode, byChannel.errorMsg).toBe(0);
    expect(byChannel.data.keys.map((k) => k.keyName)).toEqual(expect.arrayContaining(['拼多多', '淘宝/天猫']));
    expect(byChannel.data.total).toEqual(none.data.total);
    expect(byChannel.data.rows.reduce((a, x) => a + x.items, 0)).toBe(none.data.total.items);
  });

  it('the shop picker narrows both pages to the chosen shops; its choices are the seller’s shops only', async () => {
    const options = await get<StatisticsShopOption[]>('/api/b2/statistics/take/shops', w.seller);
    expect(options.errorCode, options.errorMsg).toBe(0);
    const pdd = options.data.find((o) => o.channel === 'PDD');
    const taobao = options.data.find((o) => o.channel === 'TAOBAO');
    expect(pdd && taobao).toBeTruthy();
    expect(options.data.map((o) => o.id)).not.toContain(otherShopId);
    const shopOptions = await get<StatisticsShopOption[]>('/api/b2/statistics/shopTakeReturn/shops', w.seller);
    expect(shopOptions.data).toEqual(options.data);

    const one = await take(w.seller, { ...range, split: 'SHOP', shopIds: [pdd?.id] });
    expect(one.errorCode, one.errorMsg).toBe(0);
    expect(one.data.keys.map((k) => k.key)).toEqual([String(pdd?.id)]);
    const both = await take(w.seller, { ...range, split: 'CHANNEL', shopIds: [pdd?.id, taobao?.id] });
    expect(both.data.keys.map((k) => k.keyName).sort()).toEqual(['拼多多', '淘宝/天猫'].sort());
    const shopBoth = await shopStats(w.seller, { ...range, shopIds: [pdd?.id, taobao?.id] });
    expect(shopBoth.errorCode, shopBoth.errorMsg).toBe(0);
    expect(shopBoth.data.keys.map((k) => k.key).sort()).toEqual([String(pdd?.id), String(taobao?.id)].sort());
    const shopOne = await shopStats(w.seller, { ...range, shopIds: [pdd?.id] });
    expect(shopOne.data.total.items).toBe(one.data.total.items);

    // Another seller's shop is not found, alone or beside the seller's own.
    for (const body of [
      { ...range, split: 'SHOP', shopIds: [otherShopId] },
      { ...range, split: 'SHOP', shopIds: [pdd?.id, otherShopId] },
    ]) {
      const foreign = await take(w.seller, body);
      expect(foreign.errorCode).toBe(ErrorCode.NOT_FOUND);
      expect(foreign.errorMsg).toMatch(/店铺不存在/);
    }
    const foreignShop = await shopStats(w.seller, { ...range, shopIds: [otherShopId] });
    expect(foreignShop.errorMsg).toMatch(/店铺不存在/);
    const otherOptions = await get<StatisticsShopOption[]>('/api/b2/statistics/outStock/shops', otherSeller);
    expect(otherOptions.data.map((o) => o.id)).toEqual([otherShopId]);
  });

  it('exports the shop split as Excel', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/b2/statistics/take/export',
      headers: w.seller.headers(),
      payload: { ...range, split: 'SHOP' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('a purchaser and its picker may not split or filter by shop, nor list shops', async () => {
    for (const s of [w.main, w.pickerA]) {
      const r = await take(s, { ...range, split: 'SHOP' });
      expect(r.errorCode).not.toBe(0);
      if (s === w.main) expect(r.errorCode).toBe(ErrorCode.STATISTICS_SELLER_SPLIT);
    }
    const channel = await take(w.main, { ...range, split: 'CHANNEL' }, 'outStock');
    expect(channel.errorCode).toBe(ErrorCode.STATISTICS_SELLER_SPLIT);
    expect(channel.errorMsg).toMatch(/只对卖家开放/);
    expect((await get('/api/b2/statistics/take/shops', w.main)).errorCode).not.toBe(0);
  });

  it('refuses a shop filter without the shop split, malformed or too many shop ids, with a Chinese message, changing nothing', async () => {
    const [before] = await queryRows(db(), sql`select count(*) as n, sum(items) as s from stat_take_daily_shop`);
    expectBadRequest(await take(w.seller, { ...range, split: 'STALL', shopIds: [1] }), /只有按店铺或平台分组时才能筛选店铺/);
    expectBadRequest(await take(w.seller, { ...range, split: 'SHOP', shopIds: ['abc'] }), /店铺/);
    expectBadRequest(await take(w.seller, { ...range, split: 'SHOP', shopIds: 3 }), /店铺/);
    expectBadRequest(await take(w.seller, { ...range, split: 'SHOP', shopIds: Array.from({ length: 51 }, (_, i) => i + 1) }), /最多选择50个店铺/);
    expectBadRequest(await shopStats(w.seller, { ...range, shopIds: [0] }), /店铺/);
    const [after] = await queryRows(db(), sql`select count(*) as n, sum(items) as s from stat_take_daily_shop`);
    expect(after).toEqual(before);
  });
});
