/**
 * A declaration line's receiver at rest (docs/security.md 收货人数据): the buyer's plain receiver is
 * sealed whole (receiver-vault); beside it the jsonb keeps the masked name and phone the 报单记录 list
 * reads, and the area. The draft's detail and submitting open it.
 */
import { maskName, maskPhone, type ReceiverFields } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { inTransaction } from '../../db/transaction.js';
import { receiverVault } from '../../lib/receiver-vault/index.js';

interface StoredLineReceiver {
  sealed: string;
  name: string;
  phone: string;
  province: string;
  city: string;
  district: string;
}

export function sealLineReceiver(r: ReceiverFields | null | undefined): StoredLineReceiver | null {
  if (!r) return null;
  return { sealed: receiverVault().sealJson(r), name: maskName(r.name), phone: maskPhone(r.phone), province: r.province, city: r.city, district: r.district };
}

/** The plain receiver of a line (a line saved before receivers were sealed holds it as it is). */
export function lineReceiverOf(stored: unknown): ReceiverFields | null {
  if (!stored || typeof stored !== 'object') return null;
  const s = stored as Partial<StoredLineReceiver>;
  return typeof s.sealed === 'string' ? (receiverVault().openJson(s.sealed) as ReceiverFields) : (stored as ReceiverFields);
}

const BATCH = 500;

/** Seals the receivers of lines saved before receivers were sealed, in batches under row locks; answers how many. */
export async function sealLegacyLineReceivers(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await inTransaction(db, async (t) => {
      const rows = await queryRows<{ id: string | number; receiver: ReceiverFields }>(
        t,
        sql`select id, receiver from declaration_lines
            where receiver is not null and (receiver ->> 'sealed') is null and jsonb_typeof(receiver) = 'object'
            order by id limit ${BATCH} for update skip locked`,
      );
      if (rows.length === 0) return 0;
      const updates = rows.map((r) => ({ id: Number(r.id), receiver: sealLineReceiver(r.receiver) }));
      await t.execute(sql`
        update declaration_lines l set receiver = x.receiver
        from jsonb_to_recordset(${JSON.stringify(updates)}::jsonb) as x(id bigint, receiver jsonb)
        where l.id = x.id`);
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}
