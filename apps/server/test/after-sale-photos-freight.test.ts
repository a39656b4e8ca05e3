/**
 * After-sale photos and return freight (decision 0026): the seller's 申请售后 photos and the
 * warehouse's 验货图片 are uploaded into the parcel photos' storage (checked bytes, Chinese refusals,
 * nothing stored), attached to one after-sale only by the tenant that uploaded them, and served to
 * that after-sale's seller and purchaser only; the return parcel's 到付运费 typed at the inspection
 * is charged to the seller once (PROXY_RETURN_GOODS / FREIGHT, key as-freight:<id>) and shown on
 * 售后详情's money and timeline; bad input, the wrong status, a short balance and another tenant
 * change nothing.
 */
import { type AfterSaleDetail, ErrorCode, RETURN_FREIGHT_MAX_FEN } from '@dropship/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.js';
import { afterSaleEntries, afterSaleEvents, afterSales } from '../src/modules/after-sale/after-sale.table.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrderItems, dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { deliverOrder } from '../src/modules/dropship-orders/fulfilment/deliver.service.js';
import { checkLedger, moveMoney } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { parcelPhotos } from '../src/modules/problem-parcel/problem-parcel.table.js';
import { draftOf, linkedShopOrder } from './dropship-orders-support.js';
import { balance, callers, expectBadRequest, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { call, createSecondSeller, envelope, isChinese, PASSWORD, snapshotCounts } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let purchaser2: Session;
let orgId: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `asp-test-key-${++keySeq}`;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const png = () => `data:image/png;base64,${PNG.toString('base64')}`;

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  const second = await createSecondSeller(db(), 'asp');
  other = await login(t.app, second.username, PASSWORD);
  const p2 = await createOrganisation(db(), { type: 'purchaser', name: '别家采购商' });
  await createUser(db(), { orgId: p2, username: 'asp_purchaser_two', password: PASSWORD, isMain: true });
  purchaser2 = await login(t.app, 'asp_purchaser_two', PASSWORD);
  orgId = await orgOf(db(), seller);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 1_000_000);
});
afterAll(() => t?.close());

let waybillSeq = 0;
/** A paid, delivered order of one line. */
async function delivered() {
  const so = await linkedShopOrder(db(), orgId, [{ costFen: 3000, quantity: 1 }]);
  const made = await post<{ orders: { id: number }[] }>('/api/b2/post/orders/create', seller, { orders: [draftOf(so.id)] });
  expect(made.errorCode, made.errorMsg).toBe(0);
  const id = made.data.orders[0]?.id as number;
  const paid = await post('/api/b2/post/orders/pay', seller, { orderIds: [id], payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: key() });
  expect(paid.errorCode, paid.errorMsg).toBe(0);
  const [o] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, id));
  const seq = String(++waybillSeq).padStart(3, '0');
  await db().transaction((tx) =>
    deliverOrder(tx as unknown as Db, t.app.jobs, { purchaserOrgId: o?.purchaserOrgId as number, userId: null }, orgId, id, {
      courierCode: 'ZTO',
      courierName: '中通快递',
      trackingNo: `7833${String(Date.now() % 1e7).padStart(7, '0')}${seq}`,
    }),
  );
  const [item] = await db().select().from(dropshipOrderItems).where(eq(dropshipOrderItems.orderId, id));
  return { orderId: id, itemId: item?.id as number, seq };
}

/** 申请售后 (退货退款) of a delivered order with these photos, as `s` (the order's seller unless a test says). */
async function apply(photos: string[], s = seller, order?: { orderId: number; itemId: number; seq: string }) {
  const o = order ?? (await delivered());
  const returnWaybillNo = `sf77${String(Date.now() % 1e7).padStart(7, '0')}${o.seq}`;
  const r = await post<{ ids: number[]; afterSaleNos: string[] }>('/api/b2/aftersale/orders/apply', s, {
    orderId: o.orderId,
    kind: 'RETURN_REFUND',
    lines: [{ itemId: o.itemId, quantity: 1 }],
    reason: '质量问题',
    photos,
    returnCourierName: '顺丰速运',
    returnWaybillNo,
    requestKey: key(),
  });
  return { r, returnWaybillNo, order: o };
}

const sellerUpload = (image: string, s = seller) => post<{ id: number; url: string }>('/api/b2/aftersale/orders/photo/upload', s, { image });
const warehouseUpload = (image: string, s = purchaser) =>
  post<{ id: number; url: string }>('/api/b2/purchaser/offlineReturn/afterSale/photo/upload', s, { image });
