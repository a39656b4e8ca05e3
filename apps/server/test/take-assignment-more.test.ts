/**
 * Pick-up task assignment, the rest: printing tags (PDF / C-Lodop, print count and log), sending the
 * day's codes to the stalls, the kanban, briefing, audit state and home card, ERP items, automatic
 * assignment at payment, the Excel export. Bad input and tenant isolation for each call.
 */
import { ErrorCode } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../src/modules/shops/shops.table.js';
import { expectBadRequest, readXlsx } from './funds-payments-support.js';
import { call } from './support.js';
import { paidOrder, startWorld, takeState, type World } from './take-assignment-support.js';

let w: World;
let mine: Awaited<ReturnType<typeof paidOrder>>;
let foreign: Awaited<ReturnType<typeof paidOrder>>;
const A = '/api/b2/purchaser/assigned';
/** Beijing's date now, read when used (the server dates a batch when it writes it). */
const beijingToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

beforeAll(async () => {
  w = await startWorld('tm');
  mine = await paidOrder(w, w.seller, w.sellerOrg, 2);
  foreign = await paidOrder(w, w.otherSeller, w.otherSellerOrg, 1);
});
afterAll(() => w?.t.close());

const raw = (url: string, payload: unknown, s = w.purchaser) => call(w.t.app, { method: 'POST', url, session: s, payload: payload as Record<string, unknown> });

