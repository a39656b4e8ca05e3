/**
 * Stage 2 of a job, after the seller confirms the preview: the stored pages are read in file order
 * and made into orders (all rows of an order number together), orders with a bad row are left out,
 * and the rest go through upsertShopOrders a page's orders at a time (at most 500), each batch and
 * its progress in one transaction. Re-running it (after a crash, or the same file again) updates and
 * never duplicates.
 */
import { type Db, sideBySide } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AtMost } from '../../lib/at-most.js';
import type { OrderPayload } from '../../lib/shop-order-row.js';
import { upsertShopOrders } from '../shop-orders/index.js';
import { reclaimHeap } from './heap.js';
import * as repo from './order-import.repository.js';
import { PREVIEW_PAGE_ROWS } from './parse-rows.js';
import { ordersMaker } from './planned-import.js';

export interface ImportTarget {
  jobId: number;
  orgId: number;
  shopId: number;
  channel: string;
  createdAt: Date;
  /** The job's rows (for the progress). */
  totalRows: number;
}

/**
 * Batches written at once on a PostgreSQL server, each on its own connection: the batches hold
 * different orders (an order's rows are all in one batch), so they never wait on each other's rows
 * but for the shop SKUs and the job's progress at their ends. Two used both cores of the
 * database here; three were slower than one (bench/order-import.bench.ts, decision 0007).
 */
const SERVER_WRITERS = 2;

/**
 * Writes every valid order of the job; answers the orders created, updated and left (newer copy
 * stored). Pipelined: while a batch's transaction runs, the next page is read and its orders made
 * on the parse thread (opening the page, the orders and their JSON: on PGlite the database works on
 * this thread, so only another thread runs beside it). One batch is written at a time on PGlite, two
 * on a PostgreSQL server; one more is made and one page read ahead, so memory stays flat whatever
 * the file's size.
 */
export async function importPreview(db: Db, t: ImportTarget, signal?: AbortSignal) {
  const counts = { imported: 0, updated: 0, skipped: 0 };
  const pages = Math.max(1, Math.ceil(t.totalRows / PREVIEW_PAGE_ROWS));
  const maker = ordersMaker({ bad: await repo.badKeys(db, t.jobId), split: await repo.splitOrders(db, t.jobId) }, t.createdAt);

  const write = async (orders: OrderPayload, percent: number) => {
    await inTransaction(db, async (d) => {
      const target = { orgId: t.orgId, shopId: t.shopId, channel: t.channel, source: 'IMPORT' as const, importJobId: t.jobId };
      const r = await upsertShopOrders(d, target, orders);
      await repo.addProgress(d, t.jobId, { percent, imported: r.inserted, updated: r.updated, skipped: r.unchanged });
      counts.imported += r.inserted;
      counts.updated += r.updated;
      counts.skipped += r.unchanged;
    });
  };
  const writers = new AtMost(Math.min(SERVER_WRITERS, sideBySide(db)));
  /** Writes a page's batches once made, when a writer is free; answers once it is started. */
  const queue = async (made: Promise<OrderPayload[]>, percent: number) => {
    made.catch(() => {});
    await writers.start(async () => {
      // Stopping between batches: the queue puts the job back and the next run redoes it safely.
      signal?.throwIfAborted();
      for (const batch of await made) if (batch.count) await write(batch, percent);
    });
  };

  try {
    let next = repo.readPage(db, t.jobId, 0);
    for (let n = 0; ; n++) {
      const page = await next;
      if (page === undefined) break;
      next = repo.readPage(db, t.jobId, n + 1);
      next.catch(() => {});
      // Made on the parse thread while the batches before are written; reading on waits for a free writer.
      await queue(
        maker.page(page).then((p) => [p]),
        Math.min(99, Math.floor(((n + 1) / pages) * 100)),
      );
      reclaimHeap();
    }
    await queue(maker.end(), 99);
  } finally {
    // Nothing keeps writing after this returns or throws (a retry starts from a quiet database).
    await writers.idle();
    maker.close();
  }
  writers.throwFailure();
  return counts;
}
