/** The settlement pages' day range: the last 30 Beijing days unless the address says otherwise. */
import { recentRange } from '../../../lib/date';

export function defaultRange() {
  const [from, to] = recentRange(30);
  return { dateFrom: from.format('YYYY-MM-DD'), dateTo: to.format('YYYY-MM-DD') };
}

export const SETTLEMENT_EMPTY = '所选日期内暂无拿货结算（拿货员标记拿货或退货回档口后生成）';
