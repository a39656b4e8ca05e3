/**
 * The picker's reports (拿货标记) and their undo (cancelTook), docs/decisions/0013-picking.md.
 * One transaction per call, all items or none: the items' orders are locked first (as every
 * seller-side operation does), then the items; each item's status is checked under its lock with
 * the take status machine (take-status.ts), its take log appended, and the seller's side
 * (mirror, combined status, counters, timeline, money) updated by dropship-orders/fulfilment/fulfilment.service.ts.
 */
import { ErrorCode, fenToYuan, PICK_RESULT_NAMES, type PickMarkBody, type PickOutcome, type PickResult } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { applyOutcome, assertLineOpen, reverseOutcome } from '../dropship-orders/index.js';
import { fulfilmentSettings } from '../fulfilment-settings/index.js';
import { lockAccount } from '../funds/index.js';
import { appendTakeLogs, canStart, lockOrdersOf, next, setLackDays, setTaken, type TakeLogEntry } from '../take-assignment/index.js';
import { forgetKeptDay } from '../workbench/index.js';
import * as repo from './picking.repository.js';
import { checkInput, type Item, lineName, pair, plan, refOf, stateOf, statusText } from './picking-rules.js';
import { isSupervisor } from './picking-view.js';

/** The caller's items among `ids` (a supervisor: any of the organisation's), else "not found". */
async function visibleItems(db: Db, caller: Caller, ids: number[]) {
  const items = await repo.findItems(db, caller.orgId, ids);
  if (items.length !== ids.length) throw notFound('拿货项');
  const supervisor = items.some((i) => i.assignedUserId !== caller.userId) && (await isSupervisor(db, caller));
  if (items.some((i) => i.assignedUserId !== caller.userId) && !supervisor) throw notFound('拿货项');
  return { items, supervisor };
}

/** Re-checked under the lock: the item may have been re-assigned to another picker meanwhile. */
function assertStillMine(caller: Caller, supervisor: boolean, i: Item) {
  if (!supervisor && i.assignedUserId !== caller.userId) {
    throw new AppError(ErrorCode.PICKING_NOT_MARKABLE, `拿货码 ${i.takeCode} 刚刚已改派给其他拿货员，请刷新列表`);
  }
}

/** Locks the items' orders (in id order, as assignment does), then the items, and re-reads them: every decision below is on current rows. */
async function lockAll(t: Db, orgId: number, seen: Item[]) {
  const ids = seen.map((i) => i.id);
  await lockOrdersOf(t, orgId, ids);
  // The sellers' accounts before the items, as a payment and a stop take them: a mark changes its item
  // (and the item's rollup rows) and then moves the seller's money, while a payment locks the account
  // and then writes its new items' rollup rows (the same shop-day row when both are today's).
  for (const sellerOrgId of [...new Set(seen.map((i) => i.sellerOrgId))].sort((a, b) => a - b)) await lockAccount(t, sellerOrgId);
  return repo.lockItems(t, orgId, ids);
}

/**
 * 缺货处理 WAIT_NEXT_DAY: the day this out-of-stock report puts the item off to (1-based), while the
 * seller's `nextDayMaxDays` allows; null means refund now (policy REFUND, or the days are used up).
 */
async function lackWaitDay(t: Db, i: Item): Promise<{ day: number; of: number } | null> {
  const { orderFulfillmentStrategy: s } = await fulfilmentSettings(t, i.sellerOrgId);
  if (s.outOfStockPolicy !== 'WAIT_NEXT_DAY' || i.lackDays >= s.nextDayMaxDays) return null;
  return { day: i.lackDays + 1, of: s.nextDayMaxDays };
}

/**
 * Marks one item, or several of one stall, with what happened at the stall. TOOK and TOOK_PART
 * carry the unit price paid (default: the seller's cost); E_CHANGE_TAKING a note of the exchange.
 */
