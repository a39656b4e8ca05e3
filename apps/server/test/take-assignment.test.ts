/**
 * Pick-up task assignment (/api/b2/purchaser/assigned/*): the list with filters and tab counts,
 * assigning by selection / area / stall (statuses mirrored on the seller's order), the purchaser's
 * stop at the seller's request (money back), bad input, tenant isolation and sellers refused; the kept
 * tab counters against the items after a random run, and the capped counts under filters.
 */
import { ErrorCode, TakePageBody } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/rows.js';
import { takePage } from '../src/modules/take-assignment/assign.service.js';
import { keptAndCounted, keptAssignmentCounts, recountAssignments } from '../src/modules/take-assignment/assignment-counts.repository.js';
import type { Caller } from '../src/plugins/auth.js';
import { balance, expectBadRequest } from './funds-payments-support.js';
import { paidOrder, startWorld, takeState, type World } from './take-assignment-support.js';

let w: World;
let mine: Awaited<ReturnType<typeof paidOrder>>;
let foreign: Awaited<ReturnType<typeof paidOrder>>;
const A = '/api/b2/purchaser/assigned';
type Row = {
  id: number;
  takeCode: string;
  assignmentStatus: string;
  takingStatus: string;
  pickerId: number | null;
  pickerName: string | null;
  sellerName: string;
};
type Page = { total: number; list: Row[]; counts: Record<string, number>; countsCapped?: string[] };

beforeAll(async () => {
  w = await startWorld('ta');
  mine = await paidOrder(w, w.seller, w.sellerOrg, 3);
  foreign = await paidOrder(w, w.otherSeller, w.otherSellerOrg, 2);
});
afterAll(() => w?.t.close());

const page = (body: Record<string, unknown> = {}, s = w.purchaser) => w.post<Page>(`${A}/takePage`, s, { pageNo: 1, pageSize: 50, ...body });
const lineStatuses = async (orderId: number) =>
  (await queryRows<{ s: string }>(w.db(), sql`select take_status as s from dropship_order_items where order_id = ${orderId} order by id`)).map((r) => r.s);
const combined = async (orderId: number) =>
  (await queryRows<{ s: string }>(w.db(), sql`select combined_status as s from dropship_orders where id = ${orderId}`))[0]?.s;

describe('takePage', () => {
  it('lists only the purchaser’s own items, with filters and the counts of every tab', async () => {
    const r = await page({ sellerName: '杭州小美' });
    expect(r.errorCode, r.errorMsg).toBe(0);
    const ids = r.data.list.map((x) => x.id);
    for (const id of mine.takeItemIds) expect(ids).toContain(id);
    for (const id of foreign.takeItemIds) expect(ids).not.toContain(id);
    expect(r.data.counts.WAITING_ASSIGNED).toBeGreaterThanOrEqual(3);
    const code = r.data.list.find((x) => x.id === mine.takeItemIds[0])?.takeCode as string;
    expect((await page({ takeCode: code })).data.list.map((x) => x.id)).toEqual([mine.takeItemIds[0]]);
    expect((await page({ takeCode: code, printed: 'YES' })).data.total).toBe(0);
    expect((await page({ takeCode: code, pickerId: 0, marketArea: '十三行' })).data.total).toBe(1);
    const other = await page({}, w.other);
    expect(other.data.list.map((x) => x.id).sort()).toEqual([...foreign.takeItemIds].sort());
    expect((await page({ takeCode: code }, w.other)).data.total).toBe(0);
  });

  it('refuses bad filters in Chinese, and sellers altogether', async () => {
    expectBadRequest(await page({ pickerId: 'abc' }), /拿货员/);
    expectBadRequest(await page({ createdFrom: '2026-05-02', createdTo: '2026-05-01' }), /开始日期不能晚于结束日期/);
    expectBadRequest(await page({ takingStatus: 'GONE' }), /拿货状态/);
    const seller = await page({}, w.seller);
    expect(seller.errorCode).toBe(ErrorCode.TAKE_PURCHASER_ONLY);
    expect(seller.errorMsg).toMatch(/采购商/);
  });
});

