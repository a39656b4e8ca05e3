/**
 * Pick-up task assignment (docs/decisions/0012-take-assignment.md): the purchaser's list, and
 * assigning items to its pickers by selection, market area or stall. Every write locks the items'
 * orders then the items, checks each item against take-status.ts, refuses the whole call when one
 * item may not move (nothing changed), and writes take_logs and emits takeItemsChanged (the sellers'
 * order mirror, dropship-orders' handler) in the same transaction.
 */
import { ErrorCode, stallKey, TAKE_COUNT_CAP, type TakeFilter, type TakePageBody, type TakeRow, type TakeStallGroup } from '@dropship/contract';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { cappedTabCounts, type TabCounts } from '../../lib/tab-counts.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './assign.repository.js';
import { keptAssignmentCounts } from './assignment-counts.repository.js';
import { takeItemsChanged } from './hooks.js';
import { lockOrdersOf } from './order-locks.js';
import { takeItems } from './take-items.table.js';
import { appendTakeLogs } from './take-logs.repository.js';
import { canStart, next } from './take-status.js';

/** The purchaser's organisation of the caller; sellers and operators are refused (the route is visible to both audiences). */
export function purchaserOf(caller: Caller): number {
  if (caller.orgType !== 'purchaser') throw new AppError(ErrorCode.TAKE_PURCHASER_ONLY, undefined, 403);
  return caller.orgId;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export function toRow(r: repo.TakeRowRecord): TakeRow {
  return {
    id: Number(r.id),
    takeCode: r.take_code,
    orderNo: r.order_no,
    sellerName: r.seller_name,
    supplierId: r.supplier_id,
    stallName: r.stall_name,
    market: r.market,
    building: r.building,
    floor: r.floor,
    stallNo: r.stall_no,
    marketArea: r.market_area,
    artNo: r.art_no,
    color: r.color,
    size: r.size,
    quantity: r.quantity,
    unitCostFen: Number(r.unit_cost_fen),
    assignmentStatus: r.assignment_status,
    takingStatus: r.taking_status,
    pickerId: r.assigned_user_id,
    pickerName: r.picker_name,
    assignedAt: iso(r.assigned_at),
    printCount: r.print_count,
    printedAt: iso(r.printed_at),
    tookQuantity: r.took_quantity,
    tookAt: iso(r.took_at),
    arrivedAt: iso(r.arrived_at),
    expressName: r.express_name,
    urgent: r.urgent === true,
    createdAt: iso(r.created_at) as string,
  };
}

/**
 * The tab counts: the kept counters when no filter is set but the tab, the market area and printed or
 * not (exact, tens of rows: 打印拿货标签 works one area's unprinted items), else exact or honestly
 * capped under the filters (lib/tab-counts.ts, decision 0041).
 */
async function tabCounts(db: Db, org: number, q: TakePageBody, cap: number): Promise<TabCounts> {
  const { pageNo: _p, pageSize: _s, assignmentStatus: _a, marketArea, printed, ...f } = q;
  if (!Object.values(f).some((v) => v !== undefined && v !== null && v !== '')) {
    const counts = await keptAssignmentCounts(db, org, {
      marketArea: marketArea || undefined,
      printed: printed === 'YES' ? true : printed === 'NO' ? false : undefined,
    });
    return { counts: { ...counts, ALL: Object.values(counts).reduce((a, b) => a + b, 0) }, capped: [] };
  }
  const where = repo.filterWhere(org, q, false);
  return cappedTabCounts(
    () => repo.sampleCounts(db, where, cap),
    (tab) => repo.countUpTo(db, where, tab, cap),
    q.assignmentStatus,
    cap,
  );
}

/** The list: one page and the tab counts (kept, or exact / capped under filters); the total is the shown tab's count. */
export async function takePage(db: Db, caller: Caller, q: TakePageBody, cap: number = TAKE_COUNT_CAP) {
  const org = purchaserOf(caller);
  const [{ counts, capped }, rows] = await Promise.all([
    tabCounts(db, org, q, cap),
    repo.pageOnly(db, repo.filterWhere(org, q), q.pageSize, (q.pageNo - 1) * q.pageSize),
  ]);
  const tab = q.assignmentStatus ?? 'ALL';
  const { ALL: _all, ...tabs } = counts;
  return { total: counts[tab] ?? 0, totalCapped: capped.includes(tab), list: rows.map(toRow), counts: tabs, countsCapped: capped };
}

export async function stallGroupPage(db: Db, caller: Caller, q: TakePageBody) {
  const org = purchaserOf(caller);
  const { total, rows } = await repo.stallGroups(db, repo.filterWhere(org, q), q.pageSize, (q.pageNo - 1) * q.pageSize);
  const names = new Map((await repo.pickersOf(db, org)).map((p) => [p.id, p.name]));
  const list: TakeStallGroup[] = rows.map((g) => {
    const stall = { market: g.market, building: g.building, floor: g.floor, stallNo: g.stall_no, stallName: g.stall_name };
    return {
      ...stall,
      stallKey: stallKey(stall),
      marketArea: g.market_area,
      itemCount: Number(g.item_count),
      quantity: Number(g.quantity),
      counts: Object.fromEntries(Object.entries(g.counts ?? {}).map(([k, v]) => [k, Number(v)])),
      pickerNames: (g.picker_ids ?? []).map((id) => names.get(id) ?? `#${id}`),
    };
  });
  return { total, list };
}

export async function pickers(db: Db, caller: Caller) {
  return repo.pickersOf(db, purchaserOf(caller));
}

/** The picker's display name; refuses a user who is not an enabled user of the organisation. */
async function requirePicker(db: Db, org: number, pickerId: number): Promise<string> {
  const p = (await repo.pickersOf(db, org)).find((x) => x.id === pickerId);
  if (!p) throw new AppError(ErrorCode.TAKE_PICKER_INVALID);
  return p.name;
}

const codesOf = (items: repo.LockedItem[]) =>
  items
    .slice(0, 5)
    .map((i) => i.take_code)
    .join('、') + (items.length > 5 ? ` 等${items.length}项` : '');

/**
 * Assigns the items to the picker (or takes them back when pickerId is null). All or nothing:
 * an unknown id answers 12001, an item that may not move answers 17050 / 17052 naming its codes.
 */
export async function assignItems(db: Db, caller: Caller, ids: readonly number[], pickerId: number | null, note = '') {
  const org = purchaserOf(caller);
  const pickerName = pickerId === null ? '' : await requirePicker(db, org, pickerId);
  if (ids.length === 0) return { count: 0 };
  return inTransaction(db, async (t) => {
    const orderIds = await lockOrdersOf(t, org, ids);
    const items = await repo.lockItems(t, org, ids);
    if (items.length !== new Set(ids).size) throw notFound('拿货项');
    const op = pickerId === null ? 'unassign' : 'assign';
    const state = (i: repo.LockedItem) => ({
      assignmentStatus: i.assignment_status,
      takingStatus: i.taking_status,
      arrived: i.arrived,
    });
    const refused = items.filter((i) => !canStart(op, state(i)));
    if (refused.length > 0) {
      const code = op === 'assign' ? ErrorCode.TAKE_NOT_ASSIGNABLE : ErrorCode.TAKE_NOT_UNASSIGNABLE;
      const why = op === 'assign' ? '不是待分配或拿货中状态，不能分配' : '不在拿货中状态，不能取消分配';
      throw new AppError(code, `拿货码 ${codesOf(refused)} ${why}，请刷新后重新选择（本次未做任何修改）`);
    }
    // Every item of one operation lands on the same statuses (assign → TAKING/TAKING, unassign → WAITING_*).
    const to = next(op, state(items[0] as repo.LockedItem));
    if (!to) throw new AppError(ErrorCode.STATE_CONFLICT);
    await repo.setAssignee(t, ids, to, pickerId);
    await appendTakeLogs(
      t,
      org,
      caller.userId,
      items.map((i) => ({
        takeItemId: i.id,
        operation: op === 'assign' ? 'ASSIGN' : 'UNASSIGN',
        fromStatus: i.assignment_status,
        toStatus: to.assignmentStatus,
        note: op === 'assign' ? `${note ? `${note}，` : ''}分配给拿货员 ${pickerName}` : '取消分配',
      })),
    );
    await takeItemsChanged.emit(t, {
      takeItemIds: ids,
      orderIds,
      event: {
        operation: op === 'assign' ? 'TAKE_ASSIGN' : 'TAKE_UNASSIGN',
        note: op === 'assign' ? '采购商已安排拿货员去档口拿货' : '采购商取消了拿货安排，等待重新分配',
        actor: { userId: caller.userId, orgId: org },
      },
    });
    return { count: items.length };
  });
}

/** At most this many items per area / stall call (a market's whole day is a few thousand). */
const BULK_MAX = 10_000;
const WAITING = and(
  eq(takeItems.assignmentStatus, 'WAITING_ASSIGNED'),
  inArray(takeItems.takingStatus, ['WAITING_TAKING', 'E_NEXT_TAKING']),
  sql`${takeItems.arrivedAt} is null`,
);

async function assignWhere(db: Db, caller: Caller, where: SQL, pickerId: number, note: string) {
  const org = purchaserOf(caller);
  await requirePicker(db, org, pickerId);
  const ids = await repo.idsWhere(db, and(repo.filterWhere(org, {}), WAITING, where) as SQL, BULK_MAX);
  return assignItems(db, caller, ids, pickerId, note);
}

/** Every waiting item of the market areas → the picker. */
export const assignAreas = (db: Db, caller: Caller, areas: string[], pickerId: number) =>
  assignWhere(db, caller, inArray(takeItems.marketArea, areas), pickerId, `按区域分配：${areas.join('、')}`);

/** Every waiting item of the stalls (stall keys of the grouped view) → the picker. */
export function assignStalls(db: Db, caller: Caller, keys: string[], pickerId: number) {
  const conds = keys.map((k) => {
    const [market = '', building = '', floor = '', stallNo = '', ...name] = k.split('|');
    return and(
      eq(takeItems.market, market),
      eq(takeItems.building, building),
      eq(takeItems.floor, floor),
      eq(takeItems.stallNo, stallNo),
      eq(takeItems.stallName, name.join('|')),
    );
  });
  return assignWhere(db, caller, or(...conds) as SQL, pickerId, '按档口分配');
}

export type { TakeFilter };
