/**
 * Date display at UTC+8 (SPEC.md section 9), whatever zone the user's computer is set to: the
 * business runs on Beijing time, so an order placed at 00:30 Beijing belongs to that day everywhere.
 */
import { DISPLAY_UTC_OFFSET_HOURS } from '@dropship/contract';
import dayjs, { type Dayjs } from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

const OFFSET_MINUTES = DISPLAY_UTC_OFFSET_HOURS * 60;
const HOUR_MS = 3_600_000;
/** Text with no zone: 2025-01-09, 2025-01-09 10:00, 2025-01-09T10:00:00.123 */
const NAIVE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/;

export type DateInput = string | number | Date | Dayjs | null | undefined;

/** The instant as a dayjs at +8, or null for empty or unparsable input. */
export function toDisplayZone(value: DateInput): Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  let d: Dayjs;
  if (typeof value === 'string' && NAIVE.test(value.trim())) {
    // A zone-less text is Beijing wall time (how the legacy API wrote dates), not the computer's local time.
    d = dayjs(dayjs.utc(value.trim()).valueOf() - DISPLAY_UTC_OFFSET_HOURS * HOUR_MS);
  } else {
    d = dayjs(value);
  }
  return d.isValid() ? d.utcOffset(OFFSET_MINUTES) : null;
}

/** '' for empty or invalid input, so a table cell shows nothing rather than "Invalid Date". */
export function formatDateTime(value: DateInput, pattern = 'YYYY-MM-DD HH:mm:ss'): string {
  return toDisplayZone(value)?.format(pattern) ?? '';
}

export function formatDate(value: DateInput): string {
  return formatDateTime(value, 'YYYY-MM-DD');
}

/**
 * The last `days` calendar days at +8, today included: recentRange(1) is today, recentRange(7)
 * the week ending today. start is 00:00:00.000 and end 23:59:59.999, both at +8; antd's
 * RangePicker takes them as they are, and toISOString() gives the instants for the server.
 */
export function recentRange(days: number, now: DateInput = Date.now()): [Dayjs, Dayjs] {
  const today = toDisplayZone(now) ?? dayjs().utcOffset(OFFSET_MINUTES);
  const span = Math.max(1, Math.floor(days));
  return [today.subtract(span - 1, 'day').startOf('day'), today.endOf('day')];
}
