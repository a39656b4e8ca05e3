/** Answers a workbook as a download; the one place that names the type and the file. */
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The download `<fileName>.xlsx` (the UTF-8 name for Chinese, "export.xlsx" for old clients), never cached. */
export function sendXlsx(reply: FastifyReply, fileName: string, body: Buffer | Readable) {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(`${fileName}.xlsx`)}`)
    .header('cache-control', 'no-store')
    .send(body);
}
