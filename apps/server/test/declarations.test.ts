/**
 * Declarations (报单): lines checked per line in Chinese, drafts saved whole or not at all, submit
 * turning a draft into DECLARATION dropship orders (grouped by receiver, own address, self pickup)
 * that pay like any order and get take items; history, records (and export) and the pick-up view
 * following their take statuses; bad input and tenant isolation for every call.
 */
import { ErrorCode } from '@dropship/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainReceiverOf } from '../src/lib/receiver-vault/index.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { dropshipOrderItems, dropshipOrders } from '../src/modules/dropship-orders/dropship-orders.table.js';
import { suppliers } from '../src/modules/goods/goods.table.js';
import { takeItems } from '../src/modules/take-assignment/take-items.table.js';
import { declarationState, line, RECEIVER_A, RECEIVER_B, stallOf } from './declarations-support.js';
import { callers, expectBadRequest, type FundsTestApp, fund, orgOf, PAY_PASSWORD, readXlsx, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { call, createSecondSeller, PASSWORD } from './support.js';

let t: FundsTestApp;
let seller: Session;
let other: Session;
let orgId: number;
let otherOrg: number;
let stall: { id: number; code: string; name: string };
const { get, post } = callers(() => t);
const db = () => t.database.db;
let keySeq = 0;

type Detail = { id: number; declarationNo: string; status: string; lines: { orderNo: string | null; takeStatus: string | null; supplierId: number | null }[] };
type Submitted = { id: number; declarationNo: string; orders: { id: number; orderNo: string; totalFen: number }[]; totalFen: number };

const save = (s: Session, body: Record<string, unknown>) => post<Detail>('/api/b2/declarations/save', s, body);
const submit = (s: Session, id: number) => post<Submitted>('/api/b2/declarations/submit', s, { id });
const pay = (s: Session, orderIds: number[]) =>
  post<{ paid: boolean }>('/api/b2/post/orders/pay', s, { orderIds, payMethod: 'BALANCE', payPassword: PAY_PASSWORD, requestKey: `decl-key-${++keySeq}` });

beforeAll(async () => {
  t = await startFundsApp();
  seller = await login(t.app, 'demo_seller');
  const second = await createSecondSeller(db(), 'decl');
  other = await login(t.app, second.username, PASSWORD);
  orgId = await orgOf(db(), seller);
  otherOrg = second.orgId;
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db(), orgId, 1_000_000);
  stall = await stallOf(db(), orgId);
});
afterAll(() => t?.close());

