/**
 * Following after-sales: the list with every tab's count (kept counters, or capped counts under filters), the detail with its
 * timeline, money (the ledger entries linked to it) and the actions its status allows, the export and
 * the quick query across orders, after-sales and problem parcels. Receivers are masked as stored.
 */
import {
  AFTER_SALE_COUNT_CAP,
  AFTER_SALE_EXPORT_MAX_ROWS,
  AFTER_SALE_OPERATION_NAMES,
  type AfterSaleDetail,
  type AfterSaleFilter,
  type AfterSalePageBody,
  type AfterSalePageResult,
  type AfterSaleRow,
  ErrorCode,
  INSPECTION_RESULT_NAMES,
  type QuickQueryResult,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { cappedTabCounts, type TabCounts } from '../../lib/tab-counts.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './after-sale.repository.js';
import * as list from './list.repository.js';
import { keptStatusCounts } from './status-counts.repository.js';
import { actionsOf } from './status-machine.js';

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());

export function toRow(r: list.ListRow): AfterSaleRow {
  return {
    id: Number(r.id),
    afterSaleNo: r.after_sale_no,
    status: r.status as AfterSaleRow['status'],
    type: r.type as AfterSaleRow['type'],
    source: r.source as AfterSaleRow['source'],
    returnStatus: r.return_status as AfterSaleRow['returnStatus'],
    orderId: Number(r.order_id),
    orderNo: r.order_no,
    shopName: r.shop_name,
    channel: r.channel,
    platformOrderId: r.platform_order_id,
    platformRefundId: r.platform_refund_id,
    receiverName: r.receiver_name,
    receiverPhone: r.receiver_phone,
    itemId: Number(r.item_id),
    title: r.title,
    spec: r.spec,
    picUrl: r.pic_url,
    stallName: r.stall_name,
    artNo: r.art_no,
    color: r.color,
    size: r.size,
    quantity: r.quantity,
    platformRefundFen: Number(r.platform_refund_fen),
    refundFen: Number(r.refund_fen),
    refundedFen: Number(r.refunded_fen),
    reason: r.reason,
    returnCourierName: r.return_courier_name,
    returnWaybillNo: r.return_waybill_no,
    trackingNo: r.tracking_no,
    createdAt: iso(r.created_at) as string,
    updatedAt: iso(r.updated_at) as string,
    finishedAt: iso(r.finished_at),
  };
}

/**
 * The tab counts: the kept counters when no filter is set (exact, a few rows), else exact or honestly
 * capped under the filters (lib/tab-counts.ts, decision 0041). `cap` is a parameter for the tests.
 */
async function tabCounts(db: Db, orgId: number, f: Omit<AfterSaleFilter, 'status'>, status: string | undefined, cap: number): Promise<TabCounts> {
  if (!list.isFiltered(f)) {
    const counts = await keptStatusCounts(db, orgId);
    counts.ALL = Object.values(counts).reduce((a, b) => a + b, 0);
    return { counts, capped: [] };
  }
  const where = list.filterWhere(orgId, f);
  return cappedTabCounts(
    () => list.sampleCounts(db, where, cap),
    (tab) => list.countUpTo(db, where, tab, cap),
    status,
    cap,
  );
}

export async function pageAfterSales(
  db: Db,
  caller: Caller,
  q: z.output<typeof AfterSalePageBody>,
  cap: number = AFTER_SALE_COUNT_CAP,
): Promise<AfterSalePageResult> {
  const { pageNo, pageSize, status, ...f } = q;
  const { counts, capped } = await tabCounts(db, caller.orgId, f, status, cap);
  const rows = await list.pageRows(db, list.filterWhere(caller.orgId, f), status, pageSize, (pageNo - 1) * pageSize);
  const tab = status ?? 'ALL';
  return { total: counts[tab] ?? 0, totalCapped: capped.includes(tab), list: rows.map(toRow), counts, countsCapped: capped };
}

