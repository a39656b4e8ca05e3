/**
 * Streams an .xlsx to the response while the rows are read page by page (exceljs' streaming
 * WorkbookWriter): memory stays flat whatever the row count, and the first bytes leave before the
 * last rows are read. The caller checks the row count first, because once the headers are sent an
 * error can only cut the download short.
 */
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { nextTurn } from '../next-turn.js';
import { cellsOf, type XlsxColumn } from './columns.js';
import { openStreamedSheet } from './exceljs.js';
import { sendXlsx } from './send.js';
import { xlsxThread } from './xlsx-thread.js';

export interface XlsxSheet<R> {
  sheetName: string;
  columns: XlsxColumn<R>[];
  pages: AsyncIterable<R[]>;
  log: FastifyBaseLogger;
}

/**
 * The workbook as a stream, written while the pages are read; a failure ends the stream (the download
 * is cut short, logged). The rows' cells are made here, the workbook is written on the Excel thread
 * (xlsx-thread.ts) unless EXCEL_THREAD=0.
 */
export function writeXlsx<R>(o: XlsxSheet<R>): PassThrough {
  const out = new PassThrough();
  const write = process.env.EXCEL_THREAD === '0' ? writeOnLoop : writeOnThread;
  write(o, out).catch((err) => {
    o.log.error({ err, sheetName: o.sheetName }, '导出失败');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}

async function writeOnThread<R>(o: XlsxSheet<R>, out: PassThrough) {
  const session = xlsxThread.start({ sheetName: o.sheetName, columns: o.columns.map((c) => ({ header: c.header, width: c.width })) }, (bytes) =>
    out.write(bytes),
  );
  // The download cut short: nothing more is read or written for it.
  const gone = () => session.abort();
  out.once('close', gone);
  let finished = false;
  try {
    for await (const page of o.pages) {
      if (out.destroyed) return;
      // The page's cells are made a slice at a time, the loop's other work between slices: with the
      // database's answer and the page's own rows, a whole page at once held it 30–60 ms.
      const cells = [];
      for (let i = 0; i < page.length; i++) {
        if (i % CELL_SLICE === 0) await nextTurn();
        cells.push(cellsOf(o.columns, page[i] as R));
      }
      await session.write(cells);
      // A slow download: the next page waits until what was written has gone out.
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    await session.end();
    finished = true;
    out.end();
  } finally {
    out.off('close', gone);
    // A failure, or a download found gone before its close was heard: the thread drops the workbook
    // (a no-op once it has ended or was aborted).
    if (!finished) session.abort();
  }
}

/** The same workbook written on the event loop, a slice of rows at a time. */
async function writeOnLoop<R>(o: XlsxSheet<R>, out: PassThrough) {
  const { wb, ws } = await openStreamedSheet(out, o.sheetName, o.columns);
  for await (const page of o.pages) {
    for (let i = 0; i < page.length; i++) {
      ws.addRow(cellsOf(o.columns, page[i] as R)).commit();
      // The event loop's other work between slices: written at once, a page of 1,000 rows held it
      // 100–250 ms on PostgreSQL (bench/responsive.bench.ts).
      if (i % WRITE_SLICE === WRITE_SLICE - 1) await nextTurn();
    }
  }
  ws.commit();
  await wb.commit();
}

export function sendXlsxStream<R>(reply: FastifyReply, o: XlsxSheet<R> & { fileName: string }) {
  return sendXlsx(reply, o.fileName, writeXlsx(o));
}

export const EXPORT_CHUNK = 1_000;

/** Rows written between two turns of the event loop. */
const WRITE_SLICE = 20;
/** Rows turned into cells between two turns of the event loop. */
const CELL_SLICE = 50;

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
