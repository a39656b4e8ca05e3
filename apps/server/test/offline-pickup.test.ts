/**
 * Offline pickup orders: created as dropship orders with source OFFLINE and express SELF_PICKUP,
 * paid through the dropship payment (ledger type PICKUP), producing one take item per line for
 * the serving purchaser; the seller's list and export; bad input and tenant isolation.
 */
import { ErrorCode, SELF_PICKUP_EXPRESS } from '@dropship/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainReceiverOf } from '../src/lib/receiver-vault/index.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { takeItems } from '../src/modules/take-assignment/take-items.table.js';
import { fund, PAY_PASSWORD, readXlsx, setPayPassword } from './funds-payments-support.js';
import { disableStall, line, type OfflineWorld, offlineCalls, offlineState, startOfflineWorld } from './offline-support.js';
import { call, isChinese } from './support.js';

let w: OfflineWorld;
const { post } = offlineCalls(() => w);
const db = () => w.t.database.db;

type Created = { id: number; orderNo: string; totalFen: number };
type Page = { total: number; list: { id: number; orderNo: string; combinedStatus: string; contactName: string; contactPhone: string; summary: string }[] };
const body = (extra: Record<string, unknown> = {}) => ({
  contactName: '周小芳',
  contactPhone: '13800138009',
  remark: '下午来拿',
  lines: [line(w.stall), line(w.stall, { artNo: 'K2040', color: '白色', size: 'L', quantity: 1, unitPriceFen: 4200 })],
  ...extra,
});

beforeAll(async () => {
  w = await startOfflineWorld();
  await setPayPassword(w.t, w.seller, DEMO_PASSWORD);
  await fund(db(), w.sellerOrg, 100_000);
});
afterAll(() => w?.t.close());

describe('an offline pickup order', () => {
  it('is created waiting for payment, paid like a dropship order, and becomes take items for the purchaser', async () => {
    const made = await post<Created>('/api/b2/offline/pickup/create', w.seller, body());
    expect(made.errorCode).toBe(0);
    // Goods 2×35 + 42 = 112 yuan; service fee ¥1.00 per item × 3; no freight.
    expect(made.data.totalFen).toBe(11_200 + 300);
    const [order] = await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, made.data.id));
    expect(order).toMatchObject({ source: 'OFFLINE', expressCode: SELF_PICKUP_EXPRESS, expressFeeFen: 0, status: 'WAITING_PAYMENT', receiverName: '周*芳' });
    // Stored masked, the plain receiver sealed.
    expect(plainReceiverOf(order!).name).toBe('周小芳');

    // A self-pickup order has no address to change: the detail offers no edit and the call refuses it.
    const detail = await w.t.app.inject({ method: 'GET', url: `/api/b2/post/orders/detail/${made.data.id}`, headers: w.seller.headers() });
    expect(detail.json().data.allowed.updateReceiver).toBe(false);
    const edit = await post('/api/b2/post/orders/update/receivingInfo', w.seller, {
      id: made.data.id,
      receiver: { name: '周小芳', phone: '13800138009', province: '广东省', city: '广州市', district: '越秀区', address: '解放南路1号' },
    });
    expect([edit.errorCode, edit.errorMsg]).toEqual([16007, expect.stringContaining('仓库自提订单，没有收货地址可改')]);
    expect((await db().select().from(dropshipOrders).where(eq(dropshipOrders.id, made.data.id)))[0]?.receiverProvince).toBe('');

    const paid = await post<{ paid: boolean }>('/api/b2/post/orders/pay', w.seller, {
      orderIds: [made.data.id],
      payMethod: 'BALANCE',
      payPassword: PAY_PASSWORD,
      requestKey: 'offline-pickup-pay-1',
    });
    expect(paid.errorCode).toBe(0);
    const items = await db().select().from(takeItems).where(eq(takeItems.orderId, made.data.id));
    expect(items.map((i) => [i.purchaserOrgId, i.artNo, i.color, i.size, i.quantity, i.unitCostFen, i.assignmentStatus])).toEqual([
      [w.purchaserOrg, 'K2031', '黑色', 'M', 2, 3500, 'WAITING_ASSIGNED'],
      [w.purchaserOrg, 'K2040', '白色', 'L', 1, 4200, 'WAITING_ASSIGNED'],
    ]);
    const entries = await db().select().from(ledgerEntries).where(eq(ledgerEntries.businessId, made.data.orderNo));
    expect(entries.map((e) => [e.transactionType, e.availableDeltaFen])).toEqual([['PICKUP', -11_500]]);

    const page = await post<Page>('/api/b2/offline/pickup/page', w.seller, {});
    expect(page.data.list[0]).toMatchObject({
      orderNo: made.data.orderNo,
      combinedStatus: 'WAITING_TAKING',
      contactName: '周*芳',
      contactPhone: '138****8009',
    });
    expect(page.data.list[0]?.summary).toContain('K2040 白色 L ×1');
    const rows = await readXlsx(await call(w.t.app, { method: 'POST', url: '/api/b2/offline/pickup/export', session: w.seller, payload: {} }));
    expect(rows[0]?.[0]).toBe('订单号');
    expect(rows[1]?.[0]).toBe(made.data.orderNo);
  });

  it('refuses bad input with a Chinese message and changes nothing', async () => {
    await disableStall(db(), w.sellerOrg, w.stall);
    const before = await offlineState(db());
    const cases: [Record<string, unknown>, RegExp | number][] = [
      [body({ lines: [] }), /至少添加一行/],
      [body({ contactName: '' }), /提货人/],
      [body({ contactPhone: '123' }), /手机号/],
      [body({ lines: [line(w.stall, { quantity: 1000 })] }), /999/],
      [body({ lines: [line(w.otherStall)] }), ErrorCode.OFFLINE_SUPPLIER_UNAVAILABLE],
      [body(), ErrorCode.OFFLINE_SUPPLIER_UNAVAILABLE],
    ];
    for (const [b, expected] of cases) {
      const r = await post('/api/b2/offline/pickup/create', w.seller, b);
      if (typeof expected === 'number') expect(r.errorCode).toBe(expected);
      else {
        expect(r.errorCode).toBe(400);
        expect(r.errorMsg).toMatch(expected);
      }
      expect(isChinese(r.errorMsg)).toBe(true);
    }
    expect(await offlineState(db())).toEqual(before);
  });

  it('keeps each seller to their own orders; a purchaser cannot create one', async () => {
    const theirs = await post<Created>('/api/b2/offline/pickup/create', w.other, body({ lines: [line(w.otherStall)] }));
    expect(theirs.errorCode).toBe(0);
    const mine = await post<Page>('/api/b2/offline/pickup/page', w.seller, {});
    expect(mine.data.list.some((o) => o.orderNo === theirs.data.orderNo)).toBe(false);
    const other = await post<Page>('/api/b2/offline/pickup/page', w.other, {});
    expect(other.data.list.map((o) => o.orderNo)).toEqual([theirs.data.orderNo]);
    const before = await offlineState(db());
    const pay = await post('/api/b2/post/orders/pay', w.seller, {
      orderIds: [theirs.data.id],
      payMethod: 'BALANCE',
      payPassword: PAY_PASSWORD,
      requestKey: 'offline-pickup-pay-foreign-1',
    });
    expect(pay.errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await post('/api/b2/offline/pickup/create', w.purchaser, body())).errorCode).toBe(ErrorCode.FORBIDDEN);
    expect(await offlineState(db())).toEqual(before);
  });
});
