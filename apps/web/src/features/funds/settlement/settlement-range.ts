/** The settlement pages' day range: the last 30 Beijing days unless the address says otherwise. */
import { recentRange } from '../../../lib/date';
import { day } from '../../../lib/list-page';

function defaultRange() {
  const [from, to] = recentRange(30);
  return { dateFrom: from.format('YYYY-MM-DD'), dateTo: to.format('YYYY-MM-DD') };
}

/**
 * The range as list filters, the last 30 days as their default (left out of the address). Made when
 * a page opens, not when the module loads, so a tab left open overnight still starts from today.
 */
export function rangeFilters() {
  const { dateFrom, dateTo } = defaultRange();
  return { dateFrom: day().or(dateFrom), dateTo: day().or(dateTo) };
}

export const SETTLEMENT_EMPTY = '所选日期内暂无拿货结算（拿货员标记拿货或退货回档口后生成）';
