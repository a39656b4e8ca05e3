/**
 * exceljs, loaded by the first spreadsheet rather than when the server starts: it adds about 16 MB
 * to the resident memory of a server that may export nothing all day (decision 0043). Node keeps the
 * module once loaded, so later calls cost a lookup.
 */
import type { Writable } from 'node:stream';
import type ExcelJS from 'exceljs';
import { type ColumnHead, writeHeader } from './columns.js';

export async function loadExcelJS(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/**
 * exceljs' streaming writer on `out`, its one sheet's header row written and committed: how both
 * the Excel thread and the event-loop writer (`EXCEL_THREAD=0`) start a streamed workbook.
 */
export async function openStreamedSheet(out: Writable, sheetName: string, columns: readonly ColumnHead[]) {
  const wb = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = '代发助手';
  const ws = wb.addWorksheet(sheetName);
  writeHeader(ws, columns);
  ws.getRow(1).commit();
  return { wb, ws };
}
