/**
 * An .xlsx download written while it is read: rows come in chunks (keyset by id, newest first),
 * so no single query or write holds the event loop for long, whatever the row count.
 */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

export interface XlsxColumn<R> {
  header: string;
  width: number;
  value(row: R): string | number;
}

export const EXPORT_CHUNK = 1_000;

/** Beijing wall time, as the pages show it. */
export const beijingTime = (d: Date | null) => (d ? new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') : '');

export function streamXlsx<R extends { id: number }>(
  sheetName: string,
  columns: XlsxColumn<R>[],
  chunkBefore: (beforeId: number | undefined) => Promise<R[]>,
  log: FastifyBaseLogger,
): PassThrough {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  wb.creator = '代发助手';
  const ws = wb.addWorksheet(sheetName);
  ws.columns = columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width }));
  ws.getRow(1).font = { bold: true };
  void (async () => {
    let before: number | undefined;
    for (;;) {
      const rows = await chunkBefore(before);
      for (const r of rows) ws.addRow(columns.map((c) => c.value(r))).commit();
      if (rows.length < EXPORT_CHUNK) break;
      before = rows[rows.length - 1]?.id;
    }
    ws.commit();
    await wb.commit();
  })().catch((e: unknown) => {
    log.error({ err: e, sheetName }, '导出失败');
    out.destroy(e instanceof Error ? e : new Error(String(e)));
  });
  return out;
}

/** Answers the stream as a download named `<fileName>.xlsx` (UTF-8 name for Chinese). */
export function sendXlsx(reply: FastifyReply, fileName: string, stream: PassThrough) {
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(`${fileName}.xlsx`)}`)
    .header('cache-control', 'no-store')
    .send(stream);
}
