/**
 * Headless parcels (无头件) end to end: 退货登记 of a parcel that matches nothing makes one (label
 * number, sealed sender phone, event), a sure automatic match joins it at once (MATCHED, the
 * after-sale signed in), a likely one is proposed to its seller only; photos checked by their bytes
 * and served only to who may see the parcel; the pool masked and scoped to the sellers the warehouse
 * serves; claims with proof, two sellers claiming and two confirmations racing (one wins, the other
 * told why), refusal, joining the after-sale the proof names; the deadline job; bad input refused in
 * Chinese with nothing changed.
 */
import { ErrorCode } from '@dropship/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { afterSales } from '../src/modules/after-sale/after-sale.table.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrderItems, dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { deliverOrder } from '../src/modules/dropship-orders/fulfilment/deliver.service.js';
import { expireUnclaimed } from '../src/modules/headless-parcel/deadline.service.js';
import { assignServingPurchaser } from '../src/modules/take-assignment/take-items.service.js';
import { draftOf, linkedShopOrder, RECEIVER } from './dropship-orders-support.js';
import { callers, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { call, createSecondSeller, envelope, isChinese, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let stranger: Session;
let purchaser: Session;
let purchaser2: Session;
let sellerOrg: number;
let otherOrg: number;
let purchaserOrg: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `hp-test-key-${++keySeq}`;

type Registered = {
  matched: boolean;
  headless: {
    id: number;
    barcodeNo: string;
    status: string;
    signedAt: string;
    courierName: string;
    matchedSeller: string | null;
    matchedAfterSaleNo: string | null;
    proposals: number;
  } | null;
};
type Claim = { id: number; parcelId: number; status: string; reason: string; orderNo: string; afterSaleNo: string; phoneTailMatches: boolean | null };
type PoolRow = { id: number; barcodeNo: string; waybillMasked: string; photoIds: number[]; myClaim: { id: number; status: string } | null };

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  sellerOrg = await orgOf(db(), seller);
  purchaserOrg = await orgOf(db(), purchaser);
  const second = await createSecondSeller(db(), 'hp');
  otherOrg = second.orgId;
  await assignServingPurchaser(db(), otherOrg, purchaserOrg);
  other = await login(t.app, second.username, PASSWORD);
  const p2 = await createOrganisation(db(), { type: 'purchaser', name: '别家仓库' });
  await createUser(db(), { orgId: p2, username: 'hp_purchaser_two', password: PASSWORD, isMain: true });
  purchaser2 = await login(t.app, 'hp_purchaser_two', PASSWORD);
  const third = await createSecondSeller(db(), 'hp3');
  await assignServingPurchaser(db(), third.orgId, p2);
  stranger = await login(t.app, third.username, PASSWORD);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await setPayPassword(t, other, PASSWORD);
  await fund(db(), sellerOrg, 1_000_000);
  await fund(db(), otherOrg, 1_000_000);
});
afterAll(() => t?.close());

