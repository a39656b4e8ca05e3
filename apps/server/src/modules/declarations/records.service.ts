/**
 * 报单记录 (every declared line, filters, Excel export) and 报单拿货 (submitted goods grouped by
 * stall with how many are waiting, taken, out of stock… : the pick-up progress of declarations).
 */
import {
  type DeclarationGoodsResult,
  type DeclarationRecordFilter,
  type DeclarationRecordPageResult,
  type DeclarationRecordRow,
  type DeclarationStallGoods,
  ErrorCode,
  maskName,
  maskPhone,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './records.repository.js';

/** Past this many rows an export is refused: narrow the dates instead. */
export const RECORD_EXPORT_MAX_ROWS = 100_000;
/** 报单拿货 reads at most this many lines (a busy seller's weeks); narrower dates show the rest. */
export const GOODS_MAX_LINES = 20_000;

const toRecord = (r: repo.RecordRaw): DeclarationRecordRow => ({
  id: Number(r.id),
  declarationId: Number(r.declaration_id),
  declarationNo: r.declaration_no,
  status: r.status,
  lineNo: r.line_no,
  stall: r.stall,
  artNo: r.art_no,
  color: r.color,
  size: r.size,
  quantity: r.quantity,
  unitPriceFen: Number(r.unit_price_fen),
  receiverName: maskName(r.receiver?.name ?? ''),
  receiverPhone: maskPhone(r.receiver?.phone ?? ''),
  orderNo: r.order_no,
  takeStatus: r.take_status,
  createdAt: new Date(r.created_at).toISOString(),
});

export async function pageRecords(
  db: Db,
  orgId: number,
  q: DeclarationRecordFilter & { pageNo: number; pageSize: number },
): Promise<DeclarationRecordPageResult> {
  const where = repo.recordWhere(orgId, q);
  const [total, rows] = await Promise.all([repo.countRecords(db, where), repo.pageRecords(db, where, q.pageSize, (q.pageNo - 1) * q.pageSize)]);
  return { total, list: rows.map(toRecord) };
}

/** The export's pages, after checking the row count (once the file starts, an error can only cut it short). */
export async function exportRecords(db: Db, orgId: number, f: DeclarationRecordFilter): Promise<AsyncIterable<DeclarationRecordRow[]>> {
  const where = repo.recordWhere(orgId, f);
  const total = await repo.countRecords(db, where);
  if (total > RECORD_EXPORT_MAX_ROWS) throw new AppError(ErrorCode.DECLARATION_EXPORT_TOO_LARGE);
  return (async function* () {
    for (let offset = 0; offset < total; offset += 1000) yield (await repo.pageRecords(db, where, 1000, offset)).map(toRecord);
  })();
}

/** Status key of a line on the pick-up view: its take status, or why there is none. */
const statusKey = (r: repo.RecordRaw) => (r.order_status === 'CANCELED' ? 'CANCELED' : (r.take_status ?? 'UNPAID'));

export async function goodsByStall(db: Db, orgId: number, f: Pick<DeclarationRecordFilter, 'dateFrom' | 'dateTo' | 'stall'>): Promise<DeclarationGoodsResult> {
  const rows = await repo.submittedLines(db, orgId, f, GOODS_MAX_LINES);
  const stalls = new Map<string, DeclarationStallGoods>();
  for (const r of rows) {
    const key = r.supplier_id === null ? `stall:${r.stall}` : `id:${r.supplier_id}`;
    const s = stalls.get(key) ?? {
      stall: r.stall_name || r.stall,
      supplierId: r.supplier_id,
      market: r.market ?? '',
      stallNo: r.stall_no ?? '',
      lines: 0,
      quantity: 0,
      goodsFen: 0,
      byStatus: {},
      items: [],
    };
    s.lines += 1;
    s.quantity += r.quantity;
    s.goodsFen += r.quantity * Number(r.unit_price_fen);
    s.byStatus[statusKey(r)] = (s.byStatus[statusKey(r)] ?? 0) + r.quantity;
    s.items.push({
      declarationNo: r.declaration_no,
      orderNo: r.order_no,
      artNo: r.art_no,
      color: r.color,
      size: r.size,
      quantity: r.quantity,
      takeStatus: r.take_status,
    });
    stalls.set(key, s);
  }
  return { stalls: [...stalls.values()].sort((a, b) => b.quantity - a.quantity || a.stall.localeCompare(b.stall, 'zh-CN')) };
}
