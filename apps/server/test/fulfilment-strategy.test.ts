/**
 * The seller's fulfilment settings acted on where orders move (docs/decisions/0020-fulfilment-strategy.md):
 * 缺货处理 WAIT_NEXT_DAY puts an out-of-stock item off for the allowed days before refunding it,
 * 供货备货方式 OWN_STOCK makes a line taken at payment, and 未付款自动取消 cancels unpaid orders by age.
 */
import { FULFILMENT_DEFAULTS, type OperationResult, type PickOutcomeResult, type PickTodayResult } from '@dropship/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { cancelUnpaidOrders } from '../src/modules/dropship-orders/pay/unpaid-cancel.service.js';
import { suppliers } from '../src/modules/goods/goods.table.js';
import { draftOf, expectCountsTrue, linkedShopOrder } from './dropship-orders-support.js';
import { balance, callers } from './funds-payments-support.js';
import { itemRow, type PickingWorld, paidAssigned, sellerSide, startPickingWorld } from './picking-support.js';

let w: PickingWorld;
const db = () => w.t.database.db;
const { get, post } = callers(() => w.t);
const mark = (takeItemIds: number[], result: string) => post<PickOutcomeResult>('/api/b2/purchaser/picking/mark', w.pickerA, { takeItemIds, result });
const undo = (takeItemIds: number[]) => post<PickOutcomeResult>('/api/b2/purchaser/assigned/cancelTook', w.main, { takeItemIds });
const save = async (key: string, value: unknown) => {
  const r = await post(`/api/b2/fulfilment/settings/${key}`, w.seller, value);
  expect(r.errorCode, r.errorMsg).toBe(0);
};
const strategy = (o: Partial<typeof FULFILMENT_DEFAULTS.orderFulfillmentStrategy>) =>
  save('orderFulfillmentStrategy', { ...FULFILMENT_DEFAULTS.orderFulfillmentStrategy, ...o });

beforeAll(async () => {
  w = await startPickingWorld();
});
afterAll(() => w?.t.close());

describe('out of stock: WAIT_NEXT_DAY', () => {
  afterAll(() => strategy({}));

  it('puts the item off day by day (no refund), counts the days, gives a day back on undo, refunds once the days are used up', async () => {
    await strategy({ outOfStockPolicy: 'WAIT_NEXT_DAY', nextDayMaxDays: 2 });
    const { items } = await paidAssigned(w, [{ costFen: 3000 }], w.pickerA);
    const id = items[0]?.id as number;
    const before = (await balance(db(), w.sellerOrg)).available;

    const first = await mark([id], 'E_LACK_TAKING');
    expect(first.errorCode, first.errorMsg).toBe(0);
    expect(first.data.items[0]).toMatchObject({ result: 'E_NEXT_TAKING', refundFen: 0 });
    expect(await itemRow(db(), id)).toMatchObject({ takingStatus: 'E_NEXT_TAKING', assignmentStatus: 'WAITING_ASSIGNED', lackDays: 1 });
    expect(await sellerSide(db(), id)).toMatchObject({ takeStatus: 'E_NEXT_TAKING', combined: 'E_NEXT_TAKING', orderRefundedFen: 0 });
    expect((await balance(db(), w.sellerOrg)).available).toBe(before);
    const [log] = await queryRows<{ note: string }>(db(), sql`select note from take_logs where take_item_id = ${id} and operation = 'MARK'`);
    expect(log?.note).toContain('缺货，按卖家设置明日再拿（第1/2天）');

    // An undo of the deferral gives its day back.
    expect((await undo([id])).errorCode).toBe(0);
    expect(await itemRow(db(), id)).toMatchObject({ takingStatus: 'TAKING', lackDays: 0 });

    expect((await mark([id], 'E_LACK_TAKING')).data.items[0]?.result).toBe('E_NEXT_TAKING');
    // The next day the picker takes it up again (marking a put-off item re-assigns it) and it is still out of stock.
    expect((await mark([id], 'E_LACK_TAKING')).data.items[0]).toMatchObject({ result: 'E_NEXT_TAKING', refundFen: 0 });
    expect(await itemRow(db(), id)).toMatchObject({ lackDays: 2 });
    const last = await mark([id], 'E_LACK_TAKING');
    expect(last.data.items[0]).toMatchObject({ result: 'E_LACK_TAKING', refundFen: 3000 });
    expect(await itemRow(db(), id)).toMatchObject({ takingStatus: 'E_LACK_TAKING', lackDays: 2 });
    expect((await balance(db(), w.sellerOrg)).available).toBe(before + 3000);
    await expectCountsTrue(db(), w.sellerOrg);
  });

  it('with REFUND (the default) the first out-of-stock report refunds', async () => {
    await strategy({});
    const { items } = await paidAssigned(w, [{ costFen: 2500 }], w.pickerA);
    const r = await mark([items[0]?.id as number], 'E_LACK_TAKING');
    expect(r.data.items[0]).toMatchObject({ result: 'E_LACK_TAKING', refundFen: 2500 });
  });
});

