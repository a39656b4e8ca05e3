import type { PlacePreviewOrder } from '@dropship/contract';
import { describe, expect, it } from 'vitest';
import {
  blockedCount,
  costDrafts,
  createBody,
  idsFromQuery,
  initialDrafts,
  isPlatformReceiver,
  mergePreview,
  placeable,
  speedCount,
  typedStart,
  withSpeed,
} from './place-drafts';

const receiver = { name: '林晓', phone: '13800138001', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路90号' };
const line = (reason: string | null) => ({
  shopOrderItemId: 1,
  title: '毛衣',
  spec: null,
  picUrl: null,
  quantity: 1,
  refundState: 'NONE',
  reason,
  stallName: '档口',
  stallNo: 'A1',
  market: '',
  artNo: 'K1',
  color: '黑',
  size: 'M',
  unitCostFen: reason ? null : 4500,
  supplyMode: 'MARKET_PICKUP' as const,
});
const order = (id: number, lines = [line(null)], blockers: string[] = []): PlacePreviewOrder => ({
  shopOrderId: id,
  shopName: '店',
  channel: 'TAOBAO',
  platformOrderId: `P${id}`,
  status: 'WAIT_SELLER_SEND',
  placedOrderNos: [],
  receiver: { ...receiver, encrypted: false },
  buyerRemark: null,
  sellerRemark: null,
  lines,
  blockers,
  addressComplete: true,
});

describe('place drafts', () => {
  it('a preview read again ticks what became placeable and keeps what the seller typed and chose', () => {
    const before = [order(1), order(2, [line('NO_LINK')])];
    const drafts = initialDrafts(before, 'ZTO').map((d) => (d.shopOrderId === 1 ? { ...d, included: false, remark: '轻放' } : d));
    const after = [order(1), order(2)];
    const merged = mergePreview(drafts, before, after);
    expect(merged.map((d) => [d.shopOrderId, d.included, d.remark])).toEqual([
      [1, false, '轻放'], // unticked by the seller: stays so
      [2, true, ''], // linked in the drawer: now ticked
    ]);
    // An address fixed on the shop order replaces an incomplete one.
    const broken = { ...order(3), addressComplete: false };
    const [d3] = initialDrafts([broken], 'ZTO');
    const [m3] = mergePreview([d3!], [broken], [{ ...order(3), receiver: { ...receiver, address: '文三路100号', encrypted: false } }]);
    expect([m3?.included, m3?.addressOk, isPlatformReceiver(m3!.receiver) ? '' : m3?.receiver.address]).toEqual([true, true, '文三路100号']);
  });

  it('includes only orders that can be placed', () => {
    const orders = [order(1), order(2, [line(null), line('NO_LINK')]), order(3, [line(null)], ['店铺订单不是待发货状态'])];
    expect(orders.map((o) => placeable(o))).toEqual([true, false, false]);
    expect(initialDrafts(orders, 'ZTO').map((d) => [d.shopOrderId, d.included, d.expressCode])).toEqual([
      [1, true, 'ZTO'],
      [2, false, 'ZTO'],
      [3, false, 'ZTO'],
    ]);
    // The summary counts the two that wait for a fix; one the seller unticks is not among them.
    const drafts = initialDrafts(orders, 'ZTO').map((d) => (d.shopOrderId === 1 ? { ...d, included: false } : d));
    expect(blockedCount(orders, drafts)).toBe(2);
    // An address the seller completed on the page counts as fixed.
    const broken = { ...order(4), addressComplete: false };
    const [d4] = initialDrafts([broken], 'ZTO');
    expect([blockedCount([broken], [d4!]), blockedCount([broken], [{ ...d4!, addressOk: true }])]).toEqual([1, 0]);
  });

  it('sends the included drafts to the cost and create calls', () => {
    const drafts = initialDrafts([order(1), order(2, [line('NO_LINK')])], 'YTO').map((d) =>
      d.shopOrderId === 1 ? { ...d, couponId: 9, remark: ' 加急 ' } : d,
    );
    expect(costDrafts(drafts)).toEqual([{ shopOrderId: 1, province: '浙江省', expressCode: 'YTO', couponId: 9 }]);
    expect(createBody(drafts, true)).toEqual({
      orders: [{ shopOrderId: 1, receiver, expressCode: 'YTO', remark: '加急', couponId: 9 }],
      confirmDuplicate: true,
    });
  });

  it('加急: sent only while the service is enabled, starting at the seller’s default, switchable per order and for all', () => {
    const off = initialDrafts([order(1)], 'ZTO');
    expect(costDrafts(off)[0]).not.toHaveProperty('speedDelivery');
    expect(createBody(off, false).orders[0]).not.toHaveProperty('speedDelivery');
    expect(withSpeed(off, true)).toEqual(off);

    const on = initialDrafts([order(1), order(2), order(3, [line('NO_LINK')])], 'ZTO', true);
    expect(on.map((d) => d.speedDelivery)).toEqual([true, true, true]);
    expect(speedCount(on)).toEqual({ urgent: 2, all: true });
    const one = on.map((d) => (d.shopOrderId === 2 ? { ...d, speedDelivery: false } : d));
    expect(speedCount(one)).toEqual({ urgent: 1, all: false });
    expect(costDrafts(one).map((d) => d.speedDelivery)).toEqual([true, false]);
    expect(createBody(one, false).orders.map((o) => o.speedDelivery)).toEqual([true, false]);
    expect(speedCount(withSpeed(one, false))).toEqual({ urgent: 0, all: false });
    expect(speedCount(withSpeed(one, true))).toEqual({ urgent: 2, all: true });
  });

  it('reads the shop order ids of the address', () => {
    expect(idsFromQuery('3,1,3,x,-2, 7')).toEqual([3, 1, 7]);
    expect(idsFromQuery(null)).toEqual([]);
  });

  it('an incomplete address excludes the order until the seller corrects it', () => {
    const o = { ...order(4), addressComplete: false };
    const [d] = initialDrafts([o], 'ZTO');
    expect([d?.included, d?.addressOk, placeable(o)]).toEqual([false, false, false]);
    expect(placeable(o, { addressOk: true })).toBe(true);
  });

  it('keeps the platform’s encrypted receiver as given; the receiver form starts from its area only', () => {
    const masked = { name: '冯**', phone: '*******9668', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路***', encrypted: true };
    const [d] = initialDrafts([{ ...order(5), receiver: masked }], 'ZTO');
    expect(d?.receiver).toEqual(masked);
    expect(isPlatformReceiver(d!.receiver)).toBe(true);
    expect(createBody([d!], false).orders[0]?.receiver).toEqual(masked);
    expect(typedStart(d!.receiver)).toEqual({ name: '', phone: '', province: '浙江省', city: '杭州市', district: '西湖区', address: '' });
    // A plain receiver goes back as typed fields, for the server's strict check.
    const [plain] = initialDrafts([order(6)], 'ZTO');
    expect(plain?.receiver).toEqual(receiver);
    expect(isPlatformReceiver(plain!.receiver)).toBe(false);
    expect(typedStart(plain!.receiver)).toEqual(receiver);
  });
});
