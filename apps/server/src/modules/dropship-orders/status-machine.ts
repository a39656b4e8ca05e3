/**
 * The dropship order's state machine, pure (no database): which operation is allowed from which
 * status, and the combined status the list's tabs show. The service checks these under the
 * order's row lock, so a decision is never taken on a stale status.
 *
 *   create ─► WAITING_PAYMENT ─pay─► WAITING_DELIVERING ─deliver─► DELIVERED ─finish─► FINISHED
 *   (deliver and finish belong to purchaser fulfilment)
 *                   │                        │
 *                   └──cancel──► CANCELED ◄──┘ (only before any line is being taken)
 */
import { type CombinedStatusCode, type DropshipOrderStatus, SELF_PICKUP_EXPRESS } from '@dropship/contract';

/** Lines whose goods nobody is fetching: the order can still be cancelled or re-addressed. */
const UNTOUCHED: ReadonlySet<string> = new Set(['WAITING_TAKING', 'E_NEXT_TAKING', 'E_STOP_TAKING', 'E_LACK_TAKING']);
/** Lines that will not ship (their goods money is refunded). */
const DROPPED: ReadonlySet<string> = new Set(['E_STOP_TAKING', 'E_LACK_TAKING']);

/**
 * WAITING_DELIVERING refined by the lines (docs/decisions/0010-dropship-orders.md):
 * all lines stopped → E_STOP_TAKING; else the first exception among the lines still wanted
 * (out of stock, exchange, next day); else all taken → TOOK; some taken → TOOK_PART; someone on the
 * way → TAKING; else WAITING_TAKING. Other statuses are their own combined status. An open
 * after-sale's code (`afterSale`, the order's after_sale_status) comes before all of these.
 */
export function combinedStatusOf(status: DropshipOrderStatus, lines: (string | null)[], afterSale: CombinedStatusCode | null = null): CombinedStatusCode {
  // An open after-sale shows over the order's own progress (decision 0026); a cancelled order stays cancelled.
  if (afterSale && status !== 'CANCELED') return afterSale;
  if (status !== 'WAITING_DELIVERING') return status;
  const active = lines.filter((s) => s !== 'E_STOP_TAKING');
  if (active.length === 0) return 'E_STOP_TAKING';
  for (const e of ['E_LACK_TAKING', 'E_CHANGE_TAKING', 'E_NEXT_TAKING'] as const) if (active.includes(e)) return e;
  if (active.every((s) => s === 'TOOK')) return 'TOOK';
  if (active.some((s) => s === 'TOOK' || s === 'TOOK_PART')) return 'TOOK_PART';
  if (active.some((s) => s === 'TAKING')) return 'TAKING';
  return 'WAITING_TAKING';
}

export const canPay = (status: string) => status === 'WAITING_PAYMENT';

/** Before payment always; after payment only while no line is being taken or taken. */
export function canCancel(status: string, lines: (string | null)[]): boolean {
  if (status === 'WAITING_PAYMENT') return true;
  return status === 'WAITING_DELIVERING' && lines.every((s) => s !== null && UNTOUCHED.has(s));
}

/**
 * The receiver may change while the order could still be cancelled: nobody has the goods in hand. A
 * self-pickup order (offline pickup, declaration 仓库自提) has no address to change: its pick-up person is
 * checked at the hand-over.
 */
export function canUpdateReceiver(status: string, lines: (string | null)[], expressCode: string): boolean {
  return expressCode !== SELF_PICKUP_EXPRESS && canCancel(status, lines);
}

export const isDropped = (s: string | null) => s !== null && DROPPED.has(s);

/**
 * The line statuses cancel and receiver changes judge by. A line from the seller's own stock
 * (供货备货方式 OWN_STOCK) is TOOK from payment on, but until the warehouse scanned it nothing was
 * bought or packed for it, so it counts as untouched (decision 0020).
 */
export function changeableStatuses(
  lines: { id: number; takeStatus: string | null }[],
  takes: { orderItemId: number; supplyMode: string; arrivedAt: Date | null }[],
): (string | null)[] {
  const onShelf = new Set(takes.filter((t) => t.supplyMode === 'OWN_STOCK' && t.arrivedAt === null).map((t) => t.orderItemId));
  return lines.map((l) => (l.takeStatus === 'TOOK' && onShelf.has(l.id) ? 'WAITING_TAKING' : l.takeStatus));
}
