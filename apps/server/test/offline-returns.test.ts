/**
 * Offline return orders end to end: the seller's return order, the purchaser's registration by
 * scanning the waybill (and unmatched parcels), assignment and the stall's outcome with the seller
 * refunded exactly once (also under concurrent double submits), forbidden transitions, bad input,
 * tenant isolation and the manual-delivery gate of the second variant.
 */
import { ErrorCode, OFFLINE_RETURN_SERVICE_FEE_FEN, type OfflineReturnLineRow } from '@dropship/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { users } from '../src/modules/auth/auth.table.js';
import { balanceOf, checkLedger } from '../src/modules/funds/ledger/ledger.service.js';
import { ledgerEntries } from '../src/modules/funds/ledger/ledger.table.js';
import { readXlsx } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { line, type OfflineWorld, offlineCalls, offlineState, startOfflineWorld } from './offline-support.js';
import { call, isChinese, PASSWORD } from './support.js';

let w: OfflineWorld;
const { post, get } = offlineCalls(() => w);
const db = () => w.t.database.db;
let pickerId: number;

type LinePage = { total: number; list: OfflineReturnLineRow[]; counts: Record<string, number> };
type OpResult = { moved: number; lines: OfflineReturnLineRow[] };
type Registered = {
  matched: boolean;
  orders: { id: number; returnNo: string; alreadyRegistered: boolean }[];
  lines: OfflineReturnLineRow[];
  parcelId: number | null;
};
type OrderPage = {
  total: number;
  list: { id: number; returnNo: string; status: string; waybillNo: string; refundFen: number; lines: OfflineReturnLineRow[] }[];
};

beforeAll(async () => {
  w = await startOfflineWorld();
  const [p] = await db().select({ id: users.id }).from(users).where(eq(users.username, 'demo_picker'));
  pickerId = p?.id as number;
});
afterAll(() => w?.t.close());

const create = (s: Session, body: Record<string, unknown>) => post<{ id: number; returnNo: string }>('/api/b2/offline/returnOrder/create', s, body);
const register = (s: Session, waybillNo: string, extra: Record<string, unknown> = {}) =>
  post<Registered>('/api/b2/purchaser/offlineReturn/register', s, { waybillNo, ...extra });
const linesPage = (s: Session, q: Record<string, unknown> = {}) => post<LinePage>('/api/b2/purchaser/offlineReturn/lines/page', s, q);
const op = (path: string, s: Session, body: Record<string, unknown>) => post<OpResult>(`/api/b2/purchaser/offlineReturn/lines/${path}`, s, body);
const refunds = (orgId: number) =>
  db()
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orgId, orgId), eq(ledgerEntries.transactionType, 'OFFLINE_REFUND')));

