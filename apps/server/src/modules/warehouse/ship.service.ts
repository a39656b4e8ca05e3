/**
 * Shipping one complete order: its waybill number from the courier (Kuaidi100, or its emulator),
 * kept in `waybills` before anything else so a failed delivery retried later reuses it, then the
 * delivery in one transaction (deliverOrder with its ship-back job, the sorting slot freed, the
 * take log's SHIP entries). The courier is called outside any transaction: no row lock waits on
 * the network.
 */
import { CourierError, kuaidi100Com } from '@dropship/channels';
import { ErrorCode, SELF_PICKUP_EXPRESS, type WarehouseShipResult, type WaybillLabelData } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { deliverOrder } from '../dropship-orders/deliver.service.js';
import * as orders from '../dropship-orders/orders.repository.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { appendTakeLogs } from '../take-items/take-logs.repository.js';
import { isLive, progressOf } from './arrival.js';
import type { CourierGateway } from './courier-gateway.js';
import * as repo from './warehouse.repository.js';
import { goodsOf, receiverOf, senderOf, waybillLabelOf } from './waybill-label.js';

export interface WarehouseDeps {
  db: Db;
  jobs: JobQueue;
  courier: CourierGateway;
}

export interface Operator {
  orgId: number;
  userId: number;
}

function refuseStatus(o: orders.OrderRecord): AppError {
  if (o.status === 'DELIVERED' || o.status === 'FINISHED') {
    return new AppError(
      ErrorCode.WAREHOUSE_ORDER_SHIPPED,
      `订单 ${o.orderNo} 已发货（${o.expressName} ${o.trackingNo ?? ''}），无需再次发货；补打面单请到打印发货页的“已发货”列表`,
    );
  }
  return new AppError(ErrorCode.WAREHOUSE_ORDER_CLOSED, `订单 ${o.orderNo} 已取消，请把商品放到异常区并联系卖家`);
}

async function issueWaybill(deps: WarehouseDeps, op: Operator, o: orders.OrderRecord, items: repo.TakeItemRecord[]) {
  if (!kuaidi100Com(o.expressCode)) throw new AppError(ErrorCode.WAREHOUSE_COURIER_UNSUPPORTED, `${o.expressName} 暂不支持电子面单，请联系卖家更换快递`);
  const sender = await senderOf(deps.db, o, await repo.orgName(deps.db, o.orgId), await repo.settingOf(deps.db, op.orgId));
  if (!sender) throw new AppError(ErrorCode.WAREHOUSE_SENDER_MISSING);
  const goods = goodsOf(items);
  let issued: { trackingNo: string; taskId: string };
  try {
    issued = await (await deps.courier.client()).createWaybill({
      courierCode: o.expressCode,
      orderId: o.orderNo,
      recMan: receiverOf(o),
      sendMan: sender,
      cargo: goods.text.slice(0, 100) || '服装',
      count: goods.count,
      ...(o.buyerRemark ? { remark: o.buyerRemark.slice(0, 100) } : {}),
    });
  } catch (e) {
    if (e instanceof CourierError)
      throw new AppError(ErrorCode.WAREHOUSE_WAYBILL_FAILED, `获取快递单号失败（${e.message}），商品已入库，请稍后在打印发货页重试发货`);
    throw e;
  }
  const label = waybillLabelOf(o, { courierCode: o.expressCode, courierName: o.expressName, trackingNo: issued.trackingNo }, sender, goods, new Date());
  return repo.insertWaybill(deps.db, {
    purchaserOrgId: op.orgId,
    sellerOrgId: o.orgId,
    orderId: o.id,
    courierCode: o.expressCode,
    trackingNo: issued.trackingNo,
    taskId: issued.taskId,
    label: JSON.stringify(label),
  });
}

/** Ships an order whose items are all in: waybill (reused if one was issued), then DELIVERED. */
export async function shipOrder(deps: WarehouseDeps, op: Operator, sellerOrgId: number, orderId: number): Promise<WarehouseShipResult> {
  const { db } = deps;
  const [o] = await orders.findOrders(db, sellerOrgId, [orderId]);
  if (!o || o.purchaserOrgId !== op.orgId) throw notFound('订单');
  if (o.status !== 'WAITING_DELIVERING') throw refuseStatus(o);
  if (o.expressCode === SELF_PICKUP_EXPRESS) throw new AppError(ErrorCode.WAREHOUSE_SELF_PICKUP);
  const items = await repo.itemsOfOrder(db, op.orgId, o.id);
  const progress = progressOf(items);
  if (!progress.complete) {
    throw new AppError(ErrorCode.WAREHOUSE_NOT_READY, `订单 ${o.orderNo} 还有 ${progress.total - progress.arrived} 件商品未到货，不能发货`);
  }
  const w = (await repo.waybillOf(db, op.orgId, o.id)) ?? (await issueWaybill(deps, op, o, items));
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await deliverOrder(t, deps.jobs, { purchaserOrgId: op.orgId, userId: op.userId }, sellerOrgId, o.id, {
      courierCode: w.courierCode,
      courierName: o.expressName,
      trackingNo: w.trackingNo,
    });
    await repo.freeSlot(t, op.orgId, o.id);
    await repo.countPrint(t, op.orgId, o.id);
    const note = `${o.expressName} ${w.trackingNo}`;
    await appendTakeLogs(
      t,
      op.orgId,
      op.userId,
      items.filter(isLive).map((i) => ({ takeItemId: i.id, operation: 'SHIP', note })),
    );
  });
  return { orderId: o.id, orderNo: o.orderNo, courierCode: w.courierCode, trackingNo: w.trackingNo, waybill: JSON.parse(w.label) as WaybillLabelData };
}

/** /print/printDelivery: ship by the order's id (the purchaser knows no seller ids). */
export async function shipById(deps: WarehouseDeps, op: Operator, orderId: number) {
  const found = await repo.orderForPurchaser(deps.db, op.orgId, orderId);
  if (!found) throw notFound('订单');
  return shipOrder(deps, op, found.sellerOrgId, found.id);
}

/** A shipped order's waybill again (reprint); counts the print. */
export async function reprintWaybill(db: Db, op: Operator, orderId: number): Promise<WaybillLabelData> {
  const found = await repo.orderForPurchaser(db, op.orgId, orderId);
  if (!found) throw notFound('订单');
  const w = await repo.waybillOf(db, op.orgId, orderId);
  if (!w || (found.status !== 'DELIVERED' && found.status !== 'FINISHED')) throw new AppError(ErrorCode.WAREHOUSE_NOT_SHIPPED);
  await repo.countPrint(db, op.orgId, orderId);
  return JSON.parse(w.label) as WaybillLabelData;
}
