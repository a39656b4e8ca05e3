/**
 * Sealing receivers already in a table (docs/security.md 收货人数据): rows written before receivers
 * were sealed (plain phone, no receiver_key) are sealed and masked, and during a rotation (more than
 * one key listed) rows sealed under an older key are sealed again under the first. Both tables that
 * keep a plain receiver, dropship_orders and shop_orders, name its columns alike. Batches under row
 * locks (skip locked): several processes may run it at once, and running it again finds nothing.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { inTransaction } from '../../db/transaction.js';
import { phoneTail, plainReceiverOf, receiverVault, sealReceiverColumns } from './index.js';

/** The tables with sealed receivers, and what marks a row whose receiver is plain text still. */
const TABLES = {
  // A platform-encrypted receiver (masks, or JD's ciphertexts) is the platform's, not ours to seal.
  dropship_orders: sql.raw(`receiver_key is null and position('*' in receiver_phone) = 0 and not receiver_encrypted`),
  // A platform's encrypted receiver is masked (or empty) and has nothing to seal.
  shop_orders: sql.raw(`receiver_key is null and receiver_phone <> '' and position('*' in receiver_phone) = 0 and not receiver_encrypted`),
} as const;
export type SealedTable = keyof typeof TABLES;

const BATCH = 500;

interface Row {
  id: string | number;
  receiver_name: string;
  receiver_phone: string;
  receiver_province: string;
  receiver_city: string;
  receiver_district: string;
  receiver_address: string;
  receiver_sealed: string | null;
}

const COLUMNS = sql.raw('id, receiver_name, receiver_phone, receiver_province, receiver_city, receiver_district, receiver_address, receiver_sealed');

/** One statement for the batch: each row's receiver in its stored form. */
async function writeSealed(t: Db, table: SealedTable, rows: Row[]) {
  const updates = rows.map((r) => {
    // A row already sealed is opened first: sealing again keeps the plain receiver, not the masked columns.
    const plain = plainReceiverOf({
      receiverName: r.receiver_name,
      receiverPhone: r.receiver_phone,
      receiverAddress: r.receiver_address,
      receiverSealed: r.receiver_sealed,
    });
    const c = sealReceiverColumns({
      receiverName: plain.name,
      receiverPhone: plain.phone,
      receiverProvince: r.receiver_province,
      receiverCity: r.receiver_city,
      receiverDistrict: r.receiver_district,
      receiverAddress: plain.address,
    });
    return {
      id: Number(r.id),
      name: c.receiverName ?? plain.name,
      phone: c.receiverPhone ?? plain.phone,
      address: c.receiverAddress ?? plain.address,
      tail: phoneTail(plain.phone),
      sealed: c.receiverSealed,
      key: c.receiverKey,
    };
  });
  await t.execute(sql`
    update ${sql.identifier(table)} o set receiver_name = x.name, receiver_phone = x.phone, receiver_address = x.address,
      receiver_phone_tail = x.tail, receiver_sealed = x.sealed, receiver_key = x.key
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as x(id bigint, name text, phone text, address text, tail text, sealed text, key text)
    where o.id = x.id`);
}

/** Seals and masks the receivers of `table` still stored plain. Answers how many. */
export async function sealPlainReceivers(db: Db, table: SealedTable): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await inTransaction(db, async (t) => {
      const rows = await queryRows<Row>(
        t,
        sql`select ${COLUMNS} from ${sql.identifier(table)} where ${TABLES[table]} order by id limit ${BATCH} for update skip locked`,
      );
      if (rows.length > 0) await writeSealed(t, table, rows);
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/** Seals again under the first key whatever `table` holds sealed under another. Walks the table by id, once. */
export async function resealStaleReceivers(db: Db, table: SealedTable): Promise<number> {
  const current = `${receiverVault().currentId}.%`;
  let after = 0;
  let total = 0;
  for (;;) {
    const { n, last } = await inTransaction(db, async (t) => {
      const rows = await queryRows<Row>(
        t,
        sql`select ${COLUMNS} from ${sql.identifier(table)}
            where id > ${after} and receiver_sealed is not null and receiver_sealed not like ${current}
            order by id limit ${BATCH} for update skip locked`,
      );
      if (rows.length > 0) await writeSealed(t, table, rows);
      return { n: rows.length, last: rows.length > 0 ? Number(rows[rows.length - 1]?.id) : after };
    });
    total += n;
    after = last;
    if (n < BATCH) return total;
  }
}

/** What start-up does for `table`: seal what is still plain, and during a rotation move old rows to the first key. */
export async function sealReceiversAtStart(db: Db, table: SealedTable) {
  const sealed = await sealPlainReceivers(db, table);
  const resealed = receiverVault().rotating ? await resealStaleReceivers(db, table) : 0;
  return { sealed, resealed };
}
