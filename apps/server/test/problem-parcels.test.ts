/**
 * Problem parcels (decision 0027): made by openProblemParcel, listed with tab counts, goods and
 * detail, discarded, sent back with a quoted freight paid by balance (at most once per request key)
 * or Alipay (payCallback=problem), the send-back cancelled, shipped by the warehouse with its waybill,
 * and the deadline job; bad input, another tenant's parcel and races refused in Chinese with
 * nothing changed, the ledger check holding throughout.
 */
import { ErrorCode } from '@dropship/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { plainReceiverOf } from '../src/lib/receiver-vault/index.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { openProblemParcel } from '../src/modules/problem-parcel/index.js';
import { eraseDoneReceivers } from '../src/modules/problem-parcel/problem-parcel.repository.js';
import { runProblemDeadlines } from '../src/modules/problem-parcel/problem-parcel.service.js';
import { problemParcelEvents, problemParcels } from '../src/modules/problem-parcel/problem-parcel.table.js';
import {
  balance,
  callers,
  expectBadRequest,
  type FundsTestApp,
  fund,
  notifyFields,
  orgOf,
  PAY_PASSWORD,
  postNotify,
  setPayPassword,
  startFundsApp,
} from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, days, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let orgId: number;
let otherOrgId: number;
let purchaserOrgId: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `problem-test-${Date.now()}-${++keySeq}:${Date.now()}`;

const BASE = '/api/b2/afterSales/post';
const RECEIVER = { name: '张小美', phone: '13800138000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 100 号 3 单元 501' };

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  const second = await createSecondSeller(db(), 'pp');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  otherOrgId = await orgOf(db(), other);
  purchaserOrgId = await orgOf(db(), purchaser);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 100_000);
});
afterAll(() => t?.close());

async function opened(extra: { orgId?: number; quantity?: number } = {}) {
  return openProblemParcel(db(), {
    orgId: extra.orgId ?? orgId,
    purchaserOrgId,
    source: 'INSPECTION',
    reason: '错发：颜色不符',
    trackingNo: `YT${Date.now()}${++keySeq}`,
    goods: [{ title: '法式碎花连衣裙', itemNo: 'A8821', color: '黑色', size: 'M', quantity: extra.quantity ?? 1 }],
  });
}
const parcel = async (id: number) => (await db().select().from(problemParcels).where(eq(problemParcels.id, id)))[0];
const eventsOf = (id: number) => db().select().from(problemParcelEvents).where(eq(problemParcelEvents.parcelId, id)).orderBy(asc(problemParcelEvents.id));
const state = async () => {
  const [r] = await queryRows<Record<string, string>>(
    db(),
    sql`select (select string_agg(id || ':' || status, ',' order by id) from problem_parcels) as parcels,
               (select count(*) from problem_parcel_events) as events,
               (select count(*) from ledger_entries) as entries,
               (select count(*) from problem_parcel_payments) as payments`,
  );
  return r;
};
const sendBack = (s: Session, id: number, expressCode = 'ZTO') =>
  post<{ status: string; freightFen: number }>(`${BASE}/problem/sendBack`, s, { id, receiver: RECEIVER, expressCode });
const payBalance = (s: Session, id: number, requestKey = key()) =>
  post<{ status: string; paid: boolean; amountFen: number }>(`${BASE}/problem/pay`, s, { id, payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey });
const discard = (s: Session, ids: number[]) => post<{ done: number[]; failed: { id: number; message: string }[] }>(`${BASE}/problem/discard`, s, { ids });
const ledgerOk = async () => expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);

