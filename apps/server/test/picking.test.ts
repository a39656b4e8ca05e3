/**
 * The picker's view: today's items by stall, finding by pick-up code, each mark with its money
 * (refund once even when marked twice at the same time, the replenish request, the settlement
 * line), refused moves and bad input that change nothing, and tenant / picker isolation.
 * The undo (cancelTook) is in picking-cancel.test.ts.
 */
import { ErrorCode, PICKER_COMMISSION_PER_PIECE_FEN, type PickFindResult, type PickOutcomeResult, type PickTodayResult } from '@dropship/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { stopItem } from '../src/modules/dropship-orders/change/items.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { settlementLines } from '../src/modules/funds/settlements/settlements.table.js';
import { today } from '../src/modules/picking/picking-view.js';
import { expectCountsTrue } from './dropship-orders-support.js';
import { balance, callers, expectBadRequest } from './funds-payments-support.js';
import type { Session } from './helpers.js';
import { itemRow, logsOf, type PickingWorld, paidAssigned, pickingState, sellerSide, startPickingWorld } from './picking-support.js';

let w: PickingWorld;
const db = () => w.t.database.db;
const { get, post } = callers(() => w.t);
const mark = (s: Session, body: Record<string, unknown>) => post<PickOutcomeResult>('/api/b2/purchaser/picking/mark', s, body);
const find = (s: Session, takeCode: string) => post<PickFindResult>('/api/b2/purchaser/picking/findByCode', s, { takeCode });

beforeAll(async () => {
  w = await startPickingWorld();
});
afterAll(() => w?.t.close());

async function replenishOf(orderNo: string) {
  return queryRows<{ id: number; amount_fen: number; status: string; purpose: string }>(
    db(),
    sql`select r.id, r.amount_fen, r.status, d.purpose from replenish_requests r join replenish_details d on d.replenish_id = r.id where d.order_no = ${orderNo}`,
  );
}

describe('today and find', () => {
  it('lists the picker’s items by stall in walking order with counts; another picker sees none of them', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 3000 }, { costFen: 2000 }], w.pickerA);
    // Move the second item to an earlier stall of the walk: it must come first.
    await db().execute(sql`update take_items set floor = '2楼', stall_no = 'B9' where id = ${items[1]?.id}`);
    const r = await get<PickTodayResult>('/api/b2/purchaser/picking/today', w.pickerA);
    expect(r.errorCode, r.errorMsg).toBe(0);
    const keys = r.data.stalls.map((s) => `${s.floor}${s.stallNo}`);
    expect(keys.indexOf('2楼B9')).toBeLessThan(keys.indexOf('3楼T301'));
    const mine = r.data.stalls.flatMap((s) => s.items.map((i) => i.id));
    expect(mine).toEqual(expect.arrayContaining(items.map((i) => i.id)));
    for (const s of r.data.stalls) expect(s.pending + s.done).toBe(s.items.length);
    const other = await get<PickTodayResult>('/api/b2/purchaser/picking/today', w.pickerB);
    const theirs = other.data.stalls.flatMap((s) => s.items.map((i) => i.id));
    for (const i of items) expect(theirs).not.toContain(i.id);
  });

  it('finds an item by its code: the picker’s own, any for the main account; others answer not found', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 3000 }], w.pickerA);
    const code = items[0]?.takeCode as string;
    const own = await find(w.pickerA, code);
    expect(own.errorCode, own.errorMsg).toBe(0);
    expect(own.data.item).toMatchObject({ id: items[0]?.id, pending: true, quantity: 1, unitCostFen: 3000 });
    expect((await find(w.main, code)).errorCode).toBe(0);
    expect((await find(w.pickerB, code)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await find(w.otherPurchaser, code)).errorCode).toBe(ErrorCode.NOT_FOUND);
    const wrongDigit = `${code.slice(0, 11)}${(Number(code[11]) + 1) % 10}`;
    expect((await find(w.pickerA, wrongDigit)).errorCode).toBe(ErrorCode.PICKING_CODE_INVALID);
    expectBadRequest(await find(w.pickerA, '12345'), /拿货码应为12位数字/);
  });

  it("carries the goods picture of the item's order line, in the day's list and when found by code", async () => {
    const { items } = await paidAssigned(w, [{ costFen: 3000 }, { costFen: 2000 }], w.pickerA);
    const [withPic, without] = items;
    const pic = 'http://127.0.0.1:9/pic/1001.png';
    await db().execute(sql`update dropship_order_items set pic_url = ${pic} where id = ${withPic?.orderItemId}`);
    await db().execute(sql`update dropship_order_items set pic_url = null where id = ${without?.orderItemId}`);
    const r = await get<PickTodayResult>('/api/b2/purchaser/picking/today', w.pickerA);
    const listed = new Map(r.data.stalls.flatMap((s) => s.items.map((i) => [i.id, i.picUrl])));
    expect(listed.get(withPic?.id as number)).toBe(pic);
    expect(listed.get(without?.id as number)).toBeNull();
    expect((await find(w.pickerA, withPic?.takeCode as string)).data.item.picUrl).toBe(pic);
  });

  it('is purchaser-only: a seller is refused', async () => {
    const r = await w.t.app.inject({ method: 'GET', url: '/api/b2/purchaser/picking/today', headers: w.seller.headers() });
    expect(r.statusCode).toBe(403);
  });
});

