/**
 * Scanning a pick-up code at the warehouse (/print/scanPrint). Under the locks of the order and of
 * the orders it travels with (the seller's 合并同一收货人的订单, decision 0019; locked in id order): the
 * item must be taken (TOOK / TOOK_PART) and is marked arrived once (take log ARRIVE). An order that
 * is not ready (its goods in, or with 有货先发 in or put off), or whose parcel still waits for another
 * order, gets a sorting slot. A ready parcel then ships at once (ship.service.ts). When the courier
 * cannot issue a number right now the goods stay in (a slot keeps them together) and the answer says READY.
 */
import { ErrorCode, TAKING_ITEM_STATUS_NAMES, type WarehouseScanResult } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { findOrders, lockOrders, type OrderRecord } from '../dropship-orders/index.js';
import { appendTakeLogs, isValidTakeCode, markArrived } from '../take-assignment/index.js';
import { ARRIVABLE, isLive, progressOf } from './arrival.js';
import { isSelfPickup, selfPickupReadyMessage } from './hand-over.service.js';
import { canShip, type Member, planParcel, readinessOf } from './parcel.js';
import { lockParcel, matesOf, parcelIdsOf, rulesOf, waitingForOf } from './parcel.service.js';
import { type Operator, shipParcel, type WarehouseDeps } from './ship.service.js';
import * as repo from './warehouse.repository.js';

const MOVED_ON: ReadonlySet<number> = new Set([ErrorCode.DELIVER_NOT_ALLOWED, ErrorCode.WAREHOUSE_ORDER_SHIPPED, ErrorCode.WAREHOUSE_ORDER_CLOSED]);
const itemName = (i: repo.TakeItemRecord) => [i.artNo, i.color, i.size].filter(Boolean).join(' ') || i.takeCode;

function refuseItem(i: repo.TakeItemRecord, o: OrderRecord): AppError | null {
  if (o.status === 'DELIVERED' || o.status === 'FINISHED') {
    return new AppError(ErrorCode.WAREHOUSE_ORDER_SHIPPED, `订单 ${o.orderNo} 已发货（${o.expressName} ${o.trackingNo ?? ''}），无需再次扫描`);
  }
  if (o.status !== 'WAITING_DELIVERING' || !isLive(i)) {
    const why = o.status === 'CANCELED' ? '订单已取消' : `该商品${TAKING_ITEM_STATUS_NAMES[i.takingStatus] ?? i.takingStatus}`;
    return new AppError(ErrorCode.WAREHOUSE_ORDER_CLOSED, `${why}（订单 ${o.orderNo}，${itemName(i)}），请把商品放到异常区并联系卖家`);
  }
  if (!ARRIVABLE.has(i.takingStatus)) {
    const now = TAKING_ITEM_STATUS_NAMES[i.takingStatus] ?? i.takingStatus;
    return new AppError(ErrorCode.WAREHOUSE_ITEM_NOT_TOOK, `该商品当前是“${now}”，不是已拿货，不能到货入库：请拿货员先在拿货页标记已拿货（${itemName(i)}）`);
  }
  return null;
}

/** The arrival and the decision, in one transaction under the parcel's locks; answers what the scan found. */
async function arrive(db: Db, op: Operator, found: repo.TakeItemRecord) {
  const [o0] = await findOrders(db, found.sellerOrgId, [found.orderId]);
  if (!o0 || o0.purchaserOrgId !== op.orgId) throw notFound('拿货码');
  const rules = await rulesOf(db, o0);
  const ids = await parcelIdsOf(db, op.orgId, o0, rules);
  return inTransaction(db, async (t) => {
    const { o, self, members } = await lockParcel(t, op.orgId, o0, ids, rules.waitMode);
    const item = self.items.find((i) => i.id === found.id) as repo.TakeItemRecord;
    const refusal = refuseItem(item, o);
    if (refusal) throw refusal;
    const already = item.arrivedAt !== null;
    if (!already && (await markArrived(t, op.orgId, item.id))) {
      item.arrivedAt = new Date();
      self.readiness = readinessOf(self.items, rules.waitMode);
      await appendTakeLogs(t, op.orgId, op.userId, [
        { takeItemId: item.id, operation: 'ARRIVE', fromStatus: item.takingStatus, toStatus: item.takingStatus, note: '仓库扫描到货' },
      ]);
    }
    const waitingFor = waitingForOf(members, o.id);
    const shipNow = canShip(self.readiness) && waitingFor.length === 0;
    let slotNo = (await repo.slotOf(t, op.orgId, o.id)) ?? null;
    if (!shipNow && slotNo === null) {
      slotNo = (await repo.allocateSlot(t, op.orgId, o.orgId, o.id, await repo.settingOf(t, op.orgId))) ?? null;
      if (slotNo === null) throw new AppError(ErrorCode.WAREHOUSE_NO_SLOT);
    }
    return { o, item, already, self, members, waitingFor, shipNow, slotNo, waitMode: rules.waitMode };
  });
}

