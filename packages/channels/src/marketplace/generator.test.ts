import { describe, expect, it } from 'vitest';
import { generateOrders } from './generator.ts';
import { AREAS } from './generator-data.ts';

const from = new Date('2026-03-01T00:00:00Z');
const to = new Date('2026-03-04T00:00:00Z');
const input = { seed: 7, count: 400, shopName: '小美女装旗舰店', from, to, channel: 'TAOBAO' as const };

describe('generateOrders', () => {
  const { orders, refunds } = generateOrders(input);

  it('is deterministic by seed and differs for another seed', () => {
    expect(generateOrders(input)).toEqual({ orders, refunds });
    expect(generateOrders({ ...input, seed: 8 }).orders[0]?.platformOrderId).not.toBe(orders[0]?.platformOrderId);
  });

  it('keeps every time inside the window, whole seconds, paid after created, modified last', () => {
    for (const o of orders) {
      for (const d of [o.createdAt, o.modifiedAt, o.paidAt].filter((x): x is Date => !!x)) {
        expect(d.getTime() % 1000).toBe(0);
        expect(d.getTime()).toBeGreaterThanOrEqual(from.getTime());
        expect(d.getTime()).toBeLessThan(to.getTime());
      }
      expect(o.modifiedAt.getTime()).toBeGreaterThanOrEqual(o.paidAt?.getTime() ?? o.createdAt.getTime());
    }
  });

  it('adds money up exactly: lines pay the goods after discount, the order adds postage', () => {
    for (const o of orders) {
      expect(o.totalFen).toBe(o.items.reduce((s, i) => s + i.priceFen * i.quantity, 0));
      expect(o.paymentFen).toBe(o.items.reduce((s, i) => s + i.paymentFen, 0) + o.postFeeFen);
      for (const i of o.items) expect(Number.isSafeInteger(i.paymentFen) && i.paymentFen > 0).toBe(true);
    }
  });

  it('looks like real shop orders: real areas, phones, specs, 档口#货号 codes, remarks, refunds, reused SKUs', () => {
    const areas = new Set(AREAS.map((a) => a.join('/')));
    for (const o of orders) {
      expect(areas.has(`${o.receiver.province}/${o.receiver.city}/${o.receiver.district}`)).toBe(true);
      expect(o.receiver.phone).toMatch(/^1[35789]\d{9}$/);
      expect(o.receiver.name).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
      expect(o.platformOrderId).toMatch(/^\d{19}$/);
    }
    const items = orders.flatMap((o) => o.items);
    expect(items.every((i) => /^(颜色分类|颜色):[^;]+(;尺码:.+)?$/.test(i.spec ?? ''))).toBe(true);
    const stallCodes = items.filter((i) => /^[0-9A-Z-]+\d+#\d{4}$/.test(i.outerSkuCode ?? '')).length;
    expect(stallCodes / items.length).toBeGreaterThan(0.6);
    expect(items.some((i) => i.outerSkuCode && !i.outerSkuCode.includes('#'))).toBe(true);
    const skus = new Set(items.map((i) => i.skuId));
    expect(skus.size).toBeGreaterThan(150);
    expect(skus.size).toBeLessThan(items.length);
    expect(orders.some((o) => o.buyerRemark) && orders.some((o) => o.sellerRemark)).toBe(true);
    expect(refunds.length).toBeGreaterThan(5);
    for (const r of refunds) {
      const o = orders.find((x) => x.platformOrderId === r.platformOrderId);
      expect(o?.items.find((i) => i.platformItemId === r.platformItemId)?.refundState).toBe(r.state);
    }
    expect(new Set(orders.map((o) => o.status))).toEqual(
      new Set(['WAIT_SELLER_SEND', 'WAIT_BUYER_CONFIRM', 'FINISHED', 'WAIT_BUYER_PAY', 'CLOSED', 'SELLER_CONSIGNED_PART']),
    );
  });

  it('uses each platform’s id shapes', () => {
    expect(generateOrders({ ...input, count: 3, channel: 'PDD' }).orders[0]?.platformOrderId).toMatch(/^\d{6}-\d{15}$/);
    expect(generateOrders({ ...input, count: 3, channel: 'TIKTOK' }).orders[0]?.platformOrderId).toMatch(/^69\d{17}$/);
  });
});
