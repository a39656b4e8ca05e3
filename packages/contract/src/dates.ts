/**
 * Days and times at +8 (SPEC.md section 9): the business runs on Beijing time whatever the server's
 * or the browser's zone, so a day filter, a day's bounds and a time written in a spreadsheet are all
 * read here. Beijing keeps no daylight saving, so the offset is a constant.
 */
import { z } from 'zod';
import { optionalFilter } from './filters.js';

const BEIJING_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' with a month 01–12 and a day 01–31; isRealDay then refuses 2024-02-30. */
export const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * Whether year, month (1–12) and day name a day of the calendar (the month's length, leap years),
 * without making a Date: a Date rolls 2024-02-30 over to March (the order import asks this twice a row).
 * A year before 100 is refused: Date.UTC reads 0024 as 1924, and such a year is a typing slip.
 */
export function isCalendarDay(y: number, m: number, d: number): boolean {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d) || y < 100 || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 && leap ? 29 : (MONTH_DAYS[m - 1] ?? 0));
}

/** 2024-02-30 matches the pattern but is no day (nor is a year before 100, as when a Date, which reads it as 19xx, checked). */
export function isRealDay(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return isCalendarDay(y, m, d);
}

/** A calendar day at +8, 'YYYY-MM-DD', named `label` in its messages. */
export const dayField = (label: string) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}必须是日期文字`) })
    .regex(DAY_PATTERN, `${label}格式应为 YYYY-MM-DD`)
    .refine(isRealDay, `${label}不是有效日期`)
    .describe(label);

/** A month at +8, 'YYYY-MM'. */
export const monthField = (label = '月份') =>
  z
    .string({ error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}必须是文字`) })
    .regex(/^(19|20)\d{2}-(0[1-9]|1[0-2])$/, `${label}格式应为 YYYY-MM`)
    .describe(label);

/** A day filter a form may send empty ('' and null mean "not set"). */
export const optionalDay = (label: string) => optionalFilter(dayField(label), label);

/**
 * The refine of a day range: the start may not come after the end when both are given. The message
 * is the filter's own (开始日期不能晚于结束日期, 下单开始日期…) and sits on the start field.
 */
export function daysInOrder<F extends string, T extends string>(from: F, to: T, message: string) {
  const check = (v: { [K in F | T]?: string | undefined }) => {
    const a = v[from];
    const b = v[to];
    return !a || !b || a <= b;
  };
  const params: { message: string; path: PropertyKey[] } = { message, path: [from] };
  return [check, params] as const;
}

/** 00:00 Beijing of a 'YYYY-MM-DD' day, as an instant: a range's inclusive lower bound. */
export const beijingDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00+08:00`));

/** 00:00 Beijing of the day after: a range's exclusive upper bound, so the whole last day counts. */
export const beijingDayEnd = (day: string): Date => new Date(beijingDayStart(day).getTime() + DAY_MS);

/** The Beijing day of an instant, 'YYYY-MM-DD' (now when not given). */
export const beijingDay = (at: Date | string | number = Date.now()): string => new Date(new Date(at).getTime() + BEIJING_MS).toISOString().slice(0, 10);

/** An instant as Beijing wall time, e.g. 2026-11-20 10:01:00; '' when there is none or it is no time. */
export function beijingTime(v: string | Date | null | undefined): string {
  if (!v) return '';
  const t = new Date(v).getTime();
  return Number.isNaN(t) ? '' : new Date(t + BEIJING_MS).toISOString().slice(0, 19).replace('T', ' ');
}
