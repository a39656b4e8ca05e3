/**
 * Dropship orders, placing and paying: drafts priced on the server, all-or-nothing creation,
 * duplicate placement, by-hand orders, balance payment with the pay password (take items with
 * unique pick-up codes, the shop order PLACED, money moved once even under concurrent payers),
 * and every call's bad input and tenant isolation.
 */
import { ErrorCode } from '@dropship/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import type { AppError } from '../src/lib/app-error.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrderItems, dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { payWithBalance } from '../src/modules/dropship-orders/pay/pay.service.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { customGoods, suppliers } from '../src/modules/goods/goods.table.js';
import { shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { isValidTakeCode } from '../src/modules/take-assignment/take-codes.js';
import { takeItems } from '../src/modules/take-assignment/take-items.table.js';
import { draftOf, dropshipState, expectCountsTrue, type LineSpec, linkedShopOrder, RECEIVER } from './dropship-orders-support.js';
import { balance, callers, expectBadRequest, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let orgId: number;
let otherOrg: number;
const { post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `dropship-test-key-${++keySeq}`;

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  const second = await createSecondSeller(db(), 'do');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  otherOrg = second.orgId;
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await setPayPassword(t, other, PASSWORD);
  await fund(db(), orgId, 1_000_000);
  await fund(db(), otherOrg, 1_000_000);
});
afterAll(() => t?.close());

type Created = { orders: { id: number; orderNo: string; totalFen: number; shopOrderId: number | null }[]; totalFen: number };
const create = (s: Session, body: Record<string, unknown>) => post<Created>('/api/b2/post/orders/create', s, body);
const pay = (s: Session, orderIds: number[], extra: Record<string, unknown> = {}) =>
  post<{ paid: boolean; amountFen: number; orders: { id: number; status: string }[] }>('/api/b2/post/orders/pay', s, {
    orderIds,
    payMethod: 'BALANCE',
    payPassword: PAY_PASSWORD,
    requestKey: key(),
    ...extra,
  });
const orderRow = async (id: number) => (await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, id)))[0];

async function placed(lines: LineSpec[] = [{ costFen: 4500 }], s = seller, org = orgId) {
  const so = await linkedShopOrder(db(), org, lines);
  const r = await create(s, { orders: [draftOf(so.id)] });
  expect(r.errorCode, r.errorMsg).toBe(0);
  return { shopOrder: so, order: r.data.orders[0] as Created['orders'][number] };
}

