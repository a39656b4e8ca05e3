/**
 * How a range of Beijing days splits over the stall grains: whole calendar months, whole weeks within
 * a month (an ISO week's part inside one month, keyed by its first day) and the days left over. Each
 * day of the range falls in exactly one span, so summing the spans' rows gives the days' sums. Pure
 * date arithmetic on 'YYYY-MM-DD' strings (UTC dates stand for the Beijing days).
 */

export type SpanGrain = 'month' | 'week' | 'day';

/** The rows of one grain whose key (a month's, a week's or a day's first day) lies in [first, last]. */
export interface Span {
  grain: SpanGrain;
  first: string;
  last: string;
}

const DAY_MS = 86_400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);

function monthOf(t: number) {
  const d = new Date(t);
  return { first: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), last: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0) };
}

/** The week within a month that holds day `t`: from the later of its Monday and the month's first day to the earlier of its Sunday and the month's last. */
function weekOf(t: number) {
  const month = monthOf(t);
  const monday = t - ((new Date(t).getUTCDay() + 6) % 7) * DAY_MS;
  return { first: Math.max(monday, month.first), last: Math.min(monday + 6 * DAY_MS, month.last) };
}

/**
 * [fromDay, toDay] as spans in day order: with `months`, the whole months; with `weeks`, the whole
 * weeks within a month not in a whole month; every other day alone. The coarsest grain the view's
 * period allows keeps the rows read few (a 90-day range: 2–3 months, a few weeks, at most 12 days).
 */
export function calendarSpans(fromDay: string, toDay: string, o: { months: boolean; weeks: boolean }): Span[] {
  const from = ms(fromDay);
  const to = ms(toDay);
  const spans: Span[] = [];
  for (let t = from; t <= to; ) {
    const month = monthOf(t);
    const week = weekOf(t);
    const [grain, unit] =
      o.months && month.first >= from && month.last <= to
        ? (['month', month] as const)
        : o.weeks && week.first >= from && week.last <= to
          ? (['week', week] as const)
          : (['day', { first: t, last: t }] as const);
    const prev = spans[spans.length - 1];
    if (prev && prev.grain === grain) prev.last = dayOf(unit.first);
    else spans.push({ grain, first: dayOf(unit.first), last: dayOf(unit.first) });
    t = unit.last + DAY_MS;
  }
  return spans;
}
