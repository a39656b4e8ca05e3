/**
 * Where a preview keeps a row's receiver. A page of parsed rows is sealed whole (its receivers are
 * plain: the import makes the orders from it); what is shown or kept per row (the list, the bad
 * rows) holds the receiver masked, as every list shows it.
 */
import { maskAddress, maskName, maskPhone } from '@dropship/contract';
import { receiverVault } from '../../lib/receiver-vault/index.js';
import type { ParsedRow, RowData } from './row-parser.js';

/** The row with its receiver masked. */
export const maskedRow = (r: ParsedRow): ParsedRow => ({
  ...r,
  data: { ...r.data, receiverName: maskName(r.data.receiverName), receiverPhone: maskPhone(r.data.receiverPhone), address: maskAddress(r.data.address) },
});

/** A page of parsed rows as order_import_pages stores it: sealed whole. */
export const sealPage = (rows: ParsedRow[]) => receiverVault().sealJson(rows);

/**
 * A stored page's rows: sealed (it starts with its key id), or plain JSON with the receivers masked
 * (it starts with a bracket) for a page the 0055 migration made of rows stored by an earlier version.
 */
export const openPage = (text: string) => (text.startsWith('[') ? JSON.parse(text) : receiverVault().openJson(text)) as ParsedRow[];

/**
 * A stored bad row's text: plain JSON (it starts with a brace), or, stored by an earlier version,
 * sealed whole (it starts with its key id).
 */
export const openRow = (data: string) => (data.startsWith('{') ? JSON.parse(data) : receiverVault().openJson(data)) as RowData;