let seq = 0;
/** A paid order of the seller handed to the courier; with `afterSale`, a 退货退款 on its line with a return waybill. */
async function shipped(s: Session, orgId: number, opts: { phone?: string; afterSale?: boolean } = {}) {
  const so = await linkedShopOrder(db(), orgId, [{ costFen: 3000 }], { ...RECEIVER, phone: opts.phone ?? RECEIVER.phone });
  const made = await post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', s, {
    orders: [draftOf(so.id, { receiver: { ...RECEIVER, phone: opts.phone ?? RECEIVER.phone } })],
  });
  expect(made.errorCode, made.errorMsg).toBe(0);
  const o = made.data.orders[0] as { id: number; orderNo: string };
  const paid = await post('/api/b2/post/orders/pay', s, { orderIds: [o.id], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() });
  expect(paid.errorCode, paid.errorMsg).toBe(0);
  const [row] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, o.id));
  const trackingNo = `7833${String(Date.now() % 1e7).padStart(7, '0')}${String(++seq).padStart(3, '0')}`;
  await db().transaction((tx) =>
    deliverOrder(tx as unknown as Db, t.app.jobs, { purchaserOrgId: row?.purchaserOrgId as number, userId: null }, orgId, o.id, {
      courierCode: 'ZTO',
      courierName: '中通快递',
      trackingNo,
    }),
  );
  const [item] = await db().select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, o.id));
  let afterSale: { id: number; afterSaleNo: string } | null = null;
  if (opts.afterSale) {
    const r = await post<{ ids: number[]; afterSaleNos: string[] }>('/api/b2/aftersale/orders/apply', s, {
      orderId: o.id,
      kind: 'RETURN_REFUND',
      lines: [{ itemId: item?.id, quantity: 1 }],
      reason: '尺码不合适',
      returnCourierName: '顺丰速运',
      returnWaybillNo: `SF66${String(Date.now() % 1e7).padStart(7, '0')}${String(seq).padStart(3, '0')}`,
      requestKey: key(),
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    afterSale = { id: r.data.ids[0] as number, afterSaleNo: r.data.afterSaleNos[0] as string };
  }
  return { orderId: o.id, orderNo: o.orderNo, trackingNo, artNo: item?.artNo as string, afterSale };
}

const register = (waybillNo: string, headless: Record<string, unknown>, extra: Record<string, unknown> = {}, s = purchaser) =>
  post<Registered>('/api/b2/purchaser/offlineReturn/register', s, { waybillNo, registerUnmatched: true, headless, ...extra });
const pool = (s: Session, q: Record<string, unknown> = {}) => post<{ total: number; list: PoolRow[] }>('/api/b2/headlessParcels/pool/page', s, q);
const claim = (s: Session, body: Record<string, unknown>) => post<Claim>('/api/b2/headlessParcels/claim', s, { goodsNote: '黑色M码一件', ...body });
const confirm = (claimId: number, s = purchaser) =>
  post<{ claim: Claim; parcelStatus: string }>('/api/b2/purchaser/headlessParcels/claim/confirm', s, { claimId });
const refuse = (claimId: number, reason: string, s = purchaser) =>
  post<{ claim: Claim; parcelStatus: string }>('/api/b2/purchaser/headlessParcels/claim/refuse', s, { claimId, reason });
const parcel = async (id: number) =>
  (
    await queryRows<{
      status: string;
      org_id: number | null;
      after_sale_id: string | null;
      sender_phone_sealed: string | null;
      sender_phone_tail: string | null;
    }>(db(), sql`select status, org_id, after_sale_id, sender_phone_sealed, sender_phone_tail from problem_parcels where id = ${id}`)
  )[0];
const state = async () =>
  (
    await queryRows<Record<string, string>>(
      db(),
      sql`select (select count(*) from problem_parcels)::text as parcels, (select count(*) from headless_claims)::text as claims,
        (select string_agg(status, ',' order by id) from headless_claims) as "claimStatuses", (select count(*) from parcel_photos)::text as photos,
        (select string_agg(status, ',' order by id) from problem_parcels) as "parcelStatuses", (select count(*) from problem_parcel_events)::text as events`,
    )
  )[0];

let wb = 0;
const waybill = () => `YT9${String(Date.now() % 1e8).padStart(8, '0')}${String(++wb).padStart(2, '0')}`;

describe('intake at the return desk', () => {
  it('makes a headless parcel with its label number, the sender phone sealed, and an event', async () => {
    const code = waybill();
    const r = await register(` ${code.toLowerCase()} `, {
      courierName: '圆通速递',
      senderPhone: '139 0000 5678',
      goods: [{ title: '连衣裙', itemNo: 'ZZ-9001', color: '红色', size: 'L', quantity: 1 }],
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.matched).toBe(false);
    expect(r.data.headless).toMatchObject({ barcodeNo: expect.stringMatching(/^HP\d{14}$/), status: 'WAIT_CLAIM', courierName: '圆通速递', proposals: 0 });
    const row = await parcel(r.data.headless?.id as number);
    expect(row?.sender_phone_tail).toBe('5678');
    expect(row?.sender_phone_sealed).toBeTruthy();
    expect(row?.sender_phone_sealed).not.toContain('5678');
    const detail = await get<{ events: { operation: string; toStatus: string }[] }>(
      `/api/b2/purchaser/headlessParcels/${r.data.headless?.id}/claims`,
      purchaser,
    );
    expect(detail.data.events).toEqual([expect.objectContaining({ operation: 'REGISTER', toStatus: 'WAIT_CLAIM' })]);
    const list = await post<{ list: { id: number; trackingNo: string; senderPhoneTail: string }[] }>('/api/b2/purchaser/headlessParcels/page', purchaser, {
      keyword: code,
    });
    expect(list.data.list).toEqual([expect.objectContaining({ id: r.data.headless?.id, trackingNo: code, senderPhoneTail: '5678' })]);
  });

  it('refuses bad input in Chinese and a parcel with neither goods nor note, changing nothing', async () => {
    const before = await state();
    for (const headless of [{ goods: [{ itemNo: 'A', quantity: 0 }] }, { senderPhone: 'abc' }, { goods: 'x' }, { courierName: 'x'.repeat(31) }]) {
      const r = await register(waybill(), headless, { note: '备注' });
      expect([r.errorCode, isChinese(r.errorMsg)]).toEqual([400, true]);
    }
    expect((await register(waybill(), {})).errorCode).toBe(ErrorCode.OFFLINE_UNMATCHED_NOTE_REQUIRED);
    expect(await state()).toEqual(before);
  });

  it('joins a sure match at once: the waybill of a shipped order with an open return → MATCHED, the after-sale signed in', async () => {
    const o = await shipped(seller, sellerOrg, { afterSale: true });
    const r = await register(o.trackingNo, { courierName: '中通快递' }, { note: '拒收退回' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.headless).toMatchObject({ status: 'MATCHED', matchedAfterSaleNo: o.afterSale?.afterSaleNo, matchedSeller: expect.any(String) });
    const row = await parcel(r.data.headless?.id as number);
    expect([row?.status, row?.org_id, Number(row?.after_sale_id)]).toEqual(['MATCHED', sellerOrg, o.afterSale?.id]);
    const [a] = await db()
      .select()
      .from(afterSales)
      .where(eq(afterSales.id, o.afterSale?.id as number));
    expect(a?.returnStatus).toBe('SIGNED');
  });

  it('proposes a likely match (phone tail + 货号) to its seller only', async () => {
    const o = await shipped(seller, sellerOrg, { phone: '13700004321' });
    const r = await register(waybill(), { senderPhone: '13700004321', goods: [{ itemNo: o.artNo.toLowerCase(), color: '黑色', size: 'M', quantity: 1 }] });
    expect(r.data.headless).toMatchObject({ status: 'WAIT_CLAIM', proposals: 1 });
    const mine = await post<{ id: number; orderNo: string; score: number; parcel: PoolRow }[]>('/api/b2/headlessParcels/proposals', seller);
    const p = mine.data.find((c) => c.parcel.id === r.data.headless?.id);
    expect(p).toMatchObject({ orderNo: o.orderNo, score: expect.any(Number) });
    expect((await post<unknown[]>('/api/b2/headlessParcels/proposals', other)).data).toEqual([]);
    // Confirming the proposal is a claim the warehouse still decides.
    const c = await post<Claim>('/api/b2/headlessParcels/proposal/confirm', seller, { claimId: p?.id });
    expect(c.data.status).toBe('PENDING');
    const done = await confirm(c.data.id);
    expect(done.data.parcelStatus).toBe('CLAIMED');
  });
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);

describe('photos', () => {
  let parcelId: number;
  beforeAll(async () => {
    parcelId = (await register(waybill(), { goods: [{ title: '照片测试', quantity: 1 }] })).data.headless?.id as number;
  });
  const upload = (image: string, s = purchaser, id = parcelId) => post<{ id: number; url: string }>('/api/b2/parcels/photo/upload', s, { parcelId: id, image });

  it('stores an image checked by its bytes and serves it only to who may see the parcel', async () => {
    const up = await upload(`data:image/png;base64,${PNG.toString('base64')}`);
    expect(up.errorCode, up.errorMsg).toBe(0);
    expect(up.data.url).toBe(`/api/b2/parcels/photo/${up.data.id}`);
    const mine = await call(t.app, { url: up.data.url, session: purchaser });
    expect([mine.statusCode, mine.headers['content-type'], mine.rawPayload.equals(PNG)]).toEqual([200, 'image/png', true]);
    // A seller the warehouse serves, while the parcel is unclaimed; not another warehouse, not a seller it does not serve.
    expect((await call(t.app, { url: up.data.url, session: other })).statusCode).toBe(200);
    expect(envelope(await call(t.app, { url: up.data.url, session: purchaser2 })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(envelope(await call(t.app, { url: up.data.url, session: stranger })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await pool(other)).data.list.find((r) => r.id === parcelId)?.photoIds).toEqual([up.data.id]);
  });

  it('refuses a non-image, a too large one, the tenth, and another warehouse’s parcel, storing nothing', async () => {
    const before = await state();
    const text = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'));
    expect([text.errorCode, isChinese(text.errorMsg)]).toEqual([ErrorCode.PARCEL_PHOTO_NOT_IMAGE, true]);
    expect((await upload('not base64 !!')).errorCode).toBe(ErrorCode.PARCEL_PHOTO_NOT_IMAGE);
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(big.toString('base64'));
    expect([tooBig.errorCode, isChinese(tooBig.errorMsg)]).toEqual([ErrorCode.PARCEL_PHOTO_TOO_LARGE, true]);
    expect((await upload(PNG.toString('base64'), purchaser2)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await upload(PNG.toString('base64'), seller)).errorCode).not.toBe(0);
    expect(await state()).toEqual(before);
    for (let i = 0; i < 8; i++) expect((await upload(PNG.toString('base64'))).errorCode).toBe(0);
    const tenth = await upload(PNG.toString('base64'));
    expect([tenth.errorCode, isChinese(tenth.errorMsg)]).toEqual([ErrorCode.PARCEL_PHOTO_TOO_MANY, true]);
  });
});

describe('the pool and claims', () => {
  let parcelId: number;
  let code: string;
  let mine: Awaited<ReturnType<typeof shipped>>;
  let theirs: Awaited<ReturnType<typeof shipped>>;
  beforeAll(async () => {
    mine = await shipped(seller, sellerOrg, { afterSale: true, phone: '13600002468' });
    theirs = await shipped(other, otherOrg, { phone: '13500001357' });
    code = waybill();
    parcelId = (await register(code, { senderPhone: '13600002468', courierName: '韵达快递', goods: [{ title: '未知', quantity: 1 }] })).data.headless
      ?.id as number;
  });

  it('shows the pool masked to the sellers the warehouse serves, and nothing to others', async () => {
    const r = await pool(seller, { keyword: code });
    expect(r.data.list).toHaveLength(1);
    const row = r.data.list[0] as PoolRow;
    expect(row.waybillMasked).toMatch(/^YT9\d\*+\d{4}$/);
    const json = JSON.stringify(r.data);
    expect(json).not.toContain(code);
    expect(json).not.toContain('2468');
    expect((await pool(stranger, { keyword: code })).data.total).toBe(0);
    expect((await claim(stranger, { parcelId, orderNo: 'X1' })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await pool(purchaser)).errorCode).not.toBe(0);
  });

  it('refuses a claim without proof, with someone else’s order, or twice; changes nothing', async () => {
    const before = await state();
    expect((await claim(seller, { parcelId })).errorCode).toBe(ErrorCode.HEADLESS_CLAIM_PROOF_REQUIRED);
    expect((await claim(seller, { parcelId, orderNo: theirs.orderNo })).errorCode).toBe(ErrorCode.HEADLESS_PROOF_UNKNOWN);
    const bad = await claim(seller, { parcelId, orderNo: mine.orderNo, phoneTail: '12' });
    expect([bad.errorCode, isChinese(bad.errorMsg)]).toEqual([400, true]);
    expect(await state()).toEqual(before);
  });

  it('two sellers claim; two confirmations race: one wins, the other is told why; the winner’s after-sale is joined', async () => {
    const a = await claim(seller, { parcelId, afterSaleNo: mine.afterSale?.afterSaleNo, phoneTail: '2468' });
    expect(a.errorCode, a.errorMsg).toBe(0);
    expect(a.data.status).toBe('PENDING');
    expect((await claim(seller, { parcelId, orderNo: mine.orderNo })).errorCode).toBe(ErrorCode.HEADLESS_CLAIM_EXISTS);
    const b = await claim(other, { parcelId, orderNo: theirs.orderNo, phoneTail: '1357' });
    expect(b.errorCode, b.errorMsg).toBe(0);
    const detail = await get<{ claims: Claim[] }>(`/api/b2/purchaser/headlessParcels/${parcelId}/claims`, purchaser);
    expect(Object.fromEntries(detail.data.claims.map((c) => [c.id, c.phoneTailMatches]))).toEqual({ [a.data.id]: true, [b.data.id]: false });
    // Another warehouse cannot decide.
    expect((await confirm(a.data.id, purchaser2)).errorCode).toBe(ErrorCode.NOT_FOUND);
    const [x, y] = await Promise.all([confirm(a.data.id), confirm(b.data.id)]);
    const won = [x, y].filter((r) => r.errorCode === 0);
    const lost = [x, y].filter((r) => r.errorCode !== 0);
    expect(won).toHaveLength(1);
    expect(lost.map((r) => r.errorCode)).toEqual([ErrorCode.HEADLESS_ALREADY_CLAIMED]);
    expect(isChinese(lost[0]?.errorMsg as string)).toBe(true);
    const winner = won[0]?.data.claim.id === a.data.id ? sellerOrg : otherOrg;
    const row = await parcel(parcelId);
    expect(row?.org_id).toBe(winner);
    const claims = await post<{ list: Claim[] }>('/api/b2/headlessParcels/claims/page', winner === sellerOrg ? other : seller, {});
    expect(claims.data.list.find((c) => c.parcelId === parcelId)).toMatchObject({ status: 'REFUSED', reason: expect.stringContaining('其他卖家') });
    if (winner === sellerOrg) {
      expect(row?.status).toBe('MATCHED');
      expect(Number(row?.after_sale_id)).toBe(mine.afterSale?.id);
    } else {
      expect(row?.status).toBe('CLAIMED');
    }
    // Decided: claiming or deciding again is refused.
    expect((await claim(seller, { parcelId, orderNo: mine.orderNo })).errorCode).toBe(ErrorCode.HEADLESS_NOT_CLAIMABLE);
    expect((await refuse(a.data.id, '重复')).errorCode).not.toBe(0);
  });

  it('refuses a claim with the reason; the parcel stays in the pool', async () => {
    const id = (await register(waybill(), { goods: [{ itemNo: 'R1', quantity: 1 }] })).data.headless?.id as number;
    const c = await claim(seller, { parcelId: id, orderNo: mine.orderNo });
    const before = await state();
    expect((await refuse(c.data.id, '', purchaser)).errorCode).toBe(400);
    expect(await state()).toEqual(before);
    const r = await refuse(c.data.id, '货号与订单不符');
    expect(r.data).toMatchObject({ parcelStatus: 'WAIT_CLAIM', claim: { status: 'REFUSED', reason: '货号与订单不符' } });
    expect((await parcel(id))?.status).toBe('WAIT_CLAIM');
    expect((await pool(seller)).data.list.find((p) => p.id === id)?.myClaim).toMatchObject({ status: 'REFUSED' });
    // A refused seller may claim again with better proof.
    expect((await claim(seller, { parcelId: id, orderNo: mine.orderNo, goodsNote: '补充凭证' })).data.status).toBe('PENDING');
  });
});

describe('the claim deadline', () => {
  it('discards parcels unclaimed past the deadline, refuses their open claims and tells the warehouse', async () => {
    const id = (await register(waybill(), { goods: [{ itemNo: 'D1', quantity: 1 }] })).data.headless?.id as number;
    const o = await shipped(seller, sellerOrg);
    const c = await claim(seller, { parcelId: id, orderNo: o.orderNo });
    await db().execute(sql`update problem_parcels set deadline_at = now() - interval '1 minute' where id = ${id}`);
    expect(await expireUnclaimed(db())).toBeGreaterThanOrEqual(1);
    expect((await parcel(id))?.status).toBe('DISCARD');
    const [cl] = await queryRows<{ status: string }>(db(), sql`select status from headless_claims where id = ${c.data.id}`);
    expect(cl?.status).toBe('REFUSED');
    const [m] = await queryRows<{ n: string }>(
      db(),
      sql`select count(*)::text as n from messages where org_id = ${purchaserOrg} and title = '无头件超过认领期限'`,
    );
    expect(Number(m?.n)).toBeGreaterThanOrEqual(1);
    expect(await expireUnclaimed(db())).toBe(0);
  });
});
