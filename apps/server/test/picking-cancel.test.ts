/**
 * Undoing a picker's mark (POST /api/b2/purchaser/assigned/cancelTook): each money effect is
 * reversed exactly once (refund taken back, replenish request cancelled or its payment refunded,
 * settlement line removed), the statuses go back to TAKING, and an item already scanned in at the
 * warehouse, or with nothing to undo, is refused without changing anything.
 */
import { beijingDay, ErrorCode, type PickOutcomeResult } from '@dropship/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { checkLedger, moveMoney } from '../src/modules/funds/ledger/ledger.service.js';
import { payWithBalance } from '../src/modules/funds/replenish/replenish.service.js';
import { settlementLines } from '../src/modules/funds/settlements/settlements.table.js';
import { homeData } from '../src/modules/workbench/workbench.service.js';
import { expectCountsTrue } from './dropship-orders-support.js';
import { balance, callers, expectBadRequest, fund } from './funds-payments-support.js';
import type { Session } from './helpers.js';
import { itemRow, logsOf, type PickingWorld, paidAssigned, pickingState, sellerSide, startPickingWorld } from './picking-support.js';

let w: PickingWorld;
const db = () => w.t.database.db;
const { post } = callers(() => w.t);
const mark = (s: Session, body: Record<string, unknown>) => post<PickOutcomeResult>('/api/b2/purchaser/picking/mark', s, body);
const undo = (s: Session, takeItemIds: unknown) => post<PickOutcomeResult>('/api/b2/purchaser/assigned/cancelTook', s, { takeItemIds });

beforeAll(async () => {
  w = await startPickingWorld();
});
afterAll(() => w?.t.close());

const replenishOf = (orderNo: string) =>
  queryRows<{ id: number; status: string }>(
    db(),
    sql`select r.id, r.status from replenish_requests r join replenish_details d on d.replenish_id = r.id where d.order_no = ${orderNo}`,
  );
const settlementOf = (id: number) =>
  db()
    .select()
    .from(settlementLines)
    .where(and(eq(settlementLines.orgId, w.purchaserOrg), eq(settlementLines.businessId, String(id))));

