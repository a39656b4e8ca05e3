/**
 * Shipping a parcel: one order, or the orders of one receiver merged by the seller's rule (decision
 * 0019). 有货先发 lines put off are stopped and refunded first (ship-taken.service.ts); then the
 * waybill number from the courier (Kuaidi100, or its emulator), kept in `waybills` under the
 * parcel's lowest order id before anything else so a failed delivery retried later reuses it; then
 * every member delivered in one transaction (deliverOrder with its ship-back job, the sorting slots
 * freed, the take log's SHIP entries). The courier is called outside any transaction: no row lock
 * waits on the network.
 */
import { CourierError, kuaidi100Com } from '@dropship/channels';
import { ErrorCode, SELF_PICKUP_EXPRESS, type WarehouseShipResult, type WaybillLabelData } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { deliverOrder, findOrders, lockOrders, type OrderRecord } from '../dropship-orders/index.js';
import { appendTakeLogs } from '../take-assignment/index.js';
import { isLive } from './arrival.js';
import type { CourierGateway } from './courier-gateway.js';
import { canShip, parcelOrderNos, planParcel, readinessOf, type WaitMode } from './parcel.js';
import * as parcels from './parcel.repository.js';
import { lockParcel, parcelIdsOf, rulesOf, waitingForOf } from './parcel.service.js';
import { takePlatformWaybill } from './platform-waybill.service.js';
import { type DecryptDeps, decryptedReceiver } from './receiver-decrypt.service.js';
import { plainReceiverOf, receiverSourceOf } from './receiver-source.js';
import { noteShipTaken, stopPutOffLines } from './ship-taken.service.js';
import * as repo from './warehouse.repository.js';
import { goodsLines, goodsOf, printedLabel, sealLabelReceiver, senderOf, waybillLabelOf } from './waybill-label.js';
import { waybillSourceOf } from './waybill-sources.service.js';

export interface WarehouseDeps extends DecryptDeps {
  courier: CourierGateway;
}

export interface Operator {
  orgId: number;
  userId: number;
}

export function refuseStatus(o: OrderRecord): AppError {
  if (o.status === 'DELIVERED' || o.status === 'FINISHED') {
    return new AppError(
      ErrorCode.WAREHOUSE_ORDER_SHIPPED,
      `订单 ${o.orderNo} 已发货（${o.expressName} ${o.trackingNo ?? ''}），无需再次发货；补打面单请到打印发货页的“已发货”列表`,
    );
  }
  return new AppError(ErrorCode.WAREHOUSE_ORDER_CLOSED, `订单 ${o.orderNo} 已取消，请把商品放到异常区并联系卖家`);
}

const notReady = (o: OrderRecord, missing: number) => new AppError(ErrorCode.WAREHOUSE_NOT_READY, `订单 ${o.orderNo} 还有 ${missing} 件商品未到货，不能发货`);

/**
 * One number for the whole parcel: receiver, sender and remark of its first order, the goods of all.
 * A marketplace order ships on its shop's platform e-waybill when the warehouse's source for that
 * shop says PLATFORM (decision 0025); otherwise Kuaidi100, with an encrypted receiver decrypted
 * through the platform for the courier call only.
 */
