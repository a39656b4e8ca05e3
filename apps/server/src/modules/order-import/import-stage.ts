/**
 * Stage 2 of a job, after the seller confirms the preview: the stored rows are walked order by
 * order (all rows of an order number together), orders with a bad row are left out, and the rest
 * go through upsertShopOrders in batches of 500 orders, each batch and its progress in one
 * transaction, one batch at a time. Re-running it (after a crash, or the same file again) updates and never duplicates.
 */

import { ORDER_IMPORT_LIMITS } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { OrderPayload } from '../../lib/shop-order-row.js';
import { upsertShopOrders } from '../shop-orders/index.js';
import { reclaimHeap } from './heap.js';
import * as repo from './order-import.repository.js';
import { ordersMaker } from './planned-import.js';

const READ_BATCH = 2_000;

export interface ImportTarget {
  jobId: number;
  orgId: number;
  shopId: number;
  channel: string;
  createdAt: Date;
  totalOrders: number;
}

/**
 * Writes every valid order of the job; answers the orders created, updated and left (newer copy
 * stored). Pipelined: while one batch's transaction runs, the next rows are read and their orders
 * made on the parse thread (the rows opened, the orders and their JSON: on PGlite the database
 * works on this thread, so only another thread runs beside it). At most one batch is in flight, one
 * being made and one page of rows read ahead, so memory stays flat whatever the file's size.
 */
export async function importPreview(db: Db, t: ImportTarget, signal?: AbortSignal) {
  const counts = { imported: 0, updated: 0, skipped: 0 };
  // An order's rows stay their stored text here: they are opened where the batch is made (ordersMaker).
  let current: { key: string; rows: string[]; bad: boolean } | null = null;
  let batch: string[][] = [];
  let seen = 0;
  let inFlight: Promise<void> = Promise.resolve();
  const maker = ordersMaker(t.totalOrders);

  const write = async (orders: OrderPayload | null, percent: number) => {
    await inTransaction(db, async (d) => {
      const r = orders
        ? await upsertShopOrders(d, { orgId: t.orgId, shopId: t.shopId, channel: t.channel, source: 'IMPORT', importJobId: t.jobId }, orders)
        : undefined;
      await repo.addProgress(d, t.jobId, { percent, imported: r?.inserted ?? 0, updated: r?.updated ?? 0, skipped: r?.unchanged ?? 0 });
      counts.imported += r?.inserted ?? 0;
      counts.updated += r?.updated ?? 0;
      counts.skipped += r?.unchanged ?? 0;
    });
  };
  const flush = async () => {
    const rows = batch;
    batch = [];
    const percent = t.totalOrders ? Math.min(99, Math.floor((seen / t.totalOrders) * 100)) : 99;
    // Made on the parse thread from now, while the batch before is written.
    const made = rows.length ? maker.make(rows, t.createdAt) : Promise.resolve(null);
    made.catch(() => {});
    // Batches commit in order, one at a time: this one as soon as the one before has and it is made.
    const before = inFlight;
    inFlight = before.then(async () => {
      // Stopping between batches: the queue puts the job back and the next run redoes it safely.
      signal?.throwIfAborted();
      await write(await made, percent);
    });
    // Handled when awaited (next flush or the end); this keeps a failure from being "unhandled" meanwhile.
    inFlight.catch(() => {});
    // Reading on waits for the batch before this one: one batch written, one made, one read at most.
    await before;
    reclaimHeap();
  };
  const close = async () => {
    if (!current) return;
    seen++;
    if (!current.bad) batch.push(current.rows);
    current = null;
    if (batch.length >= ORDER_IMPORT_LIMITS.batchOrders) await flush();
  };
  const read = (after: { key: string; row: number } | null) => {
    const p = repo.rowsByOrder(db, t.jobId, after, READ_BATCH);
    p.catch(() => {});
    return p;
  };

  try {
    for (let page = await read(null); ; ) {
      const last = page[page.length - 1];
      const next = last && page.length >= READ_BATCH ? read({ key: last.orderKey, row: last.rowNo }) : null;
      for (const r of page) {
        if (current && current.key !== r.orderKey) await close();
        current ??= { key: r.orderKey, rows: [], bad: false };
        current.rows.push(r.data);
        if (r.error) current.bad = true;
      }
      if (!next) break;
      page = await next;
    }
    await close();
    await flush();
  } finally {
    // Nothing keeps writing after this returns or throws (a retry starts from a quiet database).
    await inFlight.catch(() => {});
    maker.end();
  }
  await inFlight;
  return counts;
}