describe('assigning', () => {
  it('assigns selected items to a picker: TAKING on both statuses, mirrored on the seller’s order, logged', async () => {
    const [a, b] = mine.takeItemIds as [number, number];
    const r = await w.post<{ count: number }>(`${A}/takeAssignedUser`, w.purchaser, { takeItemIds: [a, b], pickerId: w.picker.userId });
    expect(r).toMatchObject({ errorCode: 0, data: { count: 2 } });
    const rows = (await page({ pickerId: w.picker.userId })).data.list;
    expect(rows.map((x) => [x.id, x.assignmentStatus, x.takingStatus])).toEqual([
      [b, 'TAKING', 'TAKING'],
      [a, 'TAKING', 'TAKING'],
    ]);
    expect(rows.every((x) => x.pickerId === w.picker.userId && !!x.pickerName)).toBe(true);
    expect(await lineStatuses(mine.id)).toEqual(['TAKING', 'TAKING', 'WAITING_TAKING']);
    expect(await combined(mine.id)).toBe('TAKING');
    const log = await w.get<{ list: { operation: string; toStatus: string }[] }>(`${A}/takeLog?takeItemId=${a}`, w.purchaser);
    expect(log.data.list[0]).toMatchObject({ operation: 'ASSIGN', toStatus: 'TAKING' });
    // Re-assigning an item not yet marked is allowed; taking it back returns it to the pool.
    expect((await w.post(`${A}/takeAssignedUser`, w.purchaser, { takeItemIds: [b], pickerId: w.purchaser.userId })).errorCode).toBe(0);
    expect((await w.post(`${A}/takeAssignedUser`, w.purchaser, { takeItemIds: [b], pickerId: null })).errorCode).toBe(0);
    expect(await lineStatuses(mine.id)).toEqual(['TAKING', 'WAITING_TAKING', 'WAITING_TAKING']);
  });

  it('refuses a bad picker, another purchaser’s items and bad input, changing nothing', async () => {
    const before = await takeState(w.db());
    const [a] = mine.takeItemIds as [number];
    const badPicker = await w.post(`${A}/takeAssignedUser`, w.purchaser, { takeItemIds: [a], pickerId: w.other.userId });
    expect(badPicker.errorCode).toBe(ErrorCode.TAKE_PICKER_INVALID);
    const foreignIds = await w.post(`${A}/takeAssignedUser`, w.purchaser, { takeItemIds: [a, foreign.takeItemIds[0]], pickerId: w.picker.userId });
    expect(foreignIds.errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await w.post(`${A}/takeAssignedUser`, w.other, { takeItemIds: [a], pickerId: w.other.userId })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expectBadRequest(await w.post(`${A}/takeAssignedUser`, w.purchaser, { takeItemIds: [], pickerId: w.picker.userId }), /请选择拿货项/);
    expectBadRequest(await w.post(`${A}/takeAssignedUser`, w.purchaser, { takeItemIds: [a, a], pickerId: w.picker.userId }), /拿货项不能重复/);
    expectBadRequest(await w.post(`${A}/takeAssignedArea`, w.purchaser, { marketAreas: ['十三行'] }), /请输入拿货员/);
    expectBadRequest(await w.post(`${A}/assignTakeSupplier`, w.purchaser, { stallKeys: 'x', pickerId: 1 }), /档口必须是数组/);
    expect((await w.post(`${A}/takeAssignedUser`, w.seller, { takeItemIds: [a], pickerId: w.picker.userId })).errorCode).toBe(ErrorCode.TAKE_PURCHASER_ONLY);
    expect(await takeState(w.db())).toEqual(before);
  });

  it('assigns a whole market area or stall; the grouped view walks the stalls with counts', async () => {
    const area = await w.post<{ count: number }>(`${A}/takeAssignedArea`, w.purchaser, { marketAreas: ['十三行'], pickerId: w.picker.userId });
    expect(area.errorCode, area.errorMsg).toBe(0);
    expect(area.data.count).toBeGreaterThanOrEqual(2);
    expect((await page({ assignmentStatus: 'WAITING_ASSIGNED', marketArea: '十三行' })).data.total).toBe(0);
    const groups = await w.post<{ list: { stallKey: string; counts: Record<string, number>; pickerNames: string[] }[] }>(
      `${A}/takePageSupplierGroup`,
      w.purchaser,
      { pageNo: 1, pageSize: 20, marketArea: '十三行' },
    );
    expect(groups.errorCode, groups.errorMsg).toBe(0);
    const stall = groups.data.list.find((g) => g.stallKey === '广州十三行|新中国大厦|3楼|T301|测试档口');
    expect(stall?.counts.TAKING).toBeGreaterThanOrEqual(3);
    // Nothing waits any more: assigning the stall again assigns nothing (foreign stalls are never reached).
    const again = await w.post<{ count: number }>(`${A}/assignTakeSupplier`, w.purchaser, { stallKeys: [stall?.stallKey], pickerId: w.picker.userId });
    expect(again.data.count).toBe(0);
    expect((await page({}, w.other)).data.list.every((x) => x.assignmentStatus === 'WAITING_ASSIGNED')).toBe(true);
  });
});

describe('stopping at the seller’s request', () => {
  it('stops an assigned item through the seller’s own stop (money back), then revokes it (money taken again)', async () => {
    const [a] = mine.takeItemIds as [number];
    const before = await balance(w.db(), w.sellerOrg);
    const r = await w.post<{ results: { ok: boolean; message: string }[] }>(`${A}/multBatchStopTake`, w.purchaser, { takeItemIds: [a] });
    expect(r.data.results[0], r.data.results[0]?.message).toMatchObject({ ok: true });
    expect((await balance(w.db(), w.sellerOrg)).available - before.available).toBe(4500);
    expect((await lineStatuses(mine.id))[0]).toBe('E_STOP_TAKING');
    const events = await queryRows<{ note: string; actor_org_id: number }>(
      w.db(),
      sql`select note, actor_org_id from dropship_order_events where order_id = ${mine.id} and operation = 'STOP_ITEM'`,
    );
    expect(events[0]?.note).toMatch(/^采购商应卖家要求/);
    expect(events[0]?.actor_org_id).toBe(w.purchaserOrg);
    const again = await w.post<{ results: { ok: boolean }[] }>(`${A}/multBatchStopTake`, w.purchaser, { takeItemIds: [a] });
    expect(again.data.results[0]?.ok).toBe(false);
    const revoke = await w.post<{ results: { ok: boolean }[] }>(`${A}/multBatchRevokeStopTake`, w.purchaser, { takeItemIds: [a] });
    expect(revoke.data.results[0]?.ok).toBe(true);
    expect((await balance(w.db(), w.sellerOrg)).available).toBe(before.available);
    expect((await page({ takeCode: undefined, pickerId: 0 })).data.list.find((x) => x.id === a)?.assignmentStatus).toBe('WAITING_ASSIGNED');
  });

  it('refuses another purchaser’s items and bad input, changing nothing', async () => {
    const before = await takeState(w.db());
    expect((await w.post(`${A}/multBatchStopTake`, w.purchaser, { takeItemIds: foreign.takeItemIds })).errorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await w.post(`${A}/multBatchStopTake`, w.seller, { takeItemIds: mine.takeItemIds })).errorCode).toBe(ErrorCode.TAKE_PURCHASER_ONLY);
    expectBadRequest(await w.post(`${A}/multBatchRevokeStopTake`, w.purchaser, { takeItemIds: ['x'] }), /拿货项/);
    expect(await takeState(w.db())).toEqual(before);
  });
});