export async function mark(db: Db, caller: Caller, b: PickMarkBody): Promise<{ items: PickOutcome[] }> {
  const { items: seen, supervisor } = await visibleItems(db, caller, b.takeItemIds);
  checkInput(b, seen);
  const actor = { userId: caller.userId, orgId: caller.orgId };
  return inTransaction(db, async (t) => {
    const items = await lockAll(t, caller.orgId, seen);
    const out: PickOutcome[] = [];
    const logs: TakeLogEntry[] = [];
    for (const i of items) {
      const refuse = (why: string) =>
        new AppError(ErrorCode.PICKING_NOT_MARKABLE, `拿货码 ${i.takeCode}（${lineName(i)}）${why}，不能标记为${PICK_RESULT_NAMES[b.result]}`);
      assertStillMine(caller, supervisor, i);
      if (i.arrivedAt !== null) throw refuse('已扫描入仓');
      await assertLineOpen(t, refOf(i), i.takeCode);
      let from = i;
      // Put off to another day, still with its picker: marking it takes it up again (logged as an assignment).
      if (i.assignmentStatus === 'WAITING_ASSIGNED' && i.takingStatus === 'E_NEXT_TAKING' && i.assignedUserId !== null) {
        const re = next('assign', stateOf(i));
        if (!re) throw refuse(`当前为${statusText(i)}`);
        from = { ...i, assignmentStatus: re.assignmentStatus, takingStatus: re.takingStatus };
        logs.push({
          takeItemId: i.id,
          operation: 'ASSIGN',
          fromStatus: pair(i.assignmentStatus, i.takingStatus),
          toStatus: pair(from.assignmentStatus, from.takingStatus),
          note: '明日拿的商品重新拿货',
        });
      }
      // A part-taken item is final here: its rest was refunded; changing it means undoing the mark first.
      if (from.assignmentStatus === 'TOOK_PART') throw refuse('已标记部分拿到（未拿到的部分已退款），如需更改请先撤销标记');
      if (from.assignmentStatus !== 'TAKING') throw refuse(`当前为${statusText(i)}`);
      // The seller may want out-of-stock goods tried again on the next day(s) before any refund.
      const waitDay = b.result === 'E_LACK_TAKING' ? await lackWaitDay(t, i) : null;
      const effective: PickMarkBody = waitDay ? { ...b, result: 'E_NEXT_TAKING' } : b;
      const to = next('mark', stateOf(from), { result: effective.result as PickResult });
      if (!to) throw refuse(`当前为${statusText(i)}`);
      const p = plan(i, effective);
      const previous = (await repo.activeMarks(t, caller.orgId, [i.id])).get(i.id);
      if (previous) await repo.endMark(t, previous.id, 'SUPERSEDED');
      const markId = await repo.insertMark(t, {
        purchaserOrgId: caller.orgId,
        takeItemId: i.id,
        pickerUserId: i.assignedUserId,
        actorUserId: caller.userId,
        result: b.result,
        tookQuantity: p.took,
        priceFen: p.priceFen,
        note: b.note?.trim() ?? '',
      });
      const moved = await setTaken(t, i, {
        assignmentStatus: to.assignmentStatus,
        takingStatus: to.takingStatus,
        tookQuantity: p.took,
        tookPriceFen: p.priceFen,
        tookAt: p.took > 0 ? new Date() : null,
      });
      if (!moved) throw refuse('状态刚刚变化');
      if (waitDay) await setLackDays(t, i, i.lackDays + 1);
      const resultName = waitDay ? `缺货，按卖家设置明日再拿（第${waitDay.day}/${waitDay.of}天）` : PICK_RESULT_NAMES[b.result];
      const applied = await applyOutcome(t, actor, {
        ...refOf(i),
        markKey: String(markId),
        takeStatus: to.takingStatus,
        lineName: lineName(i),
        resultName,
        refundFen: p.refundFen,
        unitCostFen: i.unitCostFen,
        priceFen: p.priceFen,
        tookQuantity: p.took,
        ...(p.took > 0
          ? {
              settlement: {
                pickerUserId: i.assignedUserId,
                supplierName: i.stallName || '未知档口',
                takeItemId: i.id,
                goodsFen: p.goodsFen,
                commissionFen: p.commissionFen,
              },
            }
          : {}),
      });
      await repo.updateMark(t, markId, { ...applied, goodsFen: p.goodsFen, commissionFen: p.commissionFen });
      const money = [
        p.priceFen !== null ? `单价¥${fenToYuan(p.priceFen)} ×${p.took}` : '',
        applied.refundFen ? `退款¥${fenToYuan(applied.refundFen)}` : '',
        applied.replenishFen ? `补款¥${fenToYuan(applied.replenishFen)}` : '',
        b.note?.trim() ?? '',
      ];
      logs.push({
        takeItemId: i.id,
        operation: 'MARK',
        fromStatus: pair(i.assignmentStatus, i.takingStatus),
        toStatus: pair(to.assignmentStatus, to.takingStatus),
        note: [resultName, ...money.filter(Boolean)].join('，'),
      });
      out.push({
        id: i.id,
        takeCode: i.takeCode,
        result: effective.result,
        refundFen: applied.refundFen,
        replenishFen: applied.replenishFen,
        commissionFen: p.commissionFen,
      });
    }
    await appendTakeLogs(t, caller.orgId, caller.userId, logs);
    return { items: out };
  });
}

