/**
 * Marketplace refunds → after-sales, end to end through the shop sync and the marketplace emulator:
 * a refund asked before shipping is auto-intercepted and its after-sale completes with that refund,
 * once; with the auto-intercept off it stays REFUNDING (the order shows it) until the seller
 * intercepts it; a refund after shipping opens a REFUND_DELIVERY that cannot be intercepted and that
 * the platform closing closes; a return refunded on the platform stays open, noted. Every second
 * sync of the same refund changes nothing and writes no event.
 */
import type { MarketplaceEmulator, NormalizedOrder } from '@dropship/channels';
import { type AfterSaleBatchResult, type AfterSaleDetail, ErrorCode } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { afterSaleEntries, afterSaleEvents, afterSales } from '../src/modules/after-sale/after-sale.table.js';
import { dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { messages } from '../src/modules/messages/messages.table.js';
import { expectCountsTrue } from './dropship-orders-support.js';
import type { Session, TestApp } from './helpers.js';
import { type PlatformRefundWorld, startPlatformRefundWorld } from './platform-refund-world.js';
import { call, envelope, snapshotCounts } from './support.js';

let w: PlatformRefundWorld;
let t: TestApp;
let seller: Session;
let orgId: number;
let emu: MarketplaceEmulator;
const db = () => t.database.db;
const BASE = '/api/b2/aftersale/orders';
const post = <T>(url: string, payload: Record<string, unknown>) => w.post<T>(url, payload);
const sync = () => w.sync();
const available = () => w.available();
const waitingOrder = () => w.waitingOrder();
const placeAndPay = (order: NormalizedOrder) => w.placeAndPay(order);
const deliver = (orderId: number) => w.deliver(orderId);
const state = async () => ({
  ...(await snapshotCounts(db(), { afterSales, afterSaleEvents, afterSaleEntries, ledgerEntries, messages })),
  statuses: (await db().select({ s: afterSales.status }).from(afterSales)).map((r) => r.s).join(','),
  available: await available(),
});

beforeAll(async () => {
  w = await startPlatformRefundWorld('售后测试', '7822');
  ({ t, seller, orgId, emu } = w);
});
afterAll(() => w?.close());

/**
 * The buyer asks a refund of one line on the platform (REFUNDING), the platform pays it (REFUNDED) or
 * the buyer withdraws the refund `id` (CLOSED): through the emulator's own refund commands.
 */
function platformRefund(order: NormalizedOrder, line: number, s: 'REFUNDING' | 'REFUNDED' | 'CLOSED', hasGoodReturn = false, id?: string): string {
  if (s === 'CLOSED') return emu.cancelRefund('TAOBAO', id as string).platformRefundId;
  const item = order.items[line] as NormalizedOrder['items'][number];
  const r = emu.openRefund('TAOBAO', order.platformOrderId, { platformItemId: item.platformItemId, hasGoodReturn, reason: '不想要了' });
  if (s === 'REFUNDED') emu.completeRefund('TAOBAO', r.platformRefundId);
  return r.platformRefundId;
}

const ofOrder = (orderId: number) => db().select().from(afterSales).where(eq(afterSales.orderId, orderId)).orderBy(afterSales.id);
const detail = async (id: number) => envelope<AfterSaleDetail>(await call(t.app, { url: `${BASE}/detail?id=${id}`, session: seller }));
const combined = async (id: number) => (await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, id)))[0]?.combinedStatus;
const messageCount = async () =>
  (await queryRows<{ n: string | number }>(db(), sql`select count(*) as n from messages where org_id = ${orgId} and kind = 'AFTER_SALE'`))[0]?.n;