/** Keeps a ready order whose waybill failed in a slot, so its goods stay together; no slot free is not an error here. */
async function holdInSlot(db: Db, op: Operator, o: OrderRecord): Promise<number | null> {
  return inTransaction(db, async (t) => {
    const [now] = await lockOrders(t, o.orgId, [o.id]);
    if (now?.status !== 'WAITING_DELIVERING') return null;
    return (await repo.allocateSlot(t, op.orgId, o.orgId, o.id, await repo.settingOf(t, op.orgId))) ?? null;
  });
}

const nos = (ms: Member[]) => ms.map((m) => m.o.orderNo).join('、');

export async function scanTakeCode(deps: WarehouseDeps, op: Operator, takeCode: string): Promise<WarehouseScanResult> {
  if (!isValidTakeCode(takeCode)) throw new AppError(ErrorCode.WAREHOUSE_TAKE_CODE_INVALID);
  const found = await repo.findByCode(deps.db, op.orgId, takeCode);
  if (!found) throw notFound(`拿货码 ${takeCode} `);
  const { o, item, already, self, members, waitingFor, shipNow, slotNo, waitMode } = await arrive(deps.db, op, found);
  const progress = progressOf(self.items);
  const mates = matesOf(members, o.id);
  const base = {
    orderId: o.id,
    orderNo: o.orderNo,
    slotNo,
    arrivedCount: progress.arrived,
    totalCount: progress.total,
    item: { artNo: item.artNo, color: item.color, size: item.size, quantity: item.quantity, stallName: item.stallName },
    waybill: null,
    shipError: null,
    mergeOrders: mates,
  };
  const again = already ? '已到货（重复扫描）：' : '';
  const outcome = already ? 'ALREADY_ARRIVED' : 'WAITING';
  if (!canShip(self.readiness)) {
    const merged = mates.length ? `；同一收货人共 ${mates.length + 1} 单合并发货` : '';
    return { ...base, outcome, message: `${again}请放入 ${slotNo} 号分拣位（已到 ${progress.arrived}/${progress.total} 件）${merged}` };
  }
  if (!shipNow) {
    return {
      ...base,
      outcome,
      message: `${again}等待合并发货：同一收货人还有 ${waitingFor.length} 单未到齐（${nos(waitingFor)}），请放入 ${slotNo} 号分拣位`,
    };
  }
  if (isSelfPickup(o)) {
    const held = slotNo ?? (await holdInSlot(deps.db, op, o));
    return { ...base, slotNo: held, outcome: 'READY', message: `${again}${selfPickupReadyMessage(o, held)}` };
  }
  const travelling = planParcel(members).travelling;
  try {
    const shipped = await shipParcel(
      deps,
      op,
      o,
      travelling.map((m) => m.o.id),
      waitMode,
    );
    const parcel = travelling.length > 1 ? `，与 ${nos(travelling.filter((m) => m.o.id !== o.id))} 合并为一个包裹，请从分拣位取出一起打包` : '';
    const tail = !parcel && progress.total > 1 ? `，${progress.total} 件已齐，请从 ${slotNo ?? '-'} 号分拣位取出打包` : '';
    const taken = shipped.putOffStopped.length ? `；有货先发，未拿到的商品已退款：${shipped.putOffStopped.join('；')}` : '';
    return {
      ...base,
      outcome: 'SHIPPED',
      waybill: shipped.waybill,
      message: `${again}已发货：${o.expressName} ${shipped.trackingNo}${parcel}${tail}${taken}`,
    };
  } catch (e) {
    // Shipped or cancelled meanwhile (a concurrent scan or batch): nothing to hold, say so.
    if (!(e instanceof AppError) || MOVED_ON.has(e.errorCode)) throw e;
    const held = slotNo ?? (await holdInSlot(deps.db, op, o));
    const where = held === null ? '' : `，商品请放入 ${held} 号分拣位`;
    return { ...base, slotNo: held, outcome: 'READY', shipError: e.message, message: `${again}已到齐，但未能发货${where}：${e.message}` };
  }
}