describe('preview and cost', () => {
  it('shows each line resolved through its link, or why it cannot be placed', async () => {
    const so = await linkedShopOrder(db(), orgId, [{ costFen: 4500, quantity: 2 }, { costFen: null }]);
    const r = await post<{
      orders: {
        lines: { reason: string | null; stallName: string; unitCostFen: number | null; quantity: number }[];
        placedOrderNos: string[];
        blockers: string[];
      }[];
    }>('/api/b2/post/orders/preview', seller, { shopOrderIds: [so.id] });
    expect(r.errorCode).toBe(0);
    const [o] = r.data.orders;
    expect(o?.lines.map((l) => [l.reason, l.stallName, l.unitCostFen, l.quantity])).toEqual([
      [null, '测试档口', 4500, 2],
      ['NO_LINK', '', null, 1],
    ]);
    expect(o?.blockers).toEqual([]);
    expect((await post('/api/b2/post/orders/preview', other, { shopOrderIds: [so.id] })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expectBadRequest(await post('/api/b2/post/orders/preview', seller, { shopOrderIds: [] }), /请选择店铺订单/);
    expectBadRequest(await post('/api/b2/post/orders/preview', seller, { shopOrderIds: ['x'] }), /店铺订单/);
  });

  it('prices a draft exactly as creation charges it: goods + express + service − coupon', async () => {
    const so = await linkedShopOrder(db(), orgId, [{ costFen: 4500, quantity: 2 }]);
    const r = await post<{
      orders: { cost: { goodsFen: number; expressFeeFen: number; serviceFeeFen: number; totalFen: number; itemCount: number } | null; error: string | null }[];
    }>('/api/b2/post/orders/calculate/express/cost', seller, { orders: [{ shopOrderId: so.id, province: '浙江省', expressCode: 'ZTO' }] });
    expect(r.errorCode).toBe(0);
    // Two items of 500 g: 1 kg first weight in the home zone (3.50), no further step; ¥1 service fee per item.
    expect(r.data.orders[0]?.cost).toEqual({
      itemCount: 2,
      goodsFen: 9000,
      expressFeeFen: 350,
      serviceFeeFen: 200,
      memberFeeOffFen: 0,
      speedFeeFen: 0,
      discountFen: 0,
      totalFen: 9550,
    });
    const created = await create(seller, { orders: [draftOf(so.id)] });
    expect(created.data.orders[0]?.totalFen).toBe(9550);
    expectBadRequest(await post('/api/b2/post/orders/calculate/express/cost', seller, { orders: [{ shopOrderId: so.id, expressCode: 'ZTO' }] }), /收货省份/);
    expect(
      (await post('/api/b2/post/orders/calculate/express/cost', other, { orders: [{ shopOrderId: so.id, province: '浙江省', expressCode: 'ZTO' }] })).errorCode,
    ).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('POST /api/b2/post/orders/coupons', () => {
  type Coupon = { name: string; usable: boolean; reason: string | null };
  it('lists the caller’s unused coupons, each usable for the amount or with the reason', async () => {
    const r = await post<Coupon[]>('/api/b2/post/orders/coupons', seller, { amountFen: 15_000 });
    expect(r.errorCode).toBe(0);
    const byName = Object.fromEntries(r.data.map((c) => [c.name, c]));
    expect(byName.代发满100减10).toMatchObject({ usable: true, reason: null });
    expect(byName.代发满300减20).toMatchObject({ usable: false });
    expect(byName.代发满300减20?.reason).toContain('未满¥300.00');
    expect(byName.春季满50减5).toBeUndefined();
    expect((await post<Coupon[]>('/api/b2/post/orders/coupons', other, { amountFen: 15_000 })).data).toEqual([]);
  });

  it('refuses a bad amount in Chinese', async () => {
    expectBadRequest(await post('/api/b2/post/orders/coupons', seller, {}), /订单金额/);
    expectBadRequest(await post('/api/b2/post/orders/coupons', seller, { amountFen: 0 }), /订单金额至少0.01元/);
    expectBadRequest(await post('/api/b2/post/orders/coupons', seller, { amountFen: 1.5 }), /订单金额必须是整数分/);
  });
});

describe('POST /api/b2/post/orders/create', () => {
  it('refuses bad input in Chinese and changes nothing', async () => {
    const so = await linkedShopOrder(db(), orgId, [{ costFen: 4500 }]);
    const before = await dropshipState(db());
    const cases: [unknown, RegExp][] = [
      [{}, /订单/],
      [{ orders: [] }, /请至少提交一个订单/],
      [{ orders: [draftOf(so.id, { receiver: { ...RECEIVER, name: '' } })] }, /请输入收货人/],
      [{ orders: [draftOf(so.id, { receiver: { ...RECEIVER, phone: '12345' } })] }, /收货人手机号格式不正确/],
      [{ orders: [draftOf(so.id, { receiver: { ...RECEIVER, address: undefined } })] }, /请输入详细地址/],
      [{ orders: [draftOf(so.id, { expressCode: 'zto!' })] }, /快递公司编码格式不正确/],
      [{ orders: [draftOf(so.id, { expressCode: undefined })] }, /请选择快递公司/],
      [{ orders: [{ receiver: RECEIVER, expressCode: 'ZTO' }] }, /二选一/],
      [{ orders: [draftOf(so.id, { items: [{ customGoodsId: 1, quantity: 1 }] })] }, /二选一/],
      [{ orders: [draftOf(so.id, { remark: 'x'.repeat(201) })] }, /备注不能超过200个字符/],
      [{ orders: [draftOf(so.id, { couponId: -1 })] }, /优惠券必须大于0/],
      [{ orders: [draftOf(so.id)], confirmDuplicate: 'yes' }, /确认重复下单/],
      [{ orders: Array.from({ length: 1001 }, () => draftOf(so.id)) }, /一次最多提交1000个订单/],
    ];
    for (const [body, msg] of cases) expectBadRequest(await create(seller, body as Record<string, unknown>), msg);
    expect(await dropshipState(db())).toEqual(before);
  });

  it('creates WAITING_PAYMENT orders with the lines snapshotted, the timeline and the tab counts', async () => {
    const so = await linkedShopOrder(db(), orgId, [{ costFen: 4500 }, { costFen: 3850, quantity: 3 }]);
    const r = await create(seller, {
      orders: [draftOf(so.id, { remark: '加急', receiver: { ...RECEIVER, province: '浙江', city: '杭州', district: '西湖' } })],
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    const [o] = r.data.orders;
    const row = await orderRow(o?.id ?? 0);
    expect(row).toMatchObject({
      status: 'WAITING_PAYMENT',
      combinedStatus: 'WAITING_PAYMENT',
      source: 'SHOP_ORDER',
      shopOrderId: so.id,
      platformOrderId: so.platformOrderId,
      receiverProvince: '浙江省',
      receiverCity: '杭州市',
      receiverDistrict: '西湖区',
      receiverPhoneTail: '8001',
      goodsFen: 4500 + 3 * 3850,
      itemCount: 4,
      serviceFeeFen: 400,
      expressCode: 'ZTO',
      expressName: '中通快递',
      // 4 × 500 g = 2 kg: 3.50 first kilo + 1.00 for the second, home zone.
      expressFeeFen: 450,
      totalFen: 4500 + 3 * 3850 + 450 + 400,
      remark: '加急',
    });
    expect(row?.orderNo).toMatch(/^DF\d{6}\d{8}$/);
    const items = await db()
      .select()
      .from(dropshipOrderItems)
      .where(eq(dropshipOrderItems.orderId, o?.id ?? 0));
    expect(items.map((i) => [i.stallName, i.stallNo, i.color, i.size, i.quantity, i.unitCostFen, i.takeStatus])).toEqual([
      ['测试档口', 'T301', '黑色', 'M', 1, 4500, null],
      ['测试档口', 'T301', '黑色', 'M', 3, 3850, null],
    ]);
    expect(items[0]?.snapshot).toMatchObject({ kind: 'LINK', costFen: 4500, supplier: { name: '测试档口', market: '广州十三行' } });
    // Placed, not yet paid: the shop order stays UNPLACED until payment.
    expect((await db().select().from(shopOrders).where(eq(shopOrders.id, so.id)))[0]?.dropshipStatus).toBe('UNPLACED');
    await expectCountsTrue(db(), orgId);
  });

  it('refuses unlinked goods with the reason, and places nothing of the batch', async () => {
    const good = await linkedShopOrder(db(), orgId, [{ costFen: 4500 }]);
    const bad = await linkedShopOrder(db(), orgId, [{ costFen: 4500 }, { costFen: null }]);
    const refunding = await linkedShopOrder(db(), orgId, [{ costFen: 4500, refundState: 'REFUNDING' }]);
    const before = await dropshipState(db());
    const r = await create(seller, { orders: [draftOf(good.id), draftOf(bad.id), draftOf(refunding.id)] });
    expect(r.errorCode).toBe(ErrorCode.DROPSHIP_GOODS_UNPLACEABLE);
    expect(r.errorMsg).toContain(bad.platformOrderId);
    expect(r.errorMsg).toContain('商品未关联');
    expect(r.errorMsg).toContain('买家退款中');
    expect(await dropshipState(db())).toEqual(before);
  });

  it('leaves fully refunded lines out, and refuses an order with nothing left or no longer waiting to ship', async () => {
    const partly = await linkedShopOrder(db(), orgId, [{ costFen: 4500 }, { costFen: 9999, refundState: 'REFUNDED' }]);
    const r = await create(seller, { orders: [draftOf(partly.id)] });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect((await orderRow(r.data.orders[0]?.id ?? 0))?.goodsFen).toBe(4500);
    const shipped = await linkedShopOrder(db(), orgId, [{ costFen: 4500 }]);
    await db().update(shopOrders).set({ status: 'WAIT_BUYER_CONFIRM' }).where(eq(shopOrders.id, shipped.id));
    const refused = await create(seller, { orders: [draftOf(shipped.id)] });
    expect(refused.errorCode).toBe(ErrorCode.DROPSHIP_SHOP_ORDER_NOT_PLACEABLE);
  });

  it('refuses an address the area tree does not know, and an express that is not available', async () => {
    const so = await linkedShopOrder(db(), orgId, [{ costFen: 4500 }]);
    const before = await dropshipState(db());
    const badArea = await create(seller, { orders: [draftOf(so.id, { receiver: { ...RECEIVER, province: '火星省' } })] });
    expect(badArea.errorCode).toBe(ErrorCode.DROPSHIP_ADDRESS_INVALID);
    expect(badArea.errorMsg).toMatch(/地区选择器/);
    const badExpress = await create(seller, { orders: [draftOf(so.id, { expressCode: 'NOPE' })] });
    expect(badExpress.errorCode).toBe(ErrorCode.DROPSHIP_EXPRESS_UNAVAILABLE);
    expect(await dropshipState(db())).toEqual(before);
  });

  it('refuses placing the same shop order twice unless the seller confirms', async () => {
    const { shopOrder, order } = await placed();
    const before = await dropshipState(db());
    const again = await create(seller, { orders: [draftOf(shopOrder.id)] });
    expect(again.errorCode).toBe(ErrorCode.DROPSHIP_DUPLICATE);
    expect(again.errorMsg).toContain(order.orderNo);
    const twiceInOne = await create(seller, { orders: [draftOf(shopOrder.id), draftOf(shopOrder.id)], confirmDuplicate: true });
    expect(twiceInOne.errorCode).toBe(ErrorCode.DROPSHIP_DUPLICATE);
    expect(await dropshipState(db())).toEqual(before);
    const confirmed = await create(seller, { orders: [draftOf(shopOrder.id)], confirmDuplicate: true });
    expect(confirmed.errorCode).toBe(0);
    expect(confirmed.data.orders[0]?.orderNo).not.toBe(order.orderNo);
  });

  it('places by hand from custom goods, and refuses one without a cost', async () => {
    const [s] = await db().select().from(suppliers).where(eq(suppliers.orgId, orgId)).limit(1);
    const [g, noCost] = await db()
      .insert(customGoods)
      .values([
        { orgId, name: '手工毛衣', supplierId: s?.id ?? null, artNo: 'H001', color: '白', size: 'L', costFen: 3000 },
        { orgId, name: '无价商品', artNo: 'H002', costFen: null },
      ])
      .returning();
    const ok = await create(seller, { orders: [{ items: [{ customGoodsId: g?.id, quantity: 2 }], receiver: RECEIVER, expressCode: 'YTO' }] });
    expect(ok.errorCode, ok.errorMsg).toBe(0);
    expect(await orderRow(ok.data.orders[0]?.id ?? 0)).toMatchObject({ source: 'MANUAL', shopOrderId: null, goodsFen: 6000, itemCount: 2 });
    const refused = await create(seller, { orders: [{ items: [{ customGoodsId: noCost?.id, quantity: 1 }], receiver: RECEIVER, expressCode: 'YTO' }] });
    expect(refused.errorCode).toBe(ErrorCode.DROPSHIP_CUSTOM_GOODS_UNAVAILABLE);
    const foreign = await create(other, { orders: [{ items: [{ customGoodsId: g?.id, quantity: 1 }], receiver: RECEIVER, expressCode: 'YTO' }] });
    expect(foreign.errorCode).toBe(ErrorCode.DROPSHIP_CUSTOM_GOODS_UNAVAILABLE);
  });

  it('another tenant’s shop order is not found, and nothing is placed', async () => {
    const so = await linkedShopOrder(db(), orgId, [{ costFen: 4500 }]);
    const before = await dropshipState(db());
    expect((await create(other, { orders: [draftOf(so.id)] })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await dropshipState(db())).toEqual(before);
  });

  it('reserves the coupon for the order; one coupon cannot serve two orders', async () => {
    const coupons = await queryRows<{ id: number }>(db(), sql`select id from coupons where org_id = ${orgId} and name = '新人无门槛券'`);
    const couponId = coupons[0]?.id;
    const a = await linkedShopOrder(db(), orgId, [{ costFen: 4500 }]);
    const b = await linkedShopOrder(db(), orgId, [{ costFen: 4500 }]);
    const both = await create(seller, { orders: [draftOf(a.id, { couponId }), draftOf(b.id, { couponId })] });
    expect(both.errorCode).toBe(ErrorCode.DROPSHIP_COUPON_TAKEN);
    const one = await create(seller, { orders: [draftOf(a.id, { couponId })] });
    expect(one.errorCode, one.errorMsg).toBe(0);
    const row = await orderRow(one.data.orders[0]?.id ?? 0);
    expect(row).toMatchObject({ couponId, discountFen: 500, totalFen: 4500 + 350 + 100 - 500 });
    const [coupon] = await queryRows<{ status: string; business_id: string }>(db(), sql`select status, business_id from coupons where id = ${couponId}`);
    expect(coupon).toEqual({ status: 'USED', business_id: row?.orderNo });
    const taken = await create(seller, { orders: [draftOf(b.id, { couponId })] });
    expect(taken.errorCode).toBe(ErrorCode.COUPON_UNAVAILABLE);
    expect(taken.errorMsg).toContain('优惠券已使用');
  });
});

describe('POST /api/b2/post/orders/pay (balance)', () => {
  it('refuses bad input in Chinese and changes nothing', async () => {
    const { order } = await placed();
    const before = await dropshipState(db());
    const ok = { orderIds: [order.id], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() };
    const cases: [unknown, RegExp][] = [
      [{ ...ok, payPassword: undefined }, /余额支付请输入支付密码/],
      [{ ...ok, payPassword: '12a456' }, /支付密码必须是6位数字/],
      [{ ...ok, payMethod: 'WECHAT' }, /支付方式/],
      [{ ...ok, orderIds: [] }, /请选择订单/],
      [{ ...ok, orderIds: [order.id, order.id] }, /订单不能重复/],
      [{ ...ok, orderIds: 'x' }, /订单/],
      [{ ...ok, requestKey: undefined }, /请求编号缺失/],
      [{ ...ok, requestKey: 'bad key!' }, /请求编号无效/],
    ];
    for (const [body, msg] of cases) expectBadRequest(await post('/api/b2/post/orders/pay', seller, body), msg);
    expect((await pay(seller, [order.id], { payPassword: '000000' })).errorCode).toBe(ErrorCode.PAY_PASSWORD_WRONG);
    expect((await pay(other, [order.id])).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await pay(seller, [order.id, 2_000_000_000])).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await dropshipState(db())).toEqual(before);
  });

  it('pays: WAITING_DELIVERING, one take item with a unique pick-up code per line, the shop order PLACED, money moved once', async () => {
    const { shopOrder, order } = await placed([{ costFen: 4500 }, { costFen: 3850, quantity: 2 }]);
    const before = await balance(db(), orgId);
    const requestKey = key();
    const r = await pay(seller, [order.id], { requestKey });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data).toMatchObject({ paid: true, amountFen: order.totalFen, orders: [{ id: order.id, status: 'WAITING_DELIVERING' }] });
    expect((await balance(db(), orgId)).available).toBe(before.available - order.totalFen);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ status: 'WAITING_DELIVERING', combinedStatus: 'WAITING_TAKING', payMethod: 'BALANCE' });
    const takes = await db().select().from(takeItems).where(eq(takeItems.orderId, order.id));
    expect(takes).toHaveLength(2);
    for (const ti of takes) {
      expect(ti.takeCode).toMatch(/^\d{12}$/);
      expect(isValidTakeCode(ti.takeCode)).toBe(true);
      expect(ti).toMatchObject({
        assignmentStatus: 'WAITING_ASSIGNED',
        takingStatus: 'WAITING_TAKING',
        stallName: '测试档口',
        marketArea: '十三行',
        sellerOrgId: orgId,
      });
    }
    expect(new Set(takes.map((x) => x.takeCode)).size).toBe(2);
    const [purchaser] = await queryRows<{ id: number }>(
      db(),
      sql`select o.id from organisations o join users u on u.org_id = o.id where u.username = 'demo_purchaser'`,
    );
    expect(takes[0]?.purchaserOrgId).toBe(purchaser?.id);
    expect((await db().select().from(shopOrders).where(eq(shopOrders.id, shopOrder.id)))[0]?.dropshipStatus).toBe('PLACED');
    const entries = await db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.businessId, order.orderNo)));
    expect(entries.map((e) => [e.transactionType, e.purpose, e.availableDeltaFen, e.requestKey])).toEqual([
      ['ORDER', 'ORDER', -order.totalFen, `order:${order.orderNo}`],
    ]);
    // The same request again: success, nothing moves; another request: refused by order number.
    const replay = await pay(seller, [order.id], { requestKey });
    expect(replay.errorCode).toBe(0);
    const again = await pay(seller, [order.id]);
    expect(again.errorCode).toBe(ErrorCode.DROPSHIP_NOT_PAYABLE);
    expect(again.errorMsg).toContain(order.orderNo);
    expect((await balance(db(), orgId)).available).toBe(before.available - order.totalFen);
    await expectCountsTrue(db(), orgId);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('concurrent payments of one order: exactly one succeeds and the money moves once', async () => {
    // Through the calls (four payers: the pay password allows five tries at a time) …
    const { order } = await placed();
    const before = await balance(db(), orgId);
    const results = await Promise.all(Array.from({ length: 4 }, () => pay(seller, [order.id])));
    expect(results.filter((r) => r.errorCode === 0)).toHaveLength(1);
    for (const r of results.filter((x) => x.errorCode !== 0)) expect(r.errorCode).toBe(ErrorCode.DROPSHIP_NOT_PAYABLE);
    expect((await balance(db(), orgId)).available).toBe(before.available - order.totalFen);
    expect(await db().select().from(takeItems).where(eq(takeItems.orderId, order.id))).toHaveLength(1);
    // … and twenty payers straight at the payment, past the password.
    const second = await placed();
    const settled = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => payWithBalance(db(), { orgId, userId: seller.userId }, [second.order.id], `concurrent-${i}-key`)),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    for (const s of settled) if (s.status === 'rejected') expect((s.reason as AppError).errorCode).toBe(ErrorCode.DROPSHIP_NOT_PAYABLE);
    expect((await balance(db(), orgId)).available).toBe(before.available - order.totalFen - second.order.totalFen);
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.businessId, second.order.orderNo))).toHaveLength(1);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('pays a batch all or none: one order not payable leaves every order and the balance as they were', async () => {
    const a = await placed();
    const b = await placed();
    const c = await placed();
    expect((await pay(seller, [c.order.id])).errorCode).toBe(0);
    const before = await dropshipState(db());
    const refused = await pay(seller, [a.order.id, b.order.id, c.order.id]);
    expect(refused.errorCode).toBe(ErrorCode.DROPSHIP_NOT_PAYABLE);
    expect(await dropshipState(db())).toEqual(before);
    const r = await pay(seller, [a.order.id, b.order.id]);
    expect(r.errorCode).toBe(0);
    expect(r.data.amountFen).toBe(a.order.totalFen + b.order.totalFen);
  });

  it('refuses when the balance does not cover the batch, moving nothing', async () => {
    const { order } = await placed([{ costFen: 200_000 }], other, otherOrg);
    const big = await placed([{ costFen: 900_000 }], other, otherOrg);
    const before = await dropshipState(db());
    const r = await pay(other, [order.id, big.order.id]);
    expect(r.errorCode).toBe(ErrorCode.INSUFFICIENT_BALANCE);
    expect(r.errorMsg).toMatch(/本次需支付 ¥\d+\.\d{2}，当前可用 ¥\d+\.\d{2}/);
    expect(await dropshipState(db())).toEqual(before);
  });
});
