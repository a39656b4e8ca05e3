/**
 * Take items (拿货项): created when a dropship order is paid (one per order line, each with a unique
 * pick-up code), closed when it is cancelled, stopped and resumed at the seller's request. The
 * purchaser-fulfilment work assigns and takes them; here the purchaser only reads its list.
 */
import { ErrorCode, type TakeItemRow, type TakeItemsPageBody, type TakingStatusCode } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { autoAssign } from './auto-assign.service.js';
import { takeCodeOf } from './take-codes.js';
import * as repo from './take-items.repository.js';
import { appendTakeLogs } from './take-logs.repository.js';
import { PURCHASER_STOPPABLE } from './take-status.js';

export type { NewTakeItem } from './take-items.repository.js';

/** Which purchaser takes the seller's orders: its own assignment, else the platform's first purchaser. */
export async function servingPurchaser(db: Db, sellerOrgId: number): Promise<number> {
  const id = await repo.findServingPurchaser(db, sellerOrgId);
  if (id === undefined) throw new AppError(ErrorCode.DROPSHIP_NO_PURCHASER);
  return id;
}

/** Operator: the purchaser serving a seller from now on (placed orders keep theirs). */
export async function assignServingPurchaser(db: Db, sellerOrgId: number, purchaserOrgId: number) {
  if ((await repo.orgType(db, sellerOrgId)) !== 'seller') throw notFound('卖家组织');
  if ((await repo.orgType(db, purchaserOrgId)) !== 'purchaser') throw notFound('采购商组织');
  await repo.setServingPurchaser(db, sellerOrgId, purchaserOrgId);
  return { sellerOrgId, purchaserOrgId };
}

export type TakeLine = Omit<repo.NewTakeItem, 'takeCode'>;

/** Creates the take items of paid lines with fresh pick-up codes, in the caller's transaction; answers the codes in line order. */
export async function createTakeItems(tx: Db, purchaserOrgId: number, sellerOrgId: number, lines: TakeLine[]): Promise<string[]> {
  if (lines.length === 0) return [];
  const seqs = await repo.nextCodeSeqs(tx, lines.length);
  const items = lines.map((l, i) => ({ ...l, takeCode: takeCodeOf(seqs[i] as bigint) }));
  const ids = await repo.insertTakeItems(tx, purchaserOrgId, sellerOrgId, items);
  // The purchaser's automatic assignment rules (autoAssignedSet), in the payment's transaction.
  await autoAssign(tx, purchaserOrgId, ids);
  return items.map((i) => i.takeCode);
}

export const closeTakeItems = (tx: Db, sellerOrgId: number, orderId: number) => repo.closeOrderItems(tx, sellerOrgId, orderId);

/** Taking statuses a seller may stop from: nobody is on the way to the stall for it yet (take-status.ts FROM.stop). */
export const STOPPABLE: readonly TakingStatusCode[] = ['WAITING_TAKING', 'E_NEXT_TAKING'];

/** Who stops: the seller itself, or the purchaser at the seller's request (may also call its picker back: TAKING). */
export interface StopBy {
  userId: number | null;
  byPurchaser?: boolean;
}

async function moveAndLog(
  tx: Db,
  sellerOrgId: number,
  orderItemId: number,
  from: readonly TakingStatusCode[],
  to: repo.StatusChange,
  operation: string,
  by: StopBy,
) {
  const before = await repo.itemOfLine(tx, sellerOrgId, orderItemId);
  if (!before || !(await repo.setItemStatus(tx, sellerOrgId, orderItemId, [...from], to))) return false;
  const who = by.byPurchaser ? '采购商应卖家要求' : '卖家';
  await appendTakeLogs(tx, before.purchaserOrgId, by.userId, [
    {
      takeItemId: before.id,
      operation,
      fromStatus: before.assignmentStatus,
      toStatus: to.assignmentStatus,
      note: `${who}${operation === 'STOP' ? '停止拿货' : '撤销停止拿货'}`,
    },
  ]);
  return true;
}

/** E_STOP_TAKING on both statuses, logged; false when the item had moved on (the caller refuses). */
export const stopTakeItem = (tx: Db, sellerOrgId: number, orderItemId: number, by: StopBy = { userId: null }) =>
  moveAndLog(
    tx,
    sellerOrgId,
    orderItemId,
    by.byPurchaser ? PURCHASER_STOPPABLE : STOPPABLE,
    { takingStatus: 'E_STOP_TAKING', assignmentStatus: 'E_STOP_TAKING' },
    'STOP',
    by,
  );

/** Back to waiting, unassigned (the pickers' plan of the day may have moved on). */
export const revokeStopTakeItem = (tx: Db, sellerOrgId: number, orderItemId: number, by: StopBy = { userId: null }) =>
  moveAndLog(
    tx,
    sellerOrgId,
    orderItemId,
    ['E_STOP_TAKING'],
    { takingStatus: 'WAITING_TAKING', assignmentStatus: 'WAITING_ASSIGNED', clearAssignee: true },
    'REVOKE_STOP',
    by,
  );

export const takeItemsOfOrder = (db: Db, sellerOrgId: number, orderId: number) => repo.itemsOfOrder(db, sellerOrgId, orderId);

export async function pageTakeItems(db: Db, caller: Caller, q: TakeItemsPageBody) {
  const { total, rows } = await repo.pagePurchaserItems(db, caller.orgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  const list: TakeItemRow[] = rows.map(({ item: i, sellerName }) => ({
    id: i.id,
    takeCode: i.takeCode,
    orderNo: i.orderNo,
    sellerName,
    stallName: i.stallName,
    market: i.market,
    building: i.building,
    floor: i.floor,
    stallNo: i.stallNo,
    marketArea: i.marketArea,
    artNo: i.artNo,
    color: i.color,
    size: i.size,
    quantity: i.quantity,
    assignmentStatus: i.assignmentStatus,
    takingStatus: i.takingStatus,
    expressName: i.expressName,
    createdAt: i.createdAt.toISOString(),
  }));
  return { total, list };
}
