/**
 * The in-memory writer: small, bounded exports (the caller checks the row count) built whole and
 * answered as one buffer, several sheets if need be.
 */
import type { FastifyReply } from 'fastify';
import { cellsOf, writeHeader, type XlsxColumn } from './columns.js';
import { loadExcelJS } from './exceljs.js';
import { sendXlsx } from './send.js';

export interface Sheet<R> {
  name: string;
  columns: XlsxColumn<R>[];
  rows: R[];
  /** Lines written under the table after one blank row, e.g. totals. */
  footer?: (string | number)[][];
  /**
   * Text cells formatted as text, so Excel shows 3712345678901234 instead of 3.71235E+15 and keeps
   * it on re-import: sheets that are read back (goods, links, suppliers).
   */
  textCells?: boolean;
}

export async function workbookBytes(sheets: readonly Sheet<unknown>[]): Promise<Buffer> {
  const wb = new (await loadExcelJS()).Workbook();
  wb.creator = '代发助手';
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    writeHeader(ws, s.columns);
    for (const r of s.rows) {
      const row = ws.addRow(cellsOf(s.columns, r));
      if (s.textCells) {
        row.eachCell((cell) => {
          if (typeof cell.value === 'string') cell.numFmt = '@';
        });
      }
    }
    if (s.footer?.length) {
      ws.addRow([]);
      for (const line of s.footer) ws.addRow(line);
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Answers the sheets as the download `<fileName>.xlsx`. */
export async function sendExcel(reply: FastifyReply, fileName: string, sheets: readonly Sheet<unknown>[]) {
  return sendXlsx(reply, fileName, await workbookBytes(sheets));
}
