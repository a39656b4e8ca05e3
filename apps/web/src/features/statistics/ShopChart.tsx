/**
 * 店铺拿退货统计's chart: per period, items placed and after-sales as bars, the take rate and the
 * return rate as lines. ECharts is loaded on first mount, like TakeChart (its own chunk).
 */
import type { ShopStatisticsResult } from '@dropship/contract';
import { useMemo } from 'react';
import { LazyChart } from '../../lib/echarts/LazyChart';

export function ShopChart({ data }: { data: ShopStatisticsResult }) {
  const option = useMemo(() => {
    const byPeriod = new Map<string, { items: number; took: number; cases: number }>();
    for (const r of data.rows) {
      const p = byPeriod.get(r.period) ?? { items: 0, took: 0, cases: 0 };
      p.items += r.items;
      p.took += r.took;
      p.cases += r.cases;
      byPeriod.set(r.period, p);
    }
    const at = (p: string) => byPeriod.get(p) ?? { items: 0, took: 0, cases: 0 };
    const rate = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 1000) / 10);
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 48, top: 36, bottom: 32 },
      xAxis: { type: 'category', data: data.periods },
      yAxis: [
        { type: 'value', name: '件数' },
        { type: 'value', name: '%' },
      ],
      series: [
        { name: '下单件数', type: 'bar', data: data.periods.map((p) => at(p).items) },
        { name: '售后单数', type: 'bar', data: data.periods.map((p) => at(p).cases) },
        { name: '拿货率', type: 'line', yAxisIndex: 1, data: data.periods.map((p) => rate(at(p).took, at(p).items)) },
        { name: '退货率', type: 'line', yAxisIndex: 1, data: data.periods.map((p) => rate(at(p).cases, at(p).items)) },
      ],
    };
  }, [data]);
  return <LazyChart option={option} testId="statistics-chart" />;
}
