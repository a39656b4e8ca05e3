/**
 * After-sale returns through the warehouse: a seller's 退货退款 on a delivered order is signed in by
 * the 退货登记 scan of its return waybill (twice changes nothing), inspected, returned to the stall on
 * the offline return lines and refunded to the seller exactly once less the operator's return service
 * fee; a stall's refusal with each of the seller's decisions and the purchaser's confirmations; a
 * failed inspection making a problem parcel; two inspections at once; other tenants' ids; bad input.
 */
import { ErrorCode, type OfflineReturnLineRow, OPERATOR_RETURN_SERVICE_FEE_FEN } from '@dropship/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { afterSaleEntries, afterSaleEvents, afterSales } from '../src/modules/after-sale/after-sale.table.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { users } from '../src/modules/auth/auth.table.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrderItems, dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { deliverOrder } from '../src/modules/dropship-orders/fulfilment/deliver.service.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { offlineReturnLines } from '../src/modules/offline/offline.table.js';
import { problemParcels } from '../src/modules/problem-parcel/problem-parcel.table.js';
import { draftOf, type LineSpec, linkedShopOrder } from './dropship-orders-support.js';
import { balance, callers, expectBadRequest, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD, snapshotCounts } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let purchaser2: Session;
let orgId: number;
let pickerId: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `asr-test-key-${++keySeq}`;
const FEE = OPERATOR_RETURN_SERVICE_FEE_FEN;

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  const second = await createSecondSeller(db(), 'asr');
  other = await login(t.app, second.username, PASSWORD);
  const p2 = await createOrganisation(db(), { type: 'purchaser', name: '别家采购商' });
  await createUser(db(), { orgId: p2, username: 'asr_purchaser_two', password: PASSWORD, isMain: true });
  purchaser2 = await login(t.app, 'asr_purchaser_two', PASSWORD);
  orgId = await orgOf(db(), seller);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 1_000_000);
  const [p] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'demo_picker'));
  pickerId = p?.id as number;
});
afterAll(() => t?.close());

let waybillSeq = 0;
/** A paid order handed to the courier, and a 退货退款 (or 换货) on its first line with a return waybill. */
async function returning(lines: LineSpec[], quantity: number, kind = 'RETURN_REFUND') {
  const so = await linkedShopOrder(db(), orgId, lines);
  const made = await post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', seller, { orders: [draftOf(so.id)] });
  expect(made.errorCode, made.errorMsg).toBe(0);
  const o = made.data.orders[0] as { id: number; orderNo: string };
  const paid = await post('/api/b2/post/orders/pay', seller, { orderIds: [o.id], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() });
  expect(paid.errorCode, paid.errorMsg).toBe(0);
  const [row] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, o.id));
  const seq = String(++waybillSeq).padStart(3, '0');
  await db().transaction((tx) =>
    deliverOrder(tx as unknown as Db, t.app.jobs, { purchaserOrgId: row?.purchaserOrgId as number, userId: null }, orgId, o.id, {
      courierCode: 'ZTO',
      courierName: '中通快递',
      trackingNo: `7822${String(Date.now() % 1e7).padStart(7, '0')}${seq}`,
    }),
  );
  const [item] = await db().select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, o.id)).orderBy(dropshipOrderItems.lineNo);
  const returnWaybillNo = `sf88${String(Date.now() % 1e7).padStart(7, '0')}${seq}`;
  const r = await post<{ ids: number[]; afterSaleNos: string[] }>('/api/b2/aftersale/orders/apply', seller, {
    orderId: o.id,
    kind,
    lines: [{ itemId: item?.id, quantity }],
    reason: '尺码不合适',
    returnCourierName: '顺丰速运',
    returnWaybillNo,
    requestKey: key(),
  });
  expect(r.errorCode, r.errorMsg).toBe(0);
  return {
    id: r.data.ids[0] as number,
    afterSaleNo: r.data.afterSaleNos[0] as string,
    orderId: o.id,
    returnWaybillNo,
    unitCostFen: item?.unitCostFen as number,
  };
}