async function issueWaybill(deps: WarehouseDeps, op: Operator, members: OrderRecord[], items: repo.TakeItemRecord[]) {
  const o = members[0] as OrderRecord;
  const src = await receiverSourceOf(deps.db, o);
  // The platform's e-waybill is taken with the platform's encrypted receiver; a plain one (imported, or typed by
  // the seller) ships by Kuaidi100 whatever the shop's source.
  const platform = src?.encrypted === true && (await waybillSourceOf(deps.db, op.orgId, src.shopId, src.channel)) === 'PLATFORM';
  if (!platform && !kuaidi100Com(o.expressCode))
    throw new AppError(ErrorCode.WAREHOUSE_COURIER_UNSUPPORTED, `${o.expressName} 暂不支持电子面单，请联系卖家更换快递`);
  const sender = await senderOf(deps.db, o, await repo.orgName(deps.db, o.orgId), await repo.settingOf(deps.db, op.orgId));
  if (!sender) throw new AppError(ErrorCode.WAREHOUSE_SENDER_MISSING);
  const goods = goodsOf(items);
  const remark = [...new Set(members.map((m) => m.buyerRemark).filter(Boolean))].join('；');
  const labelOf = (trackingNo: string) =>
    waybillLabelOf(
      { ...o, buyerRemark: remark || null },
      { courierCode: o.expressCode, courierName: o.expressName, trackingNo },
      sender,
      goods,
      new Date(),
      parcelOrderNos(members.map((m) => m.orderNo)),
    );
  const row = { purchaserOrgId: op.orgId, sellerOrgId: o.orgId, orderId: o.id, courierCode: o.expressCode };
  if (platform && src) {
    const taken = await takePlatformWaybill(deps, { lead: o, members, src, sender, items: goodsLines(items) });
    const label = { ...labelOf(taken.trackingNo), platformPrint: taken.printData };
    return repo.insertWaybill(deps.db, {
      ...row,
      trackingNo: taken.trackingNo,
      label: JSON.stringify(label),
      platformSource: taken.printData.source,
      shopId: src.shopId,
    });
  }
  const recMan = src?.encrypted ? await decryptedReceiver(deps, op, o, src) : plainReceiverOf(o);
  let issued: { trackingNo: string; taskId: string; kdComOrderNum?: string };
  try {
    issued = await (await deps.courier.client()).createWaybill({
      courierCode: o.expressCode,
      orderId: o.orderNo,
      recMan,
      sendMan: sender,
      cargo: goods.text.slice(0, 100) || '服装',
      count: goods.count,
      ...(remark ? { remark: remark.slice(0, 100) } : {}),
    });
  } catch (e) {
    if (e instanceof CourierError)
      throw new AppError(ErrorCode.WAREHOUSE_WAYBILL_FAILED, `获取快递单号失败（${e.message}），商品已入库，请稍后在打印发货页重试发货`);
    throw e;
  }
  const kept = await repo.insertWaybill(deps.db, {
    ...row,
    trackingNo: issued.trackingNo,
    taskId: issued.taskId,
    courierOrderNo: issued.kdComOrderNum ?? '',
    // A decrypted receiver goes on the paper too (a courier label needs it), sealed at rest.
    label: JSON.stringify(src?.encrypted ? sealLabelReceiver(labelOf(issued.trackingNo), recMan) : labelOf(issued.trackingNo)),
    labelSealed: src?.encrypted === true,
  });
  deps.decrypted.drop(o.id);
  return kept;
}

/**
 * Ships the parcel `ids` (subject among them, all judged ready by the caller): put-off lines stopped,
 * the waybill, then every member still waiting to ship delivered under the locks of all of them. The
 * subject shipped meanwhile (a concurrent scan of another member) answers 17153.
 */
