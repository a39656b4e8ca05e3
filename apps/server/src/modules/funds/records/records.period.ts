/**
 * Calendar days and months at +8 (SPEC.md section 9): the business runs on Beijing time, so a day
 * or a month starts at 00:00 Beijing whatever the server's zone.
 */
import { beijingDay, beijingDayEnd, beijingDayStart } from '@dropship/contract';

/** Optional [from, to) bounds of an optional day range. */
export function dayBounds(q: { dateFrom?: string | undefined; dateTo?: string | undefined }) {
  return { from: q.dateFrom ? beijingDayStart(q.dateFrom) : undefined, to: q.dateTo ? beijingDayEnd(q.dateTo) : undefined };
}

/** The instant a 'YYYY-MM' month starts at +8. */
export const monthStart = (month: string) => beijingDayStart(`${month}-01`);

/** 'YYYY-MM' of the month after. */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
}

/** 'YYYY-MM' of the month `n` before. */
export function monthsBefore(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - n;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** The current month at +8. */
export function currentMonth(now = new Date()): string {
  return beijingDay(now).slice(0, 7);
}

/** An instant as ISO text, or null. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
