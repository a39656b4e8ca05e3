/**
 * 重发 of a problem parcel (decision 0027): a new dropship order of the parcel's goods, placed and paid
 * from the balance in one step (express + service fee, goods 0), its take items born TOOK so the scan
 * station ships it; the parcel PROCESSED with an event naming the order. A wrong status, another
 * tenant's parcel and a bad receiver are refused in Chinese with nothing changed; a double click
 * (same request key, at once or again) makes one order.
 */
import { ErrorCode, type WarehouseScanResult, type WarehouseShipResult } from '@dropship/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { openProblemParcel } from '../src/modules/problem-parcel/index.js';
import { problemParcelEvents, problemParcels } from '../src/modules/problem-parcel/problem-parcel.table.js';
import { balance, callers, expectBadRequest, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let purchaser: Session;
let orgId: number;
let purchaserOrgId: number;
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;
const key = () => `reship-test-${Date.now()}-${++keySeq}`;

const BASE = '/api/b2/afterSales/post';
const RECEIVER = { name: '李小红', phone: '13900139000', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路 200 号 2 单元 302' };

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  purchaser = await login(t.app, 'demo_purchaser');
  const second = await createSecondSeller(db(), 'rs');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  purchaserOrgId = await orgOf(db(), purchaser);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 100_000);
});
afterAll(() => t?.close());

const opened = () =>
  openProblemParcel(db(), {
    orgId,
    purchaserOrgId,
    source: 'INSPECTION',
    reason: '错发：颜色不符',
    trackingNo: `YT${Date.now()}${++keySeq}`,
    goods: [
      { title: '法式碎花连衣裙', itemNo: 'A8821', color: '黑色', size: 'M', quantity: 2 },
      { itemNo: 'B1002', color: '白色', size: 'L', quantity: 1 },
    ],
  });
const parcel = async (id: number) => (await db().select().from(problemParcels).where(eq(problemParcels.id, id)))[0];
const eventsOf = (id: number) => db().select().from(problemParcelEvents).where(eq(problemParcelEvents.parcelId, id)).orderBy(asc(problemParcelEvents.id));
const reship = (s: Session, id: number, extra: Record<string, unknown> = {}) =>
  post<{ id: number; status: string; orderId: number; orderNo: string; totalFen: number }>(`${BASE}/problem/reship`, s, {
    id,
    receiver: RECEIVER,
    expressCode: 'ZTO',
    payPassword: PAY_PASSWORD,
    requestKey: key(),
    ...extra,
  });
const state = async () => {
  const [r] = await queryRows<Record<string, string>>(
    db(),
    sql`select (select string_agg(id || ':' || status, ',' order by id) from problem_parcels) as parcels,
               (select count(*) from problem_parcel_events) as events,
               (select count(*) from dropship_orders) as orders,
               (select count(*) from take_items) as takes,
               (select count(*) from ledger_entries) as entries`,
  );
  return r;
};
const ledgerOk = async () => expect((await checkLedger(db(), orgId)).mismatches).toEqual([]);

