/**
 * Read side of the picker's view: today's items by stall in walking order (market → building →
 * floor → stall number) and finding one item by its pick-up code. A picker sees the items assigned
 * to them; the purchaser's main account and whoever may assign pick-up tasks may find any of the
 * organisation's items (they stand in for a picker).
 */
import { beijingDay, beijingDayStart, ErrorCode, type PickItem, type PickResult, type PickStall, type PickTodayResult, stallKey } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { permissionCodesOfUser } from '../account-permission/index.js';
import { isValidTakeCode } from '../take-assignment/index.js';
import * as repo from './picking.repository.js';

/** The page code of pick-up assignment (拿货任务分配): its holders supervise every picker. */
export const SUPERVISOR_CODE = 'offlineReturnOrder/pickup';

export async function isSupervisor(db: Db, caller: Caller) {
  return caller.isMain || (await permissionCodesOfUser(db, caller.userId)).has(SUPERVISOR_CODE);
}

/** Stall numbers compare as people read them: "3楼" before "12楼", "A2" before "A10". */
const collator = new Intl.Collator('zh-Hans-CN', { numeric: true });
const stallWalk = (a: repo.TakeItemRecord, b: repo.TakeItemRecord) =>
  collator.compare(a.market, b.market) ||
  collator.compare(a.building, b.building) ||
  collator.compare(a.floor, b.floor) ||
  collator.compare(a.stallNo, b.stallNo) ||
  collator.compare(a.stallName, b.stallName);

/**
 * 加急 first (decision 0017): stalls holding an urgent item are walked first, then the rest, each
 * group in walking order; inside a stall urgent items come first. A stall is never split in two.
 */
export function walkOrderUrgentFirst(items: repo.TakeItemRecord[]) {
  const urgentStalls = new Set(items.filter((i) => i.urgent).map(stallKey));
  const rank = (i: repo.TakeItemRecord) => (urgentStalls.has(stallKey(i)) ? 0 : 1);
  return (a: repo.TakeItemRecord, b: repo.TakeItemRecord) =>
    rank(a) - rank(b) || stallWalk(a, b) || Number(b.urgent) - Number(a.urgent) || collator.compare(a.artNo, b.artNo) || a.id - b.id;
}

export function toPickItem(i: repo.TakeItemRecord, mark: repo.MarkRecord | undefined, pending: boolean, picUrl: string | null = null): PickItem {
  return {
    id: i.id,
    picUrl,
    takeCode: i.takeCode,
    orderNo: i.orderNo,
    artNo: i.artNo,
    color: i.color,
    size: i.size,
    quantity: i.quantity,
    unitCostFen: i.unitCostFen,
    assignmentStatus: i.assignmentStatus,
    takingStatus: i.takingStatus,
    pending,
    mark: mark
      ? {
          result: mark.result as PickResult,
          tookQuantity: mark.tookQuantity,
          priceFen: mark.priceFen,
          note: mark.note,
          refundFen: mark.refundFen,
          replenishFen: mark.replenishFen,
          at: mark.createdAt.toISOString(),
        }
      : null,
    assignedUserId: i.assignedUserId,
    arrived: i.arrivedAt !== null,
    urgent: i.urgent,
  };
}

const stallInfo = (i: repo.TakeItemRecord) => ({
  key: stallKey(i),
  stallName: i.stallName,
  market: i.market,
  building: i.building,
  floor: i.floor,
  stallNo: i.stallNo,
});

/**
 * The caller's day: open items (assigned and not reported; put off to another day on an earlier
 * day) and today's standing marks, grouped by stall in walking order with per-stall counts.
 */
export async function today(db: Db, caller: Caller, now = Date.now()): Promise<PickTodayResult> {
  // Midnight of today in Beijing time: a picker's day.
  const since = beijingDayStart(beijingDay(now));
  const [open, marked] = await Promise.all([repo.openItemsOf(db, caller.orgId, caller.userId), repo.marksSince(db, caller.orgId, caller.userId, since)]);
  const markOf = new Map(marked.map((m) => [m.item.id, m.mark]));
  const items = new Map<number, { item: repo.TakeItemRecord; pending: boolean }>();
  // Marked today (and not arrived): done, undoable. An item put off today stays done until tomorrow.
  for (const { item } of marked) if (item.arrivedAt === null) items.set(item.id, { item, pending: false });
  for (const item of open) if (!items.has(item.id)) items.set(item.id, { item, pending: true });
  // An exchange reported today is still the picker's job: it is pending as well as marked.
  for (const [id, v] of items) if (v.item.takingStatus === 'E_CHANGE_TAKING' && v.item.assignmentStatus === 'TAKING') items.set(id, { ...v, pending: true });
  const carried = open.filter((i) => i.takingStatus === 'E_CHANGE_TAKING' || i.takingStatus === 'E_NEXT_TAKING');
  const olderMarks = await repo.activeMarks(
    db,
    caller.orgId,
    carried.filter((i) => !markOf.has(i.id)).map((i) => i.id),
  );
  const pictures = await repo.picturesOf(
    db,
    [...items.values()].map((v) => v.item.orderItemId),
  );
  const stalls = new Map<string, PickStall>();
  const order = walkOrderUrgentFirst([...items.values()].map((v) => v.item));
  for (const { item, pending } of [...items.values()].sort((a, b) => order(a.item, b.item))) {
    const key = stallKey(item);
    const s = stalls.get(key) ?? { ...stallInfo(item), pending: 0, done: 0, items: [] };
    s.items.push(toPickItem(item, markOf.get(item.id) ?? olderMarks.get(item.id), pending, pictures.get(item.orderItemId) ?? null));
    if (pending) s.pending++;
    else s.done++;
    stalls.set(key, s);
  }
  const list = [...stalls.values()];
  return { stalls: list, pending: list.reduce((n, s) => n + s.pending, 0), done: list.reduce((n, s) => n + s.done, 0) };
}

/** One item by its pick-up code: the caller's own, or any of the organisation's for a supervisor. */
export async function findByCode(db: Db, caller: Caller, takeCode: string) {
  if (!isValidTakeCode(takeCode)) throw new AppError(ErrorCode.PICKING_CODE_INVALID);
  const item = await repo.findByCode(db, caller.orgId, takeCode);
  if (!item || (item.assignedUserId !== caller.userId && !(await isSupervisor(db, caller)))) throw notFound(`拿货码 ${takeCode} 的拿货项`);
  const mark = (await repo.activeMarks(db, caller.orgId, [item.id])).get(item.id);
  const pending = item.arrivedAt === null && (item.assignmentStatus === 'TAKING' || item.takingStatus === 'E_NEXT_TAKING');
  const picture = (await repo.picturesOf(db, [item.orderItemId])).get(item.orderItemId) ?? null;
  return { item: toPickItem(item, mark, pending, picture), stall: stallInfo(item) };
}
