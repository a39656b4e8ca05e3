/**
 * 退货统计's chart: per period, after-sales and returns as bars and the return rate as a line.
 * ECharts is loaded on first mount, like TakeChart (its own chunk).
 */
import type { ReturnStatisticsResult } from '@dropship/contract';
import { useMemo } from 'react';
import { LazyChart } from '../../lib/echarts/LazyChart';

export function ReturnChart({ data }: { data: ReturnStatisticsResult }) {
  const option = useMemo(() => {
    const byPeriod = new Map<string, { cases: number; returned: number; placed: number }>();
    for (const r of data.rows) {
      const p = byPeriod.get(r.period) ?? { cases: 0, returned: 0, placed: 0 };
      p.cases += r.cases;
      p.returned += r.returned;
      // A split the take figures lack repeats the period's placed items on every row: count them once.
      p.placed = data.split === 'NONE' || ['SELLER', 'PURCHASER', 'STALL', 'GOODS'].includes(data.split) ? p.placed + r.placed : r.placed;
      byPeriod.set(r.period, p);
    }
    const at = (p: string) => byPeriod.get(p) ?? { cases: 0, returned: 0, placed: 0 };
    const rate = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 1000) / 10);
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 48, top: 36, bottom: 32 },
      xAxis: { type: 'category', data: data.periods },
      yAxis: [
        { type: 'value', name: '单数' },
        { type: 'value', name: '%' },
      ],
      series: [
        { name: '售后单数', type: 'bar', data: data.periods.map((p) => at(p).cases) },
        { name: '退货', type: 'bar', data: data.periods.map((p) => at(p).returned) },
        { name: '退货率', type: 'line', yAxisIndex: 1, data: data.periods.map((p) => rate(at(p).cases, at(p).placed)) },
      ],
    };
  }, [data]);
  return <LazyChart option={option} testId="statistics-chart" />;
}