describe('an offline return order from sending to refund', () => {
  let lineIds: number[] = [];
  let returnNo = '';

  it('the seller creates it; the purchaser registers it by scanning the waybill', async () => {
    const made = await create(w.seller, {
      courierName: '中通快递',
      waybillNo: 'zt7700112233',
      lines: [line(w.stall), line(w.stall, { artNo: 'K2032', quantity: 1, unitPriceFen: 50 }), line(w.stall, { artNo: 'K2033' })],
    });
    expect(made.errorCode).toBe(0);
    returnNo = made.data.returnNo;
    expect(returnNo).toMatch(/^XT\d{12}$/);
    const mine = await post<OrderPage>('/api/b2/offline/returnOrder/page', w.seller, {});
    const order = mine.data.list.find((o) => o.returnNo === returnNo);
    expect(order).toMatchObject({ status: 'WAIT_SIGNED', waybillNo: 'ZT7700112233' });
    expect(order?.lines.map((l) => l.status)).toEqual([null, null, null]);
    // Not yet signed in: nothing to assign.
    expect((await linesPage(w.purchaser)).data.total).toBe(0);

    const r = await register(w.purchaser, ' ZT7700112233 ');
    expect(r.errorCode).toBe(0);
    expect(r.data.matched).toBe(true);
    expect(r.data.orders).toEqual([expect.objectContaining({ returnNo, alreadyRegistered: false })]);
    expect(r.data.lines.map((l) => l.status)).toEqual(['WAITING_ASSIGNED', 'WAITING_ASSIGNED', 'WAITING_ASSIGNED']);
    expect(r.data.lines[0]).toMatchObject({ returnCode: expect.stringMatching(/^TH\d{8}$/), manufacturerAddress: '广州市越秀区十三行路1号' });
    lineIds = r.data.lines.map((l) => l.id);
    // Scanning again answers the same order as already registered and moves nothing.
    const before = await offlineState(db());
    const again = await register(w.purchaser, 'zt7700112233');
    expect(again.data.orders[0]?.alreadyRegistered).toBe(true);
    expect(await offlineState(db())).toEqual(before);
    const page = await linesPage(w.purchaser, { status: 'WAITING_ASSIGNED' });
    expect(page.data.list.map((l) => l.id).sort()).toEqual([...lineIds].sort());
    expect(page.data.counts.WAITING_ASSIGNED).toBe(3);
  });

  it('assigns to a picker, refuses moves the machine does not allow, and refunds the seller once under concurrent submits', async () => {
    const [first, second, third] = lineIds as [number, number, number];
    const beforeBad = await offlineState(db());
    const early = await op('returned', w.purchaser, { lineId: first });
    expect(early.errorCode).toBe(ErrorCode.OFFLINE_RETURN_NOT_ALLOWED);
    expect(early.errorMsg).toContain('待分配');
    expect((await op('resume', w.purchaser, { lineIds: [first] })).errorCode).toBe(ErrorCode.OFFLINE_RETURN_NOT_ALLOWED);
    expect((await op('refuse', w.purchaser, { lineId: first, reason: '不收' })).errorCode).toBe(ErrorCode.OFFLINE_RETURN_NOT_ALLOWED);
    expect((await op('assign', w.purchaser, { lineIds: [first], pickerUserId: w.seller.userId })).errorCode).toBe(ErrorCode.OFFLINE_PICKER_INVALID);
    expect(await offlineState(db())).toEqual(beforeBad);

    const assigned = await op('assign', w.purchaser, { lineIds: [first, second, third], pickerUserId: pickerId });
    expect(assigned.errorCode).toBe(0);
    expect(assigned.data.lines.map((l) => [l.status, l.pickerUserId])).toEqual([
      ['WAIT_FACTORY', pickerId],
      ['WAIT_FACTORY', pickerId],
      ['WAIT_FACTORY', pickerId],
    ]);
    const tooMuch = await op('returned', w.purchaser, { lineId: first, refundFen: 7001 });
    expect(tooMuch.errorCode).toBe(ErrorCode.OFFLINE_REFUND_TOO_LARGE);

    const balanceBefore = (await balanceOf(db(), w.sellerOrg)).available;
    const results = await Promise.all(Array.from({ length: 5 }, () => op('returned', w.purchaser, { lineId: first })));
    expect(results.filter((r) => r.errorCode === 0)).toHaveLength(1);
    expect(results.filter((r) => r.errorCode === ErrorCode.OFFLINE_RETURN_NOT_ALLOWED)).toHaveLength(4);
    const credited = 7000 - OFFLINE_RETURN_SERVICE_FEE_FEN;
    expect((await balanceOf(db(), w.sellerOrg)).available).toBe(balanceBefore + credited);
    const entries = await refunds(w.sellerOrg);
    expect(entries.map((e) => [e.availableDeltaFen, e.businessId])).toEqual([[credited, returnNo]]);
    expect((await checkLedger(db(), w.sellerOrg)).mismatches).toEqual([]);

    // A refund smaller than the fee: the fee takes it all and no money moves.
    const small = await op('returned', w.purchaser, { lineId: second });
    expect(small.data.lines[0]).toMatchObject({ status: 'FACTORY_RETURNED', refundFen: 50, serviceFeeFen: 50 });
    expect(await refunds(w.sellerOrg)).toHaveLength(1);

    // Stop and resume go back to unassigned; a refusal is final.
    expect((await op('stop', w.purchaser, { lineIds: [third] })).data.lines[0]?.status).toBe('STOP_RETURNED');
    expect((await op('returned', w.purchaser, { lineId: third })).errorCode).toBe(ErrorCode.OFFLINE_RETURN_NOT_ALLOWED);
    expect((await op('resume', w.purchaser, { lineIds: [third] })).data.lines[0]).toMatchObject({ status: 'WAITING_ASSIGNED', pickerUserId: null });
    await op('assign', w.purchaser, { lineIds: [third], pickerUserId: pickerId });
    const refused = await op('refuse', w.purchaser, { lineId: third, reason: '档口说不是他家的货' });
    expect(refused.data.lines[0]).toMatchObject({ status: 'FACTORY_REFUSE', note: '档口说不是他家的货' });
    expect((await op('returned', w.purchaser, { lineId: third })).errorCode).toBe(ErrorCode.OFFLINE_RETURN_NOT_ALLOWED);
    expect((await op('assign', w.purchaser, { lineIds: [third], pickerUserId: pickerId })).errorCode).toBe(ErrorCode.OFFLINE_RETURN_NOT_ALLOWED);
  });

  it('keeps a log per line that both sides read, and the seller sees the refund on the order', async () => {
    const [first] = lineIds as [number];
    const logs = await get<{ operation: string; toStatus: string | null }[]>(`/api/b2/purchaser/offlineReturn/line/${first}/logs`, w.purchaser);
    expect(logs.data.map((g) => g.operation)).toEqual(['CREATE', 'REGISTER', 'REGISTER', 'ASSIGN', 'FACTORY_RETURNED']);
    const sellerLogs = await get<{ operation: string }[]>(`/api/b2/offline/returnOrder/line/${first}/logs`, w.seller);
    expect(sellerLogs.data.map((g) => g.operation)).toEqual(logs.data.map((g) => g.operation));
    expect((await get(`/api/b2/offline/returnOrder/line/${first}/logs`, w.other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    const mine = await post<OrderPage>('/api/b2/offline/returnOrder/page', w.seller, { keyword: returnNo });
    expect(mine.data.list[0]).toMatchObject({ status: 'SIGNED', refundFen: 7000 - OFFLINE_RETURN_SERVICE_FEE_FEN });
  });

  it('exports both lists as Excel', async () => {
    const res = await call(w.t.app, { method: 'POST', url: '/api/b2/purchaser/offlineReturn/lines/export', session: w.purchaser, payload: {} });
    const rows = await readXlsx(res);
    expect(rows[0]?.slice(0, 3)).toEqual(['卖家', '退货单号', '退货码']);
    expect(rows).toHaveLength(4);
    const mine = await readXlsx(
      await call(w.t.app, { method: 'POST', url: '/api/b2/offline/returnOrder/export', session: w.seller, payload: { keyword: returnNo } }),
    );
    expect(mine).toHaveLength(4);
    expect(mine[1]).toContain('中通快递');
  });
});

describe('registration of parcels that match nothing, and hand-delivered parcels', () => {
  it('refuses an unknown waybill until it is registered as unmatched with a note', async () => {
    const before = await offlineState(db());
    const unknown = await register(w.purchaser, 'YT0000000001');
    expect(unknown.errorCode).toBe(ErrorCode.OFFLINE_WAYBILL_UNKNOWN);
    expect(unknown.errorMsg).toContain('YT0000000001');
    expect((await register(w.purchaser, 'YT0000000001', { registerUnmatched: true })).errorCode).toBe(ErrorCode.OFFLINE_UNMATCHED_NOTE_REQUIRED);
    expect(await offlineState(db())).toEqual(before);
    const kept = await register(w.purchaser, 'YT0000000001', { registerUnmatched: true, note: '寄件人王先生，3件裤子' });
    expect(kept.data).toMatchObject({ matched: false, orders: [], parcelId: expect.any(Number) });
    const parcels = await post<{ list: { waybillNo: string; matched: boolean; note: string }[] }>('/api/b2/purchaser/offlineReturn/parcels', w.purchaser, {
      matched: '0',
    });
    expect(parcels.data.list).toEqual([expect.objectContaining({ waybillNo: 'YT0000000001', matched: false, note: '寄件人王先生，3件裤子' })]);
    const sheet = await readXlsx(
      await call(w.t.app, { method: 'POST', url: '/api/b2/purchaser/offlineReturn/parcels/export', session: w.purchaser, payload: {} }),
    );
    expect(sheet.map((r) => r[1])).toEqual(['退货单', '无主件', expect.stringMatching(/^XT/)]);
  });

  it('registers a hand-delivered parcel by its return number', async () => {
    const made = await create(w.seller, { handDelivered: true, courierName: '不该保存', lines: [line(w.stall)] });
    expect(made.errorCode).toBe(0);
    const r = await register(w.purchaser, made.data.returnNo.toLowerCase());
    expect(r.data.orders).toEqual([expect.objectContaining({ returnNo: made.data.returnNo, alreadyRegistered: false })]);
  });
});

describe('撤销: the seller withdraws a return order before the warehouse signs it in', () => {
  it('removes an unsigned order and its lines, refuses a signed one, and the scan then finds nothing', async () => {
    const made = await create(w.seller, { courierName: '圆通', waybillNo: 'YT5500001', lines: [line(w.stall), line(w.stall, { artNo: 'K2040' })] });
    expect(made.errorCode).toBe(0);
    const cancel = (s: Session, id: unknown) => post<{ id: number; returnNo: string }>('/api/b2/offline/returnOrder/cancel', s, { id });
    // Bad input, another seller, a purchaser: refused, nothing changed.
    const before = await offlineState(db());
    const bad = await cancel(w.seller, 'x');
    expect([bad.errorCode, isChinese(bad.errorMsg)]).toEqual([400, true]);
    expect((await cancel(w.other, made.data.id)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await cancel(w.purchaser, made.data.id)).errorCode).toBe(ErrorCode.FORBIDDEN);
    expect(await offlineState(db())).toEqual(before);

    const r = await cancel(w.seller, made.data.id);
    expect(r).toMatchObject({ errorCode: 0, data: { id: made.data.id, returnNo: made.data.returnNo } });
    const mine = await post<OrderPage>('/api/b2/offline/returnOrder/page', w.seller, {});
    expect(mine.data.list.some((o) => o.id === made.data.id)).toBe(false);
    expect((await cancel(w.seller, made.data.id)).errorCode).toBe(ErrorCode.NOT_FOUND);
    // The parcel, should it arrive anyway, matches no order.
    expect((await register(w.purchaser, 'YT5500001')).errorCode).toBe(ErrorCode.OFFLINE_WAYBILL_UNKNOWN);

    // Signed in, it is the purchaser's: 撤销 is refused and nothing changes.
    const signed = await create(w.seller, { courierName: '圆通', waybillNo: 'YT5500002', lines: [line(w.stall)] });
    expect((await register(w.purchaser, 'YT5500002')).data.matched).toBe(true);
    const unchanged = await offlineState(db());
    const refused = await cancel(w.seller, signed.data.id);
    expect(refused.errorCode).toBe(ErrorCode.OFFLINE_RETURN_NOT_CANCELABLE);
    expect(refused.errorMsg).toContain('已被仓库签收');
    expect(await offlineState(db())).toEqual(unchanged);
  });
});

describe('bad input and tenant isolation', () => {
  it('refuses bad return orders with a Chinese message and changes nothing', async () => {
    const before = await offlineState(db());
    const cases: [Record<string, unknown>, RegExp | number][] = [
      [{ waybillNo: 'ZT1234567', lines: [] }, /至少添加一行/],
      [{ lines: [line(w.stall)] }, /快递单号/],
      [{ waybillNo: 'ZT 123', lines: [line(w.stall)] }, /快递单号只能/],
      [{ waybillNo: 'ZT1234567', lines: [line(w.stall, { quantity: 0 })] }, /数量/],
      [{ waybillNo: 'ZT1234567', lines: [line(w.stall, { unitPriceFen: 12.5 })] }, /单价/],
      [{ waybillNo: 'ZT1234567', lines: [line(w.stall, { artNo: '' })] }, /货号/],
      [{ waybillNo: 'ZT1234567', lines: [line(w.otherStall)] }, ErrorCode.OFFLINE_SUPPLIER_UNAVAILABLE],
    ];
    for (const [body, expected] of cases) {
      const r = await create(w.seller, body);
      if (typeof expected === 'number') expect(r.errorCode).toBe(expected);
      else {
        expect(r.errorCode).toBe(400);
        expect(r.errorMsg).toMatch(expected);
      }
      expect(isChinese(r.errorMsg)).toBe(true);
    }
    const bad = await op('returned', w.purchaser, { lineId: 'x' });
    expect(bad.errorCode).toBe(400);
    expect((await op('assign', w.purchaser, { lineIds: [], pickerUserId: pickerId })).errorMsg).toMatch(/至少选择一条/);
    expect((await register(w.purchaser, '')).errorMsg).toMatch(/快递单号/);
    expect(await offlineState(db())).toEqual(before);
  });

  it('keeps each seller and each purchaser to their own returns', async () => {
    const theirs = await create(w.other, { waybillNo: 'SF9900001', courierName: '顺丰', lines: [line(w.otherStall)] });
    expect(theirs.errorCode).toBe(0);
    const mine = await post<OrderPage>('/api/b2/offline/returnOrder/page', w.seller, {});
    expect(mine.data.list.some((o) => o.returnNo === theirs.data.returnNo)).toBe(false);
    expect((await post<OrderPage>('/api/b2/offline/returnOrder/page', w.other, {})).data.list.map((o) => o.returnNo)).toEqual([theirs.data.returnNo]);
    // The other seller is served by purchaser 2: purchaser 1 cannot scan it in, purchaser 2 can.
    expect((await register(w.purchaser, 'SF9900001')).errorCode).toBe(ErrorCode.OFFLINE_WAYBILL_UNKNOWN);
    expect((await register(w.purchaser2, 'ZT7700112233')).errorCode).toBe(ErrorCode.OFFLINE_WAYBILL_UNKNOWN);
    const p2 = await register(w.purchaser2, 'SF9900001');
    expect(p2.data.matched).toBe(true);
    const p1Lines = (await linesPage(w.purchaser)).data.list;
    const p2Lines = (await linesPage(w.purchaser2)).data.list;
    expect(p2Lines.map((l) => l.returnNo)).toEqual([theirs.data.returnNo]);
    expect(p1Lines.some((l) => l.returnNo === theirs.data.returnNo)).toBe(false);
    const before = await offlineState(db());
    const foreign = p1Lines[0]?.id as number;
    expect((await op('stop', w.purchaser2, { lineIds: [foreign] })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await op('returned', w.purchaser2, { lineId: foreign })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await get(`/api/b2/purchaser/offlineReturn/line/${foreign}/logs`, w.purchaser2)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await op('assign', w.purchaser2, { lineIds: [p2Lines[0]?.id], pickerUserId: pickerId })).errorCode).toBe(ErrorCode.OFFLINE_PICKER_INVALID);
    // Sellers are not purchasers, and purchasers do not create seller documents.
    expect((await linesPage(w.seller)).errorCode).toBe(ErrorCode.PURCHASER_REQUIRED);
    expect((await create(w.purchaser, { waybillNo: 'ZT1234567', lines: [line(w.stall)] })).errorCode).toBe(ErrorCode.FORBIDDEN);
    expect(await offlineState(db())).toEqual(before);
  });
});

describe("the manual-delivery permission '0' (second variant)", () => {
  it('refuses registration and assignment on the second variant only', async () => {
    const org = await createOrganisation(db(), { type: 'purchaser', name: '无手动发货权限采购商' });
    await createUser(db(), { orgId: org, username: 'purchaser_offline_nomanual', password: PASSWORD, isMain: true, manualDeliveryPermission: '0' });
    const noManual = await login(w.t.app, 'purchaser_offline_nomanual', PASSWORD);
    const second = { host: 'second.daifa.test', 'x-request-source': 'purchase' };
    const urls = ['/api/b2/purchaser/offlineReturn/lines/page', '/api/b2/purchaser/offlineReturn/parcels', '/api/b2/purchaser/offlineReturn/register'];
    for (const url of urls) {
      const r = await post(url, noManual, { waybillNo: 'ZT7700112233' }, second);
      expect(r.errorCode).toBe(403);
    }
    expect((await post('/api/b2/purchaser/offlineReturn/lines/page', noManual, {})).errorCode).toBe(0);
    expect((await post('/api/b2/purchaser/offlineReturn/lines/page', w.purchaser, {}, second)).errorCode).toBe(0);
  });
});
