/**
 * Where a preview keeps a row's receiver. A page of parsed rows is sealed whole (its receivers are
 * plain: the import makes the orders from it); what is shown or kept per row (the list, the bad
 * rows) holds the receiver masked, as every list shows it.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { maskAddress, maskName, maskPhone } from '@dropship/contract';
import { receiverVault } from '../../lib/receiver-vault/index.js';
import type { ParsedRow, RowData } from './row-parser.js';

/** The row with its receiver masked. */
export const maskedRow = (r: ParsedRow): ParsedRow => ({
  ...r,
  data: { ...r.data, receiverName: maskName(r.data.receiverName), receiverPhone: maskPhone(r.data.receiverPhone), address: maskAddress(r.data.address) },
});

/** In front of a page compressed before it was sealed (a key id has no colon). */
const DEFLATED = 'z:';

/**
 * A page of parsed rows as order_import_pages stores it: its JSON compressed (deflate, level 1) and
 * sealed whole. A page's rows repeat their field names and much of their text: 500 rows of a Taobao
 * report are about 270 KB of JSON and 26 KB compressed (1 ms), so the page costs the database a
 * tenth of the writing (and of the TOAST chunks), and the sealing a tenth of the bytes.
 */
export const sealPage = (rows: ParsedRow[]) => DEFLATED + receiverVault().sealBytes(deflateRawSync(JSON.stringify(rows), { level: 1 }));

/**
 * A stored page's rows: compressed and sealed (it starts with `z:`); sealed (it starts with its key
 * id) by the version before; or plain JSON with the receivers masked (it starts with a bracket) for
 * a page the 0055 migration made of rows stored by an earlier version.
 */
export function openPage(text: string): ParsedRow[] {
  if (text.startsWith('[')) return JSON.parse(text) as ParsedRow[];
  if (!text.startsWith(DEFLATED)) return receiverVault().openJson(text) as ParsedRow[];
  return JSON.parse(inflateRawSync(receiverVault().openBytes(text.slice(DEFLATED.length))).toString('utf8')) as ParsedRow[];
}

/**
 * A stored bad row's text: plain JSON (it starts with a brace), or, stored by an earlier version,
 * sealed whole (it starts with its key id).
 */
export const openRow = (data: string) => (data.startsWith('{') ? JSON.parse(data) : receiverVault().openJson(data)) as RowData;
