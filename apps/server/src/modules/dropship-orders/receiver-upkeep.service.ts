/**
 * The receiver vault's upkeep on dropship orders (docs/security.md 收货人数据):
 * - at start, rows written before receivers were sealed (plain phone, no receiver_key) are sealed and
 *   masked, and while RECEIVER_KEYS lists more than one key (a rotation), rows sealed under an older
 *   key are sealed again under the first;
 * - a recurring job erases the sealed plain receiver RECEIVER_RETAIN_DAYS after the order finished or
 *   was cancelled (the masked columns, the phone's last four and receiver_key stay). Until then
 *   after-sales and a reprinted waybill still have it.
 * Each step works in batches under row locks (skip locked), so several processes may run it at once,
 * and running it again finds nothing left to do.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { inTransaction } from '../../db/transaction.js';
import { receiverVault } from '../../lib/receiver-vault/index.js';
import { plainReceiverOf, sealedReceiverColumns } from './receiver.js';

export const RECEIVER_RETENTION_JOB = 'dropship.receiverRetention';
export const RECEIVER_RETENTION_INTERVAL_MS = 6 * 3_600_000;
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

/** One statement for the batch: the new stored form of each row's receiver. */
async function writeSealed(t: Db, rows: Row[]) {
  const updates = rows.map((r) => {
    // A row already sealed is opened first: the re-seal keeps the plain receiver, not the masked columns.
    const plain = r.receiver_sealed
      ? plainReceiverOf({ receiverName: '', receiverPhone: '', receiverAddress: '', receiverSealed: r.receiver_sealed })
      : { name: r.receiver_name, phone: r.receiver_phone, address: r.receiver_address };
    const c = sealedReceiverColumns({
      receiverName: plain.name,
      receiverPhone: plain.phone,
      receiverProvince: r.receiver_province,
      receiverCity: r.receiver_city,
      receiverDistrict: r.receiver_district,
      receiverAddress: plain.address,
    });
    return { id: Number(r.id), name: c.receiverName ?? plain.name, phone: c.receiverPhone ?? plain.phone, address: c.receiverAddress ?? plain.address, ...c };
  });
  await t.execute(sql`
    update dropship_orders o set receiver_name = x.name, receiver_phone = x.phone, receiver_address = x.address,
      receiver_phone_tail = x."receiverPhoneTail", receiver_sealed = x."receiverSealed", receiver_key = x."receiverKey"
    from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as x(id bigint, name text, phone text, address text,
      "receiverPhoneTail" text, "receiverSealed" text, "receiverKey" text)
    where o.id = x.id`);
}

const COLUMNS = sql.raw('id, receiver_name, receiver_phone, receiver_province, receiver_city, receiver_district, receiver_address, receiver_sealed');

/** Seals and masks the receivers still stored plain (rows from before the vault). Answers how many. */
export async function sealPlainReceivers(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await inTransaction(db, async (t) => {
      const rows = await queryRows<Row>(
        t,
        sql`select ${COLUMNS} from dropship_orders
            where receiver_key is null and position('*' in receiver_phone) = 0
            order by id limit ${BATCH} for update skip locked`,
      );
      if (rows.length > 0) await writeSealed(t, rows);
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}

/**
 * During a rotation (more than one key listed): seals again under the first key whatever was sealed
 * under another. Walks the table by id, once. Answers how many rows moved.
 */
export async function resealStaleReceivers(db: Db): Promise<number> {
  const current = `${receiverVault().currentId}.%`;
  let after = 0;
  let total = 0;
  for (;;) {
    const { n, last } = await inTransaction(db, async (t) => {
      const rows = await queryRows<Row>(
        t,
        sql`select ${COLUMNS} from dropship_orders
            where id > ${after} and receiver_sealed is not null and receiver_sealed not like ${current}
            order by id limit ${BATCH} for update skip locked`,
      );
      if (rows.length > 0) await writeSealed(t, rows);
      return { n: rows.length, last: rows.length > 0 ? Number(rows[rows.length - 1]?.id) : after };
    });
    total += n;
    after = last;
    if (n < BATCH) return total;
  }
}

/** What start-up does: seal what is still plain, and during a rotation move old rows to the first key. */
export async function sealReceiversAtStart(db: Db) {
  const sealed = await sealPlainReceivers(db);
  const resealed = receiverVault().rotating ? await resealStaleReceivers(db) : 0;
  return { sealed, resealed };
}

/** Erases the sealed plain receivers of orders finished or cancelled more than `days` days before `now`. Answers how many. */
export async function eraseExpiredReceivers(db: Db, days: number, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await queryRows<{ id: string | number }>(
      db,
      sql`update dropship_orders set receiver_sealed = null
          where id in (select id from dropship_orders
                       where receiver_sealed is not null
                         and coalesce(finished_at, canceled_at) < ${now.toISOString()}::timestamptz - make_interval(days => ${days}::int)
                       limit ${BATCH} for update skip locked)
          returning id`,
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}
