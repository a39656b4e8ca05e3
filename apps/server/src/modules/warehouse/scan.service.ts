/**
 * Scanning a pick-up code at the warehouse (/print/scanPrint). Under the order's row lock: the item
 * must be taken (TOOK / TOOK_PART) and is marked arrived once (take log ARRIVE); an order that is
 * not complete yet gets a sorting slot. A complete order then ships at once (ship.service.ts): a
 * single-item order on its only scan, a multi-item one on its last. When the courier cannot issue
 * a number right now the goods stay in (a slot keeps them together) and the answer says READY.
 */
import { ErrorCode, TAKING_ITEM_STATUS_NAMES, type TakingStatusCode, type WarehouseScanResult } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import * as orders from '../dropship-orders/orders.repository.js';
import { isValidTakeCode } from '../take-items/take-codes.js';
import { appendTakeLogs } from '../take-items/take-logs.repository.js';
import { ARRIVABLE, isLive, progressOf } from './arrival.js';
import { isSelfPickup, selfPickupReadyMessage } from './hand-over.service.js';
import { type Operator, shipOrder, type WarehouseDeps } from './ship.service.js';
import * as repo from './warehouse.repository.js';

const MOVED_ON: ReadonlySet<number> = new Set([ErrorCode.DELIVER_NOT_ALLOWED, ErrorCode.WAREHOUSE_ORDER_SHIPPED, ErrorCode.WAREHOUSE_ORDER_CLOSED]);
const itemName = (i: repo.TakeItemRecord) => [i.artNo, i.color, i.size].filter(Boolean).join(' ') || i.takeCode;

function refuseItem(i: repo.TakeItemRecord, o: orders.OrderRecord): AppError | null {
  if (o.status === 'DELIVERED' || o.status === 'FINISHED') {
    return new AppError(ErrorCode.WAREHOUSE_ORDER_SHIPPED, `订单 ${o.orderNo} 已发货（${o.expressName} ${o.trackingNo ?? ''}），无需再次扫描`);
  }
  if (o.status !== 'WAITING_DELIVERING' || !isLive(i)) {
    const why = o.status === 'CANCELED' ? '订单已取消' : `该商品${TAKING_ITEM_STATUS_NAMES[i.takingStatus as TakingStatusCode] ?? i.takingStatus}`;
    return new AppError(ErrorCode.WAREHOUSE_ORDER_CLOSED, `${why}（订单 ${o.orderNo}，${itemName(i)}），请把商品放到异常区并联系卖家`);
  }
  if (!ARRIVABLE.has(i.takingStatus)) {
    const now = TAKING_ITEM_STATUS_NAMES[i.takingStatus as TakingStatusCode] ?? i.takingStatus;
    return new AppError(ErrorCode.WAREHOUSE_ITEM_NOT_TOOK, `该商品当前是“${now}”，不是已拿货，不能到货入库：请拿货员先在拿货页标记已拿货（${itemName(i)}）`);
  }
  return null;
}

/** The arrival itself, in one transaction; answers what the scan found. */
async function arrive(db: Db, op: Operator, found: repo.TakeItemRecord) {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [o] = await orders.lockOrders(t, found.sellerOrgId, [found.orderId]);
    if (!o || o.purchaserOrgId !== op.orgId) throw notFound('拿货码');
    const items = await repo.itemsOfOrder(t, op.orgId, o.id);
    const item = items.find((i) => i.id === found.id) as repo.TakeItemRecord;
    const refusal = refuseItem(item, o);
    if (refusal) throw refusal;
    const already = item.arrivedAt !== null;
    if (!already && (await repo.markArrived(t, op.orgId, item.id))) {
      item.arrivedAt = new Date();
      await appendTakeLogs(t, op.orgId, op.userId, [
        { takeItemId: item.id, operation: 'ARRIVE', fromStatus: item.takingStatus, toStatus: item.takingStatus, note: '仓库扫描到货' },
      ]);
    }
    const progress = progressOf(items);
    let slotNo = (await repo.slotOf(t, op.orgId, o.id)) ?? null;
    if (!progress.complete && slotNo === null) {
      slotNo = (await repo.allocateSlot(t, op.orgId, o.orgId, o.id, await repo.settingOf(t, op.orgId))) ?? null;
      if (slotNo === null) throw new AppError(ErrorCode.WAREHOUSE_NO_SLOT);
    }
    return { o, item, already, progress, slotNo };
  });
}

/** Keeps a complete order whose waybill failed in a slot, so its goods stay together; no slot free is not an error here. */
async function holdInSlot(db: Db, op: Operator, o: orders.OrderRecord): Promise<number | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    return (await repo.allocateSlot(t, op.orgId, o.orgId, o.id, await repo.settingOf(t, op.orgId))) ?? null;
  });
}

export async function scanTakeCode(deps: WarehouseDeps, op: Operator, takeCode: string): Promise<WarehouseScanResult> {
  if (!isValidTakeCode(takeCode)) throw new AppError(ErrorCode.WAREHOUSE_TAKE_CODE_INVALID);
  const found = await repo.findByCode(deps.db, op.orgId, takeCode);
  if (!found) throw notFound(`拿货码 ${takeCode} `);
  const { o, item, already, progress, slotNo } = await arrive(deps.db, op, found);
  const base = {
    orderId: o.id,
    orderNo: o.orderNo,
    slotNo,
    arrivedCount: progress.arrived,
    totalCount: progress.total,
    item: { artNo: item.artNo, color: item.color, size: item.size, quantity: item.quantity, stallName: item.stallName },
    waybill: null,
    shipError: null,
  };
  const again = already ? '已到货（重复扫描）：' : '';
  if (!progress.complete) {
    return {
      ...base,
      outcome: already ? 'ALREADY_ARRIVED' : 'WAITING',
      message: `${again}请放入 ${slotNo} 号分拣位（已到 ${progress.arrived}/${progress.total} 件）`,
    };
  }
  if (isSelfPickup(o)) {
    const held = slotNo ?? (await holdInSlot(deps.db, op, o));
    return { ...base, slotNo: held, outcome: 'READY', message: `${again}${selfPickupReadyMessage(o, held)}` };
  }
  try {
    const shipped = await shipOrder(deps, op, o.orgId, o.id);
    const tail = progress.total > 1 ? `，${progress.total} 件已齐，请从 ${slotNo ?? '-'} 号分拣位取出打包` : '';
    return { ...base, outcome: 'SHIPPED', waybill: shipped.waybill, message: `${again}已发货：${o.expressName} ${shipped.trackingNo}${tail}` };
  } catch (e) {
    // Shipped or cancelled meanwhile (a concurrent scan or batch): nothing to hold, say so.
    if (!(e instanceof AppError) || MOVED_ON.has(e.errorCode)) throw e;
    const held = slotNo ?? (await holdInSlot(deps.db, op, o));
    const where = held === null ? '' : `，商品请放入 ${held} 号分拣位`;
    return { ...base, slotNo: held, outcome: 'READY', shipError: e.message, message: `${again}已到齐，但未能发货${where}：${e.message}` };
  }
}