describe('tab counters', () => {
  it('stay equal to the items counted by area, print state and status through a seeded random run of assign, take back, stop, revoke, mark, undo, print and cancel', async () => {
    const orders = [
      await paidOrder(w, w.seller, w.sellerOrg, 4),
      await paidOrder(w, w.seller, w.sellerOrg, 3),
      await paidOrder(w, w.otherSeller, w.otherSellerOrg, 2),
    ];
    const ids = orders.flatMap((o) => o.takeItemIds);
    let seed = 20261127;
    const pick = <T>(xs: readonly T[]): T => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return xs[seed % xs.length] as T;
    };
    const ops = [
      (id: number) => w.post(`${A}/takeAssignedUser`, w.purchaser, { takeItemIds: [id], pickerId: w.picker.userId }),
      (id: number) => w.post(`${A}/takeAssignedUser`, w.purchaser, { takeItemIds: [id], pickerId: null }),
      (id: number) => w.post(`${A}/multBatchStopTake`, w.purchaser, { takeItemIds: [id] }),
      (id: number) => w.post(`${A}/multBatchRevokeStopTake`, w.purchaser, { takeItemIds: [id] }),
      (id: number) =>
        w.post('/api/b2/purchaser/picking/mark', w.picker, { takeItemIds: [id], result: pick(['TOOK', 'E_LACK_TAKING', 'E_STOP_PRODUCTION'] as const) }),
      (id: number) => w.post(`${A}/cancelTook`, w.picker, { takeItemIds: [id] }),
      (id: number) => w.post(`${A}/batchPrint`, w.purchaser, { takeItemIds: [id], format: 'lodop' }),
    ];
    const moved = new Set<string>();
    for (let i = 0; i < 70; i++) {
      const before = await keptAndCounted(w.db(), w.purchaserOrg);
      await pick(ops)(pick(ids));
      if (JSON.stringify(before.counted) !== JSON.stringify((await keptAndCounted(w.db(), w.purchaserOrg)).counted)) moved.add(String(i));
    }
    // The seller cancels one order (its items close), whether or not the cancel is allowed at this point.
    await w.post('/api/b2/post/orders/cancel', w.seller, { orderIds: [orders[1]?.id] });
    expect(moved.size).toBeGreaterThan(5);
    for (const org of [w.purchaserOrg, w.otherOrg]) {
      const { kept, counted } = await keptAndCounted(w.db(), org);
      expect([org, kept]).toEqual([org, counted]);
      expect([org, await keptAssignmentCounts(w.db(), org)]).toEqual([org, await recountAssignments(w.db(), org)]);
    }
    expect(Object.keys((await keptAndCounted(w.db(), w.purchaserOrg)).counted).some((k) => k.includes('|true|'))).toBe(true);
    const all = await page();
    const raw = await recountAssignments(w.db(), w.purchaserOrg);
    expect(all.data.counts).toEqual(raw);
    expect(all.data.total).toBe(Object.values(raw).reduce((a, b) => a + b, 0));
    // Under the market area and print state alone the tabs come from the same kept rows: exact, never capped.
    for (const [printed, scope] of [
      ['NO', { marketArea: '十三行', printed: false }],
      ['YES', { marketArea: '十三行', printed: true }],
      ['YES', { printed: true }],
    ] as const) {
      const body = { ...('marketArea' in scope ? { marketArea: scope.marketArea } : {}), printed };
      const r = await page(body);
      const counted = await recountAssignments(w.db(), w.purchaserOrg, scope);
      expect([body, r.data.counts, r.data.countsCapped]).toEqual([body, counted, []]);
    }
  });

  it('counts each filtered tab up to the cap and says which tabs are past it', async () => {
    const caller: Caller = { orgId: w.purchaserOrg, userId: w.purchaser.userId, orgType: 'purchaser', isMain: true, sessionId: 0 };
    const body = (extra: Record<string, unknown> = {}) => TakePageBody.parse({ pageNo: 1, pageSize: 50, sellerName: '杭州小美', ...extra });
    const exact = await takePage(w.db(), caller, body(), 100_000);
    const over = Object.entries(exact.counts).filter(([, n]) => n > 1);
    expect(over.length).toBeGreaterThan(0);
    expect(exact).toMatchObject({ totalCapped: false, countsCapped: [] });
    expect(exact.total).toBe(Object.values(exact.counts).reduce((a, b) => a + b, 0));
    // A cap of 1 stands in for 10,000: 全部 and every tab the bounded sample saw say "at least 1"; a shown tab is counted.
    const capped = await takePage(w.db(), caller, body(), 1);
    expect(capped).toMatchObject({ total: 1, totalCapped: true });
    expect(capped.countsCapped?.sort()).toEqual([...Object.keys(capped.counts), 'ALL'].sort());
    expect(Object.values(capped.counts).every((n) => n === 1)).toBe(true);
    const [status] = over[0] as [string, number];
    expect(await takePage(w.db(), caller, body({ assignmentStatus: status }), 1)).toMatchObject({ total: 1, totalCapped: true, counts: { [status]: 1 } });
    const single = Object.entries(exact.counts).find(([, n]) => n === 1);
    if (single) expect(await takePage(w.db(), caller, body({ assignmentStatus: single[0] }), 1)).toMatchObject({ total: 1, totalCapped: false });
    // Another purchaser's caller sees none of them, capped or not.
    expect(await takePage(w.db(), { ...caller, orgId: w.otherOrg }, body(), 1)).toMatchObject({ total: 0, totalCapped: false, counts: {} });
  });
});