describe('platform refunds through the sync', () => {
  it('before shipping, with the auto-intercept on: the line stops, the after-sale completes with that one refund; a second sync changes nothing', async () => {
    const order = waitingOrder();
    const { id, lines } = await placeAndPay(order);
    const line = lines[0] as (typeof lines)[number];
    const before = await available();
    const messagesBefore = Number(await messageCount());
    platformRefund(order, 0, 'REFUNDING');
    await sync();
    const [a, ...more] = await ofOrder(id);
    expect(more).toEqual([]);
    expect(a).toMatchObject({ source: 'PLATFORM', type: 'REFUND_UNDELIVERY', status: 'COMPLETE', itemId: line.id, quantity: line.quantity });
    expect(a?.refundedFen).toBe(2000 * line.quantity);
    expect(a?.refundFen).toBe(2000 * line.quantity);
    expect(await available()).toBe(before + 2000 * line.quantity);
    const d = await detail(a?.id as number);
    expect(d.data.timeline.map((e) => e.operation)).toEqual(['PLATFORM_APPLY', 'AUTO_INTERCEPT']);
    expect(d.data.timeline[0]?.actorName).toBe('平台');
    expect(d.data.money).toEqual([expect.objectContaining({ type: 'REFUND', amountFen: 2000 * line.quantity })]);
    expect(Number(await messageCount())).toBe(messagesBefore + 1);
    expect(await combined(id)).not.toBe('REFUNDING');
    await expectCountsTrue(db(), orgId);

    const s = await state();
    await sync();
    expect(await state()).toEqual(s);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('with the auto-intercept off: REFUNDING (the order shows it) until the seller intercepts; batch answers each with its reason', async () => {
    expect((await post('/api/b2/fulfilment/settings/autoIntercept', { enabled: false, scope: 'LINES' })).errorCode).toBe(0);
    try {
      const order = waitingOrder();
      const { id, lines } = await placeAndPay(order);
      const line = lines[0] as (typeof lines)[number];
      platformRefund(order, 0, 'REFUNDING');
      await sync();
      const [a] = await ofOrder(id);
      expect(a).toMatchObject({
        source: 'PLATFORM',
        type: 'REFUND_UNDELIVERY',
        status: 'REFUNDING',
        refundedFen: 0,
        platformRefundFen: order.items[0]?.paymentFen,
      });
      expect(await combined(id)).toBe('REFUNDING');
      await expectCountsTrue(db(), orgId);
      expect((await detail(a?.id as number)).data.actions).toEqual(['INTERCEPT', 'AGREE', 'REFUSE']);
      // A platform after-sale is withdrawn by the buyer on the platform, not by the seller.
      expect((await post(`${BASE}/cancel`, { id: a?.id })).errorMsg).toMatch(/平台售后需买家在平台撤销/);
      const s = await state();
      await sync();
      expect(await state()).toEqual(s);

      const before = await available();
      const r = await post<{ status: string }>(`${BASE}/intercept`, { id: a?.id, requestKey: 'as-intercept-0001' });
      expect(r.errorCode, r.errorMsg).toBe(0);
      expect(r.data.status).toBe('COMPLETE');
      expect(await available()).toBe(before + 2000 * line.quantity);
      expect((await ofOrder(id))[0]).toMatchObject({ status: 'COMPLETE', refundedFen: 2000 * line.quantity });
      expect(await combined(id)).not.toBe('REFUNDING');
      // The page's retry with the same key answers success and moves nothing.
      const again = await post(`${BASE}/intercept`, { id: a?.id, requestKey: 'as-intercept-0001' });
      expect(again.errorCode).toBe(0);
      expect(await available()).toBe(before + 2000 * line.quantity);

      const shipped = waitingOrder();
      const placed = await placeAndPay(shipped);
      await deliver(placed.id);
      platformRefund(shipped, 0, 'REFUNDING');
      await sync();
      const [b] = await ofOrder(placed.id);
      expect(b).toMatchObject({ type: 'REFUND_DELIVERY', status: 'REFUNDING', refundFen: 0 });
      const batch = await post<AfterSaleBatchResult>(`${BASE}/batchIntercept`, { ids: [a?.id, b?.id, 2_000_000_000] });
      expect(batch.errorCode, batch.errorMsg).toBe(0);
      expect(batch.data.done).toEqual([]);
      expect(batch.data.failed).toEqual([
        { id: a?.id, afterSaleNo: a?.afterSaleNo, message: expect.stringMatching(/不是退款中/) },
        { id: b?.id, afterSaleNo: b?.afterSaleNo, message: expect.stringMatching(/订单已发货，不能拦截/) },
        { id: 2_000_000_000, afterSaleNo: '', message: '售后单不存在' },
      ]);
      expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
      await expectCountsTrue(db(), orgId);
    } finally {
      await post('/api/b2/fulfilment/settings/autoIntercept', { enabled: true, scope: 'LINES' });
    }
  });

  it('after shipping: the platform closing the refund closes ours; a return refunded on the platform stays open, noted', async () => {
    const order = waitingOrder();
    const { id } = await placeAndPay(order);
    await deliver(id);
    const refundId = platformRefund(order, 0, 'REFUNDING');
    await sync();
    const [a] = await ofOrder(id);
    expect(a).toMatchObject({ type: 'REFUND_DELIVERY', status: 'REFUNDING', platformRefundState: 'REFUNDING' });
    expect(await combined(id)).toBe('REFUNDING');
    const messagesBefore = Number(await messageCount());
    const entries = (await snapshotCounts(db(), { ledgerEntries })).ledgerEntries;

    platformRefund(order, 0, 'CLOSED', false, refundId);
    await sync();
    expect((await ofOrder(id))[0]).toMatchObject({ status: 'CLOSE', platformRefundState: 'CLOSED' });
    expect((await detail(a?.id as number)).data.timeline.map((e) => e.operation)).toEqual(['PLATFORM_APPLY', 'PLATFORM_CLOSE']);
    expect(await combined(id)).toBe('DELIVERED');
    expect(Number(await messageCount())).toBe(messagesBefore + 1);
    expect((await snapshotCounts(db(), { ledgerEntries })).ledgerEntries).toBe(entries);
    const s = await state();
    await sync();
    expect(await state()).toEqual(s);

    const returned = waitingOrder();
    const r = await placeAndPay(returned);
    await deliver(r.id);
    const paidEntries = (await snapshotCounts(db(), { ledgerEntries })).ledgerEntries;
    platformRefund(returned, 0, 'REFUNDED', true);
    await sync();
    const [b] = await ofOrder(r.id);
    expect(b).toMatchObject({ type: 'RETURN_GOODS_DELIVERY', status: 'REFUNDING', returnStatus: 'WAIT_SIGNED', refundFen: 2000 * (r.lines[0]?.quantity ?? 0) });
    expect((await detail(b?.id as number)).data.timeline.map((e) => e.operation)).toEqual(['PLATFORM_APPLY', 'PLATFORM_REFUNDED']);
    const s2 = await state();
    await sync();
    expect(await state()).toEqual(s2);
    // Nothing after shipping moved money in this slice.
    expect((await snapshotCounts(db(), { ledgerEntries })).ledgerEntries).toBe(paidEntries);
    expect((await post(`${BASE}/intercept`, { id: b?.id })).errorCode).toBe(ErrorCode.AFTER_SALE_NOT_INTERCEPTABLE);
    await expectCountsTrue(db(), orgId);
  });

  it('an order cancelled for the refund (ORDER scope, or by the seller meanwhile) completes the after-sale with the cancel’s money, moving nothing again', async () => {
    expect((await post('/api/b2/fulfilment/settings/autoIntercept', { enabled: true, scope: 'ORDER' })).errorCode).toBe(0);
    try {
      const order = waitingOrder();
      const { id, lines } = await placeAndPay(order);
      const [o] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, id));
      platformRefund(order, 0, 'REFUNDING');
      await sync();
      expect(await combined(id)).toBe('CANCELED');
      // (The ORDER scope may cancel earlier tests' refunding orders in the same sync: count this order's refunds only.)
      const refunds = await queryRows<{ fen: string | number }>(
        db(),
        sql`select available_delta_fen as fen from ledger_entries where org_id = ${orgId} and business_id = ${o?.orderNo} and transaction_type = 'REFUND'`,
      );
      expect(refunds.map((r) => Number(r.fen))).toEqual([o?.totalFen]);
      const [a] = await ofOrder(id);
      expect(a).toMatchObject({ status: 'COMPLETE', refundedFen: 2000 * (lines[0]?.quantity ?? 0) });
      expect((await detail(a?.id as number)).data.timeline.map((e) => e.operation)).toEqual(['PLATFORM_APPLY', 'ORDER_CANCELED']);
      const s = await state();
      await sync();
      expect(await state()).toEqual(s);

      expect((await post('/api/b2/fulfilment/settings/autoIntercept', { enabled: false, scope: 'LINES' })).errorCode).toBe(0);
      const later = waitingOrder();
      const placed = await placeAndPay(later);
      platformRefund(later, 0, 'REFUNDING');
      await sync();
      expect((await ofOrder(placed.id))[0]?.status).toBe('REFUNDING');
      expect(await combined(placed.id)).toBe('REFUNDING');
      expect((await post('/api/b2/post/orders/cancel', { orderIds: [placed.id], reason: '买家不要了' })).errorCode).toBe(0);
      expect(await combined(placed.id)).toBe('CANCELED');
      const paidBack = await available();
      await sync();
      const [b] = await ofOrder(placed.id);
      expect(b).toMatchObject({ status: 'COMPLETE', refundedFen: 2000 * (placed.lines[0]?.quantity ?? 0) });
      expect(await available()).toBe(paidBack);
      expect(await combined(placed.id)).toBe('CANCELED');
      await expectCountsTrue(db(), orgId);
      expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
    } finally {
      await post('/api/b2/fulfilment/settings/autoIntercept', { enabled: true, scope: 'LINES' });
    }
  });
});
