/**
 * 利润统计's chart: per period, sale and profit (yuan) as bars, the margin as a line. ECharts is
 * loaded on first mount through the shared LazyChart (its own chunk).
 */
import type { ProfitStatisticsResult } from '@dropship/contract';
import { useMemo } from 'react';
import { LazyChart } from '../../lib/echarts/LazyChart';

export function ProfitChart({ data }: { data: ProfitStatisticsResult }) {
  const option = useMemo(() => {
    const byPeriod = new Map<string, { sale: number; profit: number }>();
    for (const r of data.rows) {
      const p = byPeriod.get(r.period) ?? { sale: 0, profit: 0 };
      p.sale += r.saleFen;
      p.profit += r.profitFen;
      byPeriod.set(r.period, p);
    }
    const at = (p: string) => byPeriod.get(p) ?? { sale: 0, profit: 0 };
    const yuan = (fen: number) => Math.round(fen) / 100;
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 56, right: 48, top: 36, bottom: 32 },
      xAxis: { type: 'category', data: data.periods },
      yAxis: [
        { type: 'value', name: '元' },
        { type: 'value', name: '%' },
      ],
      series: [
        { name: '销售额', type: 'bar', data: data.periods.map((p) => yuan(at(p).sale)) },
        { name: '利润', type: 'bar', data: data.periods.map((p) => yuan(at(p).profit)) },
        {
          name: '利润率',
          type: 'line',
          yAxisIndex: 1,
          data: data.periods.map((p) => (at(p).sale === 0 ? 0 : Math.round((at(p).profit / at(p).sale) * 1000) / 10)),
        },
      ],
    };
  }, [data]);
  return <LazyChart option={option} testId="profit-chart" />;
}