const settlementCount = async (takeItemId: number) =>
  (await queryRows(db(), sql`select 1 from settlement_lines where business_id = ${String(takeItemId)}`)).length;

describe('supply mode: OWN_STOCK', () => {
  afterAll(() => save('distributionMode', FULFILMENT_DEFAULTS.distributionMode));

  it('a line of an own-stock stall is taken when paid: no picker walks for it, the warehouse can scan it', async () => {
    // The stall paidAssigned links lines to (made on first use by the previous describe).
    const [stall] = await db()
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.orgId, w.sellerOrg), eq(suppliers.name, '测试档口')));
    expect(stall).toBeDefined();
    await save('distributionMode', { defaultMode: 'MARKET_PICKUP', suppliers: [{ supplierId: stall?.id, mode: 'OWN_STOCK' }] });
    const before = (await balance(db(), w.sellerOrg)).available;
    const { items, orderId } = await paidAssigned(w, [{ costFen: 1800, quantity: 2 }], null);
    const item = items[0] as (typeof items)[number];
    expect(item).toMatchObject({ supplyMode: 'OWN_STOCK', assignmentStatus: 'TOOK', takingStatus: 'TOOK', tookQuantity: 2, tookPriceFen: 0 });
    // The goods are the seller's already: the order carries only its fees, and that is what was paid.
    const [o] = await queryRows<{ goods_fen: string | number; total_fen: string | number }>(
      db(),
      sql`select goods_fen, total_fen from dropship_orders where id = ${orderId}`,
    );
    expect(Number(o?.goods_fen)).toBe(0);
    expect(Number(o?.total_fen)).toBeGreaterThan(0);
    expect((await balance(db(), w.sellerOrg)).available).toBe(before - Number(o?.total_fen));
    expect(await settlementCount(item.id)).toBe(0);
    expect(await sellerSide(db(), item.id)).toMatchObject({ takeStatus: 'TOOK', combined: 'TOOK' });
    const [line] = await queryRows<{ supply_mode: string }>(db(), sql`select supply_mode from dropship_order_items where order_id = ${orderId}`);
    expect(line?.supply_mode).toBe('OWN_STOCK');
    await expectCountsTrue(db(), w.sellerOrg);
    const today = await get<PickTodayResult>('/api/b2/purchaser/picking/today', w.pickerA);
    expect(today.data.stalls.flatMap((s) => s.items.map((i) => i.id))).not.toContain(item.id);
    const scanned = await post<{ kind: string }>('/api/b2/purchaser/warehouse/scan', w.main, { takeCode: item.takeCode });
    expect(scanned.errorCode, scanned.errorMsg).toBe(0);
    expect((await itemRow(db(), item.id)).arrivedAt).not.toBeNull();
  });

  it('the seller may cancel an own-stock order until the warehouse scanned it; the fees come back', async () => {
    const before = (await balance(db(), w.sellerOrg)).available;
    const { orderId } = await paidAssigned(w, [{ costFen: 1800 }], null);
    const detail = await get<{ allowed: { cancel: boolean }; items: { supplyMode: string; unitCostFen: number }[] }>(
      `/api/b2/post/orders/detail/${orderId}`,
      w.seller,
    );
    expect(detail.errorCode, detail.errorMsg).toBe(0);
    expect(detail.data.allowed.cancel).toBe(true);
    expect(detail.data.items[0]).toMatchObject({ supplyMode: 'OWN_STOCK', unitCostFen: 0 });
    const r = await post<OperationResult>('/api/b2/post/orders/cancel', w.seller, { orderIds: [orderId], reason: '买家不要了' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.results[0]?.ok, r.data.results[0]?.message).toBe(true);
    expect((await balance(db(), w.sellerOrg)).available).toBe(before);
    await expectCountsTrue(db(), w.sellerOrg);

    const { items, orderId: scannedId } = await paidAssigned(w, [{ costFen: 1800 }, { costFen: 1800 }], null);
    expect((await post('/api/b2/purchaser/warehouse/scan', w.main, { takeCode: items[0]?.takeCode })).errorCode).toBe(0);
    const refused = await post<OperationResult>('/api/b2/post/orders/cancel', w.seller, { orderIds: [scannedId], reason: '买家不要了' });
    expect(refused.data.results[0]).toMatchObject({ ok: false, message: expect.stringMatching(/不能取消/) });
  });

  it('the place page shows the line as own stock with no goods money', async () => {
    const [stall] = await db()
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.orgId, w.sellerOrg), eq(suppliers.name, '测试档口')));
    await save('distributionMode', { defaultMode: 'OWN_STOCK', suppliers: [{ supplierId: stall?.id, mode: 'OWN_STOCK' }] });
    const so = await linkedShopOrder(db(), w.sellerOrg, [{ costFen: 1800 }]);
    const r = await post<{ orders: { lines: { supplyMode: string; unitCostFen: number | null }[] }[] }>('/api/b2/post/orders/preview', w.seller, {
      shopOrderIds: [so.id],
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.orders[0]?.lines[0]).toMatchObject({ supplyMode: 'OWN_STOCK', unitCostFen: 0 });
  });

  it('another stall of the same seller still goes to market', async () => {
    await save('distributionMode', { defaultMode: 'MARKET_PICKUP', suppliers: [] });
    const { items } = await paidAssigned(w, [{ costFen: 1800 }], null);
    expect(items[0]).toMatchObject({ supplyMode: 'MARKET_PICKUP', assignmentStatus: 'WAITING_ASSIGNED', takingStatus: 'WAITING_TAKING' });
  });
});