type Registered = { matched: boolean; afterSales: { id: number; afterSaleNo: string; alreadyRegistered: boolean }[]; orders: unknown[] };
type ReturnResult = { id: number; status: string; returnStatus: string | null; returnLineId: number | null };
const register = (waybillNo: string, s = purchaser) => post<Registered>('/api/b2/purchaser/offlineReturn/register', s, { waybillNo });
const inspect = (id: number, body: Record<string, unknown> = {}, s = purchaser) =>
  post<ReturnResult>('/api/b2/purchaser/offlineReturn/afterSale/inspect', s, { id, result: 'QUALIFIED', receivedQuantity: 1, ...body });
const confirm = (id: number, s = purchaser) => post<ReturnResult>('/api/b2/purchaser/offlineReturn/afterSale/confirm', s, { id });
const decide = (id: number, body: Record<string, unknown>, s = seller) => post<ReturnResult>('/api/b2/aftersale/orders/decide', s, { id, ...body });
const lineOp = (path: string, body: Record<string, unknown>) =>
  post<{ moved: number; lines: OfflineReturnLineRow[] }>(`/api/b2/purchaser/offlineReturn/lines/${path}`, purchaser, body);
const row = async (id: number) => (await db().select().from(afterSales).where(eq(afterSales.id, id)))[0];
const available = async () => (await balance(db(), orgId)).available;
const proxyReturns = (afterSaleNo: string) =>
  db()
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.transactionType, 'PROXY_RETURN_GOODS'), eq(ledgerEntries.businessId, afterSaleNo)));
const TABLES = { afterSales, afterSaleEvents, afterSaleEntries, ledgerEntries, problemParcels, offlineReturnLines };
const counts = () => snapshotCounts(db(), TABLES);

/** Signed in, inspected 合格 and taken to the stall: answers the return line. */
async function atStall(a: { id: number; returnWaybillNo: string }, received = 1) {
  expect((await register(a.returnWaybillNo)).errorCode).toBe(0);
  const r = await inspect(a.id, { receivedQuantity: received });
  expect(r.errorCode, r.errorMsg).toBe(0);
  const lineId = r.data.returnLineId as number;
  expect((await lineOp('assign', { lineIds: [lineId], pickerUserId: pickerId })).errorCode).toBe(0);
  return lineId;
}

