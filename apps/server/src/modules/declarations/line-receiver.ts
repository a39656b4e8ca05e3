/**
 * A declaration line's receiver at rest (docs/security.md 收货人数据): the buyer's plain receiver is
 * sealed whole (receiver-vault); beside it the jsonb keeps the masked name and phone the 报单记录 list
 * reads, and the area. The draft's detail and submitting open it.
 */
import { maskName, maskPhone, type ReceiverFields } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { receiverVault } from '../../lib/receiver-vault/index.js';
import * as repo from './declarations.repository.js';

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
      const rows = await repo.lockPlainLineReceivers(t, BATCH);
      if (rows.length === 0) return 0;
      await repo.setLineReceivers(
        t,
        rows.map((r) => ({ id: Number(r.id), receiver: sealLineReceiver(r.receiver as ReceiverFields) })),
      );
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}
