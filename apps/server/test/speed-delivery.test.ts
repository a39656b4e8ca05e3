/**
 * 加急发货 acted on (decision 0017): refused with its own code while the seller has not enabled it
 * (nothing written); once enabled, the operator's fee is on the order and in its total (not
 * discounted), the default applies when the draft says nothing, payment debits the total, the take
 * items are urgent and listed first for the purchaser, the picker and the warehouse; cancelling
 * gives the fee back; the list filters and exports it; another tenant is untouched throughout.
 */
import { ErrorCode, type PickTodayResult } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { draftOf, dropshipState, expectCountsTrue, linkedShopOrder, RECEIVER } from './dropship-orders-support.js';
import { balance, expectBadRequest, PAY_PASSWORD, readXlsx } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { call } from './support.js';
import { startWorld, type World } from './take-assignment-support.js';
import { tookAll, WAREHOUSE } from './warehouse-support.js';

let w: World;
const db = () => w.db();
const A = '/api/b2/purchaser/assigned';
const FEE = 300;
let keySeq = 0;

type Created = { orders: { id: number; orderNo: string; totalFen: number }[] };
type Cost = { cost: { goodsFen: number; expressFeeFen: number; serviceFeeFen: number; speedFeeFen: number; totalFen: number } | null; error: string | null };
type Terms = { enabled: boolean; defaultOn: boolean; feeFen: number };

const setSpeed = async (s: Session, enabled: boolean, defaultOn = false) => {
  const r = await w.post('/api/b2/fulfilment/settings/speedDelivery', s, { enabled, defaultOn });
  expect(r.errorCode, r.errorMsg).toBe(0);
};
const create = (s: Session, drafts: Record<string, unknown>[]) => w.post<Created>('/api/b2/post/orders/create', s, { orders: drafts });
const pay = (s: Session, orderIds: number[]) =>
  w.post('/api/b2/post/orders/pay', s, { orderIds, payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: `speed-${Date.now()}-${++keySeq}` });
const orderOf = async (id: number) => {
  const [r] = await queryRows<{
    speed_delivery: boolean;
    speed_fee_fen: string;
    total_fen: string;
    goods_fen: string;
    express_fee_fen: string;
    service_fee_fen: string;
  }>(db(), sql`select speed_delivery, speed_fee_fen, total_fen, goods_fen, express_fee_fen, service_fee_fen from dropship_orders where id = ${id}`);
  return r
    ? {
        urgent: r.speed_delivery,
        speedFee: Number(r.speed_fee_fen),
        total: Number(r.total_fen),
        parts: Number(r.goods_fen) + Number(r.express_fee_fen) + Number(r.service_fee_fen),
      }
    : undefined;
};
async function placeOne(s: Session, org: number, extra: Record<string, unknown> = {}, lines = 1) {
  const so = await linkedShopOrder(
    db(),
    org,
    Array.from({ length: lines }, () => ({ costFen: 4500 })),
  );
  const r = await create(s, [draftOf(so.id, extra)]);
  expect(r.errorCode, r.errorMsg).toBe(0);
  return r.data.orders[0] as Created['orders'][number];
}
const takeItemsOf = (orderId: number) =>
  queryRows<{ id: string; take_code: string; urgent: boolean }>(
    db(),
    sql`select id, take_code, urgent from take_items where order_id = ${orderId} order by id`,
  );

beforeAll(async () => {
  w = await startWorld('sd');
});
afterAll(() => w?.t.close());