const see = async (url: string, s: Session) => {
  const res = await call(t.app, { url, session: s });
  return res.statusCode === 200 && res.headers['content-type'] === 'image/png' ? 'image' : envelope(res).errorCode;
};
const register = (waybillNo: string) => post('/api/b2/purchaser/offlineReturn/register', purchaser, { waybillNo });
const inspect = (id: number, body: Record<string, unknown> = {}, s = purchaser) =>
  post('/api/b2/purchaser/offlineReturn/afterSale/inspect', s, { id, result: 'QUALIFIED', receivedQuantity: 1, ...body });
const detail = (id: number) => get<AfterSaleDetail>(`/api/b2/aftersale/orders/detail?id=${id}`, seller);
const TABLES = { afterSales, afterSaleEvents, afterSaleEntries, ledgerEntries, parcelPhotos };
const counts = () => snapshotCounts(db(), TABLES);
const available = async () => (await balance(db(), orgId)).available;

describe('after-sale photos', () => {
  it('uploads the seller’s photo, refuses a non-image or a too large one storing nothing', async () => {
    const before = await counts();
    const text = await sellerUpload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'));
    expect([text.errorCode, isChinese(text.errorMsg)]).toEqual([ErrorCode.PARCEL_PHOTO_NOT_IMAGE, true]);
    const big = await sellerUpload(Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]).toString('base64'));
    expect([big.errorCode, isChinese(big.errorMsg)]).toEqual([ErrorCode.PARCEL_PHOTO_TOO_LARGE, true]);
    expectBadRequest(await sellerUpload(''), /图片/);
    expect((await warehouseUpload(PNG.toString('base64'), seller)).errorCode).not.toBe(0);
    expect(await counts()).toEqual(before);
  });

  it('puts the uploaded photo on the after-sale, seen by its seller and purchaser only', async () => {
    const up = await sellerUpload(png());
    expect(up.errorCode, up.errorMsg).toBe(0);
    expect(up.data.url).toBe(`/api/b2/parcels/photo/${up.data.id}`);
    // Not attached yet: only the uploader sees it.
    expect([await see(up.data.url, seller), await see(up.data.url, purchaser), await see(up.data.url, other)]).toEqual([
      'image',
      ErrorCode.NOT_FOUND,
      ErrorCode.NOT_FOUND,
    ]);
    const { r } = await apply([up.data.url, 'https://img.example.com/typed.jpg']);
    expect(r.errorCode, r.errorMsg).toBe(0);
    const id = r.data.ids[0] as number;
    expect((await detail(id)).data.photos).toEqual([up.data.url, 'https://img.example.com/typed.jpg']);
    expect(await see(up.data.url, purchaser)).toBe('image');
    expect([await see(up.data.url, other), await see(up.data.url, purchaser2)]).toEqual([ErrorCode.NOT_FOUND, ErrorCode.NOT_FOUND]);
  });

  it('refuses another tenant’s photo, an unknown one, or one already on another after-sale, changing nothing', async () => {
    const theirs = await sellerUpload(png(), other);
    expect(theirs.errorCode, theirs.errorMsg).toBe(0);
    const used = await sellerUpload(png());
    expect((await apply([used.data.url])).r.errorCode).toBe(0);
    const order = await delivered();
    const before = await counts();
    for (const photos of [[theirs.data.url], ['/api/b2/parcels/photo/999999999'], [used.data.url]]) {
      const { r } = await apply(photos, seller, order);
      expect([r.errorCode, isChinese(r.errorMsg)], JSON.stringify(photos)).toEqual([ErrorCode.AFTER_SALE_PHOTO_NOT_OURS, true]);
    }
    expect(await counts()).toEqual(before);
    // The other seller cannot apply on this seller's order at all.
    expect((await apply([theirs.data.url], other, order)).r.errorCode).toBe(ErrorCode.NOT_FOUND);
  });

  it('puts the warehouse’s 验货图片 on the inspection; the seller sees it, another warehouse does not', async () => {
    const { r, returnWaybillNo } = await apply([]);
    const id = r.data.ids[0] as number;
    expect((await register(returnWaybillNo)).errorCode).toBe(0);
    const sellers = await sellerUpload(png());
    const before = await counts();
    expect((await inspect(id, { photos: [sellers.data.url] })).errorCode).toBe(ErrorCode.AFTER_SALE_PHOTO_NOT_OURS);
    expect(await counts()).toEqual(before);
    const up = await warehouseUpload(png());
    expect(up.errorCode, up.errorMsg).toBe(0);
    const ok = await inspect(id, { photos: [up.data.url] });
    expect(ok.errorCode, ok.errorMsg).toBe(0);
    expect((await detail(id)).data.inspection?.photos).toEqual([up.data.url]);
    expect([await see(up.data.url, seller), await see(up.data.url, purchaser)]).toEqual(['image', 'image']);
    expect([await see(up.data.url, purchaser2), await see(up.data.url, other)]).toEqual([ErrorCode.NOT_FOUND, ErrorCode.NOT_FOUND]);
  });
});