describe('check and save', () => {
  it('reports every line in Chinese: unknown, ambiguous and disabled stalls, unreadable addresses', async () => {
    const disabled = await stallOf(db(), orgId, { status: 'DISABLED' });
    await stallOf(db(), orgId, { name: '同名档口', code: '' });
    await stallOf(db(), orgId, { name: '同名档口', code: '', stallNo: 'X9' });
    const before = await declarationState(db());
    const r = await post<{ ok: boolean; lines: { lineNo: number; supplierId: number | null; problems: string[] }[] }>('/api/b2/declarations/check', seller, {
      delivery: 'RECEIVER',
      expressCode: 'ZTO',
      lines: [
        line(stall.code, { receiver: RECEIVER_A }),
        line('没有这个档口', { receiver: RECEIVER_A }),
        line('同名档口', { receiver: RECEIVER_A }),
        line(disabled.code, { receiver: RECEIVER_A }),
        line(stall.name.toUpperCase(), { receiver: { ...RECEIVER_A, province: '火星省' } }),
        line(stall.code),
      ],
    });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.ok).toBe(false);
    const [good, unknown, ambiguous, off, badAddress, noReceiver] = r.data.lines;
    expect(good).toMatchObject({ supplierId: stall.id, problems: [] });
    expect(unknown?.problems[0]).toMatch(/档口“没有这个档口”不存在/);
    expect(ambiguous?.problems[0]).toMatch(/对应多个供应商，请改填档口编码/);
    expect(off?.problems[0]).toMatch(/已停用/);
    expect(badAddress?.problems).toEqual([expect.stringMatching(/收货地址.*无法识别/)]);
    expect(noReceiver?.problems[0]).toMatch(/请填写收货人/);
    expect(await declarationState(db())).toEqual(before);
  });

  it('refuses bad input with a Chinese message naming the field, and a line with a problem refuses the whole save', async () => {
    const before = await declarationState(db());
    expectBadRequest(await save(seller, { delivery: 'RECEIVER', expressCode: 'ZTO', lines: [] }), /请至少填写一行商品/);
    expectBadRequest(
      await save(seller, { delivery: 'RECEIVER', expressCode: 'ZTO', lines: [line(stall.code, { quantity: 0, receiver: RECEIVER_A })] }),
      /数量至少1件/,
    );
    expectBadRequest(
      await save(seller, { delivery: 'RECEIVER', expressCode: 'ZTO', lines: [line(stall.code, { unitPriceFen: 12.5, receiver: RECEIVER_A })] }),
      /单价必须是整数/,
    );
    expectBadRequest(await save(seller, { delivery: 'AIR', lines: [line(stall.code)] }), /发货方式/);
    expectBadRequest(await save(seller, { delivery: 'SELF_PICKUP', lines: [line('')] }), /请输入档口/);
    // The list exports refuse bad filters the same way (nothing is written by them).
    for (const url of ['/api/b2/declarations/export', '/api/b2/declarations/drafts/export']) {
      expectBadRequest(await post(url, seller, { dateFrom: '2026-11-20', dateTo: '2026-11-01' }), /开始日期/);
      expectBadRequest(await post(url, seller, { dateFrom: '2026-13-01' }), /开始日期/);
    }
    const unknown = await save(seller, {
      delivery: 'RECEIVER',
      expressCode: 'ZTO',
      lines: [line(stall.code, { receiver: RECEIVER_A }), line('不存在的档口', { receiver: RECEIVER_A })],
    });
    expect(unknown.errorCode).toBe(ErrorCode.DECLARATION_LINES_INVALID);
    expect(unknown.errorMsg).toMatch(/第2行：档口“不存在的档口”不存在/);
    const noExpress = await save(seller, { delivery: 'RECEIVER', lines: [line(stall.code, { receiver: RECEIVER_A })] });
    expect(noExpress.errorCode).toBe(ErrorCode.DECLARATION_EXPRESS_REQUIRED);
    const noAddress = await save(seller, { delivery: 'OWN_ADDRESS', expressCode: 'ZTO', lines: [line(stall.code)] });
    expect(noAddress.errorCode).toBe(ErrorCode.DECLARATION_ADDRESS_MISSING);
    expect(await declarationState(db())).toEqual(before);
  });

  it('saves a draft, lists it under 我的报单, replaces its lines, deletes it', async () => {
    const r = await save(seller, { delivery: 'SELF_PICKUP', remark: '样衣', lines: [line(stall.code)] });
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.declarationNo).toMatch(/^BD\d{6}\d{6,}$/);
    expect(r.data.status).toBe('DRAFT');
    const edited = await save(seller, { id: r.data.id, delivery: 'SELF_PICKUP', lines: [line(stall.code), line(stall.name, { artNo: 'K3000', quantity: 5 })] });
    expect(edited.errorCode, edited.errorMsg).toBe(0);
    expect(edited.data.lines).toHaveLength(2);
    const drafts = await post<{ total: number; list: { id: number; quantity: number; goodsFen: number }[] }>('/api/b2/declarations/drafts/page', seller, {
      pageNo: 1,
      pageSize: 20,
    });
    expect(drafts.data.list.find((d) => d.id === r.data.id)).toMatchObject({ quantity: 7, goodsFen: 7 * 3500 });
    const removed = await post('/api/b2/declarations/remove', seller, { id: r.data.id });
    expect(removed.errorCode, removed.errorMsg).toBe(0);
    expect((await get(`/api/b2/declarations/detail?id=${r.data.id}`, seller)).errorCode).toBe(ErrorCode.NOT_FOUND);
  });
});

