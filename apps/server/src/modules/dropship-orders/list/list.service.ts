/**
 * Following dropship orders: the list with tab counts (from the counters kept by every
 * transition, so a tenant with a million orders costs no scan), the detail with take statuses,
 * timeline and money, and the export. Lists and exports mask the receiver (SPEC.md section 5).
 */
import {
  DROPSHIP_EXPORT_MAX_ROWS,
  DROPSHIP_OPERATION_NAMES,
  type DropshipDetail,
  type DropshipFilter,
  type DropshipItemRow,
  type DropshipOrderRow,
  type DropshipPageBody,
  type DropshipPageResult,
  ErrorCode,
  maskName,
  maskPhone,
} from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { nextTurn } from '../../../lib/next-turn.js';
import type { Caller } from '../../../plugins/auth.js';
import { takeItemsOfOrder } from '../../take-assignment/index.js';
import { plainReceiverOf } from '../receiver.js';
import { canCancel, canPay, canUpdateReceiver, changeableStatuses } from '../status-machine.js';
import { entriesOf } from '../timeline.repository.js';
import * as repo from './list.repository.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toItem(i: repo.ListItem): DropshipItemRow {
  return {
    id: i.id,
    title: i.title,
    spec: i.spec,
    picUrl: i.picUrl,
    stallName: i.stallName,
    market: i.market,
    stallNo: i.stallNo,
    artNo: i.artNo,
    color: i.color,
    size: i.size,
    quantity: i.quantity,
    unitCostFen: i.unitCostFen,
    takeStatus: i.takeStatus,
    refundedFen: i.refundedFen,
    supplyMode: i.supplyMode === 'OWN_STOCK' ? 'OWN_STOCK' : 'MARKET_PICKUP',
  };
}

export function toRow(o: repo.ListOrder, items: repo.ListItem[], masked: boolean): DropshipOrderRow {
  return {
    id: o.id,
    orderNo: o.orderNo,
    status: o.status,
    combinedStatus: o.combinedStatus,
    source: o.source as DropshipOrderRow['source'],
    shopOrderId: o.shopOrderId,
    shopName: o.shopName,
    channel: o.channel,
    platformOrderId: o.platformOrderId,
    receiverName: masked ? maskName(o.receiverName) : o.receiverName,
    receiverPhone: masked ? maskPhone(o.receiverPhone) : o.receiverPhone,
    receiverArea: [o.receiverProvince, o.receiverCity, o.receiverDistrict].filter(Boolean).join(' '),
    expressCode: o.expressCode,
    expressName: o.expressName,
    expressFeeFen: o.expressFeeFen,
    serviceFeeFen: o.serviceFeeFen,
    goodsFen: o.goodsFen,
    discountFen: o.discountFen,
    speedDelivery: o.speedDelivery,
    speedFeeFen: o.speedFeeFen,
    totalFen: o.totalFen,
    refundedFen: o.refundedFen,
    itemCount: o.itemCount,
    remark: o.remark,
    payMethod: o.payMethod as DropshipOrderRow['payMethod'],
    payLaterState: o.payLaterState as DropshipOrderRow['payLaterState'],
    paidAt: iso(o.paidAt),
    trackingNo: o.trackingNo,
    createdAt: o.createdAt.toISOString(),
    items: items.map(toItem),
  };
}

function group<T extends { orderId: number }>(items: T[]) {
  const by = new Map<number, T[]>();
  for (const i of items) {
    const list = by.get(i.orderId);
    if (list) list.push(i);
    else by.set(i.orderId, [i]);
  }
  return by;
}

export async function pageDropshipOrders(db: Db, caller: Caller, q: DropshipPageBody): Promise<DropshipPageResult> {
  const { pageNo, pageSize, ...f } = q;
  const where = repo.filterWhere(caller.orgId, f);
  const [countRows, rows, filtered] = await Promise.all([
    repo.tabCounts(db, caller.orgId),
    repo.pageOrders(db, where, pageSize, (pageNo - 1) * pageSize),
    repo.narrowsBeyondTab(f) ? repo.countOrders(db, where) : Promise.resolve(null),
  ]);
  const counts: Record<string, number> = { ALL: 0 };
  for (const c of countRows) {
    counts[c.s] = c.n;
    counts.ALL = (counts.ALL ?? 0) + c.n;
  }
  const total = filtered ?? counts[f.status ?? 'ALL'] ?? 0;
  const items = group(
    await repo.itemsOf(
      db,
      caller.orgId,
      rows.map((r) => r.id),
    ),
  );
  return { total, list: rows.map((r) => toRow(r, items.get(r.id) ?? [], true)), counts };
}

