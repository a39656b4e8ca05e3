/**
 * A waybill label keeps the full street address it printed, so a reprint prints the same while the
 * order's plain receiver is kept. Once the retention job erased that receiver (docs/security.md
 * 收货人数据), the label's address becomes the order's masked one, in the erasing transaction.
 * A label holding a receiver the platform decrypted (sealed, `label_sealed`) has no sealed receiver
 * on its order to wait for: the warehouse's own job erases it after the same RECEIVER_RETAIN_DAYS.
 */
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { ReceiversErased } from '../dropship-orders/index.js';
import { eraseSealedLabelBatch, maskLabelsOfOrders } from './label-retention.repository.js';

export const LABEL_RETENTION_JOB = 'warehouse.labelRetention';
export const LABEL_RETENTION_INTERVAL_MS = 6 * 3_600_000;
const BATCH = 500;

/** Handler of dropship-orders' receiversErased (wired in src/hooks.ts). */
export async function maskErasedLabels(t: Db, facts: ReceiversErased) {
  if (facts.orderIds.length === 0) return;
  await maskLabelsOfOrders(t, facts.orderIds);
}

/**
 * Erases the sealed decrypted receiver of labels whose order finished or was cancelled more than `days`
 * days before `now` (the label keeps the order's masks). Batches under row locks (skip locked). Answers how many.
 */
export async function eraseSealedLabels(db: Db, days: number, now = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await inTransaction(db, async (t) => {
      const rows = await eraseSealedLabelBatch(t, days, now, BATCH);
      return rows.length;
    });
    total += n;
    if (n < BATCH) return total;
  }
}
