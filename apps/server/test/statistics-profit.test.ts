/**
 * 利润统计 (decision 0038): after a random history run through the real operations — paying orders
 * from two shops, every picker's mark (a higher price makes a 补款 the seller pays), its undo, the
 * seller's stop and cancel, and an after-sale return refunded by the stall — each order's parts,
 * read from the order's columns, equal the same order recomputed from the ledger alone (the entries
 * linked to the order, its 补款 payments, its after-sales' stall refunds); the per-shop rows sum the
 * per-order list. The answers are read from the rollup kept by the catch-up (reads during the
 * history keep it incrementally): its rows equal the raw per-order recompute and a rebuild of the
 * range; a refund, a 补款, a stall refund, a shop re-sync and a payment on credit after a read are
 * seen by the next read.
 * The exports; who may call (a seller, its own shops only, the shop picker's too); bad input.
 */
import type { NormalizedOrder } from '@dropship/channels';
import { beijingDay, CHANNEL_NAMES, ErrorCode, type ProfitOrderRow, type ProfitOrdersResult, type ProfitStatisticsResult } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { stopItem } from '../src/modules/dropship-orders/change/items.service.js';
import { deliverOrder } from '../src/modules/dropship-orders/fulfilment/deliver.service.js';
import { upsertShopOrders } from '../src/modules/shop-orders/shop-orders.service.js';
import { shops } from '../src/modules/shops/shops.table.js';
import { rawProfitOrders } from '../src/modules/statistics/profit-raw.repository.js';
import { storedProfitDaily, storedProfitOrders } from '../src/modules/statistics/profit-rollup.repository.js';
import { rebuildProfit } from '../src/modules/statistics/profit-rollup.service.js';
import { RECEIVER } from './dropship-orders-support.js';
import { callers, expectBadRequest, PAY_PASSWORD } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { payLaterCalls } from './pay-later-support.js';
import { type PickingWorld, paidAssigned, startPickingWorld, type TakeItem } from './picking-support.js';
import { PASSWORD } from './support.js';

let w: PickingWorld;
let otherSeller: Session;
let otherShopId: number;
const db = () => w.t.database.db;
const { post } = callers(() => w.t);
const OPS = Number(process.env.STATS_OPS ?? 40);
const credit = payLaterCalls(() => w);
const range = { startDay: beijingDay(Date.now() - 6 * 86_400_000), endDay: beijingDay() };
let keySeq = 0;
const key = () => `profit-test-key-${++keySeq}`;

const profit = (s: Session, body: Record<string, unknown>) => post<ProfitStatisticsResult>('/api/b2/statistics/profit', s, body);
const orders = (s: Session, body: Record<string, unknown>) => post<ProfitOrdersResult>('/api/b2/statistics/profit/orders', s, body);

/** mulberry32: the same history for the same seed. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

beforeAll(async () => {
  w = await startPickingWorld();
  const org = await createOrganisation(db(), { type: 'seller', name: '另一家卖家' });
  await createUser(db(), { orgId: org, username: 'other_seller_p', password: PASSWORD, isMain: true });
  const [shop] = await db().insert(shops).values({ orgId: org, channel: 'TAOBAO', name: '别家的店' }).returning({ id: shops.id });
  otherShopId = shop?.id as number;
  otherSeller = await login(w.t.app, 'other_seller_p', PASSWORD);
});
afterAll(() => w?.t.close());

/** Pays every 补款 the seller owes, from the balance. */
async function payReplenish() {
  const waiting = await queryRows<{ id: number }>(db(), sql`select id from replenish_requests where org_id = ${w.sellerOrg} and status = 'WAITING_PAYMENT'`);
  if (waiting.length === 0) return false;
  const r = await post('/api/b2/funds/replenish/pay', w.seller, {
    ids: waiting.map((x) => x.id),
    payMethod: 'BALANCE',
    payPassword: PAY_PASSWORD,
    requestKey: key(),
  });
  expect(r.errorCode, r.errorMsg).toBe(0);
  return true;
}

