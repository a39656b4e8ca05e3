/**
 * A preview row holds its receiver as the order will store it: the masked display values in the
 * row, the sealed plain copy and its HMAC beside them (sealReceiverColumns, the orders' own form).
 * The row is then no secret (stored as plain JSON: nothing to open for the preview list, the error
 * export or the import), and the import writes the sealed copy as it is instead of opening the row
 * and sealing the receiver again. Sealed where the rows are stored (insertRows): the parse thread,
 * the slower side of the preview with the file's reading and checking, parses the next batch
 * meanwhile (decision 0007, "Performance").
 */
import { receiverVault, sealReceiverColumns } from '../../lib/receiver-vault/index.js';
import type { StoredReceiver } from '../../lib/shop-order-row.js';
import type { RowData } from './row-parser.js';

/** The row with its receiver in its stored form; a row already so is answered as it is. */
export function withStoredReceiver(d: RowData): RowData {
  if (d.receiverSealed !== undefined) return d;
  const s = sealReceiverColumns({
    receiverName: d.receiverName,
    receiverPhone: d.receiverPhone,
    receiverProvince: d.province,
    receiverCity: d.city,
    receiverDistrict: d.district,
    receiverAddress: d.address,
  });
  return {
    ...d,
    receiverName: s.receiverName ?? d.receiverName,
    receiverPhone: s.receiverPhone ?? d.receiverPhone,
    address: s.receiverAddress ?? d.address,
    receiverSealed: s.receiverSealed,
    receiverKey: s.receiverKey,
  };
}

/** The stored receiver of a row sealed so; undefined for a row stored before (its receiver is plain). */
export function storedReceiverOf(d: RowData): StoredReceiver | undefined {
  return d.receiverSealed === undefined ? undefined : { receiverSealed: d.receiverSealed, receiverKey: d.receiverKey ?? null };
}

/**
 * A stored row's text: plain JSON (it starts with a brace) with its receiver masked and sealed beside
 * it, or, stored by an earlier version, sealed whole (it starts with its key id) or plain before the vault.
 */
export const openRow = (data: string) => (data.startsWith('{') ? JSON.parse(data) : receiverVault().openJson(data)) as RowData;
