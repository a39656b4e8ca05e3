/**
 * Calendar days and months at +8 (SPEC.md section 9): the business runs on Beijing time, so a day
 * or a month starts at 00:00 Beijing whatever the server's zone.
 */
const OFFSET = '+08:00';
const DAY_MS = 86_400_000;

/** The instant a 'YYYY-MM-DD' day starts at +8. */
export const dayStart = (day: string) => new Date(`${day}T00:00:00${OFFSET}`);
/** The instant after the day ends (exclusive upper bound). */
export const dayEnd = (day: string) => new Date(dayStart(day).getTime() + DAY_MS);

/** Optional [from, to) bounds of an optional day range. */
export function dayBounds(q: { dateFrom?: string | undefined; dateTo?: string | undefined }) {
  return { from: q.dateFrom ? dayStart(q.dateFrom) : undefined, to: q.dateTo ? dayEnd(q.dateTo) : undefined };
}

/** The instant a 'YYYY-MM' month starts at +8. */
export const monthStart = (month: string) => new Date(`${month}-01T00:00:00${OFFSET}`);

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
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
}

/** An instant as ISO text, or null. */
export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