describe('cancelTook', () => {
  it('undoes TOOK at a higher price: the waiting replenish request is cancelled and the settlement line removed', async () => {
    const { items, orderNo } = await paidAssigned(w, [{ costFen: 4000 }], w.pickerA);
    const id = items[0]?.id as number;
    expect((await mark(w.pickerA, { takeItemIds: [id], result: 'TOOK', priceFen: 4600 })).errorCode).toBe(0);
    const r = await undo(w.pickerA, [id]);
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.items[0]).toMatchObject({ result: 'CANCEL_TOOK', replenishFen: -600, refundFen: 0 });
    expect(await replenishOf(orderNo)).toEqual([expect.objectContaining({ status: 'CANCELED' })]);
    expect(await settlementOf(id)).toEqual([]);
    expect(await itemRow(db(), id)).toMatchObject({ assignmentStatus: 'TAKING', takingStatus: 'TAKING', tookQuantity: 0, tookPriceFen: null });
    expect(await sellerSide(db(), id)).toMatchObject({ takeStatus: 'TAKING', combined: 'TAKING' });
    expect((await logsOf(db(), id)).map((l) => l.operation)).toEqual(['ASSIGN', 'MARK', 'CANCEL_TOOK']);
    // Nothing left to undo: refused, nothing changed.
    const before = await pickingState(db());
    expect((await undo(w.pickerA, [id])).errorCode).toBe(ErrorCode.PICKING_NOT_CANCELABLE);
    expect(await pickingState(db())).toEqual(before);
    // Marked again after the undo: a new settlement line and replenish request.
    expect((await mark(w.pickerA, { takeItemIds: [id], result: 'TOOK', priceFen: 4500 })).errorCode).toBe(0);
    expect((await settlementOf(id)).map((l) => l.goodsFen)).toEqual([4500]);
    expect((await replenishOf(orderNo)).map((x) => x.status).sort()).toEqual(['CANCELED', 'WAITING_PAYMENT']);
  });

  it('undoes E_LACK_TAKING: the refund is taken back from the seller once, even when undone twice at the same time', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 2100, quantity: 2 }], w.pickerA);
    const id = items[0]?.id as number;
    const start = await balance(db(), w.sellerOrg);
    expect((await mark(w.pickerA, { takeItemIds: [id], result: 'E_LACK_TAKING' })).errorCode).toBe(0);
    expect((await balance(db(), w.sellerOrg)).available - start.available).toBe(4200);
    const [a, b] = await Promise.all([undo(w.pickerA, [id]), undo(w.pickerA, [id])]);
    expect([a.errorCode, b.errorCode].sort()).toEqual([0, ErrorCode.PICKING_NOT_CANCELABLE].sort());
    expect((await balance(db(), w.sellerOrg)).available).toBe(start.available);
    expect(await sellerSide(db(), id)).toMatchObject({ takeStatus: 'TAKING', lineRefundedFen: 0, orderRefundedFen: 0 });
    expect((await checkLedger(db(), w.sellerOrg)).mismatches).toEqual([]);
    await expectCountsTrue(db(), w.sellerOrg);
  });

  it('undoes TOOK_PART whose replenish request was already paid: the payment comes back to the balance', async () => {
    const { items, orderNo } = await paidAssigned(w, [{ costFen: 1000, quantity: 3 }], w.pickerA);
    const id = items[0]?.id as number;
    const start = await balance(db(), w.sellerOrg);
    expect((await mark(w.pickerA, { takeItemIds: [id], result: 'TOOK_PART', tookQuantity: 2, priceFen: 1300 })).errorCode).toBe(0);
    const [req] = await replenishOf(orderNo);
    await payWithBalance(db(), { orgId: w.sellerOrg, userId: w.seller.userId }, [req?.id as number], 'picking-cancel-replenish-pay');
    // +1000 refund of the untaken piece, −600 replenish paid.
    expect((await balance(db(), w.sellerOrg)).available - start.available).toBe(400);
    const r = await undo(w.main, [id]);
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.items[0]).toMatchObject({ refundFen: -1000, replenishFen: -600 });
    expect((await balance(db(), w.sellerOrg)).available).toBe(start.available);
    expect(await replenishOf(orderNo)).toEqual([expect.objectContaining({ status: 'PAID' })]);
  });

  it('refuses once the warehouse scanned the item in, and for another picker or purchaser; bad input changes nothing', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 800 }], w.pickerA);
    const id = items[0]?.id as number;
    expect((await mark(w.pickerA, { takeItemIds: [id], result: 'TOOK' })).errorCode).toBe(0);
    const before = await pickingState(db());
    expect((await undo(w.pickerB, [id])).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await undo(w.otherPurchaser, [id])).errorCode).toBe(ErrorCode.NOT_FOUND);
    expectBadRequest(await undo(w.pickerA, []), /请选择拿货项/);
    expectBadRequest(await undo(w.pickerA, ['x']), /拿货项/);
    expect(await pickingState(db())).toEqual(before);
    await db().execute(sql`update take_items set arrived_at = now() where id = ${id}`);
    const r = await undo(w.pickerA, [id]);
    expect(r.errorCode).toBe(ErrorCode.PICKING_NOT_CANCELABLE);
    expect(r.errorMsg).toMatch(/入仓/);
    expect(await settlementOf(id)).toHaveLength(1);
  });

  it('refuses to take a refund back from a seller whose balance no longer has it', async () => {
    const { items } = await paidAssigned(w, [{ costFen: 5000 }], w.pickerA);
    const id = items[0]?.id as number;
    expect((await mark(w.pickerA, { takeItemIds: [id], result: 'E_LACK_TAKING' })).errorCode).toBe(0);
    const { available } = await balance(db(), w.sellerOrg);
    await moveMoney(db(), { orgId: w.sellerOrg, transactionType: 'WITHDRAWAL', purpose: 'OTHER', availableDeltaFen: -available, requestKey: 'picking-drain' });
    const before = await pickingState(db());
    expect((await undo(w.pickerA, [id])).errorCode).toBe(ErrorCode.PICKING_UNDO_BALANCE);
    expect(await pickingState(db())).toEqual(before);
  });

  it('an undo after the took day closed: the workbench counts that day again (organisation and picker)', async () => {
    await fund(db(), w.sellerOrg, 100_000);
    const { items } = await paidAssigned(w, [{ costFen: 1500 }], w.pickerA);
    const id = items[0]?.id as number;
    expect((await mark(w.pickerA, { takeItemIds: [id], result: 'TOOK', priceFen: 1500 })).errorCode).toBe(0);
    // Taken two days ago (a mark left standing until the scan): that day is closed and kept on the first read.
    const tookAt = new Date(Date.now() - 2 * 86_400_000);
    await db().execute(sql`update take_items set took_at = ${tookAt} where id = ${id}`);
    const day = beijingDay(tookAt);
    const picker = { ...w.mainCaller, userId: w.pickerA.userId, isMain: false };
    const took = async () =>
      Promise.all(
        [w.mainCaller, picker].map(async (c) => {
          const d = await homeData(db(), c);
          return d.chart.series.find((x) => x.key === 'ITEMS_TOOK')?.values[d.chart.days.indexOf(day)];
        }),
      );
    const kept = await took();
    expect((await undo(w.pickerA, [id])).errorCode).toBe(0);
    expect(await took()).toEqual(kept.map((n) => (n ?? 0) - 1));
  });
});