describe('placing while the service is not enabled', () => {
  it('the place page learns it is off (price shown), per tenant', async () => {
    const r = await w.get<Terms>('/api/b2/post/orders/speedDelivery', w.seller);
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data).toEqual({ enabled: false, defaultOn: false, feeFen: FEE });
    const purchaser = await w.t.app.inject({ method: 'GET', url: '/api/b2/post/orders/speedDelivery', headers: w.purchaser.headers() });
    expect(purchaser.json().errorCode).not.toBe(0);
  });

  it('refuses an urgent order with its own code and changes nothing; the cost call says why', async () => {
    const so = await linkedShopOrder(db(), w.sellerOrg, [{ costFen: 4500 }]);
    const before = await dropshipState(db());
    const r = await create(w.seller, [draftOf(so.id, { speedDelivery: true })]);
    expect(r.errorCode).toBe(ErrorCode.SPEED_DELIVERY_NOT_ENABLED);
    expect(r.errorMsg).toMatch(/未开通加急发货服务.*基础设置→加急发货/);
    expect(await dropshipState(db())).toEqual(before);
    const cost = await w.post<{ orders: Cost[] }>('/api/b2/post/orders/calculate/express/cost', w.seller, {
      orders: [{ shopOrderId: so.id, province: RECEIVER.province, expressCode: 'ZTO', speedDelivery: true }],
    });
    expect(cost.errorCode, cost.errorMsg).toBe(0);
    expect(cost.data.orders[0]).toMatchObject({ cost: null, error: expect.stringMatching(/未开通加急发货/) });
  });

  it('bad input names the field in Chinese and writes nothing', async () => {
    const so = await linkedShopOrder(db(), w.sellerOrg, [{ costFen: 4500 }]);
    const before = await dropshipState(db());
    expectBadRequest(await create(w.seller, [draftOf(so.id, { speedDelivery: 'yes' })]), /加急发货/);
    expectBadRequest(await w.post('/api/b2/post/orders/page', w.seller, { pageNo: 1, pageSize: 20, speedDelivery: 'MAYBE' }), /加急/);
    expect(await dropshipState(db())).toEqual(before);
  });

  it('an order without the field is not urgent and costs what it did', async () => {
    const o = await placeOne(w.seller, w.sellerOrg);
    expect(await orderOf(o.id)).toMatchObject({ urgent: false, speedFee: 0 });
    const row = await orderOf(o.id);
    expect(row?.total).toBe(row?.parts);
  });
});