/** Undoes the standing mark of each item (before the warehouse scanned it), reversing its money once. */
export async function cancelTook(db: Db, caller: Caller, ids: number[]): Promise<{ items: PickOutcome[] }> {
  const { items: seen, supervisor } = await visibleItems(db, caller, ids);
  const actor = { userId: caller.userId, orgId: caller.orgId };
  return inTransaction(db, async (t) => {
    const items = await lockAll(t, caller.orgId, seen);
    const marks = await repo.activeMarks(t, caller.orgId, ids);
    const out: PickOutcome[] = [];
    const logs: TakeLogEntry[] = [];
    for (const i of items) {
      assertStillMine(caller, supervisor, i);
      const m = marks.get(i.id);
      const to = next('cancelTook', stateOf(i));
      if (!m || !to || !canStart('cancelTook', stateOf(i))) {
        const why = i.arrivedAt !== null ? '已扫描入仓' : `当前为${statusText(i)}，没有可撤销的拿货标记`;
        throw new AppError(ErrorCode.PICKING_NOT_CANCELABLE, `拿货码 ${i.takeCode}（${lineName(i)}）${why}，不能撤销`);
      }
      await assertLineOpen(t, refOf(i), i.takeCode);
      const moved = await setTaken(t, i, {
        assignmentStatus: to.assignmentStatus,
        takingStatus: to.takingStatus,
        tookQuantity: 0,
        tookPriceFen: null,
        tookAt: null,
      });
      if (!moved || !(await repo.endMark(t, m.id, 'CANCELED'))) throw new AppError(ErrorCode.PICKING_NOT_CANCELABLE);
      // Its took day may be closed already: the workbench counts that day again.
      if (i.tookAt) await forgetKeptDay(t, i.purchaserOrgId, 'ITEMS_TOOK', i.tookAt);
      if (m.result === 'E_LACK_TAKING' && i.takingStatus === 'E_NEXT_TAKING') await setLackDays(t, i, Math.max(0, i.lackDays - 1));
      const r = await reverseOutcome(t, actor, {
        ...refOf(i),
        markKey: String(m.id),
        lineName: lineName(i),
        takeStatus: to.takingStatus,
        refundFen: m.refundFen,
        replenishId: m.replenishId,
        replenishFen: m.replenishFen,
        settlementLineId: m.settlementLineId,
      });
      logs.push({
        takeItemId: i.id,
        operation: 'CANCEL_TOOK',
        fromStatus: pair(i.assignmentStatus, i.takingStatus),
        toStatus: pair(to.assignmentStatus, to.takingStatus),
        note: `撤销：${PICK_RESULT_NAMES[m.result as PickResult] ?? m.result}`,
      });
      out.push({
        id: i.id,
        takeCode: i.takeCode,
        result: 'CANCEL_TOOK',
        refundFen: r.refundFen,
        replenishFen: r.replenishFen,
        commissionFen: -m.commissionFen,
      });
    }
    await appendTakeLogs(t, caller.orgId, caller.userId, logs);
    return { items: out };
  });
}