describe('return freight (到付运费)', () => {
  const freightEntries = (afterSaleNo: string) =>
    db()
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.purpose, 'FREIGHT'), eq(ledgerEntries.businessId, afterSaleNo)));

  async function signedIn() {
    const { r, returnWaybillNo } = await apply([]);
    expect(r.errorCode, r.errorMsg).toBe(0);
    return { id: r.data.ids[0] as number, afterSaleNo: r.data.afterSaleNos[0] as string, returnWaybillNo };
  }

  it('charges the seller once at the inspection, on 售后详情’s money and timeline', async () => {
    const a = await signedIn();
    expect((await register(a.returnWaybillNo)).errorCode).toBe(0);
    const before = await available();
    const r = await inspect(a.id, { freightCollectFen: 1500 });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(await available()).toBe(before - 1500);
    const entries = await freightEntries(a.afterSaleNo);
    expect(entries).toEqual([expect.objectContaining({ transactionType: 'PROXY_RETURN_GOODS', availableDeltaFen: -1500, requestKey: `as-freight:${a.id}` })]);
    const d = (await detail(a.id)).data;
    expect(d.money).toEqual([expect.objectContaining({ type: 'PROXY_RETURN_GOODS', amountFen: -1500, note: expect.stringContaining('到付运费') })]);
    expect(d.timeline.map((e) => e.operation)).toContain('RETURN_FREIGHT');
    // A second inspection (with its freight) is refused: nothing is charged again.
    const again = await inspect(a.id, { freightCollectFen: 1500 });
    expect(again.errorCode).toBe(ErrorCode.AFTER_SALE_ALREADY_INSPECTED);
    expect(await available()).toBe(before - 1500);
    expect(await freightEntries(a.afterSaleNo)).toHaveLength(1);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });

  it('refuses bad input, the wrong status, a short balance and another warehouse, changing nothing', async () => {
    const a = await signedIn();
    const before = await counts();
    // Not signed in yet: not inspectable, nothing charged.
    expect((await inspect(a.id, { freightCollectFen: 800 })).errorCode).toBe(ErrorCode.AFTER_SALE_NOT_INSPECTABLE);
    expect((await register(a.returnWaybillNo)).errorCode).toBe(0);
    const signed = await counts();
    expectBadRequest(await inspect(a.id, { freightCollectFen: -1 }), /到付运费/);
    expectBadRequest(await inspect(a.id, { freightCollectFen: 12.5 }), /到付运费/);
    expectBadRequest(await inspect(a.id, { freightCollectFen: RETURN_FREIGHT_MAX_FEN + 1 }), /到付运费不能超过/);
    expectBadRequest(await inspect(a.id, { freightCollectFen: '十元' }), /到付运费/);
    expect((await inspect(a.id, { freightCollectFen: 800 }, purchaser2)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await counts()).toEqual(signed);
    expect(signed.ledgerEntries).toBe(before.ledgerEntries);

    // The seller's balance cannot pay it: the inspection is refused whole.
    const left = await available();
    await moveMoney(db(), { orgId, transactionType: 'OTHER', purpose: 'OTHER', availableDeltaFen: -(left - 100), requestKey: key() });
    const drained = await counts();
    const short = await inspect(a.id, { freightCollectFen: 800 });
    expect([short.errorCode, isChinese(short.errorMsg)]).toEqual([ErrorCode.AFTER_SALE_FREIGHT_BALANCE_SHORT, true]);
    expect(await counts()).toEqual(drained);
    expect((await db().select().from(afterSales).where(eq(afterSales.id, a.id)))[0]?.inspectionResult).toBeNull();
    await fund(db(), orgId, 1_000_000);
    expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);
  });
});
