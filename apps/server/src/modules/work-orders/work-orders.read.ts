/**
 * Reading work orders: the list (the customer's own, or every organisation's in the console), the
 * conversation (opening it reads the other side's replies and, for the customer, their messages),
 * the images and the Excel export.
 */
import {
  ErrorCode,
  type OperatorWorkOrderListQuery,
  WORK_ORDER_LINK_LABELS,
  WORK_ORDER_STATUS_LABELS,
  WORK_ORDER_TYPE_LABELS,
  type WorkOrderDetail,
  type WorkOrderListQuery,
  type WorkOrderRow,
  workOrderImageUrl,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { timeColumn, workbookBytes, type XlsxColumn } from '../../lib/excel/index.js';
import type { Storage } from '../../lib/storage/index.js';
import { markReadByKeyPrefix } from '../messages/index.js';
import * as repo from './work-orders.repository.js';
import { reopenable, type Side } from './work-orders.service.js';

/** An export holds at most this many rows (the filters narrow a larger list). */
export const WORK_ORDER_EXPORT_MAX_ROWS = 10_000;

type ListRow = Awaited<ReturnType<typeof repo.listWorkOrders>>['rows'][number];
const toRow = (r: ListRow, console: boolean): WorkOrderRow => ({
  ...r,
  orgName: console ? r.orgName : undefined,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listWorkOrders(db: Db, scope: repo.Scope, q: WorkOrderListQuery | OperatorWorkOrderListQuery) {
  const { total, rows } = await repo.listWorkOrders(db, scope, q);
  return { total, list: rows.map((r) => toRow(r, scope === null)) };
}

/** The work order and its conversation; the reader's side has now read the other side's replies. */
export async function workOrderDetail(db: Db, side: Side, id: number): Promise<WorkOrderDetail> {
  const scope = side.kind === 'customer' ? side.caller.orgId : null;
  const w = await repo.findWorkOrder(db, scope, id);
  if (!w) throw notFound('工单');
  await inTransaction(db, async (t) => {
    await repo.clearUnread(t, w.id, side.kind);
    if (side.kind === 'customer') await markReadByKeyPrefix(t, w.orgId, side.caller.userId, `work-order:${w.id}:`);
  });
  const [replies, images, orgName] = [await repo.repliesOf(db, w.id), await repo.imagesOf(db, w.id), await repo.orgNameOf(db, w.orgId)];
  const console = side.kind === 'operator';
  const imagesFor = (replyId: number | null) =>
    images.filter((i) => i.replyId === replyId).map((i) => ({ id: i.id, width: i.width, height: i.height, url: workOrderImageUrl(i.id, console) }));
  return {
    id: w.id,
    workOrderNo: w.workOrderNo,
    type: w.type,
    title: w.title,
    status: w.status,
    linkKind: w.linkKind,
    linkNo: w.linkNo,
    unread: 0,
    score: w.score,
    orgName: console ? orgName : undefined,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
    content: w.content,
    images: imagesFor(null),
    comment: w.comment,
    resolvedAt: w.resolvedAt?.toISOString() ?? null,
    closedAt: w.closedAt?.toISOString() ?? null,
    canReopen: reopenable(w),
    replies: replies.map((r) => ({
      id: r.id,
      side: r.side,
      author: r.side === 'OPERATOR' ? '平台客服' : r.username,
      content: r.content,
      images: imagesFor(r.id),
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** An image of a work order the reader may see (the customer's own, or any in the console); else not found. */
export async function readImage(db: Db, storage: Storage, scope: repo.Scope, imageId: number) {
  const img = await repo.findImage(db, scope, imageId);
  const file = img && (await storage.get(img.storageKey));
  if (!img || !file) throw notFound('图片');
  return { ...file, mime: img.mime };
}

const COLUMNS: XlsxColumn<WorkOrderRow>[] = [
  { header: '工单号', width: 20, value: (r) => r.workOrderNo },
  { header: '类型', value: (r) => WORK_ORDER_TYPE_LABELS[r.type] },
  { header: '标题', width: 30, value: (r) => r.title },
  { header: '状态', value: (r) => WORK_ORDER_STATUS_LABELS[r.status] },
  { header: '关联单号', width: 24, value: (r) => (r.linkKind && r.linkNo ? `${WORK_ORDER_LINK_LABELS[r.linkKind]} ${r.linkNo}` : '') },
  { header: '满意度', value: (r) => (r.score === null ? '' : `${r.score}星`) },
  timeColumn('创建时间', (r) => r.createdAt),
  timeColumn('更新时间', (r) => r.updatedAt),
];
const ORG_COLUMN: XlsxColumn<WorkOrderRow> = { header: '机构', width: 24, value: (r) => r.orgName ?? '' };

/** The filtered list as a spreadsheet (the console's with the organisation). */
export async function exportWorkOrders(db: Db, scope: repo.Scope, q: WorkOrderListQuery | OperatorWorkOrderListQuery) {
  const { total, rows } = await repo.listWorkOrders(db, scope, q, { limit: WORK_ORDER_EXPORT_MAX_ROWS + 1, offset: 0 });
  if (total > WORK_ORDER_EXPORT_MAX_ROWS) {
    throw new AppError(ErrorCode.EXPORT_TOO_LARGE, `导出数据共 ${total} 条，超过 ${WORK_ORDER_EXPORT_MAX_ROWS} 条，请缩小筛选范围后再导出`);
  }
  const columns = scope === null ? [ORG_COLUMN, ...COLUMNS] : COLUMNS;
  return workbookBytes([{ name: '工单', columns, rows: rows.map((r) => toRow(r, scope === null)) }]);
}