describe('batchPrint', () => {
  it('renders the selected items’ tags as PDF and as C-Lodop steps, counting each print', async () => {
    const pdf = await raw(`${A}/batchPrint`, { takeItemIds: mine.takeItemIds, format: 'pdf' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['x-printed-items']).toBe('2');
    const lodop = await w.post<{ steps: { fn: string }[]; pages: number; count: number }>(`${A}/batchPrint`, w.purchaser, {
      filter: { takeCode: undefined, printed: 'YES', sellerName: '杭州小美' },
      format: 'lodop',
    });
    expect(lodop.errorCode, lodop.errorMsg).toBe(0);
    expect(lodop.data.count).toBe(2);
    expect(lodop.data.steps.length).toBeGreaterThan(0);
    const rows = await w.post<{ list: { id: number; printCount: number; printedAt: string | null }[] }>(`${A}/takePage`, w.purchaser, { printed: 'YES' });
    expect(rows.data.list.filter((r) => mine.takeItemIds.includes(r.id)).map((r) => r.printCount)).toEqual([2, 2]);
    const log = await w.get<{ list: { operation: string; note: string }[] }>(`${A}/takeLog?takeItemId=${mine.takeItemIds[0]}`, w.purchaser);
    expect(log.data.list[0]).toMatchObject({ operation: 'PRINT', note: '第2次打印拿货标签' });
  });

  it('refuses bad input and other purchasers’ items, printing and counting nothing', async () => {
    const before = await takeState(w.db());
    expectBadRequest(await w.post(`${A}/batchPrint`, w.purchaser, { format: 'pdf' }), /二选一/);
    expectBadRequest(await w.post(`${A}/batchPrint`, w.purchaser, { takeItemIds: mine.takeItemIds, format: 'png' }), /打印格式/);
    expect((await w.post(`${A}/batchPrint`, w.purchaser, { takeItemIds: foreign.takeItemIds, format: 'pdf' })).errorCode).toBe(ErrorCode.NOT_FOUND);
    const none = await w.post(`${A}/batchPrint`, w.purchaser, { filter: { takeCode: '000000000000' }, format: 'pdf' });
    expect(none.errorCode).toBe(ErrorCode.TAKE_NOTHING_TO_PRINT);
    expect((await w.post(`${A}/batchPrint`, w.seller, { takeItemIds: mine.takeItemIds, format: 'pdf' })).errorCode).toBe(ErrorCode.TAKE_PURCHASER_ONLY);
    expect(await takeState(w.db())).toEqual(before);
  });
});

describe('sending the day’s codes to the stalls', () => {
  it('writes one batch per stall with the open items not sent before; the audit state follows', async () => {
    expect((await w.get<{ state: string }>(`${A}/getPageAuditState`, w.purchaser)).data.state).toBe('NONE');
    expect((await w.post(`${A}/isDowningCode`, w.purchaser)).data).toMatchObject({ downing: false });
    const r = await w.post<{ batches: number; items: number }>(`${A}/downCode`, w.purchaser, {});
    expect(r.errorCode, r.errorMsg).toBe(0);
    expect(r.data.items).toBeGreaterThanOrEqual(2);
    const today = beijingToday();
    const list = await w.post<{ list: { stallName: string; lines: { takeCode: string }[] }[] }>(`${A}/downCodeList`, w.purchaser, { date: today });
    expect(list.data.list.some((b) => b.stallName === '测试档口' && b.lines.length >= 2)).toBe(true);
    expect((await w.get<{ state: string }>(`${A}/getPageAuditState?date=${today}`, w.purchaser)).data.state).toBe('ALL');
    expect((await w.post<{ items: number }>(`${A}/downCode`, w.purchaser, {})).data.items).toBe(0);
    // The other purchaser sees none of it and its own items are still unsent.
    expect((await w.post<{ total: number }>(`${A}/downCodeList`, w.other, {})).data.total).toBe(0);
    expect((await w.get<{ state: string; pendingItems: number }>(`${A}/getPageAuditState`, w.other)).data).toMatchObject({ state: 'NONE', pendingItems: 1 });
  });

  it('refuses bad input', async () => {
    const before = await takeState(w.db());
    expectBadRequest(await w.post(`${A}/downCode`, w.purchaser, { date: '2026-13-01' }), /日期格式/);
    expectBadRequest(await w.get(`${A}/getPageAuditState?date=tomorrow`, w.purchaser), /日期/);
    expect(await takeState(w.db())).toEqual(before);
  });
});

describe('figures', () => {
  it('kanban, briefing and the home card count the purchaser’s own items only', async () => {
    await w.post(`${A}/takeAssignedUser`, w.purchaser, { takeItemIds: [mine.takeItemIds[0]], pickerId: w.picker.userId });
    const k = await w.get<{ total: number; byAssignment: Record<string, number>; areas: { marketArea: string; taking: number }[] }>(
      `${A}/takeKanban`,
      w.purchaser,
    );
    expect(k.errorCode, k.errorMsg).toBe(0);
    expect(k.data.byAssignment.TAKING).toBe(1);
    expect(k.data.areas.find((a) => a.marketArea === '十三行')?.taking).toBe(1);
    const b = await w.get<{ list: { pickerId: number; assigned: number; pending: number }[] }>(`${A}/takeBriefing`, w.purchaser);
    expect(b.data.list).toEqual([expect.objectContaining({ pickerId: w.picker.userId, assigned: 1, pending: 1 })]);
    const u = await w.get<{ stalls: { stallName: string; itemCount: number }[] }>(`${A}/takeBriefingUser?pickerId=${w.picker.userId}`, w.purchaser);
    expect(u.data.stalls).toEqual([expect.objectContaining({ stallName: '测试档口', itemCount: 1 })]);
    expect((await w.get(`${A}/takeBriefingUser?pickerId=${w.picker.userId}`, w.other)).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await w.get<{ total: number }>(`${A}/takeKanban`, w.other)).data.total).toBe(1);
    const home = await w.get<{ taking: number; waitingAssigned: number }>('/api/home/purchaser/take/statistics', w.purchaser);
    expect(home.data).toMatchObject({ taking: 1 });
    expect((await w.get('/api/home/purchaser/take/statistics', w.seller)).errorCode).toBe(ErrorCode.TAKE_PURCHASER_ONLY);
    expectBadRequest(await w.get(`${A}/takeBriefingUser`, w.purchaser), /请输入拿货员/);
  });

  it('ERP items: none of the demo orders came from an ERP shop', async () => {
    expect((await w.post(`${A}/existErp`, w.purchaser)).data).toEqual({ exist: false, count: 0, countCapped: false });
    expect((await w.post<{ total: number }>(`${A}/erpTakePage`, w.purchaser, { channel: 'KM' })).data.total).toBe(0);
    expectBadRequest(await w.post(`${A}/erpTakePage`, w.purchaser, { channel: 'TAOBAO' }), /ERP/);
  });

  it('exports the filtered list as Excel in walking order', async () => {
    const res = await raw(`${A}/export`, { sellerName: '杭州小美' });
    const rows = await readXlsx(res);
    expect(rows[0]?.slice(0, 3)).toEqual(['拿货码', '分配状态', '拿货状态']);
    expect(rows.length - 1).toBeGreaterThanOrEqual(2);
    expect((await readXlsx(await raw(`${A}/export`, {}, w.other))).length).toBe(2);
  });
});

