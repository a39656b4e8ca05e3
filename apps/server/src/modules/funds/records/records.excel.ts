/**
 * The bound of the funds record exports (充值记录, 补款, 拿货结算, 对账单), written by lib/excel's
 * in-memory writer: past EXPORT_MAX_ROWS the caller is asked to narrow the dates, so that one click
 * cannot hold the event loop.
 */
import { ErrorCode } from '@dropship/contract';
import { AppError } from '../../../lib/app-error.js';

export const EXPORT_MAX_ROWS = 10_000;

export function assertExportable(total: number) {
  if (total > EXPORT_MAX_ROWS) throw new AppError(ErrorCode.EXPORT_TOO_LARGE, `导出数据共 ${total} 条，超过 ${EXPORT_MAX_ROWS} 条，请缩小日期范围后再导出`);
}
