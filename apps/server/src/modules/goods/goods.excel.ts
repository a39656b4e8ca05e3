/**
 * Spreadsheets of the goods pages: exports (one sheet through lib/excel, ids written as text so long
 * platform ids keep every digit) and imports (the .xlsx sent as base64, read by header name so the
 * column order does not matter). Both are bounded: the event loop must not be held for long.
 */
import { ErrorCode } from '@dropship/contract';
import type { FastifyReply } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { loadExcelJS, sendExcel, type XlsxColumn } from '../../lib/excel/index.js';

export const EXCEL_MAX_ROWS = 20_000;
/** Route body limit for uploads: a 10 MB file grows by a third in base64. */
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024;

export function assertExportable(total: number) {
  if (total > EXCEL_MAX_ROWS) throw new AppError(ErrorCode.GOODS_EXPORT_TOO_LARGE, `导出数据共 ${total} 条，超过2万条，请缩小筛选范围后再导出`);
}

/** The goods pages' sheets are read back by the imports, so their text cells stay text (long ids keep every digit). */
export function sendSheet<R>(reply: FastifyReply, fileName: string, name: string, columns: XlsxColumn<R>[], rows: R[]) {
  return sendExcel(reply, fileName, [{ name, columns, rows, textCells: true }]);
}

export interface SheetRow {
  /** The row number as Excel shows it (header = 1). */
  rowNo: number;
  get(header: string): string;
}

/**
 * Reads the first sheet: the header row names the columns (`required` must all be there), every
 * later non-empty row becomes a SheetRow of trimmed texts. A file that is not an .xlsx, or has
 * too many rows, is refused before anything is written.
 */
export async function readSheet(contentBase64: string, required: string[]): Promise<SheetRow[]> {
  const bytes = Buffer.from(contentBase64, 'base64');
  // An .xlsx is a zip: anything else (an .xls, a CSV renamed) is refused with a clear message.
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) throw new AppError(ErrorCode.IMPORT_FILE_INVALID);
  const wb = new (await loadExcelJS()).Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError(ErrorCode.IMPORT_FILE_INVALID);
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new AppError(ErrorCode.IMPORT_FILE_INVALID);
  if (ws.actualRowCount - 1 > EXCEL_MAX_ROWS) throw new AppError(ErrorCode.IMPORT_TOO_MANY_ROWS);
  const columns = new Map<string, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const h = cell.text.trim();
    if (h) columns.set(h, col);
  });
  const missing = required.filter((h) => !columns.has(h));
  if (missing.length > 0) throw new AppError(ErrorCode.IMPORT_FILE_INVALID, `表头缺少“${missing.join('”“')}”列，请使用本页导出的文件填写后导入`);
  const rows: SheetRow[] = [];
  ws.eachRow((row, rowNo) => {
    if (rowNo === 1) return;
    const get = (header: string) => {
      const col = columns.get(header);
      return col === undefined ? '' : row.getCell(col).text.trim();
    };
    if ([...columns.keys()].every((h) => get(h) === '')) return;
    rows.push({ rowNo, get });
  });
  return rows;
}

/** One Chinese error for a file with bad rows: the first few, and how many in all. Nothing is written. */
export function rowErrors(errors: { rowNo: number; message: string }[]): AppError {
  const shown = errors
    .slice(0, 5)
    .map((e) => `第${e.rowNo}行：${e.message}`)
    .join('；');
  const more = errors.length > 5 ? `；共${errors.length}行有误` : '';
  return new AppError(ErrorCode.IMPORT_ROWS_INVALID, `导入文件有错误，本次未导入任何数据，请修正后重新导入。${shown}${more}`);
}