describe('a seller’s 退货退款 through the warehouse back to the stall', () => {
  it('is signed in by its return waybill, once; inspected 合格 it goes to the stall; the stall’s refund credits the seller once, less the fee', async () => {
    const a = await returning([{ costFen: 3000, quantity: 2 }], 2);
    const r = await register(a.returnWaybillNo.toUpperCase());
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.matched).toBe(true);
    expect(r.data.afterSales).toEqual([expect.objectContaining({ id: a.id, afterSaleNo: a.afterSaleNo, alreadyRegistered: false })]);
    expect(await row(a.id)).toMatchObject({ status: 'GOODS_RETURNING', returnStatus: 'SIGNED' });
    // The seller can no longer cancel or change the waybill once the warehouse has it.
    expect((await post('/api/b2/aftersale/orders/cancel', seller, { id: a.id })).errorCode).toBe(ErrorCode.AFTER_SALE_NOT_CANCELABLE);

    const before = await counts();
    const again = await register(a.returnWaybillNo);
    expect(again.data.afterSales).toEqual([expect.objectContaining({ id: a.id, alreadyRegistered: true })]);
    expect(await counts()).toEqual(before);

    const ins = await inspect(a.id, { receivedQuantity: 2, photos: ['https://img.example.com/a.jpg'], note: '吊牌完好' });
    expect(ins.errorCode, ins.errorMsg).toBe(0);
    expect(ins.data).toMatchObject({ status: 'GOODS_RETURNING', returnStatus: 'WAIT_FACTORY' });
    const lineId = ins.data.returnLineId as number;
    const page = await post<{ list: OfflineReturnLineRow[] }>('/api/b2/purchaser/offlineReturn/lines/page', purchaser, { status: 'WAITING_ASSIGNED' });
    expect(page.data.list.find((l) => l.id === lineId)).toMatchObject({ afterSaleNo: a.afterSaleNo, quantity: 2, unitPriceFen: 3000 });
    expect((await lineOp('assign', { lineIds: [lineId], pickerUserId: pickerId })).errorCode).toBe(0);
    // The seller follows it as an after-sale, not among their own offline return orders.
    const own = await post<{ list: { lines: { id: number }[] }[] }>('/api/b2/offline/returnOrder/page', seller, {});
    expect(own.data.list.flatMap((o) => o.lines.map((l) => l.id))).not.toContain(lineId);

    const money = await available();
    const done = await lineOp('returned', { lineId });
    expect(done.errorCode, done.errorMsg).toBe(0);
    expect(done.data.lines[0]).toMatchObject({ status: 'FACTORY_RETURNED', refundFen: 6000, serviceFeeFen: FEE });
    expect(await row(a.id)).toMatchObject({ status: 'COMPLETE', returnStatus: 'FACTORY_RETURNED', refundedFen: 6000 - FEE });
    expect((await available()) - money).toBe(6000 - FEE);
    const entries = await proxyReturns(a.afterSaleNo);
    expect(entries).toHaveLength(1);
    const links = await db().select().from(afterSaleEntries).where(eq(afterSaleEntries.afterSaleId, a.id));
    expect(links.map((l) => l.entryId)).toEqual([entries[0]?.id]);
    const shown = await get<{ money: unknown[]; inspection: unknown; timeline: { operationName: string }[] }>(
      `/api/b2/aftersale/orders/detail?id=${a.id}`,
      seller,
    );
    expect(shown.data.money).toHaveLength(1);
    expect(shown.data.inspection).toMatchObject({ result: 'QUALIFIED', resultName: '合格', receivedQuantity: 2, note: '吊牌完好' });
    expect(shown.data.timeline.map((e) => e.operationName)).toEqual(['卖家申请售后', '仓库签收退货', '仓库验货', '档口已退款']);

    // The same answer again moves nothing.
    const state = await counts();
    expect((await lineOp('returned', { lineId })).errorCode).toBe(ErrorCode.OFFLINE_RETURN_NOT_ALLOWED);
    expect(await available()).toBe(money + 6000 - FEE);
    expect(await counts()).toEqual(state);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('a partial arrival refunds the goods money of what arrived', async () => {
    const a = await returning([{ costFen: 2599, quantity: 3 }], 3);
    const lineId = await atStall(a, 2);
    const money = await available();
    expect((await lineOp('returned', { lineId })).errorCode).toBe(0);
    expect((await available()) - money).toBe(2 * 2599 - FEE);
  });

  it('inspected 错发 it stays signed and becomes a problem parcel for the seller', async () => {
    const a = await returning([{ costFen: 1800 }], 1);
    await register(a.returnWaybillNo);
    const r = await inspect(a.id, { result: 'WRONG_ITEM', note: '寄回的是别家货' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(await row(a.id)).toMatchObject({ status: 'PROBLEM', returnStatus: 'SIGNED', inspectionResult: 'WRONG_ITEM' });
    const parcels = await db().select().from(problemParcels).where(eq(problemParcels.afterSaleId, a.id));
    expect(parcels).toEqual([
      expect.objectContaining({ orgId, status: 'WAITING_PROCESS', trackingNo: a.returnWaybillNo, reason: expect.stringContaining('错发') }),
    ]);
    expect((parcels[0]?.deadlineAt.getTime() ?? 0) > Date.now()).toBe(true);
    const [o] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, a.orderId));
    expect(o?.afterSaleStatus).toBe('PROBLEM');
  });

  it('two staff inspecting at once: one wins, the other is told who inspected', async () => {
    const a = await returning([{ costFen: 1500 }], 1);
    await register(a.returnWaybillNo);
    const [x, y] = await Promise.all([inspect(a.id), inspect(a.id, { result: 'DEFECTIVE' })]);
    const codes = [x.errorCode, y.errorCode].sort();
    expect(codes).toEqual([0, ErrorCode.AFTER_SALE_ALREADY_INSPECTED]);
    const loser = x.errorCode === 0 ? y : x;
    expect(loser.errorMsg).toMatch(/已由.+验货/);
    expect(await db().select().from(offlineReturnLines).where(eq(offlineReturnLines.afterSaleId, a.id))).toHaveLength(x.errorCode === 0 ? 1 : 0);
  });
});

describe('an exchange (换货)', () => {
  it('goes through the warehouse the same way, and its stall’s answer credits nothing: the goods money pays the replacement', async () => {
    const a = await returning([{ costFen: 2800 }], 1, 'EXCHANGE');
    expect(await row(a.id)).toMatchObject({ type: 'EXCHANGE_GOODS', status: 'GOODS_RETURNING', returnStatus: 'WAIT_SIGNED' });
    const lineId = await atStall(a);
    const money = await available();
    expect((await lineOp('returned', { lineId })).errorCode).toBe(0);
    expect(await row(a.id)).toMatchObject({ status: 'COMPLETE', returnStatus: 'FACTORY_RETURNED', refundedFen: 0 });
    expect(await available()).toBe(money);
    expect(await proxyReturns(a.afterSaleNo)).toHaveLength(0);
  });
});

describe('a stall’s refusal, decided by the seller', () => {
  async function refused(costFen = 4000) {
    const a = await returning([{ costFen }], 1);
    const lineId = await atStall(a);
    const r = await lineOp('refuse', { lineId, reason: '吊牌已剪' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(await row(a.id)).toMatchObject({ status: 'GOODS_RETURNING', returnStatus: 'FACTORY_REFUSE_TODEAL' });
    const d = await get<{ actions: string[] }>(`/api/b2/aftersale/orders/detail?id=${a.id}`, seller);
    expect(d.data.actions).toEqual(['ACCEPT_REFUSE', 'NEGOTIATE_REFUND', 'RETURN_FACTORY_AGAIN']);
    return { ...a, lineId };
  }

  it('接受拒退: the goods go back to the seller as a problem parcel, nothing refunded', async () => {
    const a = await refused();
    const money = await available();
    const r = await decide(a.id, { decision: 'ACCEPT_REFUSE' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(await row(a.id)).toMatchObject({ status: 'PROBLEM', returnStatus: 'FACTORY_REFUSE', refundedFen: 0 });
    expect(await db().select().from(problemParcels).where(eq(problemParcels.afterSaleId, a.id))).toHaveLength(1);
    expect(await available()).toBe(money);
    expect((await decide(a.id, { decision: 'ACCEPT_REFUSE' })).errorCode).toBe(ErrorCode.AFTER_SALE_DECISION_NOT_ALLOWED);
  });

  it('协商退款: the purchaser confirms the stall agreed, then that it paid; the negotiated amount less the fee is credited once', async () => {
    const a = await refused(4000);
    const before = await counts();
    const tooMuch = await decide(a.id, { decision: 'NEGOTIATE_REFUND', negotiateFen: 4001 });
    expect(tooMuch.errorCode).toBe(ErrorCode.AFTER_SALE_NEGOTIATE_TOO_LARGE);
    expect(tooMuch.errorMsg).toMatch(/协商退款/);
    expectBadRequest(await decide(a.id, { decision: 'NEGOTIATE_REFUND' }), /协商退款金额/);
    expect(await counts()).toEqual(before);
    expect((await confirm(a.id)).errorCode).toBe(ErrorCode.AFTER_SALE_CONFIRM_NOT_ALLOWED);

    expect((await decide(a.id, { decision: 'NEGOTIATE_REFUND', negotiateFen: 2500 })).errorCode).toBe(0);
    expect(await row(a.id)).toMatchObject({ returnStatus: 'NEGOTIATE_REFUND', negotiateFen: 2500 });
    expect((await confirm(a.id)).data).toMatchObject({ returnStatus: 'FACTORY_RETURNED_TOCONFIRM' });
    const money = await available();
    const paid = await confirm(a.id);
    expect(paid.errorCode, paid.errorMsg).toBe(0);
    expect(await row(a.id)).toMatchObject({ status: 'COMPLETE', returnStatus: 'FACTORY_RETURNED', refundedFen: 2500 - FEE });
    expect((await available()) - money).toBe(2500 - FEE);
    expect(await proxyReturns(a.afterSaleNo)).toHaveLength(1);
    expect((await confirm(a.id)).errorCode).toBe(ErrorCode.AFTER_SALE_CONFIRM_NOT_ALLOWED);
    expect(await available()).toBe(money + 2500 - FEE);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('重新退档口: once the purchaser confirms the line goes back to the stall, whose refund then settles it', async () => {
    const a = await refused(3300);
    expect((await decide(a.id, { decision: 'RETURN_FACTORY_AGAIN', note: '吊牌在包裹里' })).errorCode).toBe(0);
    expect(await row(a.id)).toMatchObject({ returnStatus: 'GOODS_RETURNED_FACTORY_TOCONFIRM' });
    const c = await confirm(a.id);
    expect(c.errorCode, c.errorMsg).toBe(0);
    expect(c.data).toMatchObject({ returnStatus: 'WAIT_FACTORY', returnLineId: a.lineId });
    const [line] = await db().select().from(offlineReturnLines).where(eq(offlineReturnLines.id, a.lineId));
    expect(line?.status).toBe('WAIT_FACTORY');
    const money = await available();
    expect((await lineOp('returned', { lineId: a.lineId })).errorCode).toBe(0);
    expect(await row(a.id)).toMatchObject({ status: 'COMPLETE', returnStatus: 'FACTORY_RETURNED' });
    expect((await available()) - money).toBe(3300 - FEE);
  });
});

describe('isolation and bad input', () => {
  it('another purchaser’s or seller’s calls find nothing; the seller cannot inspect; bad input is refused in Chinese, changing nothing', async () => {
    const a = await returning([{ costFen: 2000 }], 1);
    // Another purchaser's scan does not sign it in.
    const foreign = await register(a.returnWaybillNo, purchaser2);
    expect(foreign.errorCode).not.toBe(0);
    expect(await row(a.id)).toMatchObject({ returnStatus: 'WAIT_SIGNED' });
    await register(a.returnWaybillNo);
    const before = await counts();
    expect((await inspect(a.id, {}, purchaser2)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await confirm(a.id, purchaser2)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await decide(a.id, { decision: 'ACCEPT_REFUSE' }, other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await inspect(a.id, {}, seller)).errorCode).not.toBe(0);
    expectBadRequest(await inspect(a.id, { result: 'GOOD' }), /验货结果/);
    expectBadRequest(await inspect(a.id, { receivedQuantity: -1 }), /实收数量/);
    expectBadRequest(await inspect(a.id, { photos: ['not a link'] }), /图片/);
    expectBadRequest(await decide(a.id, { decision: 'KEEP' }), /处理方式/);
    const tooMany = await inspect(a.id, { receivedQuantity: 2 });
    expect(tooMany.errorCode).toBe(ErrorCode.AFTER_SALE_RECEIVED_TOO_MANY);
    expect(tooMany.errorMsg).toMatch(/实收/);
    expect((await decide(a.id, { decision: 'ACCEPT_REFUSE' })).errorCode).toBe(ErrorCode.AFTER_SALE_DECISION_NOT_ALLOWED);
    expect(await counts()).toEqual(before);
    expect(await row(a.id)).toMatchObject({ returnStatus: 'SIGNED', inspectionResult: null });
  });

  it('getReturnServiceFeeInfo answers the operator’s fee per line', async () => {
    const r = await post<{ feeFen: number; covers: string; pricedBy: string }>('/api/home/getReturnServiceFeeInfo', seller, {});
    expect(r.errorCode).toBe(0);
    expect(r.data).toMatchObject({ feeFen: FEE, pricedBy: 'OPERATOR' });
    expect(r.data.covers).toMatch(/退回档口/);
  });
});