describe('openProblemParcel', () => {
  it('numbers the parcel PP + Beijing date + 6 digits, sets the deadline by the rule (7 days) and writes OPENED', async () => {
    const p = await opened();
    expect(p.barcodeNo).toMatch(/^PP\d{8}\d{6}$/);
    expect(p.status).toBe('WAITING_PROCESS');
    const daysLeft = (p.deadlineAt.getTime() - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(6.9);
    expect(daysLeft).toBeLessThan(7.1);
    expect((await eventsOf(p.id)).map((e) => [e.operation, e.fromStatus, e.toStatus])).toEqual([['OPENED', null, 'WAITING_PROCESS']]);
  });
});

describe('the seller list, goods and detail', () => {
  it('pages with tab counts and filters; another tenant sees none of it', async () => {
    const p = await opened();
    const r = await post<{ total: number; list: { id: number; barcodeNo: string }[]; counts: Record<string, number> }>(`${BASE}/problem/page`, seller, {
      trackingNo: p.barcodeNo?.toLowerCase(),
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.list.map((x) => x.id)).toEqual([p.id]);
    expect(r.data.counts).toEqual({ WAITING_PROCESS: 1 });
    const all = await post<{ total: number; counts: Record<string, number> }>(`${BASE}/problem/page`, seller, { status: 'DISCARD' });
    expect(all.data.counts.WAITING_PROCESS).toBeGreaterThanOrEqual(4);
    expect((await post<{ total: number }>(`${BASE}/problem/page`, other, { trackingNo: p.barcodeNo })).data.total).toBe(0);
    expectBadRequest(await post(`${BASE}/problem/page`, seller, { status: 'NOPE' }), /状态/);
    expectBadRequest(await post(`${BASE}/problem/page`, seller, { createdFrom: '2026-03-02', createdTo: '2026-03-01' }), /登记开始日期不能晚于结束日期/);
  });

  it('lists the goods and the detail with its timeline; another tenant gets not found', async () => {
    const p = await opened({ quantity: 2 });
    const goods = await post<{ parcelId: number; itemNo: string; quantity: number }[]>(`${BASE}/problemGood/list`, seller, { ids: [p.id] });
    expect(goods.data).toEqual([expect.objectContaining({ parcelId: p.id, itemNo: 'A8821', quantity: 2 })]);
    expect((await post(`${BASE}/problemGood/list`, other, { ids: [p.id] })).errorCode).toBe(ErrorCode.NOT_FOUND);
    const d = await get<{ events: { operation: string }[]; photoIds: number[]; barcodeNo: string }>(`${BASE}/problem/detail?id=${p.id}`, seller);
    expect(d.errorCode, d.errorMsg).toBe(0);
    expect(d.data.events.map((e) => e.operation)).toEqual(['OPENED']);
    expect(d.data.photoIds).toEqual([]);
    expect((await get(`${BASE}/problem/detail?id=${p.id}`, other)).errorCode).toBe(ErrorCode.NOT_FOUND);
  });

  it('counts near the deadline with the badge query (nearTime/num)', async () => {
    const before = (await get<{ count: number }>(`${BASE}/problemGood/nearTime/num`, seller)).data.count;
    const p = await opened();
    await db()
      .update(problemParcels)
      .set({ deadlineAt: days(0.3) })
      .where(eq(problemParcels.id, p.id));
    expect((await get<{ count: number }>(`${BASE}/problemGood/nearTime/num`, seller)).data.count).toBe(before + 1);
    await discard(seller, [p.id]);
    expect((await get<{ count: number }>(`${BASE}/problemGood/nearTime/num`, seller)).data.count).toBe(before);
  });
});

describe('discard', () => {
  it('discards one or many; a decided parcel is refused naming its status; another tenant gets not found', async () => {
    const a = await opened();
    const b = await opened();
    const r = await discard(seller, [a.id, b.id]);
    expect(r.data).toEqual({ done: [a.id, b.id], failed: [] });
    expect((await parcel(a.id))?.status).toBe('DISCARD');
    expect((await eventsOf(a.id)).at(-1)).toMatchObject({ operation: 'DISCARD', fromStatus: 'WAITING_PROCESS', toStatus: 'DISCARD' });
    const before = await state();
    const again = await discard(seller, [a.id]);
    expect(again.data.failed[0]?.message).toMatch(/当前已弃件，不能弃件/);
    expect((await discard(other, [b.id])).errorCode).toBe(ErrorCode.NOT_FOUND);
    expectBadRequest(await discard(seller, []), /请至少选择一个问题件/);
    expect(await state()).toEqual(before);
  });
});

describe('send back and the freight', () => {
  it('quotes the freight, seals the receiver, and pays once by balance (FREIGHT); the same key again moves nothing', async () => {
    const p = await opened();
    const quote = await post<{ code: string; feeFen: number }[]>(`${BASE}/problem/freight`, seller, { id: p.id, province: '浙江省' });
    const zto = quote.data.find((q) => q.code === 'ZTO');
    expect(zto?.feeFen).toBeGreaterThan(0);
    const asked = await sendBack(seller, p.id);
    expect(asked.data).toEqual({ id: p.id, status: 'WAITING_PAYMENT', freightFen: zto?.feeFen });
    const row = await parcel(p.id);
    expect(row?.receiverPhone).not.toContain('13800138000');
    expect(row?.receiverAddress).not.toBe(RECEIVER.address);
    expect(plainReceiverOf({ receiverName: '', receiverPhone: '', receiverAddress: '', receiverSealed: row?.receiverSealed ?? null })).toMatchObject({
      phone: '13800138000',
    });
    const list = await post<{ list: { receiverPhone: string }[] }>(`${BASE}/problem/page`, seller, { trackingNo: p.barcodeNo });
    expect(list.data.list[0]?.receiverPhone).toMatch(/\*/);

    const before = await balance(db(), orgId);
    const requestKey = key();
    const paid = await payBalance(seller, p.id, requestKey);
    expect(paid.data).toMatchObject({ status: 'WAITING_RETURN', paid: true, amountFen: zto?.feeFen });
    expect((await balance(db(), orgId)).available).toBe(before.available - (zto?.feeFen ?? 0));
    const [entry] = await queryRows<{ purpose: string }>(db(), sql`select purpose from ledger_entries where id = ${(await parcel(p.id))?.freightEntryId}`);
    expect(entry?.purpose).toBe('FREIGHT');
    const s = await state();
    expect((await payBalance(seller, p.id, requestKey)).data).toMatchObject({ paid: true, status: 'WAITING_RETURN' });
    const twice = await payBalance(seller, p.id);
    expect(twice.errorCode).toBe(ErrorCode.PROBLEM_PARCEL_STATUS);
    expect(twice.errorMsg).toMatch(/当前待寄回，不能支付运费/);
    expect(await state()).toEqual(s);
    await ledgerOk();
  });

  it('refuses bad input, an unknown courier, a decided parcel and another tenant, changing nothing', async () => {
    const p = await opened();
    const before = await state();
    expectBadRequest(await post(`${BASE}/problem/sendBack`, seller, { id: p.id, receiver: { ...RECEIVER, phone: '12' }, expressCode: 'ZTO' }), /收货人手机号/);
    expect((await sendBack(seller, p.id, 'NOPE')).errorMsg).toMatch(/快递（NOPE）暂不可用/);
    expect((await sendBack(other, p.id)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await payBalance(other, p.id)).errorCode).toBe(ErrorCode.NOT_FOUND);
    const notAsked = await payBalance(seller, p.id);
    expect(notAsked.errorMsg).toMatch(/当前待处理，不能支付运费/);
    expectBadRequest(await post(`${BASE}/problem/pay`, seller, { id: p.id, payMethod: 'BALANCE', requestKey: key() }), /余额支付请输入支付密码/);
    expect(await state()).toEqual(before);
  });

  it('a discard during payment is refused; discard and pay at once: the payment wins, nothing else changes', async () => {
    const p = await opened();
    await sendBack(seller, p.id);
    const refused = await discard(seller, [p.id]);
    expect(refused.data.failed[0]?.message).toMatch(/当前待支付运费，不能弃件/);
    const [d, paid] = await Promise.all([discard(seller, [p.id]), payBalance(seller, p.id)]);
    expect(paid.data.status).toBe('WAITING_RETURN');
    expect(d.data.done).toEqual([]);
    expect((await parcel(p.id))?.status).toBe('WAITING_RETURN');
    await ledgerOk();
  });

  it('send back and discard at once on a waiting parcel: exactly one wins', async () => {
    const p = await opened();
    const [s, d] = await Promise.all([sendBack(seller, p.id), discard(seller, [p.id])]);
    const sent = s.errorCode === 0;
    const discarded = d.data.done.length === 1;
    expect(sent !== discarded).toBe(true);
    expect((await parcel(p.id))?.status).toBe(sent ? 'WAITING_PAYMENT' : 'DISCARD');
    expect((await eventsOf(p.id)).length).toBe(2);
  });

  it('two payments with different keys at once: one pays, the other is refused', async () => {
    const p = await opened();
    await sendBack(seller, p.id);
    const before = await balance(db(), orgId);
    const rs = await Promise.all([payBalance(seller, p.id), payBalance(seller, p.id)]);
    expect(rs.filter((r) => r.errorCode === 0)).toHaveLength(1);
    expect(rs.filter((r) => r.errorCode === ErrorCode.PROBLEM_PARCEL_STATUS)).toHaveLength(1);
    expect((await balance(db(), orgId)).available).toBe(before.available - ((await parcel(p.id))?.freightFen ?? 0));
    await ledgerOk();
  });

  it('cancelSendBack puts it back to waiting for a decision, with an event; a paid one is refused', async () => {
    const p = await opened();
    await sendBack(seller, p.id);
    const r = await post<{ status: string }>('/api/b2/post/orders/cancel/sendBack', seller, { id: p.id });
    expect(r.data).toEqual({ id: p.id, status: 'WAITING_PROCESS' });
    expect((await eventsOf(p.id)).map((e) => e.operation)).toEqual(['OPENED', 'SEND_BACK', 'CANCEL_SEND_BACK']);
    expect((await post('/api/b2/post/orders/cancel/sendBack', other, { id: p.id })).errorCode).toBe(ErrorCode.NOT_FOUND);
  });

  it('pays by Alipay (payCallback=problem): the notify moves it to WAITING_RETURN, once; the balance nets to zero', async () => {
    const p = await opened();
    const asked = await sendBack(seller, p.id);
    const r = await post<{ alipay: { outTradeNo: string; payUrl: string }; paid: boolean }>(`${BASE}/problem/pay`, seller, {
      id: p.id,
      payMethod: 'ALIPAY_WEB',
      requestKey: key(),
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.paid).toBe(false);
    expect(r.data.alipay.outTradeNo).toMatch(/^PF\d{24}$/);
    expect(new URL(r.data.alipay.payUrl).searchParams.get('return_url')).toContain('payCallback=problem');
    const status = (s: Session) => get<{ status: string; parcelStatus: string }>(`${BASE}/problem/payment?outTradeNo=${r.data.alipay.outTradeNo}`, s);
    expect((await status(seller)).data).toMatchObject({ status: 'WAITING_PAYMENT', parcelStatus: 'WAITING_PAYMENT' });
    expect((await status(other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    const before = await balance(db(), orgId);
    const yuan = (asked.data.freightFen / 100).toFixed(2);
    const fields = t.signAsAlipay(notifyFields(r.data.alipay.outTradeNo, yuan));
    for (let i = 0; i < 3; i++) expect((await postNotify(t, fields)).body).toBe('success');
    expect((await parcel(p.id))?.status).toBe('WAITING_RETURN');
    expect((await balance(db(), orgId)).available).toBe(before.available);
    expect((await eventsOf(p.id)).at(-1)).toMatchObject({ operation: 'PAY_FREIGHT', note: expect.stringContaining('支付宝') });
    expect((await status(seller)).data).toMatchObject({ status: 'PAID', parcelStatus: 'WAITING_RETURN' });
    await ledgerOk();
  });

  it('an Alipay trade for a parcel cancelled meanwhile leaves the money on the balance', async () => {
    const p = await opened();
    const asked = await sendBack(seller, p.id);
    const r = await post<{ alipay: { outTradeNo: string } }>(`${BASE}/problem/pay`, seller, { id: p.id, payMethod: 'ALIPAY_WAP', requestKey: key() });
    await post('/api/b2/post/orders/cancel/sendBack', seller, { id: p.id });
    const before = await balance(db(), orgId);
    const fields = t.signAsAlipay(notifyFields(r.data.alipay.outTradeNo, (asked.data.freightFen / 100).toFixed(2)));
    expect((await postNotify(t, fields)).body).toBe('success');
    expect((await parcel(p.id))?.status).toBe('WAITING_PROCESS');
    expect((await balance(db(), orgId)).available).toBe(before.available + asked.data.freightFen);
    await ledgerOk();
  });
});

describe('a claimed headless parcel', () => {
  it('is sent back, cancelled back to CLAIMED, and discarded like a problem parcel', async () => {
    const [h] = await db()
      .insert(problemParcels)
      .values({ kind: 'HEADLESS', orgId, purchaserOrgId, status: 'CLAIMED', source: 'REGISTRATION', barcodeNo: `HP${Date.now()}`, deadlineAt: days(5) })
      .returning();
    const id = h?.id ?? 0;
    expect((await sendBack(seller, id)).data.status).toBe('WAITING_PAYMENT');
    expect((await post('/api/b2/post/orders/cancel/sendBack', seller, { id })).data).toEqual({ id, status: 'CLAIMED' });
    expect((await discard(seller, [id])).data.done).toEqual([id]);
  });
});

describe('the warehouse ships a paid send-back', () => {
  it('finds it by its scanned number, ships it with the waybill, and the seller sees the tracking', async () => {
    const p = await opened();
    await sendBack(seller, p.id);
    await payBalance(seller, p.id);
    const found = await post<{ list: { id: number; receiverPhone: string }[] }>('/api/b2/purchaser/problem/sendBack/page', purchaser, { code: p.barcodeNo });
    expect(found.data.list.map((x) => x.id)).toEqual([p.id]);
    expect(found.data.list[0]?.receiverPhone).toMatch(/\*/);
    expect((await post('/api/b2/purchaser/problem/sendBack/page', seller, {})).errorCode).toBe(ErrorCode.PURCHASER_REQUIRED);
    const ship = (s: Session, body: Record<string, unknown>) => post<{ status: string }>('/api/b2/purchaser/problem/sendBack/ship', s, body);
    const before = await state();
    expectBadRequest(await ship(purchaser, { id: p.id, waybillNo: '单号', courierName: '中通快递' }), /寄回快递单号只能是字母、数字和横线/);
    expect(await state()).toEqual(before);
    const ok = await ship(purchaser, { id: p.id, waybillNo: 'zt7700011122233', courierName: '中通快递' });
    expect(ok.data).toEqual({ id: p.id, status: 'SEND_BACKED' });
    const again = await ship(purchaser, { id: p.id, waybillNo: 'ZT7700011122299', courierName: '中通快递' });
    expect(again.errorCode).toBe(ErrorCode.PROBLEM_PARCEL_NOT_SHIPPABLE);
    expect(again.errorMsg).toMatch(/当前已寄回/);
    const seen = await post<{ list: { sendBackWaybillNo: string; status: string }[] }>(`${BASE}/problem/page`, seller, { trackingNo: p.barcodeNo });
    expect(seen.data.list[0]).toMatchObject({ status: 'SEND_BACKED', sendBackWaybillNo: 'ZT7700011122233' });
    // Retention: the sealed receiver goes once the send-back is done long enough; the masks stay.
    expect(await eraseDoneReceivers(db(), 30)).toBe(0);
    await db()
      .update(problemParcels)
      .set({ updatedAt: days(-31) })
      .where(eq(problemParcels.id, p.id));
    expect(await eraseDoneReceivers(db(), 30)).toBeGreaterThanOrEqual(1);
    expect(await parcel(p.id)).toMatchObject({ receiverSealed: null, receiverPhone: expect.stringContaining('*') });
  });

  it('another warehouse gets not found; a parcel not paid is refused', async () => {
    const p = await opened();
    const r = await post('/api/b2/purchaser/problem/sendBack/ship', purchaser, { id: p.id, waybillNo: 'ZT1', courierName: '中通快递' });
    expect(r.errorMsg).toMatch(/当前待处理，不能寄回发货/);
    const [foreign] = await db()
      .insert(problemParcels)
      .values({ orgId: otherOrgId, status: 'WAITING_RETURN', reason: '破损', deadlineAt: days(3) })
      .returning();
    const f = await post('/api/b2/purchaser/problem/sendBack/ship', purchaser, { id: foreign?.id, waybillNo: 'ZT2', courierName: '中通快递' });
    expect(f.errorCode).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('the deadline job', () => {
  it('reminds 3 days and 1 day before, each once, and discards at the deadline with the system event', async () => {
    const soon = await opened({ orgId: otherOrgId });
    const sooner = await opened({ orgId: otherOrgId });
    const late = await opened({ orgId: otherOrgId });
    await db()
      .update(problemParcels)
      .set({ deadlineAt: days(2.5) })
      .where(eq(problemParcels.id, soon.id));
    await db()
      .update(problemParcels)
      .set({ deadlineAt: days(0.5) })
      .where(eq(problemParcels.id, sooner.id));
    await db()
      .update(problemParcels)
      .set({ deadlineAt: days(-0.01) })
      .where(eq(problemParcels.id, late.id));
    const messages = async () =>
      Number((await queryRows<{ n: string }>(db(), sql`select count(*) as n from messages where org_id = ${otherOrgId}`))[0]?.n ?? 0);
    const m0 = await messages();
    await runProblemDeadlines(db());
    expect((await parcel(late.id))?.status).toBe('DISCARD');
    expect((await eventsOf(late.id)).at(-1)).toMatchObject({ operation: 'DEADLINE_DISCARD', note: '逾期未处理，系统弃件', userId: null });
    expect((await parcel(soon.id))?.remindedDays).toBe(3);
    expect((await parcel(sooner.id))?.remindedDays).toBe(1);
    expect(await messages()).toBe(m0 + 3);
    await runProblemDeadlines(db());
    expect(await messages()).toBe(m0 + 3);
    await db()
      .update(problemParcels)
      .set({ deadlineAt: days(0.9) })
      .where(eq(problemParcels.id, soon.id));
    await runProblemDeadlines(db());
    expect((await parcel(soon.id))?.remindedDays).toBe(1);
    expect(await messages()).toBe(m0 + 4);
  });
});
