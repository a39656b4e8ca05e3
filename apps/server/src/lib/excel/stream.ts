/**
 * Streams an .xlsx to the response while the rows are read page by page (exceljs' streaming
 * WorkbookWriter): memory stays flat whatever the row count, and the first bytes leave before the
 * last rows are read. The caller checks the row count first, because once the headers are sent an
 * error can only cut the download short.
 */
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { cellsOf, writeHeader, type XlsxColumn } from './columns.js';
import { loadExcelJS } from './exceljs.js';
import { sendXlsx } from './send.js';

export interface XlsxSheet<R> {
  sheetName: string;
  columns: XlsxColumn<R>[];
  pages: AsyncIterable<R[]>;
  log: FastifyBaseLogger;
}

/** The workbook as a stream, written while the pages are read; a failure ends the stream (the download is cut short, logged). */
export function writeXlsx<R>(o: XlsxSheet<R>): PassThrough {
  const out = new PassThrough();
  const write = async () => {
    const wb = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    wb.creator = '代发助手';
    const ws = wb.addWorksheet(o.sheetName);
    writeHeader(ws, o.columns);
    ws.getRow(1).commit();
    for await (const page of o.pages) {
      for (const r of page) ws.addRow(cellsOf(o.columns, r)).commit();
    }
    ws.commit();
    await wb.commit();
  };
  write().catch((err) => {
    o.log.error({ err, sheetName: o.sheetName }, '导出失败');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

export function sendXlsxStream<R>(reply: FastifyReply, o: XlsxSheet<R> & { fileName: string }) {
  return sendXlsx(reply, o.fileName, writeXlsx(o));
}

export const EXPORT_CHUNK = 1_000;

/** Rows read in chunks by keyset (id, newest first) until a short chunk: no query holds the event loop long. */
export async function* keysetPages<R extends { id: number }>(chunkBefore: (beforeId: number | undefined) => Promise<R[]>): AsyncIterable<R[]> {
  let before: number | undefined;
  for (;;) {
    const rows = await chunkBefore(before);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_CHUNK) return;
    before = rows[rows.length - 1]?.id;
  }
}
