/**
 * Helpers of the goods and abnormal-order tests: a digest of every table those calls may write
 * (so "changed nothing" covers updates as well as inserts), spreadsheet bytes for imports, and
 * shorthands for signed calls.
 */
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import type { Session } from './helpers.js';
import { call, envelope } from './support.js';

const TABLES = ['suppliers', 'stall_directory', 'supplier_items', 'shop_skus', 'goods_links', 'goods_link_rules', 'custom_goods', 'shop_orders'];

/** One md5 per table over all its rows: equal digests before and after mean nothing was written. */
export async function goodsDigest(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const [r] = await queryRows<{ d: string | null }>(db, sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as d from ${table} t`));
    out[table] = r?.d ?? '';
  }
  return out;
}

/** An .xlsx with a header row and rows, as the page would upload it (base64). */
export async function xlsxBase64(header: string[], rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

/** The rows of a downloaded .xlsx as header → text records. */
export async function readXlsx(bytes: Buffer): Promise<Record<string, string>[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const headers: string[] = [];
  ws.getRow(1).eachCell((c, i) => {
    headers[i] = c.text;
  });
  const out: Record<string, string>[] = [];
  ws.eachRow((row, n) => {
    if (n === 1) return;
    const rec: Record<string, string> = {};
    headers.forEach((h, i) => {
      if (h) rec[h] = row.getCell(i).text;
    });
    out.push(rec);
  });
  return out;
}

export function api(app: FastifyInstance) {
  return {
    post: async <T = unknown>(url: string, s: Session, payload: unknown, headers?: Record<string, string>) =>
      envelope<T>(await call(app, { method: 'POST', url, session: s, payload: payload as Record<string, unknown>, ...(headers ? { headers } : {}) })),
    get: async <T = unknown>(url: string, s: Session, headers?: Record<string, string>) =>
      envelope<T>(await call(app, { url, session: s, ...(headers ? { headers } : {}) })),
    raw: (url: string, s: Session) => call(app, { url, session: s }),
  };
}

export const isChineseMsg = (s: string) => /[\u4e00-\u9fff]/.test(s);
