/**
 * 退货统计 (decision 0034): after-sales made over a range of Beijing days — how many, their quantity,
 * the returned and finished ones, refund money — by period and split, with the return rate against
 * the take items placed on the same days for the same key.
 */
import {
  AFTER_SALE_TYPE_NAMES,
  type AfterSaleTypeCode,
  type ReturnFigures,
  type ReturnStatisticsBody,
  type ReturnStatisticsResult,
  type ReturnStatisticsSplit,
} from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { Caller } from '../../plugins/auth.js';
import { RETURN_FIGURES, type ReturnFigure } from './return-rollup.repository.js';
import { placedRows, type ReturnScope, returnViewRows, SHARED_WITH_TAKE } from './return-view.repository.js';
import { daysOf, periodOf } from './statistics.service.js';

const num = (v: unknown) => Number(v ?? 0);
const rate = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 10_000) / 10_000);

/** A seller sees its after-sales; a purchaser (main or sub-account: after-sales have no picker) the ones of the orders it serves. */
export const returnScopeOf = (caller: Caller): ReturnScope => (caller.orgType === 'seller' ? { sellerOrgId: caller.orgId } : { purchaserOrgId: caller.orgId });

type Sums = Record<ReturnFigure, number>;
const zero = (): Sums => Object.fromEntries(RETURN_FIGURES.map((c) => [c, 0])) as Sums;
const sumsOf = (r: Record<string, unknown>): Sums => Object.fromEntries(RETURN_FIGURES.map((c) => [c, num(r[c])])) as Sums;

function figures(s: Sums, placed: number): ReturnFigures {
  return {
    cases: s.cases,
    quantity: s.quantity,
    returned: s.returned,
    finished: s.finished,
    refundFen: s.refund_fen,
    refundedFen: s.refunded_fen,
    placed,
    returnRate: rate(s.cases, placed),
  };
}

async function keyNames(db: Db, split: ReturnStatisticsSplit, keys: string[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const ids = keys.map(Number).filter((n) => Number.isInteger(n) && n > 0);
  const table = split === 'SELLER' || split === 'PURCHASER' ? 'organisations' : split === 'SHOP' ? 'shops' : null;
  if (table && ids.length > 0) {
    const rows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from ${sql.raw(table)} where id = any(${`{${ids.join(',')}}`}::int[])`);
    for (const r of rows) names.set(String(r.id), r.name);
  }
  if (table) names.set('0', '（无）');
  if (split === 'TYPE') for (const k of keys) names.set(k, AFTER_SALE_TYPE_NAMES[k as AfterSaleTypeCode] ?? k);
  return names;
}

export async function returnStatistics(db: Db, caller: Caller, q: ReturnStatisticsBody): Promise<ReturnStatisticsResult> {
  const scope = returnScopeOf(caller);
  const { startDay: from, endDay: to, period, split } = q;
  const [rows, keys, placedByPeriod, placedByKey] = [
    await returnViewRows(db, scope, from, to, period, split),
    await returnViewRows(db, scope, from, to, null, split),
    await placedRows(db, scope, from, to, period, split),
    await placedRows(db, scope, from, to, null, split),
  ];
  const shared = SHARED_WITH_TAKE.has(split);
  const placedOf = (list: { period: string; key: string; items: string | number }[]) => {
    const m = new Map(list.map((r) => [`${r.period}\u0000${r.key}`, num(r.items)]));
    return (p: string, k: string) => m.get(`${p}\u0000${shared ? k : ''}`) ?? 0;
  };
  const rowPlaced = placedOf(placedByPeriod);
  const keyPlaced = placedOf(placedByKey);
  const names = await keyNames(
    db,
    split,
    keys.map((k) => String(k.key)),
  );
  const name = (k: string) => (split === 'NONE' ? '合计' : (names.get(k) ?? (k === '' ? '（未填）' : k)));
  const total = zero();
  for (const k of keys) for (const c of RETURN_FIGURES) total[c] += num(k[c]);
  const allPlaced = placedByKey.reduce((a, r) => a + num(r.items), 0);
  return {
    startDay: from,
    endDay: to,
    period,
    split,
    periods: [...new Set(daysOf(from, to).map((d) => periodOf(d, period)))],
    rows: rows.map((r) => ({ period: r.period, key: String(r.key), keyName: name(String(r.key)), ...figures(sumsOf(r), rowPlaced(r.period, String(r.key))) })),
    keys: keys.map((k) => ({ key: String(k.key), keyName: name(String(k.key)), ...figures(sumsOf(k), keyPlaced('', String(k.key))) })),
    total: figures(total, allPlaced),
  };
}
