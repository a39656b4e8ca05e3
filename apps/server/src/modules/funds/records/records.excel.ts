/**
 * Excel exports of the funds record pages (充值记录, 补款, 拿货结算, 对账单): one sheet per call,
 * Chinese headers, money as yuan with two decimals. Exports are bounded so that one click cannot
 * hold the event loop: past EXPORT_MAX_ROWS the caller is asked to narrow the dates.
 */
import { ErrorCode } from '@dropship/contract';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../../lib/app-error.js';

export const EXPORT_MAX_ROWS = 10_000;

export interface SheetColumn<R> {
  header: string;
  width?: number;
  value(row: R): string | number | null;
}

export interface Sheet<R> {
  name: string;
  columns: SheetColumn<R>[];
  rows: R[];
  /** Lines written under the table, e.g. totals. */
  footer?: (string | number)[][];
}

export function assertExportable(total: number) {
  if (total > EXPORT_MAX_ROWS) throw new AppError(ErrorCode.EXPORT_TOO_LARGE, `导出数据共 ${total} 条，超过 ${EXPORT_MAX_ROWS} 条，请缩小日期范围后再导出`);
}

/** Fen → yuan text with two decimals, as the pages show it. */
export const yuan = (fen: number) => {
  const abs = Math.abs(fen);
  return `${fen < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

export async function workbookOf(sheets: Sheet<never>[] | Sheet<unknown>[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '代发助手';
  for (const s of sheets as Sheet<unknown>[]) {
    const ws = wb.addWorksheet(s.name);
    ws.columns = s.columns.map((c) => ({ header: c.header, width: c.width ?? Math.max(12, c.header.length * 2 + 4) }));
    ws.getRow(1).font = { bold: true };
    for (const r of s.rows) ws.addRow(s.columns.map((c) => c.value(r)));
    if (s.footer?.length) {
      ws.addRow([]);
      for (const line of s.footer) ws.addRow(line);
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Answers the workbook as a download named `<fileName>.xlsx` (UTF-8 name for Chinese). */
export async function sendExcel<R>(reply: FastifyReply, fileName: string, sheets: Sheet<R>[]) {
  const bytes = await workbookOf(sheets as unknown as Sheet<unknown>[]);
  const name = encodeURIComponent(`${fileName}.xlsx`);
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${name}`)
    .header('cache-control', 'no-store')
    .send(bytes);
}