/** An order handed to the courier, a 退货退款 of its line, signed in, inspected 合格, and refunded by the stall (`between` runs after the payment). */
async function stallRefundedReturn(between: (orderId: number) => Promise<void> = async () => undefined) {
  const made = await paidAssigned(w, [{ costFen: 4000 }], null);
  await between(made.orderId);
  const [o] = await queryRows<{ purchaser_org_id: number }>(db(), sql`select purchaser_org_id from dropship_orders where id = ${made.orderId}`);
  await db().transaction((tx) =>
    deliverOrder(tx as unknown as Db, w.t.app.jobs, { purchaserOrgId: o?.purchaser_org_id as number, userId: null }, w.sellerOrg, made.orderId, {
      courierCode: 'ZTO',
      courierName: '中通快递',
      trackingNo: `7822${String(Date.now() % 1e8).padStart(8, '0')}`,
    }),
  );
  const returnWaybillNo = `sf88${String(Date.now() % 1e8).padStart(8, '0')}`;
  const apply = await post<{ ids: number[] }>('/api/b2/aftersale/orders/apply', w.seller, {
    orderId: made.orderId,
    kind: 'RETURN_REFUND',
    lines: [{ itemId: made.items[0]?.orderItemId, quantity: 1 }],
    reason: '尺码不合适',
    returnCourierName: '顺丰速运',
    returnWaybillNo,
    requestKey: key(),
  });
  expect(apply.errorCode, apply.errorMsg).toBe(0);
  expect((await post('/api/b2/purchaser/offlineReturn/register', w.main, { waybillNo: returnWaybillNo })).errorCode).toBe(0);
  const ins = await post<{ returnLineId: number }>('/api/b2/purchaser/offlineReturn/afterSale/inspect', w.main, {
    id: apply.data.ids[0],
    result: 'QUALIFIED',
    receivedQuantity: 1,
  });
  expect(ins.errorCode, ins.errorMsg).toBe(0);
  const lineId = ins.data.returnLineId;
  expect((await post('/api/b2/purchaser/offlineReturn/lines/assign', w.main, { lineIds: [lineId], pickerUserId: w.pickerA.userId })).errorCode).toBe(0);
  const done = await post('/api/b2/purchaser/offlineReturn/lines/returned', w.main, { lineId });
  expect(done.errorCode, done.errorMsg).toBe(0);
  return made.orderId;
}

/** Every paid order of the seller recomputed from the ledger alone: what it cost the seller, what after-sales gave back. */
async function fromLedger() {
  return queryRows<{ id: number; void: boolean; no_sale: boolean; express: number; sale: number; cost: number; back: number }>(
    db(),
    sql`select o.id, (o.status = 'CANCELED' or o.refunded_fen >= o.total_fen) as void, o.shop_order_id is null as no_sale, o.express_fee_fen as express,
          coalesce((select sum(si.payment_fen) from shop_order_items si where si.id in
            (select i.shop_order_item_id from dropship_order_items i where i.order_id = o.id)), 0) as sale,
          -coalesce((select sum(l.available_delta_fen) from dropship_order_entries e join ledger_entries l on l.id = e.entry_id where e.order_id = o.id), 0)
          - coalesce((select sum(l.available_delta_fen) from ledger_entries l where l.org_id = o.org_id and l.transaction_type = 'REPLENISH'
              and l.business_id in (select 'BK' || d.replenish_id from replenish_details d where d.order_no = o.order_no)), 0) as cost,
          coalesce((select sum(l.available_delta_fen) from ledger_entries l where l.org_id = o.org_id and l.transaction_type = 'PROXY_RETURN_GOODS'
              and l.business_id in (select a.after_sale_no from after_sales a where a.order_id = o.id)), 0) as back
        from dropship_orders o where o.org_id = ${w.sellerOrg} and o.paid_at is not null order by o.id`,
  );
}

