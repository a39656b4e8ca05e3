/**
 * Changing dropship orders: cancel before and after payment (exact refund, coupon given back,
 * take items closed, shop order back to UNPLACED), receiving info while allowed, stop and revoke
 * the stop of one line (refund and charge back), cancel a problem parcel's send-back; every
 * forbidden move refused with its own code and changing nothing; bad input and tenant isolation.
 */
import { ErrorCode } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { plainReceiverOf } from '../src/lib/receiver-vault/index.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrderItems, dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { bumpCounts, moves } from '../src/modules/dropship-orders/timeline.repository.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { problemParcels } from '../src/modules/problem-parcel/problem-parcel.table.js';
import { shopOrders } from '../src/modules/shop-orders/shop-orders.table.js';
import { takeItems } from '../src/modules/take-assignment/take-items.table.js';
import { draftOf, dropshipState, expectCountsTrue, type LineSpec, linkedShopOrder, RECEIVER } from './dropship-orders-support.js';
import { balance, callers, expectBadRequest, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, days, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let orgId: number;
const { post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  const second = await createSecondSeller(db(), 'dc');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 1_000_000);
});
afterAll(() => t?.close());

type Results = { results: { id: number; orderNo: string; ok: boolean; message: string; refundFen: number }[] };
const orderRow = async (id: number) => (await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, id)))[0];
const linesOf = (orderId: number) => db().select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, orderId)).orderBy(dropshipOrderItems.lineNo);

async function placed(lines: LineSpec[] = [{ costFen: 4500 }], extra: Record<string, unknown> = {}) {
  const so = await linkedShopOrder(db(), orgId, lines);
  const r = await post<{ orders: { id: number; orderNo: string; totalFen: number }[] }>('/api/b2/post/orders/create', seller, {
    orders: [draftOf(so.id, extra)],
  });
  expect(r.errorCode, r.errorMsg).toBe(0);
  return { shopOrderId: so.id, ...(r.data.orders[0] as { id: number; orderNo: string; totalFen: number }) };
}
async function paid(lines: LineSpec[] = [{ costFen: 4500 }], extra: Record<string, unknown> = {}) {
  const o = await placed(lines, extra);
  const r = await post('/api/b2/post/orders/pay', seller, {
    orderIds: [o.id],
    payMethod: 'BALANCE',
    payPassword: PAY_PASSWORD,
    requestKey: `change-key-${++keySeq}`,
  });
  expect(r.errorCode, r.errorMsg).toBe(0);
  return o;
}
const cancel = (s: Session, orderIds: number[], reason = '') => post<Results>('/api/b2/post/orders/cancel', s, { orderIds, reason });