export async function shipParcel(deps: WarehouseDeps, op: Operator, subject: OrderRecord, ids: number[], waitMode: WaitMode) {
  const { db } = deps;
  const sellerOrgId = subject.orgId;
  const stopped = await stopPutOffLines(db, op, sellerOrgId, ids, waitMode);
  const leadId = Math.min(...ids);
  const w =
    (await repo.waybillOf(db, op.orgId, leadId)) ??
    (await issueWaybill(deps, op, await findOrders(db, sellerOrgId, ids), await repo.itemsOfOrders(db, op.orgId, ids)));
  const shipped = await inTransaction(db, async (t) => {
    const locked = await lockOrders(t, sellerOrgId, ids);
    const self = locked.find((x) => x.id === subject.id);
    if (self?.status !== 'WAITING_DELIVERING') throw refuseStatus(self ?? subject);
    const items = await repo.itemsOfOrders(t, op.orgId, ids);
    const own = (id: number) => items.filter((i) => i.orderId === id);
    if (readinessOf(own(self.id), 'WAIT_ALL') === 'EMPTY') {
      throw new AppError(ErrorCode.WAREHOUSE_ORDER_CLOSED, `订单 ${self.orderNo} 的商品已全部停止拿货或缺货，没有可发的商品，请联系卖家`);
    }
    // A member cancelled (or all its lines stopped) since the decision stays behind; the others leave.
    const open = locked.filter((x) => x.status === 'WAITING_DELIVERING' && readinessOf(own(x.id), 'WAIT_ALL') !== 'EMPTY');
    for (const m of open) {
      const its = own(m.id);
      if (readinessOf(its, 'WAIT_ALL') !== 'COMPLETE') throw notReady(m, its.filter(isLive).filter((i) => i.arrivedAt === null).length);
    }
    const note = `${subject.expressName} ${w.trackingNo}`;
    for (const m of open) {
      await deliverOrder(t, deps.jobs, { purchaserOrgId: op.orgId, userId: op.userId }, sellerOrgId, m.id, {
        courierCode: w.courierCode,
        courierName: m.expressName,
        trackingNo: w.trackingNo,
      });
      await repo.freeSlot(t, op.orgId, m.id);
      await appendTakeLogs(
        t,
        op.orgId,
        op.userId,
        own(m.id)
          .filter(isLive)
          .map((i) => ({ takeItemId: i.id, operation: 'SHIP', note })),
      );
      const lines = stopped.get(m.id);
      if (lines?.length) await noteShipTaken(t, op, sellerOrgId, m.id, lines);
    }
    await repo.countPrint(t, op.orgId, w.id);
    return open.map((m) => m.id);
  });
  return {
    orderId: subject.id,
    orderNo: subject.orderNo,
    courierCode: w.courierCode,
    trackingNo: w.trackingNo,
    waybill: printedLabel(w.label),
    parcelOrderIds: shipped,
    putOffStopped: [...stopped.values()].flat(),
  };
}

/**
 * /print/printDelivery: ships the order with the rest of its parcel (所有同一收货人的订单一起), or
 * `alone` (拆开单独发). Refused while the order or, merged, another order of its parcel is not in.
 */
export async function shipById(deps: WarehouseDeps, op: Operator, orderId: number, alone = false): Promise<WarehouseShipResult> {
  const found = await repo.orderForPurchaser(deps.db, op.orgId, orderId);
  if (!found) throw notFound('订单');
  const [o0] = await findOrders(deps.db, found.sellerOrgId, [found.id]);
  if (!o0) throw notFound('订单');
  if (o0.status !== 'WAITING_DELIVERING') throw refuseStatus(o0);
  if (o0.expressCode === SELF_PICKUP_EXPRESS) throw new AppError(ErrorCode.WAREHOUSE_SELF_PICKUP);
  const rules = await rulesOf(deps.db, o0);
  const ids = await parcelIdsOf(deps.db, op.orgId, o0, rules, alone);
  const { self, members } = await inTransaction(deps.db, (t) => lockParcel(t, op.orgId, o0, ids, rules.waitMode));
  if (!canShip(self.readiness)) throw notReady(self.o, self.items.filter(isLive).filter((i) => i.arrivedAt === null).length);
  const waiting = waitingForOf(members, self.o.id);
  if (waiting.length > 0) {
    throw new AppError(
      ErrorCode.WAREHOUSE_MERGE_WAITING,
      `订单 ${self.o.orderNo} 要与同一收货人的订单合并发货，还有 ${waiting.length} 单未到齐（${waiting.map((m) => m.o.orderNo).join('、')}）：请等到齐后再发，或点“拆开单独发”先发这一单`,
    );
  }
  const travelling = planParcel(members).travelling.map((m) => m.o.id);
  const { putOffStopped: _, ...r } = await shipParcel(deps, op, self.o, travelling.length ? travelling : [self.o.id], rules.waitMode);
  return r;
}

/** A shipped order's waybill again (reprint; a merged parcel's one label); counts the print. */
export async function reprintWaybill(db: Db, op: Operator, orderId: number): Promise<WaybillLabelData> {
  const found = await repo.orderForPurchaser(db, op.orgId, orderId);
  if (!found) throw notFound('订单');
  const w = (await repo.waybillOf(db, op.orgId, orderId)) ?? (await parcels.waybillOfParcel(db, op.orgId, orderId));
  if (!w || (found.status !== 'DELIVERED' && found.status !== 'FINISHED')) throw new AppError(ErrorCode.WAREHOUSE_NOT_SHIPPED);
  await repo.countPrint(db, op.orgId, w.id);
  return printedLabel(w.label);
}