async function allOrders(s: Session, body: Record<string, unknown>): Promise<ProfitOrdersResult> {
  const list: ProfitOrderRow[] = [];
  let first: ProfitOrdersResult | undefined;
  for (let pageNo = 1; ; pageNo++) {
    const r = await orders(s, { ...body, pageNo, pageSize: 7 });
    expect(r.errorCode, r.errorMsg).toBe(0);
    first ??= r.data;
    list.push(...r.data.list);
    if (r.data.list.length < 7) break;
  }
  return { ...(first as ProfitOrdersResult), list };
}

describe('利润统计 against the ledger', () => {
  it(`after a random history of ${OPS} operations each order’s parts equal the ledger’s, and the shop rows sum the orders`, async () => {
    const rand = rng(Number(process.env.STATS_SEED ?? 20261127));
    const pick = <T>(a: readonly T[]): T => a[Math.floor(rand() * a.length)] as T;
    const items: TakeItem[] = [];
    let done = 0;
    for (let i = 0; i < OPS; i++) {
      // A read now and then: the rollup is then kept by catch-ups of what changed since, not built once at the end.
      if (i % 10 === 0) expect((await profit(w.seller, range)).errorCode).toBe(0);
      const op = items.length < 3 ? 0 : Math.floor(rand() * 6);
      const item = pick(items);
      const [cur] = item ? await queryRows<{ assigned_user_id: number | null }>(db(), sql`select assigned_user_id from take_items where id = ${item.id}`) : [];
      const owner = [w.pickerA, w.pickerB].find((p) => p.userId === cur?.assigned_user_id);
      if (op === 0) {
        const lines = Array.from({ length: 1 + Math.floor(rand() * 2) }, () => ({
          costFen: 1000 + Math.floor(rand() * 5000),
          quantity: 1 + Math.floor(rand() * 3),
        }));
        const made = await paidAssigned(w, lines, pick([w.pickerA, w.pickerB]), i % 3 === 0 ? 'PDD' : 'TAOBAO');
        items.push(...made.items);
        done++;
      } else if ((op === 1 || op === 2) && item && owner) {
        const result = pick(['TOOK', 'TOOK', 'TOOK_PART', 'E_LACK_TAKING'] as const);
        const body: Record<string, unknown> = { takeItemIds: [item.id], result };
        if (result === 'TOOK' || result === 'TOOK_PART') body.priceFen = item.unitCostFen + pick([0, 500, -200]);
        if (result === 'TOOK_PART') body.tookQuantity = 1;
        if ((await post('/api/b2/purchaser/picking/mark', owner, body)).errorCode === 0) done++;
        if (rand() < 0.5 && (await payReplenish())) done++;
      } else if (op === 3 && item) {
        if ((await post('/api/b2/purchaser/assigned/cancelTook', w.main, { takeItemIds: [item.id] })).errorCode === 0) done++;
      } else if (op === 4 && item) {
        await stopItem(db(), { orgId: w.sellerOrg, userId: w.seller.userId }, item.orderItemId).then(
          () => done++,
          () => undefined,
        );
      } else if (op === 5 && item && rand() < 0.5) {
        if ((await post('/api/b2/post/orders/cancel', w.seller, { orderIds: [item.orderId], reason: '买家不要了' })).errorCode === 0) done++;
      }
    }
    expect(done).toBeGreaterThan(OPS / 3);
    const returned = await stallRefundedReturn();
    // One cancelled order whatever the seed drew: all of its money came back, so it counts as 0.
    const cancelled = await paidAssigned(w, [{ costFen: 2500 }], null);
    expect((await post('/api/b2/post/orders/cancel', w.seller, { orderIds: [cancelled.orderId], reason: '买家不要了' })).errorCode).toBe(0);

    const list = await allOrders(w.seller, range);
    const ledger = await fromLedger();
    expect(list.list.length).toBe(ledger.length);
    expect(list.total).toBe(ledger.length);
    const byId = new Map(list.list.map((o) => [o.orderId, o]));
    for (const l of ledger) {
      const o = byId.get(Number(l.id));
      const got = o && { sale: o.saleFen, express: o.expressFen, cost: o.goodsFen + o.expressFen + o.serviceFen, back: o.afterSaleBackFen, noSale: o.noSale };
      const want = l.void
        ? { sale: 0, express: 0, cost: 0, back: 0, noSale: l.no_sale }
        : { sale: Number(l.sale), express: Number(l.express), cost: Number(l.cost), back: Number(l.back), noSale: l.no_sale };
      expect(got, `order ${l.id}`).toEqual(want);
      expect(o?.profitFen).toBe(want.sale - want.cost + want.back);
    }
    expect(byId.get(returned)?.afterSaleBackFen).toBeGreaterThan(0);
    expect(ledger.find((l) => Number(l.id) === cancelled.orderId)?.void).toBe(true);
    const [replenished] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_entries where org_id = ${w.sellerOrg} and transaction_type = 'REPLENISH'`,
    );
    expect(replenished?.n).toBeGreaterThan(0);

    // The shop rows (any period) sum the per-order list of that shop; the grand total sums all.
    for (const period of ['DAY', 'WEEK', 'MONTH'] as const) {
      const r = await profit(w.seller, { ...range, period, split: 'SHOP' });
      expect(r.errorCode, r.errorMsg).toBe(0);
      expect(r.data.keys.length).toBe(2);
      for (const k of r.data.keys) {
        const mine = list.list.filter((o) => String(o.shopId) === k.key);
        expect([k.orders, k.saleFen, k.profitFen]).toEqual([mine.length, mine.reduce((a, o) => a + o.saleFen, 0), mine.reduce((a, o) => a + o.profitFen, 0)]);
        const rows = r.data.rows.filter((x) => x.key === k.key);
        expect(rows.reduce((a, x) => a + x.profitFen, 0)).toBe(k.profitFen);
        const shop = await orders(w.seller, { ...range, shopId: Number(k.key), pageSize: 100 });
        const { key: _key, keyName: _name, ...figures } = k;
        expect(shop.data.sum).toEqual(figures);
      }
      expect(r.data.total.profitFen).toBe(list.list.reduce((a, o) => a + o.profitFen, 0));
      expect(r.data.total.margin).toBe(r.data.total.saleFen === 0 ? 0 : Math.round((r.data.total.profitFen / r.data.total.saleFen) * 10_000) / 10_000);
    }
    // The shop picker narrows both calls to the picked shops.
    const all = await profit(w.seller, { ...range, split: 'SHOP', period: 'MONTH' });
    for (const k of all.data.keys) {
      const picked = await profit(w.seller, { ...range, split: 'SHOP', period: 'MONTH', shopIds: [Number(k.key)] });
      expect(picked.data.keys).toEqual([k]);
      const list = await orders(w.seller, { ...range, shopIds: [Number(k.key)] });
      expect([list.data.total, list.data.list.every((o) => String(o.shopId) === k.key)]).toEqual([k.orders, true]);
    }
    const byChannel = await profit(w.seller, { ...range, split: 'CHANNEL', period: 'MONTH' });
    expect(byChannel.data.keys.map((k) => k.keyName).sort()).toEqual([CHANNEL_NAMES.PDD, CHANNEL_NAMES.TAOBAO].sort());
    const none = await profit(w.seller, { ...range, split: 'NONE' });
    expect(none.data.keys.map((k) => k.profitFen)).toEqual([none.data.total.profitFen]);

    // The rows kept incrementally equal the raw recompute, and a rebuild of the range stores the same rows.
    const kept = { orders: await storedProfitOrders(db(), w.sellerOrg), daily: await storedProfitDaily(db(), w.sellerOrg) };
    expect(kept.orders.length).toBe(ledger.length);
    expect(comparable(kept.orders)).toEqual(comparable(await rawProfitOrders(db(), { orgId: w.sellerOrg, all: true })));
    await rebuildProfit(db(), w.sellerOrg, range.startDay, range.endDay);
    expect({ orders: await storedProfitOrders(db(), w.sellerOrg), daily: await storedProfitDaily(db(), w.sellerOrg) }).toEqual(kept);
  });

  it('a refund, a 补款, a stall refund, a shop re-sync and a payment on credit after a read are seen by the next read', async () => {
    const stopped = await paidAssigned(w, [{ costFen: 3000 }, { costFen: 2000 }], null);
    const raised = await paidAssigned(w, [{ costFen: 3000 }], w.pickerA);
    const resynced = await paidAssigned(w, [{ costFen: 3000 }], null);
    const before = await orderRows();
    await stopItem(db(), { orgId: w.sellerOrg, userId: w.seller.userId }, stopped.items[1]?.orderItemId as number);
    const item = raised.items[0] as TakeItem;
    const mark = await post('/api/b2/purchaser/picking/mark', w.pickerA, { takeItemIds: [item.id], result: 'TOOK', priceFen: item.unitCostFen + 500 });
    expect(mark.errorCode, mark.errorMsg).toBe(0);
    expect(await payReplenish()).toBe(true);
    await resync(resynced.orderId, 8800);
    // 货到付款: paid without a ledger entry (the queue's case, not the watermark's).
    await credit.enable();
    await credit.limit(1_000_000);
    const onCredit = await credit.placed();
    expect((await credit.payLater([onCredit.id])).errorCode).toBe(0);
    let backBefore: ProfitOrderRow | undefined;
    const returned = await stallRefundedReturn(async (orderId) => {
      backBefore = (await orderRows()).get(orderId);
    });
    const after = await orderRows();
    const row = (m: Map<number, ProfitOrderRow>, id: number) => m.get(id) as ProfitOrderRow;
    expect(row(after, stopped.orderId).goodsFen).toBe(row(before, stopped.orderId).goodsFen - 2000);
    expect(row(after, raised.orderId).goodsFen).toBe(row(before, raised.orderId).goodsFen + 500);
    expect([row(before, resynced.orderId).saleFen, row(after, resynced.orderId).saleFen]).toEqual([9900, 8800]);
    expect(backBefore?.afterSaleBackFen).toBe(0);
    expect(row(after, returned).afterSaleBackFen).toBeGreaterThan(0);
    expect(before.has(onCredit.id)).toBe(false);
    expect(row(after, onCredit.id).goodsFen + row(after, onCredit.id).expressFen + row(after, onCredit.id).serviceFen).toBe(onCredit.totalFen);
    // Each equals its raw recompute, and so does every stored row.
    const raw = await rawProfitOrders(db(), { orgId: w.sellerOrg, orderIds: [stopped.orderId, raised.orderId, resynced.orderId, returned, onCredit.id] });
    expect(raw.length).toBe(5);
    for (const r of raw) expect(row(after, Number(r.order_id)).goodsFen, `order ${r.order_id}`).toBe(Number(r.goods_fen));
    expect(comparable(await storedProfitOrders(db(), w.sellerOrg))).toEqual(comparable(await rawProfitOrders(db(), { orgId: w.sellerOrg, all: true })));
  });
});

/** Rows with their day as text and numbers as numbers (the drivers answer dates and bigints differently). */
function comparable(rows: Record<string, unknown>[]) {
  return rows.map((r) =>
    Object.fromEntries(
      Object.entries(r).map(([k, v]) => [
        k,
        v instanceof Date ? v.toISOString().slice(0, 10) : typeof v === 'boolean' || k === 'channel' || k === 'day' ? v : Number(v),
      ]),
    ),
  );
}

/** Every order of the range as the list call answers it, by id (the read catches up first). */
async function orderRows() {
  return new Map((await allOrders(w.seller, range)).list.map((o) => [o.orderId, o]));
}

/** The shop sync's upsert of the order's shop order again, newer, its lines paid `paymentFen` each. */
async function resync(orderId: number, paymentFen: number) {
  const [so] = await queryRows<{ id: number; shop_id: number; channel: 'TAOBAO' | 'PDD'; platform_order_id: string }>(
    db(),
    sql`select s.id, s.shop_id, s.channel, s.platform_order_id from shop_orders s join dropship_orders o on o.shop_order_id = s.id where o.id = ${orderId}`,
  );
  if (!so) throw new Error('no shop order');
  const lines = await queryRows<{
    platform_item_id: string;
    item_id: string;
    sku_id: string;
    title: string;
    spec: string;
    quantity: number;
    price_fen: number;
  }>(db(), sql`select platform_item_id, item_id, sku_id, title, spec, quantity, price_fen from shop_order_items where order_id = ${so.id} order by id`);
  const now = new Date(Date.now() + 60_000);
  const order: NormalizedOrder = {
    platformOrderId: so.platform_order_id,
    status: 'WAIT_SELLER_SEND',
    platformStatus: 'WAIT_SELLER_SEND_GOODS',
    buyerNick: 'tb买家',
    receiver: { ...RECEIVER, encrypted: false },
    totalFen: paymentFen * lines.length,
    postFeeFen: 0,
    paymentFen: paymentFen * lines.length,
    createdAt: now,
    paidAt: now,
    modifiedAt: now,
    items: lines.map((l) => ({
      platformItemId: l.platform_item_id,
      itemId: l.item_id,
      skuId: l.sku_id,
      title: l.title,
      spec: l.spec,
      quantity: Number(l.quantity),
      priceFen: Number(l.price_fen),
      paymentFen,
      refundState: 'NONE' as const,
    })),
  };
  await upsertShopOrders(db(), { orgId: w.sellerOrg, shopId: Number(so.shop_id), channel: so.channel, source: 'IMPORT' }, [order]);
}

describe('利润统计: exports, tenants, bad input', () => {
  it('exports both tables as Excel with a 合计 row', async () => {
    for (const [path, body] of [
      ['/api/b2/statistics/profit/export', { ...range, split: 'SHOP' }],
      ['/api/b2/statistics/profit/orders/export', range],
    ] as const) {
      const res = await w.t.app.inject({ method: 'POST', url: path, headers: w.seller.headers(), payload: body });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    }
  });

  it('another seller sees none of the orders, and another seller’s shop answers not found; a purchaser is refused', async () => {
    const r = await profit(otherSeller, { ...range });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.total.orders).toBe(0);
    const list = await orders(otherSeller, { ...range });
    expect(list.data.total).toBe(0);
    const [mine] = await queryRows<{ shop_id: number }>(
      db(),
      sql`select shop_id from dropship_orders where org_id = ${w.sellerOrg} and shop_id is not null limit 1`,
    );
    const foreign = await orders(otherSeller, { ...range, shopId: mine?.shop_id });
    expect(foreign.errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await orders(w.seller, { ...range, shopId: otherShopId })).errorCode).toBe(ErrorCode.NOT_FOUND);
    // The shop picker's choice: another seller's shop among the seller's own answers not found too.
    expect((await profit(w.seller, { ...range, shopIds: [mine?.shop_id, otherShopId] })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await orders(w.seller, { ...range, shopIds: [otherShopId] })).errorCode).toBe(ErrorCode.NOT_FOUND);
    const purchaser = await profit(w.main, { ...range });
    expect(purchaser.errorCode).not.toBe(0);
  });

  it('refuses reversed and too long ranges, unknown splits and bad pages with a Chinese message, changing nothing', async () => {
    const before = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_entries`);
    expectBadRequest(await profit(w.seller, { startDay: '2026-03-02', endDay: '2026-03-01' }), /开始日期不能晚于结束日期/);
    expectBadRequest(await profit(w.seller, { startDay: '2024-01-01', endDay: '2026-01-01' }), /统计范围最多400天/);
    expectBadRequest(await profit(w.seller, { ...range, split: 'STALL' }), /分组维度应为店铺、平台或不分组/);
    expectBadRequest(await orders(w.seller, { ...range, pageSize: 1000 }), /每页最多100条/);
    expectBadRequest(await orders(w.seller, { ...range, shopId: -1 }), /店铺不正确/);
    expectBadRequest(await profit(w.seller, { ...range, shopIds: '1,2' }), /店铺筛选应为店铺编号的列表/);
    expectBadRequest(await orders(w.seller, { ...range, shopIds: Array.from({ length: 51 }, (_, i) => i + 1) }), /最多选择50个店铺/);
    expect(await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from ledger_entries`)).toEqual(before);
  });
});