describe('submit and pay', () => {
  it('turns a draft into one DECLARATION order per receiver; paying creates a take item per line; history, records and the pick-up view follow', async () => {
    const draft = await save(seller, {
      delivery: 'RECEIVER',
      expressCode: 'ZTO',
      lines: [
        line(stall.code, { receiver: RECEIVER_A }),
        line(stall.code, { artNo: 'K2099', color: '白色', receiver: RECEIVER_A }),
        line(stall.code, { receiver: RECEIVER_B }),
      ],
    });
    expect(draft.errorCode, draft.errorMsg).toBe(0);
    const s = await submit(seller, draft.data.id);
    expect(s.errorCode, s.errorMsg).toBe(0);
    expect(s.data.orders).toHaveLength(2);
    const ids = s.data.orders.map((o) => o.id);
    const orders = await db().select().from(dropshipOrders).where(inArray(dropshipOrders.id, ids));
    expect(orders.every((o) => o.source === 'DECLARATION' && o.status === 'WAITING_PAYMENT' && o.orgId === orgId)).toBe(true);
    // Stored masked, the plain receiver sealed: find the order by the receiver that opens.
    const a = orders.find((o) => plainReceiverOf(o).name === RECEIVER_A.name);
    expect(a).toMatchObject({ itemCount: 4, goodsFen: 4 * 3500 });
    expect(a?.expressFeeFen).toBeGreaterThan(0);
    expect(a?.totalFen).toBe((a?.goodsFen ?? 0) + (a?.expressFeeFen ?? 0) + (a?.serviceFeeFen ?? 0));
    const items = await db().select().from(dropshipOrderItems).where(inArray(dropshipOrderItems.orderId, ids));
    expect(items.map((i) => [i.supplierId, i.artNo, i.unitCostFen])).toContainEqual([stall.id, 'K2099', 3500]);

    const again = await submit(seller, draft.data.id);
    expect(again.errorCode).toBe(ErrorCode.DECLARATION_NOT_DRAFT);
    expect((await save(seller, { id: draft.data.id, delivery: 'SELF_PICKUP', lines: [line(stall.code)] })).errorCode).toBe(ErrorCode.DECLARATION_NOT_DRAFT);
    expect((await post('/api/b2/declarations/remove', seller, { id: draft.data.id })).errorCode).toBe(ErrorCode.DECLARATION_NOT_DRAFT);

    const paid = await pay(seller, ids);
    expect(paid.errorCode, paid.errorMsg).toBe(0);
    const takes = await db()
      .select()
      .from(takeItems)
      .where(
        inArray(
          takeItems.orderItemId,
          items.map((i) => i.id),
        ),
      );
    expect(takes).toHaveLength(3);

    const detail = await get<Detail>(`/api/b2/declarations/detail?id=${draft.data.id}`, seller);
    expect(detail.data.status).toBe('SUBMITTED');
    expect(detail.data.lines.every((l) => l.orderNo && l.takeStatus === 'WAITING_TAKING')).toBe(true);

    const history = await post<{ list: { id: number; orders: { combinedStatus: string }[] }[] }>('/api/b2/declarations/page', seller, {
      pageNo: 1,
      pageSize: 20,
    });
    const h = history.data.list.find((d) => d.id === draft.data.id);
    expect(h?.orders.map((o) => o.combinedStatus)).toEqual(['WAITING_TAKING', 'WAITING_TAKING']);
    // 报单历史 as Excel: the list's rows, each with the orders it became and their statuses.
    const historyXlsx = await readXlsx(
      await call(t.app, { method: 'POST', url: '/api/b2/declarations/export', session: seller, payload: { declarationNo: draft.data.declarationNo } }),
    );
    expect(historyXlsx[0]).toEqual(['报单号', '发货方式', '行数', '件数', '货款(元)', '代发订单', '备注', '提交时间']);
    expect(historyXlsx).toHaveLength(2);
    expect(historyXlsx[1]?.[0]).toBe(draft.data.declarationNo);
    expect(String(historyXlsx[1]?.[5]).match(/（待拿货）/g)).toHaveLength(2);
    // Submitted, it is no longer among the drafts.
    const draftsXlsx = await readXlsx(
      await call(t.app, { method: 'POST', url: '/api/b2/declarations/drafts/export', session: seller, payload: { declarationNo: draft.data.declarationNo } }),
    );
    expect(draftsXlsx).toEqual([['报单号', '发货方式', '行数', '件数', '货款(元)', '备注', '创建时间']]);

    const records = await post<{ total: number; list: { orderNo: string | null; takeStatus: string | null; receiverName: string }[] }>(
      '/api/b2/declarations/records/page',
      seller,
      { pageNo: 1, pageSize: 50, declarationNo: draft.data.declarationNo, takeStatus: 'WAITING_TAKING' },
    );
    expect(records.data.total).toBe(3);
    expect(records.data.list[0]?.receiverName).not.toBe(RECEIVER_B.name);
    const xlsx = await readXlsx(
      await call(t.app, { method: 'POST', url: '/api/b2/declarations/records/export', session: seller, payload: { declarationNo: draft.data.declarationNo } }),
    );
    expect(xlsx[0]?.[0]).toBe('报单号');
    expect(xlsx).toHaveLength(4);
    expect(xlsx[1]?.[12]).toBe('待拿货');

    const goods = await post<{ stalls: { supplierId: number | null; quantity: number; byStatus: Record<string, number> }[] }>(
      '/api/b2/declarations/goods',
      seller,
      {},
    );
    const g = goods.data.stalls.find((x) => x.supplierId === stall.id);
    expect(g?.byStatus.WAITING_TAKING).toBeGreaterThanOrEqual(6);
    const goodsXlsx = await readXlsx(await call(t.app, { method: 'POST', url: '/api/b2/declarations/goods/export', session: seller, payload: {} }));
    expect(goodsXlsx[0]?.slice(0, 2)).toEqual(['档口', '市场']);
    expect(goodsXlsx.filter((r) => r[7] === draft.data.declarationNo)).toHaveLength(3);
  });

  it('ships to the seller’s own return address, or holds it at the warehouse for self pickup without freight', async () => {
    const setAddress = await post('/api/system/goods/return/address', seller, RECEIVER_B);
    expect(setAddress.errorCode, setAddress.errorMsg).toBe(0);
    const own = await save(seller, { delivery: 'OWN_ADDRESS', expressCode: 'YTO', lines: [line(stall.code), line(stall.code, { artNo: 'Z1' })] });
    expect(own.errorCode, own.errorMsg).toBe(0);
    const o = await submit(seller, own.data.id);
    expect(o.data.orders).toHaveLength(1);
    const [ownOrder] = await db()
      .select()
      .from(dropshipOrders)
      .where(eq(dropshipOrders.id, o.data.orders[0]?.id ?? 0));
    expect(ownOrder).toMatchObject({ receiverCity: '广州市', expressCode: 'YTO' });
    expect(plainReceiverOf(ownOrder!).name).toBe(RECEIVER_B.name);

    const pickup = await save(seller, { delivery: 'SELF_PICKUP', lines: [line(stall.code, { quantity: 1 })] });
    const p = await submit(seller, pickup.data.id);
    expect(p.errorCode, p.errorMsg).toBe(0);
    const [pickupOrder] = await db()
      .select()
      .from(dropshipOrders)
      .where(eq(dropshipOrders.id, p.data.orders[0]?.id ?? 0));
    expect(pickupOrder).toMatchObject({ expressCode: 'SELF_PICKUP', expressFeeFen: 0, goodsFen: 3500, source: 'DECLARATION' });
    expect((await pay(seller, [pickupOrder?.id ?? 0])).errorCode).toBe(0);
  });

  it('refuses to submit when a stall was disabled after saving, and changes nothing', async () => {
    const s2 = await stallOf(db(), orgId);
    const d = await save(seller, { delivery: 'SELF_PICKUP', lines: [line(s2.code)] });
    // Disabled on the supplier page meanwhile (written directly: the page's own call is the goods module's).
    await db().update(suppliers).set({ status: 'DISABLED' }).where(eq(suppliers.id, s2.id));
    const before = await declarationState(db());
    const r = await submit(seller, d.data.id);
    expect(r.errorCode).toBe(ErrorCode.DECLARATION_LINES_INVALID);
    expect(r.errorMsg).toMatch(/第1行：档口.*已停用或已删除/);
    expect(await declarationState(db())).toEqual(before);
  });
});