describe('reship a problem parcel', () => {
  it('places and pays a new order of its goods (cost 0, take items TOOK), moves the parcel to PROCESSED, and the scan ships it', async () => {
    const p = await opened();
    const quote = await post<{ code: string; expressFeeFen: number; serviceFeeFen: number; totalFen: number }[]>(`${BASE}/problem/reship/quote`, seller, {
      id: p.id,
      province: '浙江省',
    });
    expect(quote.errorCode, quote.errorMsg).toBe(0);
    const zto = quote.data.find((q) => q.code === 'ZTO');
    expect(zto?.totalFen).toBe((zto?.expressFeeFen ?? 0) + (zto?.serviceFeeFen ?? 0));

    const before = await balance(db(), orgId);
    const r = await reship(seller, p.id);
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data).toMatchObject({ id: p.id, status: 'PROCESSED', totalFen: zto?.totalFen });
    expect((await balance(db(), orgId)).available).toBe(before.available - (zto?.totalFen ?? 0));

    const row = await parcel(p.id);
    expect(row).toMatchObject({ status: 'PROCESSED', reshipOrderId: r.data.orderId, reshipOrderNo: r.data.orderNo });
    const last = (await eventsOf(p.id)).at(-1);
    expect(last).toMatchObject({ operation: 'RESHIP', fromStatus: 'WAITING_PROCESS', toStatus: 'PROCESSED' });
    expect(last?.note).toContain(r.data.orderNo);

    const detail = await get<{
      source: string;
      status: string;
      goodsFen: number;
      items: { unitCostFen: number; supplyMode: string; takeStatus: string; artNo: string; quantity: number }[];
    }>(`/api/b2/post/orders/detail/${r.data.orderId}`, seller);
    expect(detail.errorCode, detail.errorMsg).toBe(0);
    expect(detail.data).toMatchObject({ source: 'PROBLEM_RESHIP', status: 'WAITING_DELIVERING', goodsFen: 0 });
    const [stored] = await queryRows<{ receiver_phone: string; receiver_sealed: string | null }>(
      db(),
      sql`select receiver_phone, receiver_sealed from dropship_orders where id = ${r.data.orderId}`,
    );
    expect(stored?.receiver_phone).not.toContain(RECEIVER.phone);
    expect(stored?.receiver_sealed).toBeTruthy();
    expect(detail.data.items.map((i) => [i.artNo, i.quantity, i.unitCostFen, i.supplyMode, i.takeStatus])).toEqual([
      ['A8821', 2, 0, 'OWN_STOCK', 'TOOK'],
      ['B1002', 1, 0, 'OWN_STOCK', 'TOOK'],
    ]);
    const takes = await queryRows<{ take_code: string; taking_status: string; stall_name: string }>(
      db(),
      sql`select take_code, taking_status, stall_name from take_items where order_id = ${r.data.orderId} order by id`,
    );
    expect(takes.map((x) => x.taking_status)).toEqual(['TOOK', 'TOOK']);

    let scan: WarehouseScanResult | undefined;
    for (const x of takes) {
      const s = await post<WarehouseScanResult>('/api/b2/purchaser/warehouse/scan', purchaser, { takeCode: x.take_code });
      expect(s.errorCode, s.errorMsg).toBe(0);
      scan = s.data;
    }
    // The warehouse's settings may ship at the last scan (SHIPPED) or leave it READY for its waybill.
    expect(['READY', 'SHIPPED']).toContain(scan?.outcome);
    if (scan?.outcome === 'READY') {
      const shipped = await post<WarehouseShipResult>('/api/b2/purchaser/warehouse/ship', purchaser, { orderId: r.data.orderId });
      expect(shipped.errorCode, shipped.errorMsg).toBe(0);
    }
    const [o] = await queryRows<{ status: string }>(db(), sql`select status from dropship_orders where id = ${r.data.orderId}`);
    expect(o?.status).toBe('DELIVERED');

    const list = await post<{ list: { id: number; reshipOrderNo: string | null }[]; counts: Record<string, number> }>(`${BASE}/problem/page`, seller, {
      status: 'PROCESSED',
      pageNo: 1,
      pageSize: 50,
    });
    expect(list.data.list.find((x) => x.id === p.id)?.reshipOrderNo).toBe(r.data.orderNo);
    await ledgerOk();
  });

  it('refuses a decided parcel, another tenant, a bad receiver and an unknown courier in Chinese, changing nothing', async () => {
    const p = await opened();
    const discarded = await opened();
    expect((await post(`${BASE}/problem/discard`, seller, { ids: [discarded.id] })).errorCode).toBe(0);
    const before = await state();
    const wrong = await reship(seller, discarded.id);
    expect(wrong.errorCode).toBe(ErrorCode.PROBLEM_PARCEL_STATUS);
    expect(wrong.errorMsg).toMatch(/当前已弃件，不能重发/);
    expect((await reship(other, p.id)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await post(`${BASE}/problem/reship/quote`, other, { id: p.id, province: '浙江省' })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expectBadRequest(await reship(seller, p.id, { receiver: { ...RECEIVER, phone: '12' } }), /收货人手机号/);
    expectBadRequest(await reship(seller, p.id, { payPassword: undefined }), /请输入支付密码/);
    const badArea = await reship(seller, p.id, { receiver: { ...RECEIVER, province: '火星省' } });
    expect(badArea.errorCode).toBe(ErrorCode.DROPSHIP_ADDRESS_INVALID);
    expect(badArea.errorMsg).toMatch(/无法识别/);
    expect((await reship(seller, p.id, { expressCode: 'NOPE' })).errorMsg).toMatch(/快递（NOPE）暂不可用/);
    expect(await state()).toEqual(before);
    expect((await parcel(p.id))?.status).toBe('WAITING_PROCESS');
  });

  it('a double click makes one order: the same key at once and again answers the first; another key is refused', async () => {
    const p = await opened();
    const before = await state();
    const requestKey = key();
    const [a, b] = await Promise.all([reship(seller, p.id, { requestKey }), reship(seller, p.id, { requestKey })]);
    expect(a.errorCode, a.errorMsg).toBe(0);
    expect(b.errorCode, b.errorMsg).toBe(0);
    expect(b.data.orderId).toBe(a.data.orderId);
    const again = await reship(seller, p.id, { requestKey });
    expect(again.data.orderNo).toBe(a.data.orderNo);
    const other2 = await reship(seller, p.id);
    expect(other2.errorMsg).toMatch(/当前已重发，不能重发/);
    const after = await state();
    expect(Number(after?.orders)).toBe(Number(before?.orders) + 1);
    expect(Number(after?.takes)).toBe(Number(before?.takes) + 2);
    expect((await eventsOf(p.id)).filter((e) => e.operation === 'RESHIP')).toHaveLength(1);
    await ledgerOk();
  });
});
