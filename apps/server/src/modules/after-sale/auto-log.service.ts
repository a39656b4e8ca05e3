/** The automatic after-sale log (自动售后日志): the page with its filters and the Excel export, the caller's only. */
import {
  AUTO_AFTER_SALE_LOG_EXPORT_MAX_ROWS,
  AUTO_AFTER_SALE_RESULT_NAMES,
  AUTO_AFTER_SALE_RULE_NAMES,
  type AutoAfterSaleLogFilter,
  type AutoAfterSaleLogPage,
  type AutoAfterSaleLogPageBody,
  type AutoAfterSaleLogRow,
  ErrorCode,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { EXPORT_CHUNK, timeColumn, type XlsxColumn } from '../../lib/excel/index.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './auto-after-sale.repository.js';

const toRow = (r: repo.LogRow): AutoAfterSaleLogRow => ({
  id: Number(r.id),
  createdAt: new Date(r.created_at).toISOString(),
  shopId: r.shop_id,
  shopName: r.shop_name ?? '',
  afterSaleId: Number(r.after_sale_id),
  afterSaleNo: r.after_sale_no,
  orderNo: r.order_no,
  platformRefundId: r.platform_refund_id ?? '',
  rule: r.rule as AutoAfterSaleLogRow['rule'],
  result: r.result as AutoAfterSaleLogRow['result'],
  message: r.message,
});

export async function pageAutoLog(db: Db, caller: Caller, q: z.output<typeof AutoAfterSaleLogPageBody>): Promise<AutoAfterSaleLogPage> {
  const { pageNo, pageSize, ...f } = q;
  const where = repo.logWhere(caller.orgId, f);
  const total = await repo.logCount(db, where);
  const rows = await repo.logPage(db, where, pageSize, (pageNo - 1) * pageSize);
  return { total, list: rows.map(toRow) };
}

/** The filtered log, refused past the cap before anything is sent, then read in chunks. */
export async function exportAutoLog(db: Db, caller: Caller, f: AutoAfterSaleLogFilter): Promise<AsyncIterable<AutoAfterSaleLogRow[]>> {
  const where = repo.logWhere(caller.orgId, f);
  if ((await repo.logCount(db, where)) > AUTO_AFTER_SALE_LOG_EXPORT_MAX_ROWS) throw new AppError(ErrorCode.AUTO_AFTER_SALE_LOG_EXPORT_TOO_LARGE);
  return (async function* () {
    for (let offset = 0; ; offset += EXPORT_CHUNK) {
      const rows = await repo.logPage(db, where, EXPORT_CHUNK, offset);
      if (rows.length) yield rows.map(toRow);
      if (rows.length < EXPORT_CHUNK) return;
    }
  })();
}

export const AUTO_LOG_COLUMNS: XlsxColumn<AutoAfterSaleLogRow>[] = [
  timeColumn('处理时间', (r) => r.createdAt),
  { header: '店铺', width: 20, value: (r) => r.shopName },
  { header: '售后单号', width: 22, value: (r) => r.afterSaleNo },
  { header: '代发订单号', width: 22, value: (r) => r.orderNo },
  { header: '平台退款单号', width: 22, value: (r) => r.platformRefundId },
  { header: '规则', width: 30, value: (r) => (r.rule ? AUTO_AFTER_SALE_RULE_NAMES[r.rule] : '') },
  { header: '结果', value: (r) => AUTO_AFTER_SALE_RESULT_NAMES[r.result] },
  { header: '说明', width: 50, value: (r) => r.message },
];