describe('tenant isolation', () => {
  it('another seller sees none of it and cannot touch it, nor use the first seller’s stalls', async () => {
    const d = await save(seller, { delivery: 'SELF_PICKUP', lines: [line(stall.code)] });
    const before = await declarationState(db());
    expect((await get(`/api/b2/declarations/detail?id=${d.data.id}`, other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await submit(other, d.data.id)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await post('/api/b2/declarations/remove', other, { id: d.data.id })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await save(other, { id: d.data.id, delivery: 'SELF_PICKUP', lines: [line(stall.code)] })).errorCode).toBe(ErrorCode.DECLARATION_LINES_INVALID);
    const theirs = await stallOf(db(), otherOrg);
    expect((await save(other, { id: d.data.id, delivery: 'SELF_PICKUP', lines: [line(theirs.code)] })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect(await declarationState(db())).toEqual(before);
    for (const url of ['/api/b2/declarations/drafts/page', '/api/b2/declarations/page', '/api/b2/declarations/records/page']) {
      const r = await post<{ total: number }>(url, other, { pageNo: 1, pageSize: 20 });
      expect(r.errorCode, url).toBe(0);
      expect(r.data.total, url).toBe(0);
    }
    expect((await post<{ stalls: unknown[] }>('/api/b2/declarations/goods', other, {})).data.stalls).toEqual([]);
    for (const url of ['/api/b2/declarations/records/export', '/api/b2/declarations/export', '/api/b2/declarations/drafts/export']) {
      const x = await readXlsx(await call(t.app, { method: 'POST', url, session: other, payload: {} }));
      expect(x, url).toHaveLength(1);
    }
  });
});
