import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MarketplaceEmulator, startMarketplaceEmulator } from './emulator.ts';
import type { MarketplaceChannel, NormalizedOrder } from './types.ts';

describe('refunds on command in the emulator (the rules every channel shares)', () => {
  let emu: MarketplaceEmulator;
  const clock = new Date('2026-03-02T02:00:00Z');
  const used = new Set<string>();
  beforeAll(async () => {
    emu = await startMarketplaceEmulator({ now: () => clock, ordersPerShop: 80, seed: 41 });
  });
  afterAll(() => emu.close());

  /** A paid, unshipped stored order with `lines` lines nobody refunded yet. */
  const fresh = (channel: MarketplaceChannel, lines = 1): NormalizedOrder => {
    const core = emu.core(channel);
    const o = [...core.orders.values()]
      .map((s) => s.order)
      .find(
        (x) =>
          !used.has(x.platformOrderId) &&
          x.paidAt &&
          x.status === 'WAIT_SELLER_SEND' &&
          x.items.length >= lines &&
          x.items.every((i) => i.refundState === 'NONE') &&
          ![...core.refunds.values()].some((r) => r.refund.platformOrderId === x.platformOrderId),
      );
    if (!o) throw new Error('no fresh order');
    used.add(o.platformOrderId);
    return o;
  };
  const stored = (channel: MarketplaceChannel, id: string) => emu.core(channel).orders.get(id)?.order as NormalizedOrder;

  it('a whole-order refund defaults to what was paid, covers every line, and closes the order once paid', () => {
    const order = fresh('TAOBAO', 2);
    const r = emu.openRefund('TAOBAO', order.platformOrderId);
    expect(r).toMatchObject({ platformItemId: undefined, refundFen: order.paymentFen, platformStatus: 'WAIT_SELLER_AGREE', state: 'REFUNDING' });
    expect(stored('TAOBAO', order.platformOrderId).items.every((i) => i.refundState === 'REFUNDING')).toBe(true);
    expect(() => emu.openRefund('TAOBAO', order.platformOrderId, { platformItemId: order.items[1]?.platformItemId })).toThrow(/进行中的退款/);
    emu.completeRefund('TAOBAO', r.platformRefundId);
    const after = stored('TAOBAO', order.platformOrderId);
    expect(after.items.every((i) => i.refundState === 'REFUNDED')).toBe(true);
    expect(after.status).toBe('CLOSED');
    expect(emu.orders('TAOBAO').find((o) => o.platformOrderId === order.platformOrderId)?.platformStatus).toBe('TRADE_CLOSED');
  });

  it('a line may be named as the client reads it (PDD: the SKU); the view speaks the platform codes', () => {
    const order = fresh('PDD');
    const sku = emu.orders('PDD').find((o) => o.platformOrderId === order.platformOrderId)?.items[0]?.platformItemId ?? '';
    expect(sku).not.toBe(order.items[0]?.platformItemId);
    const money = emu.openRefund('PDD', order.platformOrderId, { platformItemId: sku });
    expect(money).toMatchObject({ platformItemId: sku, platformStatus: '2', state: 'REFUNDING' });
    const ret = emu.openRefund('PDD', fresh('PDD').platformOrderId, { hasGoodReturn: true });
    expect(ret.platformStatus).toBe('3');
    expect(emu.cancelRefund('PDD', money.platformRefundId)).toMatchObject({ platformStatus: '11', state: 'CLOSED' });
    expect(emu.completeRefund('PDD', ret.platformRefundId)).toMatchObject({ platformStatus: '10', state: 'REFUNDED' });
  });

  it('a refused refund is closed with the line free; the buyer changing it opens it again; amounts stay within what was paid', () => {
    const order = fresh('TIKTOK');
    const line = order.items[0];
    const core = emu.core('TIKTOK');
    const shopId = emu.shops('TIKTOK')[0]?.platformShopId ?? '';
    const r = emu.openRefund('TIKTOK', order.platformOrderId, { platformItemId: line?.platformItemId, refundFen: 100 });
    expect(core.answerRefund(shopId, r.platformRefundId, false)).toMatchObject({
      ok: true,
      refund: { platformStatus: 'SELLER_REFUSE_BUYER', state: 'CLOSED' },
    });
    expect(core.answerRefund(shopId, r.platformRefundId, true)).toEqual({ ok: false, why: 'NOT_WAITING' });
    expect(core.answerRefund('another-shop', r.platformRefundId, true)).toEqual({ ok: false, why: 'NOT_FOUND' });
    expect(stored('TIKTOK', order.platformOrderId).items[0]?.refundState).toBe('NONE');
    expect(emu.refunds('TIKTOK').find((x) => x.platformRefundId === r.platformRefundId)?.platformStatus).toBe('27');
    expect(() => emu.changeRefund('TIKTOK', r.platformRefundId, { refundFen: (line?.paymentFen ?? 0) + 1 })).toThrow(/不在 1 到实付/);
    const second = emu.openRefund('TIKTOK', order.platformOrderId, { platformItemId: line?.platformItemId, refundFen: 50 });
    expect(() => emu.changeRefund('TIKTOK', r.platformRefundId, { reason: '再申请' })).toThrow(/另一笔进行中的退款/);
    emu.cancelRefund('TIKTOK', second.platformRefundId);
    const reopened = emu.changeRefund('TIKTOK', r.platformRefundId, { refundFen: 200, reason: '补充了照片' });
    expect(reopened).toMatchObject({ platformStatus: '6', state: 'REFUNDING', refundFen: 200, reason: '补充了照片' });
    expect(stored('TIKTOK', order.platformOrderId).items[0]?.refundState).toBe('REFUNDING');
    emu.completeRefund('TIKTOK', r.platformRefundId);
    expect(() => emu.cancelRefund('TIKTOK', r.platformRefundId)).toThrow(/已结束/);
    expect(() => emu.changeRefund('TIKTOK', r.platformRefundId, { reason: 'x' })).toThrow(/不能修改/);
    expect(() => emu.openRefund('TIKTOK', order.platformOrderId, { platformItemId: 'nope' })).toThrow(/没有商品/);
  });
});