describe('marks and their money', () => {
  it('TOOK at a higher price: taken statuses, the line mirror and combined status, a replenish request, a settlement line, a log', async () => {
    const { items, orderNo } = await paidAssigned(w, [{ costFen: 4500, quantity: 2 }], w.pickerA);
    const item = items[0] as (typeof items)[number];
    const r = await mark(w.pickerA, { takeItemIds: [item.id], result: 'TOOK', priceFen: 5000 });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.items[0]).toMatchObject({ replenishFen: 1000, refundFen: 0, commissionFen: 2 * PICKER_COMMISSION_PER_PIECE_FEN });
    expect(await itemRow(db(), item.id)).toMatchObject({ assignmentStatus: 'TOOK', takingStatus: 'TOOK', tookQuantity: 2, tookPriceFen: 5000 });
    expect(await sellerSide(db(), item.id)).toMatchObject({ takeStatus: 'TOOK', combined: 'TOOK' });
    expect(await replenishOf(orderNo)).toEqual([expect.objectContaining({ amount_fen: 1000, status: 'WAITING_PAYMENT', purpose: 'UPDATE_PRICE' })]);
    const [line] = await db()
      .select()
      .from(settlementLines)
      .where(and(eq(settlementLines.orgId, w.purchaserOrg), eq(settlementLines.businessId, String(item.id))));
    expect(line).toMatchObject({ goodsFen: 10_000, commissionFen: 100, pickerUserId: w.pickerA.userId, kind: 'TAKE' });
    expect((await logsOf(db(), item.id)).map((l) => l.operation)).toEqual(['ASSIGN', 'MARK']);
    await expectCountsTrue(db(), w.sellerOrg);
    // The seller sees the pending replenish request on its records page.
    const seen = await post<{ list: { amountFen: number; status: string; orderNo: string | null }[] }>('/api/b2/funds/replenish/page', w.seller, {
      pageNo: 1,
      pageSize: 50,
    });
    expect(seen.errorCode, seen.errorMsg).toBe(0);
    expect(seen.data.list.filter((x) => x.orderNo === orderNo)).toEqual([expect.objectContaining({ amountFen: 1000, status: 'WAITING_PAYMENT' })]);
  });

  it('E_LACK_TAKING refunds the goods money once even when marked twice at the same time', async () => {
    const { items, orderNo } = await paidAssigned(w, [{ costFen: 3300, quantity: 3 }], w.pickerA);
    const id = items[0]?.id as number;
    const before = await balance(db(), w.sellerOrg);
    const [a, b] = await Promise.all([
      mark(w.pickerA, { takeItemIds: [id], result: 'E_LACK_TAKING' }),
      mark(w.pickerA, { takeItemIds: [id], result: 'E_LACK_TAKING' }),
    ]);
    expect([a.errorCode, b.errorCode].sort()).toEqual([0, ErrorCode.PICKING_NOT_MARKABLE].sort());
    expect((await balance(db(), w.sellerOrg)).available - before.available).toBe(9900);
    const refunds = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orgId, w.sellerOrg), eq(ledgerEntries.businessId, orderNo), eq(ledgerEntries.transactionType, 'REFUND')));
    expect(refunds.map((e) => e.availableDeltaFen)).toEqual([9900]);
    expect(await sellerSide(db(), id)).toMatchObject({ takeStatus: 'E_LACK_TAKING', lineRefundedFen: 9900, orderRefundedFen: 9900, combined: 'E_LACK_TAKING' });
    expect(
      await db()
        .select()
        .from(settlementLines)
        .where(eq(settlementLines.businessId, String(id))),
    ).toEqual([]);
    await expectCountsTrue(db(), w.sellerOrg);
  });

  it('TOOK_PART refunds the untaken pieces and settles the taken ones', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 2000, quantity: 3 }], w.pickerA);
    const id = items[0]?.id as number;
    const before = await balance(db(), w.sellerOrg);
    const r = await mark(w.pickerA, { takeItemIds: [id], result: 'TOOK_PART', tookQuantity: 1, priceFen: 2000 });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.items[0]).toMatchObject({ refundFen: 4000, replenishFen: 0, commissionFen: PICKER_COMMISSION_PER_PIECE_FEN });
    expect((await balance(db(), w.sellerOrg)).available - before.available).toBe(4000);
    expect(await itemRow(db(), id)).toMatchObject({ assignmentStatus: 'TOOK_PART', takingStatus: 'TOOK_PART', tookQuantity: 1 });
    // Final here: a later mark needs the undo first.
    const again = await mark(w.pickerA, { takeItemIds: [id], result: 'TOOK' });
    expect(again.errorCode).toBe(ErrorCode.PICKING_NOT_MARKABLE);
    expect(again.errorMsg).toMatch(/先撤销/);
  });

  it('E_STOP_PRODUCTION: stopped production on the assignment, out of stock for the seller, refunded', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 1500 }], w.pickerA);
    const id = items[0]?.id as number;
    const r = await mark(w.pickerA, { takeItemIds: [id], result: 'E_STOP_PRODUCTION' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.items[0]?.refundFen).toBe(1500);
    expect(await itemRow(db(), id)).toMatchObject({ assignmentStatus: 'E_STOP_PRODUCTION', takingStatus: 'E_LACK_TAKING' });
    expect(await sellerSide(db(), id)).toMatchObject({ takeStatus: 'E_LACK_TAKING' });
  });

  it('E_NEXT_TAKING: done for today, back in the picker’s list tomorrow, and taken then', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 1200 }], w.pickerA);
    const id = items[0]?.id as number;
    expect((await mark(w.pickerA, { takeItemIds: [id], result: 'E_NEXT_TAKING' })).errorCode).toBe(0);
    expect(await itemRow(db(), id)).toMatchObject({ assignmentStatus: 'WAITING_ASSIGNED', takingStatus: 'E_NEXT_TAKING', assignedUserId: w.pickerA.userId });
    const caller = { userId: w.pickerA.userId, orgId: w.purchaserOrg, orgType: 'purchaser' as const, isMain: false, sessionId: 0 };
    const pendingOf = (r: PickTodayResult) => r.stalls.flatMap((s) => s.items).find((i) => i.id === id)?.pending;
    expect(pendingOf(await today(db(), caller))).toBe(false);
    expect(pendingOf(await today(db(), caller, Date.now() + 86_400_000))).toBe(true);
    const r = await mark(w.pickerA, { takeItemIds: [id], result: 'TOOK' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect((await logsOf(db(), id)).map((l) => l.operation)).toEqual(['ASSIGN', 'MARK', 'ASSIGN', 'MARK']);
  });

  it('E_CHANGE_TAKING needs a note of the exchange and stays the picker’s job until taken', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 1800 }], w.pickerA);
    const id = items[0]?.id as number;
    const before = await pickingState(db());
    expect((await mark(w.pickerA, { takeItemIds: [id], result: 'E_CHANGE_TAKING' })).errorCode).toBe(ErrorCode.PICKING_NOTE_REQUIRED);
    expect(await pickingState(db())).toEqual(before);
    expect((await mark(w.pickerA, { takeItemIds: [id], result: 'E_CHANGE_TAKING', note: '黑色换成藏青色' })).errorCode).toBe(0);
    expect(await sellerSide(db(), id)).toMatchObject({ takeStatus: 'E_CHANGE_TAKING', combined: 'E_CHANGE_TAKING' });
    const r = await mark(w.pickerA, { takeItemIds: [id], result: 'TOOK', priceFen: 1800 });
    expect(r.errorCode, r.errorMsg).toBe(0);
    const [n] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from picking_marks where take_item_id = ${id} and state = 'ACTIVE'`);
    expect(n?.n).toBe(1);
  });

  it('marks several items of one stall at once; refuses items of two stalls', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 1000 }, { costFen: 1100 }, { costFen: 1200 }], w.pickerA);
    const [x, y, z] = items.map((i) => i.id) as [number, number, number];
    await db().execute(sql`update take_items set stall_no = 'Z999' where id = ${z}`);
    const before = await pickingState(db());
    expect((await mark(w.pickerA, { takeItemIds: [x, z], result: 'TOOK' })).errorCode).toBe(ErrorCode.PICKING_MIXED_STALLS);
    expect(await pickingState(db())).toEqual(before);
    const r = await mark(w.pickerA, { takeItemIds: [x, y], result: 'TOOK' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.items.map((i) => i.id)).toEqual([x, y]);
    expect((await sellerSide(db(), x)).combined).toBe('TOOK_PART');
  });
});

describe('refused moves and bad input change nothing', () => {
  it('refuses a second mark, a wrong quantity, a price where nothing was taken, and unknown results', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 2500, quantity: 2 }], w.pickerA);
    const id = items[0]?.id as number;
    expect((await mark(w.pickerA, { takeItemIds: [id], result: 'TOOK' })).errorCode).toBe(0);
    const before = await pickingState(db());
    const second = await mark(w.pickerA, { takeItemIds: [id], result: 'E_LACK_TAKING' });
    expect(second.errorCode).toBe(ErrorCode.PICKING_NOT_MARKABLE);
    expect(second.errorMsg).toContain(items[0]?.takeCode as string);
    const { items: fresh } = await paidAssigned(w, [{ costFen: 2500, quantity: 2 }], w.pickerA);
    const f = fresh[0]?.id as number;
    const mid = await pickingState(db());
    expect((await mark(w.pickerA, { takeItemIds: [f], result: 'TOOK_PART', tookQuantity: 2 })).errorCode).toBe(ErrorCode.PICKING_QUANTITY_INVALID);
    expect((await mark(w.pickerA, { takeItemIds: [f], result: 'TOOK_PART' })).errorCode).toBe(ErrorCode.PICKING_QUANTITY_INVALID);
    expectBadRequest(await mark(w.pickerA, { takeItemIds: [f], result: 'E_LACK_TAKING', priceFen: 100 }), /只有已拿、部分拿到/);
    expectBadRequest(await mark(w.pickerA, { takeItemIds: [f], result: 'TOOK', tookQuantity: 1 }), /只有部分拿到/);
    expectBadRequest(await mark(w.pickerA, { takeItemIds: [f], result: 'GONE' }), /标记结果/);
    expectBadRequest(await mark(w.pickerA, { takeItemIds: [f], result: 'TOOK', priceFen: 12.5 }), /整数分/);
    expectBadRequest(await mark(w.pickerA, { takeItemIds: [f], result: 'TOOK', priceFen: -1 }), /负数/);
    expectBadRequest(await mark(w.pickerA, { takeItemIds: [], result: 'TOOK' }), /请选择拿货项/);
    expectBadRequest(await mark(w.pickerA, { takeItemIds: [f, f], result: 'TOOK' }), /不能重复/);
    expect(await pickingState(db())).toEqual(mid);
    expect(mid).not.toEqual(before); // the fresh order was paid in between
  });

  it('refuses an item the seller stopped meanwhile', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 900 }], w.pickerA);
    const item = items[0] as (typeof items)[number];
    expect((await mark(w.pickerA, { takeItemIds: [item.id], result: 'E_NEXT_TAKING' })).errorCode).toBe(0);
    await stopItem(db(), { orgId: w.sellerOrg, userId: w.seller.userId }, item.orderItemId);
    const before = await pickingState(db());
    const r = await mark(w.pickerA, { takeItemIds: [item.id], result: 'TOOK' });
    expect(r.errorCode).toBe(ErrorCode.PICKING_ORDER_CLOSED);
    expect(await pickingState(db())).toEqual(before);
  });

  it('keeps tenants and pickers apart: another purchaser and another picker get not found, the main account may mark', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 700 }], w.pickerA);
    const id = items[0]?.id as number;
    const before = await pickingState(db());
    expect((await mark(w.otherPurchaser, { takeItemIds: [id], result: 'TOOK' })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await mark(w.pickerB, { takeItemIds: [id], result: 'TOOK' })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await pickingState(db())).toEqual(before);
    const r = await mark(w.main, { takeItemIds: [id], result: 'TOOK' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    // The commission still goes to the assigned picker.
    const [line] = await db()
      .select()
      .from(settlementLines)
      .where(eq(settlementLines.businessId, String(id)));
    expect(line?.pickerUserId).toBe(w.pickerA.userId);
  });

  it('refuses an item nobody assigned', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 700 }], null);
    const r = await mark(w.main, { takeItemIds: [items[0]?.id as number], result: 'TOOK' });
    expect(r.errorCode).toBe(ErrorCode.PICKING_NOT_MARKABLE);
  });
});