describe('automatic assignment', () => {
  it('assigns new items at payment by the rules (stall over area), in the payment’s transaction', async () => {
    const bad = await w.post(`/api/b2/purchaser/setting/autoAssignedSet`, w.purchaser, {
      enabled: true,
      rules: [
        { type: 'AREA', value: '十三行', pickerId: w.picker.userId },
        { type: 'AREA', value: '十三行', pickerId: w.purchaser.userId },
      ],
    });
    expect(bad.errorCode).toBe(ErrorCode.TAKE_AUTO_RULE_INVALID);
    const foreignPicker = await w.post(`/api/b2/purchaser/setting/autoAssignedSet`, w.purchaser, {
      enabled: true,
      rules: [{ type: 'AREA', value: '十三行', pickerId: w.other.userId }],
    });
    expect(foreignPicker.errorCode).toBe(ErrorCode.TAKE_PICKER_INVALID);
    expectBadRequest(await w.post(`/api/b2/purchaser/setting/autoAssignedSet`, w.purchaser, { enabled: 'yes', rules: [] }), /是否启用/);
    const ok = await w.post(`/api/b2/purchaser/setting/autoAssignedSet`, w.purchaser, {
      enabled: true,
      rules: [
        { type: 'AREA', value: '十三行', pickerId: w.purchaser.userId },
        { type: 'STALL', value: '广州十三行|新中国大厦|3楼|T301|测试档口', pickerId: w.picker.userId },
      ],
    });
    expect(ok.errorCode, ok.errorMsg).toBe(0);
    expect((await w.get<{ enabled: boolean }>('/api/b2/purchaser/setting/autoAssigned', w.other)).data.enabled).toBe(false);
    const next = await paidOrder(w, w.seller, w.sellerOrg, 1);
    const r = await w.post<{ list: { id: number; assignmentStatus: string; pickerId: number }[] }>(`${A}/takePage`, w.purchaser, { pickerId: w.picker.userId });
    expect(r.data.list.find((x) => x.id === next.takeItemIds[0])).toMatchObject({ assignmentStatus: 'TAKING', pickerId: w.picker.userId });
    // The other purchaser has no rules: its new items wait.
    const theirs = await paidOrder(w, w.otherSeller, w.otherSellerOrg, 1);
    const other = await w.post<{ list: { id: number; assignmentStatus: string }[] }>(`${A}/takePage`, w.other, {});
    expect(other.data.list.find((x) => x.id === theirs.takeItemIds[0])?.assignmentStatus).toBe('WAITING_ASSIGNED');
  });
});

describe('ERP items', () => {
  it('an order from a 快麦 shop shows on the ERP tab with its shop and channel, for its purchaser only', async () => {
    const [km] = await w.db().insert(shops).values({ orgId: w.sellerOrg, channel: 'KM', name: '快麦测试店' }).returning({ id: shops.id });
    const o = await paidOrder(w, w.seller, w.sellerOrg, 1);
    // The order as placed from the ERP shop's order (test fixture: the demo seller has no ERP shop orders).
    await w.db().execute(sql`update dropship_orders set shop_id = ${km!.id} where id = ${o.id}`);
    expect((await w.post(`${A}/existErp`, w.purchaser)).data).toEqual({ exist: true, count: 1, countCapped: false });
    type ErpPage = { total: number; list: { id: number; shopName: string; channel: string }[] };
    const km1 = await w.post<ErpPage>(`${A}/erpTakePage`, w.purchaser, { channel: 'KM' });
    expect([km1.data.total, km1.data.list]).toEqual([1, [expect.objectContaining({ id: o.takeItemIds[0], shopName: '快麦测试店', channel: 'KM' })]]);
    expect((await w.post<ErpPage>(`${A}/erpTakePage`, w.purchaser, {})).data.total).toBe(1);
    expect((await w.post<ErpPage>(`${A}/erpTakePage`, w.purchaser, { channel: 'WDT' })).data.total).toBe(0);
    // Another purchaser sees none of it.
    expect((await w.post(`${A}/existErp`, w.other)).data).toEqual({ exist: false, count: 0, countCapped: false });
    expect((await w.post<ErpPage>(`${A}/erpTakePage`, w.other, {})).data.total).toBe(0);
  });
});
