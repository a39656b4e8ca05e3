/**
 * Which take items an order waits for at the warehouse (pure). Stopped, out-of-stock and
 * stopped-production lines will never come, and a closed item belongs to a cancelled order: the
 * rest must all be in. An item counts as in when it was taken (TOOK, or TOOK_PART whose missing
 * pieces were refunded when marked) and scanned.
 */
import type { TakeItemRecord } from './warehouse.repository.js';

const NEVER_COMING: ReadonlySet<string> = new Set(['E_STOP_TAKING', 'E_LACK_TAKING', 'E_STOP_PRODUCTION']);
export const ARRIVABLE: ReadonlySet<string> = new Set(['TOOK', 'TOOK_PART']);

type Item = Pick<TakeItemRecord, 'takingStatus' | 'assignmentStatus' | 'arrivedAt'>;

export const isLive = (i: Item) => !NEVER_COMING.has(i.takingStatus) && !NEVER_COMING.has(i.assignmentStatus) && i.assignmentStatus !== 'CLOSE';
export const isIn = (i: Item) => ARRIVABLE.has(i.takingStatus) && i.arrivedAt !== null;

export function progressOf(items: Item[]) {
  const live = items.filter(isLive);
  const arrived = live.filter(isIn).length;
  return { total: live.length, arrived, complete: live.length > 0 && arrived === live.length };
}
