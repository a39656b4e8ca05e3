/**
 * The import stage's orders, made from the preview's pages in file order: rows grouped by order
 * number, orders with a bad row left out. A page's orders are the ones whose rows ended in it; an
 * order still open at a page's end goes on into the next. Runs on the parse thread (parse-worker.ts)
 * beside the server's thread writing the batch before, or on the event loop with IMPORT_PARSE_THREAD=0.
 */
import type { NormalizedOrder } from '@dropship/channels';
import { ORDER_IMPORT_LIMITS } from '@dropship/contract';
import { type OrderPayload, orderPayload } from '../../lib/shop-order-row.js';
import { openPage } from './preview-receiver.js';
import type { RowData } from './row-parser.js';
import { toNormalizedOrder } from './to-orders.js';

/** What the preview found that the import needs: orders to leave out, and orders to gather first. */
export interface OrderSkips {
  /** Order numbers with a bad row (order_import_rows). */
  bad: string[];
  /** Valid order numbers whose rows are apart in the file (order_import_split_orders). */
  split: string[];
}

/**
 * Groups a job's rows, page after page, into orders. Rows of one order next to each other make it as
 * they come; an order whose rows are apart (usually none) is held until the end. `fallbackTime`
 * (the job's creation) stands in for a file without times.
 */
export class OrderGrouper {
  private readonly bad: Set<string>;
  private readonly split: Set<string>;
  private readonly held = new Map<string, RowData[]>();
  private current: { key: string; rows: RowData[]; bad: boolean } | null = null;

  constructor(
    skips: OrderSkips,
    private readonly fallbackTime: Date,
  ) {
    this.bad = new Set(skips.bad);
    this.split = new Set(skips.split);
  }

  /** The orders a stored page completes, as the upsert's JSON. */
  page(text: string): OrderPayload {
    const out: NormalizedOrder[] = [];
    for (const r of openPage(text)) {
      if (this.bad.has(r.orderKey)) continue;
      if (this.split.has(r.orderKey)) {
        const rows = this.held.get(r.orderKey) ?? [];
        rows.push(r.data);
        this.held.set(r.orderKey, rows);
        continue;
      }
      if (this.current && this.current.key !== r.orderKey) this.close(out);
      this.current ??= { key: r.orderKey, rows: [], bad: false };
      this.current.rows.push(r.data);
      // The preview's bad orders are skipped above; this only guards a page changed since.
      if (r.error) this.current.bad = true;
    }
    return orderPayload(out);
  }

  /** The orders left after the last page (the one still open and the gathered ones), in batches. */
  end(): OrderPayload[] {
    const out: NormalizedOrder[] = [];
    this.close(out);
    for (const rows of this.held.values()) out.push(toNormalizedOrder(rows, this.fallbackTime));
    this.held.clear();
    const batches: OrderPayload[] = [];
    for (let i = 0; i < out.length; i += ORDER_IMPORT_LIMITS.batchOrders) batches.push(orderPayload(out.slice(i, i + ORDER_IMPORT_LIMITS.batchOrders)));
    return batches;
  }

  private close(out: NormalizedOrder[]) {
    if (this.current && !this.current.bad) out.push(toNormalizedOrder(this.current.rows, this.fallbackTime));
    this.current = null;
  }
}