describe('unpaid orders cancelled by age', () => {
  afterAll(() => strategy({}));

  async function unpaidOrder(ageHours: number) {
    const so = await linkedShopOrder(db(), w.sellerOrg, [{ costFen: 1000 }]);
    const r = await post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', w.seller, { orders: [draftOf(so.id)] });
    expect(r.errorCode, r.errorMsg).toBe(0);
    const o = r.data.orders[0] as { id: number; orderNo: string };
    await db().execute(sql`update dropship_orders set created_at = now() - make_interval(hours => ${ageHours}) where id = ${o.id}`);
    return o;
  }
  const statusOf = async (id: number) => (await queryRows<{ status: string }>(db(), sql`select status from dropship_orders where id = ${id}`))[0]?.status;

  it('cancels what waited longer than the seller allows (default 24 h), leaves the rest, writes why on the timeline', async () => {
    // Earlier tests' unpaid orders are not in this seller's way: clear the field.
    await cancelUnpaidOrders(db());
    const old = await unpaidOrder(25);
    const young = await unpaidOrder(23);
    const out = await cancelUnpaidOrders(db());
    expect(out.canceled).toBeGreaterThanOrEqual(1);
    expect(await statusOf(old.id)).toBe('CANCELED');
    expect(await statusOf(young.id)).toBe('WAITING_PAYMENT');
    const [ev] = await queryRows<{ note: string; operation: string }>(
      db(),
      sql`select note, operation from dropship_order_events where order_id = ${old.id} order by id desc limit 1`,
    );
    expect(ev?.note).toContain('超过24小时未付款，系统自动取消');
    await expectCountsTrue(db(), w.sellerOrg);
    // Running again changes nothing.
    expect((await cancelUnpaidOrders(db())).canceled).toBe(0);

    await strategy({ unpaidCancelHours: 2 });
    await cancelUnpaidOrders(db());
    expect(await statusOf(young.id)).toBe('CANCELED');
  });

  it('spares an order whose Alipay payment was started in the last half hour, and never touches a paid one', async () => {
    await strategy({ unpaidCancelHours: 1 });
    const atCashier = await unpaidOrder(3);
    await db().execute(
      sql`insert into dropship_payments (org_id, out_trade_no, amount_fen, pay_method, order_ids) values (${w.sellerOrg}, ${`DPTEST${atCashier.id}`}, 1000, 'ALIPAY_PC', ${`{${atCashier.id}}`}::bigint[])`,
    );
    const { orderId: paid } = await paidAssigned(w, [{ costFen: 1000 }], null);
    await db().execute(sql`update dropship_orders set created_at = now() - interval '3 hours' where id = ${paid}`);
    await cancelUnpaidOrders(db());
    expect(await statusOf(atCashier.id)).toBe('WAITING_PAYMENT');
    expect(await statusOf(paid)).toBe('WAITING_DELIVERING');
    await db().execute(sql`update dropship_payments set created_at = now() - interval '31 minutes' where out_trade_no = ${`DPTEST${atCashier.id}`}`);
    await cancelUnpaidOrders(db());
    expect(await statusOf(atCashier.id)).toBe('CANCELED');
  });

  it('is scheduled with the job queue', async () => {
    const rows = await queryRows<{ kind: string; every_ms: string | number }>(
      db(),
      sql`select kind, every_ms from job_schedules where name = 'dropship.cancelUnpaid'`,
    );
    expect(rows[0]).toMatchObject({ kind: 'dropship.cancelUnpaid' });
    expect(Number(rows[0]?.every_ms)).toBe(600_000);
  });
});