describe('cancelling', () => {
  it('refuses bad input in Chinese and another tenant’s order, changing nothing', async () => {
    const o = await placed();
    const before = await dropshipState(db());
    expectBadRequest(await post('/api/b2/post/orders/cancel', seller, {}), /订单/);
    expectBadRequest(await post('/api/b2/post/orders/cancel', seller, { orderIds: [] }), /请选择订单/);
    expectBadRequest(await post('/api/b2/post/orders/cancel', seller, { orderIds: [o.id], reason: 'x'.repeat(101) }), /取消原因不能超过100个字符/);
    expect((await cancel(other, [o.id])).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await dropshipState(db())).toEqual(before);
  });

  it('WAITING_PAYMENT → CANCELED: no money moves, the reserved coupon is given back', async () => {
    const [coupon] = await queryRows<{ id: number }>(db(), sql`select id from coupons where org_id = ${orgId} and name = '新人无门槛券'`);
    const o = await placed([{ costFen: 4500 }], { couponId: coupon?.id });
    const before = await balance(db(), orgId);
    const r = await cancel(seller, [o.id], '买家不要了');
    expect(r.data.results).toEqual([{ id: o.id, orderNo: o.orderNo, ok: true, message: '已取消', refundFen: 0 }]);
    expect(await orderRow(o.id)).toMatchObject({ status: 'CANCELED', combinedStatus: 'CANCELED', refundedFen: 0 });
    expect((await balance(db(), orgId)).available).toBe(before.available);
    const [c] = await queryRows<{ status: string }>(db(), sql`select status from coupons where id = ${coupon?.id}`);
    expect(c?.status).toBe('UNUSED');
    await expectCountsTrue(db(), orgId);
  });

  it('WAITING_DELIVERING → CANCELED: exactly what was paid comes back, take items closed, shop order UNPLACED', async () => {
    const o = await paid([{ costFen: 4500 }, { costFen: 3850, quantity: 2 }]);
    const before = await balance(db(), orgId);
    const r = await cancel(seller, [o.id]);
    expect(r.data.results[0]).toMatchObject({ ok: true, refundFen: o.totalFen });
    expect((await balance(db(), orgId)).available).toBe(before.available + o.totalFen);
    expect(await orderRow(o.id)).toMatchObject({ status: 'CANCELED', refundedFen: o.totalFen });
    const takes = await db().select().from(takeItems).where(eq(takeItems.orderId, o.id));
    expect(takes.map((x) => x.assignmentStatus)).toEqual(['CLOSE', 'CLOSE']);
    expect((await db().select().from(shopOrders).where(eq(shopOrders.id, o.shopOrderId)))[0]?.dropshipStatus).toBe('UNPLACED');
    const [entry] = await queryRows<{ transaction_type: string; available_delta_fen: string | number }>(
      db(),
      sql`select transaction_type, available_delta_fen from ledger_entries where request_key = ${`cancel:${o.orderNo}`}`,
    );
    expect([entry?.transaction_type, Number(entry?.available_delta_fen)]).toEqual(['REFUND', o.totalFen]);
    // Twice: refused with its code, nothing moves.
    const again = await cancel(seller, [o.id]);
    expect(again.data.results[0]).toMatchObject({ ok: false, refundFen: 0 });
    expect(again.data.results[0]?.message).toContain('订单已取消');
    expect((await balance(db(), orgId)).available).toBe(before.available + o.totalFen);
    await expectCountsTrue(db(), orgId);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('refuses once a line is being taken, and after delivery; a batch reports each order', async () => {
    const taking = await paid();
    const delivered = await paid();
    const fine = await placed();
    // Picking and the warehouse move these; set directly here, as their operations write them, to test the refusals alone.
    await db().update(dropshipOrderItems).set({ takeStatus: 'TAKING' }).where(eq(dropshipOrderItems.orderId, taking.id));
    await db().update(dropshipOrders).set({ status: 'DELIVERED', combinedStatus: 'DELIVERED' }).where(eq(dropshipOrders.id, delivered.id));
    await bumpCounts(db(), orgId, moves([['WAITING_TAKING', 'DELIVERED']]));
    const before = await dropshipState(db());
    const r = await cancel(seller, [taking.id, delivered.id, fine.id]);
    expect(r.data.results.map((x) => x.ok)).toEqual([false, false, true]);
    expect(r.data.results[0]?.message).toContain('已有商品在拿货');
    expect(r.data.results[1]?.message).toContain('已发货');
    expect(await orderRow(taking.id)).toMatchObject({ status: 'WAITING_DELIVERING', refundedFen: 0 });
    expect((await dropshipState(db())).entries).toBe(before.entries);
  });
});

describe('receiving info', () => {
  const update = (s: Session, id: number, receiver: Record<string, unknown>) =>
    post<{ expressFeeFen: number; totalFen: number }>('/api/b2/post/orders/update/receivingInfo', s, { id, receiver });

  it('unpaid: the receiver and the express fee follow the new address', async () => {
    const o = await placed();
    const r = await update(seller, o.id, {
      ...RECEIVER,
      name: '王芳',
      province: '新疆维吾尔自治区',
      city: '乌鲁木齐市',
      district: '天山区',
      address: '解放北路1号',
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    // One item, remote zone: ¥18.00 first kilo instead of ¥3.50.
    expect(r.data).toMatchObject({ expressFeeFen: 1800, totalFen: o.totalFen - 350 + 1800 });
    const row = await orderRow(o.id);
    // Stored masked, the plain receiver sealed: the new one is what opens.
    expect(row).toMatchObject({ receiverName: '王*', receiverProvince: '新疆维吾尔自治区', expressFeeFen: 1800 });
    expect(plainReceiverOf(row!)).toMatchObject({ name: '王芳', address: '解放北路1号' });
  });

  it('paid: the same fee is fine, a different fee is refused; locked once a line is taken', async () => {
    const o = await paid();
    const same = await update(seller, o.id, { ...RECEIVER, city: '宁波市', district: '海曙区', address: '中山西路2号' });
    expect(same.errorCode, same.errorMsg).toBe(0);
    const before = await dropshipState(db());
    const dearer = await update(seller, o.id, { ...RECEIVER, province: '西藏自治区', city: '拉萨市', district: '城关区', address: '北京中路1号' });
    expect(dearer.errorCode).toBe(ErrorCode.DROPSHIP_FEE_CHANGED);
    await db().update(dropshipOrderItems).set({ takeStatus: 'TOOK' }).where(eq(dropshipOrderItems.orderId, o.id));
    const locked = await update(seller, o.id, RECEIVER);
    expect(locked.errorCode).toBe(ErrorCode.DROPSHIP_RECEIVER_LOCKED);
    expect((await dropshipState(db())).receivers).toBe(before.receivers);
  });

  it('refuses bad input and another tenant’s order, changing nothing', async () => {
    const o = await placed();
    const before = await dropshipState(db());
    expectBadRequest(await update(seller, o.id, { ...RECEIVER, phone: 'abc' }), /收货人手机号格式不正确/);
    expectBadRequest(await update(seller, o.id, { ...RECEIVER, province: '' }), /请输入省份/);
    expectBadRequest(await post('/api/b2/post/orders/update/receivingInfo', seller, { receiver: RECEIVER }), /订单/);
    expect((await update(seller, o.id, { ...RECEIVER, province: '火星省' })).errorCode).toBe(ErrorCode.DROPSHIP_ADDRESS_INVALID);
    expect((await update(other, o.id, RECEIVER)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await dropshipState(db())).toEqual(before);
  });
});

describe('stopping a line and revoking the stop', () => {
  const stop = (s: Session, itemIds: number[]) => post<Results>('/api/b2/post/orders/item/stop', s, { itemIds });
  const revoke = (s: Session, itemIds: number[]) => post<Results>('/api/b2/post/orders/item/revokeStop', s, { itemIds });

  it('stop refunds the line’s goods money at once; revoke takes it again; the combined status follows', async () => {
    const o = await paid([{ costFen: 4500 }, { costFen: 3850, quantity: 2 }]);
    const [a, b] = await linesOf(o.id);
    const start = (await balance(db(), orgId)).available;
    const r = await stop(seller, [b?.id ?? 0]);
    expect(r.data.results[0]).toMatchObject({ ok: true, refundFen: 7700 });
    expect((await balance(db(), orgId)).available).toBe(start + 7700);
    expect(await orderRow(o.id)).toMatchObject({ refundedFen: 7700, combinedStatus: 'WAITING_TAKING' });
    expect(
      (
        await db()
          .select()
          .from(takeItems)
          .where(eq(takeItems.orderItemId, b?.id ?? 0))
      )[0],
    ).toMatchObject({ takingStatus: 'E_STOP_TAKING', assignmentStatus: 'E_STOP_TAKING' });
    // Every line stopped: the order shows as stopped.
    await stop(seller, [a?.id ?? 0]);
    expect(await orderRow(o.id)).toMatchObject({ refundedFen: 7700 + 4500, combinedStatus: 'E_STOP_TAKING' });
    // Stopping again is refused; revoking takes the money again.
    const twice = await stop(seller, [a?.id ?? 0]);
    expect(twice.data.results[0]?.ok).toBe(false);
    const back = await revoke(seller, [b?.id ?? 0]);
    expect(back.data.results[0]).toMatchObject({ ok: true, refundFen: -7700 });
    expect((await balance(db(), orgId)).available).toBe(start + 4500);
    expect(await orderRow(o.id)).toMatchObject({ refundedFen: 4500, combinedStatus: 'WAITING_TAKING' });
    expect(
      (
        await db()
          .select()
          .from(takeItems)
          .where(eq(takeItems.orderItemId, b?.id ?? 0))
      )[0],
    ).toMatchObject({ takingStatus: 'WAITING_TAKING', assignmentStatus: 'WAITING_ASSIGNED' });
    // Stop → revoke → stop again refunds again (a new request key each time).
    expect((await stop(seller, [b?.id ?? 0])).data.results[0]).toMatchObject({ ok: true, refundFen: 7700 });
    // Cancelling now returns only what is left of the payment.
    const c = await post<Results>('/api/b2/post/orders/cancel', seller, { orderIds: [o.id] });
    expect(c.data.results[0]).toMatchObject({ ok: true, refundFen: o.totalFen - 7700 - 4500 });
    expect((await balance(db(), orgId)).available).toBe(start + o.totalFen);
    await expectCountsTrue(db(), orgId);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('refuses what the state machine does not allow, with its codes', async () => {
    const unpaid = await placed();
    const [u] = await linesOf(unpaid.id);
    const o = await paid();
    const [line] = await linesOf(o.id);
    await db()
      .update(dropshipOrderItems)
      .set({ takeStatus: 'TAKING' })
      .where(eq(dropshipOrderItems.id, line?.id ?? 0));
    const before = await dropshipState(db());
    const r1 = await stop(seller, [u?.id ?? 0]);
    expect(r1.data.results[0]?.message).toContain('订单尚未支付');
    const r2 = await stop(seller, [line?.id ?? 0]);
    expect(r2.data.results[0]?.message).toContain('不在待拿货状态');
    const r3 = await revoke(seller, [line?.id ?? 0]);
    expect(r3.data.results[0]?.message).toContain('不是已停止拿货状态');
    expect(await dropshipState(db())).toEqual(before);
  });

  it('refuses bad input and another tenant’s lines', async () => {
    const o = await paid();
    const [line] = await linesOf(o.id);
    const before = await dropshipState(db());
    expectBadRequest(await post('/api/b2/post/orders/item/stop', seller, { itemIds: [] }), /请选择订单商品/);
    expectBadRequest(await post('/api/b2/post/orders/item/revokeStop', seller, { itemIds: [0] }), /订单商品必须大于0/);
    expect((await stop(other, [line?.id ?? 0])).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await revoke(other, [line?.id ?? 0])).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await dropshipState(db())).toEqual(before);
  });
});

describe('POST /api/b2/post/orders/cancel/sendBack', () => {
  it('a send-back waiting for its freight goes back to waiting for a decision; anything else is refused', async () => {
    const [waiting, paidBack] = await db()
      .insert(problemParcels)
      .values([
        { orgId, trackingNo: 'YT9900011112222', status: 'WAITING_PAYMENT', reason: '错发', deadlineAt: days(2) },
        { orgId, trackingNo: 'YT9900011113333', status: 'WAITING_RETURN', reason: '破损', deadlineAt: days(2) },
      ])
      .returning();
    const call = (s: Session, id: unknown) => post<{ id: number; status: string }>('/api/b2/post/orders/cancel/sendBack', s, { id });
    expect((await call(other, waiting?.id)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expectBadRequest(await call(seller, 'x'), /问题件/);
    const ok = await call(seller, waiting?.id);
    expect(ok).toMatchObject({ errorCode: 0, data: { id: waiting?.id, status: 'WAITING_PROCESS' } });
    const again = await call(seller, waiting?.id);
    expect(again.errorCode).toBe(ErrorCode.DROPSHIP_SEND_BACK_NOT_CANCELABLE);
    expect(again.errorMsg).toContain('还没有申请寄回');
    const refused = await call(seller, paidBack?.id);
    expect(refused.errorCode).toBe(ErrorCode.DROPSHIP_SEND_BACK_NOT_CANCELABLE);
    expect(
      (
        await db()
          .select()
          .from(problemParcels)
          .where(eq(problemParcels.id, paidBack?.id ?? 0))
      )[0]?.status,
    ).toBe('WAITING_RETURN');
  });
});