describe('placing once enabled', () => {
  beforeAll(async () => {
    await setSpeed(w.seller, true, false);
  });

  it('an urgent order carries the operator’s fee in its total; the preview shows the same money', async () => {
    const so = await linkedShopOrder(db(), w.sellerOrg, [{ costFen: 4500, quantity: 2 }]);
    const cost = await w.post<{ orders: Cost[] }>('/api/b2/post/orders/calculate/express/cost', w.seller, {
      orders: [{ shopOrderId: so.id, province: RECEIVER.province, expressCode: 'ZTO', speedDelivery: true }],
    });
    expect(cost.errorCode, cost.errorMsg).toBe(0);
    const c = cost.data.orders[0]?.cost;
    expect(c?.speedFeeFen).toBe(FEE);
    expect(c?.totalFen).toBe((c?.goodsFen ?? 0) + (c?.expressFeeFen ?? 0) + (c?.serviceFeeFen ?? 0) + FEE);
    const r = await create(w.seller, [draftOf(so.id, { speedDelivery: true })]);
    expect(r.errorCode, r.errorMsg).toBe(0);
    const o = r.data.orders[0] as Created['orders'][number];
    expect(o.totalFen).toBe(c?.totalFen);
    expect(await orderOf(o.id)).toMatchObject({ urgent: true, speedFee: FEE, total: c?.totalFen });
  });

  it('the seller’s default applies when the draft says nothing; an explicit false wins', async () => {
    expect((await orderOf((await placeOne(w.seller, w.sellerOrg)).id))?.urgent).toBe(false);
    await setSpeed(w.seller, true, true);
    expect((await w.get<Terms>('/api/b2/post/orders/speedDelivery', w.seller)).data).toEqual({ enabled: true, defaultOn: true, feeFen: FEE });
    expect(await orderOf((await placeOne(w.seller, w.sellerOrg)).id)).toMatchObject({ urgent: true, speedFee: FEE });
    expect(await orderOf((await placeOne(w.seller, w.sellerOrg, { speedDelivery: false })).id)).toMatchObject({ urgent: false, speedFee: 0 });
    await setSpeed(w.seller, true, false);
  });

  it('the fee is the operator’s price at placing time', async () => {
    const operator = await login(w.t.app, 'demo_operator');
    const set = await w.post('/api/operator/fulfilment/prices', operator, { speedDeliveryFeeFen: 500, payLaterCreditFen: 200_000 });
    expect(set.errorCode, set.errorMsg).toBe(0);
    try {
      expect(await orderOf((await placeOne(w.seller, w.sellerOrg, { speedDelivery: true })).id)).toMatchObject({ speedFee: 500 });
    } finally {
      await w.post('/api/operator/fulfilment/prices', operator, { speedDeliveryFeeFen: FEE, payLaterCreditFen: 200_000 });
    }
  });

  it('changing the receiver of an unpaid urgent order keeps the fee in the total', async () => {
    const o = await placeOne(w.seller, w.sellerOrg, { speedDelivery: true });
    const r = await w.post<{ expressFeeFen: number; totalFen: number }>('/api/b2/post/orders/update/receivingInfo', w.seller, {
      id: o.id,
      receiver: { ...RECEIVER, province: '新疆维吾尔自治区', city: '乌鲁木齐市', district: '天山区', address: '人民路1号' },
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    const row = await orderOf(o.id);
    expect(row?.total).toBe((row?.parts ?? 0) + FEE);
    expect(r.data.totalFen).toBe(row?.total);
  });

  it('another tenant is untouched: its own setting (off) still refuses, and it sees none of these orders', async () => {
    await placeOne(w.seller, w.sellerOrg, { speedDelivery: true });
    const so = await linkedShopOrder(db(), w.otherSellerOrg, [{ costFen: 4500 }]);
    expect((await create(w.otherSeller, [draftOf(so.id, { speedDelivery: true })])).errorCode).toBe(ErrorCode.SPEED_DELIVERY_NOT_ENABLED);
    expect((await w.get<Terms>('/api/b2/post/orders/speedDelivery', w.otherSeller)).data.enabled).toBe(false);
    const theirs = await w.post<{ total: number }>('/api/b2/post/orders/page', w.otherSeller, { pageNo: 1, pageSize: 20, speedDelivery: 'YES' });
    expect(theirs.data.total).toBe(0);
  });
});

describe('paying, picking, shipping and cancelling an urgent order', () => {
  let urgent: Created['orders'][number];
  let plain: Created['orders'][number];

  beforeAll(async () => {
    await setSpeed(w.seller, true, false);
    urgent = await placeOne(w.seller, w.sellerOrg, { speedDelivery: true }, 2);
    plain = await placeOne(w.seller, w.sellerOrg, {}, 2);
    for (const o of [urgent, plain]) expect((await pay(w.seller, [o.id])).errorCode).toBe(0);
  });

  it('payment debits exactly the total (fee included) and the take items are urgent', async () => {
    const [entry] = await queryRows<{ available_delta_fen: string }>(
      db(),
      sql`select available_delta_fen from ledger_entries where business_id = ${urgent.orderNo} and transaction_type = 'ORDER'`,
    );
    expect(Number(entry?.available_delta_fen)).toBe(-urgent.totalFen);
    expect((await orderOf(urgent.id))?.total).toBe(urgent.totalFen);
    expect((await takeItemsOf(urgent.id)).map((t) => t.urgent)).toEqual([true, true]);
    expect((await takeItemsOf(plain.id)).map((t) => t.urgent)).toEqual([false, false]);
    await expectCountsTrue(db(), w.sellerOrg);
  });

  it('the seller’s list and detail show it; the filter and the export too', async () => {
    type Row = { id: number; speedDelivery: boolean; speedFeeFen: number };
    const yes = await w.post<{ total: number; list: Row[] }>('/api/b2/post/orders/page', w.seller, { pageNo: 1, pageSize: 100, speedDelivery: 'YES' });
    expect(yes.errorCode, yes.errorMsg).toBe(0);
    expect(yes.data.list.map((r) => r.id)).toContain(urgent.id);
    expect(yes.data.list.every((r) => r.speedDelivery && r.speedFeeFen > 0)).toBe(true);
    const no = await w.post<{ list: Row[] }>('/api/b2/post/orders/page', w.seller, { pageNo: 1, pageSize: 100, speedDelivery: 'NO' });
    expect(no.data.list.map((r) => r.id)).toContain(plain.id);
    expect(no.data.list.some((r) => r.speedDelivery)).toBe(false);
    const detail = await w.get<Row & { totalFen: number }>(`/api/b2/post/orders/detail/${urgent.id}`, w.seller);
    expect(detail.data).toMatchObject({ speedDelivery: true, speedFeeFen: FEE, totalFen: urgent.totalFen });
    const res = await call(w.t.app, { method: 'POST', url: '/api/b2/post/orders/export', session: w.seller, payload: { orderNo: urgent.orderNo } });
    const rows = await readXlsx(res);
    const col = rows[0]?.indexOf('加急') ?? -1;
    expect(col).toBeGreaterThanOrEqual(0);
    expect(rows[1]?.[col]).toBe('加急');
    expect(rows[1]?.[rows[0]?.indexOf('加急费(元)') ?? -1]).toBe('3.00');
  });

  it('the purchaser’s take list puts urgent items first; another purchaser sees none of them', async () => {
    const page = await w.post<{ list: { id: number; urgent: boolean }[] }>(`${A}/takePage`, w.purchaser, { pageNo: 1, pageSize: 100 });
    expect(page.errorCode, page.errorMsg).toBe(0);
    const flags = page.data.list.map((r) => r.urgent);
    expect(flags.indexOf(false)).toBeGreaterThan(flags.lastIndexOf(true));
    const urgentIds = (await takeItemsOf(urgent.id)).map((t) => Number(t.id));
    expect(
      page.data.list
        .slice(0, 2)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...urgentIds].sort());
    const theirs = await w.post<{ list: { id: number }[] }>(`${A}/takePage`, w.other, { pageNo: 1, pageSize: 100 });
    for (const id of urgentIds) expect(theirs.data.list.map((r) => r.id)).not.toContain(id);
  });

  it('the picker walks stalls holding urgent items first, urgent items first within a stall', async () => {
    const ids = [...(await takeItemsOf(urgent.id)), ...(await takeItemsOf(plain.id))].map((t) => Number(t.id));
    const assigned = await w.post(`${A}/takeAssignedUser`, w.purchaser, { takeItemIds: ids, pickerId: w.picker.userId });
    expect(assigned.errorCode, assigned.errorMsg).toBe(0);
    // The plain order's second item sits at an earlier stall of the walk: without 加急 it would come first.
    const plainIds = (await takeItemsOf(plain.id)).map((t) => Number(t.id));
    await db().execute(sql`update take_items set floor = '1楼', stall_no = 'A1' where id = ${plainIds[1]}`);
    const r = await w.get<PickTodayResult>('/api/b2/purchaser/picking/today', w.picker);
    expect(r.errorCode, r.errorMsg).toBe(0);
    const mine = r.data.stalls.filter((s) => s.items.some((i) => ids.includes(i.id)));
    expect(mine.map((s) => s.stallNo)).toEqual(['T301', 'A1']);
    const first = mine[0]?.items.filter((i) => ids.includes(i.id)) ?? [];
    expect(first.map((i) => i.urgent)).toEqual([true, true, false]);
  });

  it('the warehouse lists urgent orders first among those waiting', async () => {
    expect((await w.post('/api/b2/purchaser/warehouse/setting', w.purchaser, WAREHOUSE)).errorCode).toBe(0);
    const codes = async (id: number) => (await takeItemsOf(id)).map((t) => t.take_code);
    // The plain order arrives first (lower slot); one item of each, so both wait in their slots.
    for (const o of [plain, urgent]) {
      const [c] = await codes(o.id);
      await tookAll(db(), [c as string]);
      const s = await w.post('/api/b2/purchaser/warehouse/scan', w.purchaser, { takeCode: c });
      expect(s.errorCode, s.errorMsg).toBe(0);
    }
    const list = await w.post<{ list: { orderId: number; urgent: boolean }[] }>('/api/b2/purchaser/warehouse/orders', w.purchaser, { view: 'SORTING' });
    expect(list.errorCode, list.errorMsg).toBe(0);
    const mine = list.data.list.filter((r) => r.orderId === urgent.id || r.orderId === plain.id);
    expect(mine.map((r) => [r.orderId, r.urgent])).toEqual([
      [urgent.id, true],
      [plain.id, false],
    ]);
  });

  it('cancelling an urgent order gives the fee back with the rest', async () => {
    const o = await placeOne(w.seller, w.sellerOrg, { speedDelivery: true });
    const start = await balance(db(), w.sellerOrg);
    expect((await pay(w.seller, [o.id])).errorCode).toBe(0);
    expect(await balance(db(), w.sellerOrg)).toMatchObject({ available: start.available - o.totalFen });
    const r = await w.post<{ results: { ok: boolean; refundFen: number }[] }>('/api/b2/post/orders/cancel', w.seller, { orderIds: [o.id] });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.results[0]).toMatchObject({ ok: true, refundFen: o.totalFen });
    expect(await balance(db(), w.sellerOrg)).toMatchObject({ available: start.available });
    // Unpaid: nothing was taken, nothing comes back.
    const unpaid = await placeOne(w.seller, w.sellerOrg, { speedDelivery: true });
    const c = await w.post<{ results: { ok: boolean; refundFen: number }[] }>('/api/b2/post/orders/cancel', w.seller, { orderIds: [unpaid.id] });
    expect(c.data.results[0]).toMatchObject({ ok: true, refundFen: 0 });
    expect(await balance(db(), w.sellerOrg)).toMatchObject({ available: start.available });
    await expectCountsTrue(db(), w.sellerOrg);
  });
});