export async function dropshipOrderDetail(db: Db, caller: Caller, id: number): Promise<DropshipDetail> {
  const [o] = await repo.ordersByIds(db, caller.orgId, [id]);
  if (!o) throw notFound('订单');
  const [items, takes, events, entries] = await Promise.all([
    repo.detailItems(db, caller.orgId, id),
    takeItemsOfOrder(db, caller.orgId, id),
    repo.eventsWithActor(db, id),
    entriesOf(db, caller.orgId, id),
  ]);
  const lines = changeableStatuses(items, takes);
  // The seller's own order shows its full receiver while one is kept (the vault); masked once erased.
  const plain = plainReceiverOf(o);
  const { items: _rowItems, ...row } = toRow({ ...o, receiverName: plain.name, receiverPhone: plain.phone }, items, false);
  return {
    ...row,
    receiverProvince: o.receiverProvince,
    receiverCity: o.receiverCity,
    receiverDistrict: o.receiverDistrict,
    receiverAddress: plain.address,
    receiverEncrypted: o.receiverEncrypted,
    buyerRemark: o.buyerRemark,
    sellerRemark: o.sellerRemark,
    canceledAt: iso(o.canceledAt),
    deliveredAt: iso(o.deliveredAt),
    courierName: o.courierCode ? o.expressName : null,
    items: items.map((i) => {
      const take = takes.find((t) => t.orderItemId === i.id);
      return {
        ...toItem(i),
        takeCode: take?.takeCode ?? null,
        assignmentStatus: take?.assignmentStatus ?? null,
        building: i.building,
        floor: i.floor,
        costSource: i.customGoodsId ? 'CUSTOM_GOODS' : 'LINK',
      };
    }),
    events: events.map(({ event: e, username }) => ({
      id: e.id,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      operation: e.operation,
      operationName: DROPSHIP_OPERATION_NAMES[e.operation] ?? e.operation,
      actor: username ?? (e.actorOrgId === caller.orgId ? '本账号' : '系统'),
      note: e.note,
      createdAt: e.createdAt.toISOString(),
    })),
    entries: entries.map((e) => ({
      id: e.id,
      transactionType: e.transactionType,
      purpose: e.purpose,
      amountFen: e.availableDeltaFen,
      availableAfterFen: e.availableAfterFen,
      remark: e.remark,
      createdAt: e.createdAt.toISOString(),
    })),
    allowed: { pay: canPay(o.status), cancel: canCancel(o.status, lines), updateReceiver: canUpdateReceiver(o.status, lines, o.expressCode) },
  };
}

const EXPORT_CHUNK = 250;

/**
 * The filtered set, masked as in the list: refused past the cap before anything is sent, then read in
 * chunks walked by id (newest first). Each statement is short: reading all 100,000 ids at once held
 * PGlite, and with it the event loop, for about half a second (bench/responsive.bench.ts).
 */
export async function exportDropshipOrders(db: Db, caller: Caller, f: DropshipFilter): Promise<AsyncIterable<DropshipOrderRow[]>> {
  const where = repo.filterWhere(caller.orgId, f);
  if ((await repo.countUpTo(db, where, DROPSHIP_EXPORT_MAX_ROWS + 1)) > DROPSHIP_EXPORT_MAX_ROWS) throw new AppError(ErrorCode.DROPSHIP_EXPORT_TOO_LARGE);
  return (async function* () {
    let before: number | undefined;
    for (;;) {
      const chunk = await repo.orderIdsBefore(db, where, before, EXPORT_CHUNK);
      if (chunk.length === 0) return;
      // One after the other, and the rows made on a later turn of the event loop: each answer's
      // mapping and the page's rows are then separate pieces of work, not one block of 30–50 ms
      // that other callers wait behind (bench/responsive.bench.ts on PostgreSQL).
      const rows = await repo.ordersByIds(db, caller.orgId, chunk);
      const items = await repo.itemsOf(db, caller.orgId, chunk);
      await nextTurn();
      const by = group(items);
      yield rows.map((r) => toRow(r, by.get(r.id) ?? [], true));
      if (chunk.length < EXPORT_CHUNK) return;
      before = chunk[chunk.length - 1];
    }
  })();
}