export async function afterSaleDetail(db: Db, caller: Caller, id: number): Promise<AfterSaleDetail> {
  const [r] = await list.rowsByIds(db, caller.orgId, [id]);
  if (!r) throw notFound('售后单');
  const [events, entries, full] = await Promise.all([
    repo.eventsWithActor(db, id),
    repo.entriesOf(db, caller.orgId, id),
    repo.findAfterSale(db, caller.orgId, id),
  ]);
  const row = toRow(r);
  return {
    ...row,
    remark: r.remark,
    photos: r.photos,
    orderStatus: r.order_status,
    orderCombinedStatus: r.combined_status,
    unitCostFen: Number(r.unit_cost_fen),
    lineQuantity: r.line_quantity,
    money: entries.map((e) => ({ type: e.transactionType, amountFen: e.availableDeltaFen, createdAt: e.createdAt.toISOString(), note: e.remark ?? '' })),
    timeline: events.map(({ event: e, username }) => ({
      id: e.id,
      operation: e.operation,
      operationName: AFTER_SALE_OPERATION_NAMES[e.operation] ?? e.operation,
      fromStatus: e.fromStatus,
      toStatus: e.toStatus,
      note: e.note,
      actorName: username ?? (e.actorOrgId === null ? '平台' : e.actorOrgId === caller.orgId ? '本账号' : '系统'),
      createdAt: e.createdAt.toISOString(),
    })),
    actions: actionsOf(
      { status: row.status, returnStatus: row.returnStatus, source: row.source, type: row.type, replacementOrderId: full?.replacementOrderId ?? null },
      r.order_status,
    ),
    inspection: full?.inspectionResult
      ? {
          result: full.inspectionResult,
          resultName: INSPECTION_RESULT_NAMES[full.inspectionResult],
          receivedQuantity: full.receivedQuantity ?? 0,
          photos: full.inspectionPhotos,
          note: full.inspectionNote,
          inspectedAt: (full.inspectedAt ?? full.updatedAt).toISOString(),
        }
      : null,
    negotiateFen: full?.negotiateFen ?? null,
    replacementOrderId: full?.replacementOrderId ?? null,
    replacementOrderNo: full?.replacementOrderNo ?? null,
  };
}

const EXPORT_CHUNK = 1_000;

/** The filtered set, masked as in the list: refused past the cap before anything is sent, then read in chunks. */
export async function exportAfterSales(db: Db, caller: Caller, f: AfterSaleFilter): Promise<AsyncIterable<AfterSaleRow[]>> {
  const { status, ...rest } = f;
  const ids = await list.exportIds(db, list.filterWhere(caller.orgId, rest), status, AFTER_SALE_EXPORT_MAX_ROWS + 1);
  if (ids.length > AFTER_SALE_EXPORT_MAX_ROWS) throw new AppError(ErrorCode.AFTER_SALE_EXPORT_TOO_LARGE);
  return (async function* () {
    for (let i = 0; i < ids.length; i += EXPORT_CHUNK) {
      yield (await list.rowsByIds(db, caller.orgId, ids.slice(i, i + EXPORT_CHUNK))).map(toRow);
    }
  })();
}

/** 快速查询: at most 20 of each, newest first. */
export async function quickQuery(db: Db, caller: Caller, keyword: string): Promise<QuickQueryResult> {
  const k = keyword.trim();
  const orders = await list.quickOrders(db, caller.orgId, k);
  const afterSales = await list.quickAfterSales(db, caller.orgId, k);
  const parcels = await list.quickParcels(db, caller.orgId, k);
  return {
    orders: orders.map((o) => ({
      id: Number(o.id),
      orderNo: o.order_no,
      platformOrderId: o.platform_order_id,
      shopName: o.shop_name,
      status: o.status,
      combinedStatus: o.combined_status,
      receiverName: o.receiver_name,
      receiverPhone: o.receiver_phone,
      trackingNo: o.tracking_no,
      createdAt: iso(o.created_at) as string,
    })),
    afterSales: afterSales.map(toRow),
    parcels: parcels.map((p) => ({ id: Number(p.id), trackingNo: p.tracking_no, status: p.status, reason: p.reason, createdAt: iso(p.created_at) as string })),
  };
}
