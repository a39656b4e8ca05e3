/**
 * The statistics chart: per period, items placed and taken as bars and the rate as a line. ECharts
 * (Apache-2.0) is loaded by a dynamic import when the chart first mounts, so it stays out of the
 * shell's chunk; the table beside it shows the same numbers.
 */
import type { TakeStatisticsResult } from '@dropship/contract';
import { useMemo } from 'react';
import { LazyChart } from '../../lib/echarts/LazyChart';

type Kind = 'take' | 'outStock';

export function TakeChart({ data, kind }: { data: TakeStatisticsResult; kind: Kind }) {
  const option = useMemo(() => {
    const byPeriod = new Map<string, { items: number; took: number; lack: number }>();
    for (const r of data.rows) {
      const p = byPeriod.get(r.period) ?? { items: 0, took: 0, lack: 0 };
      p.items += r.items;
      p.took += r.took + r.tookPart;
      p.lack += r.lack;
      byPeriod.set(r.period, p);
    }
    const at = (p: string) => byPeriod.get(p) ?? { items: 0, took: 0, lack: 0 };
    const rate = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 1000) / 10);
    return {
      animation: false,
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 48, top: 36, bottom: 32 },
      xAxis: { type: 'category', data: data.periods },
      yAxis: [
        { type: 'value', name: '件数' },
        { type: 'value', name: '%', max: 100 },
      ],
      series: [
        { name: '下单件数', type: 'bar', data: data.periods.map((p) => at(p).items) },
        kind === 'outStock'
          ? { name: '缺货', type: 'bar', data: data.periods.map((p) => at(p).lack) }
          : { name: '已拿（含部分）', type: 'bar', data: data.periods.map((p) => at(p).took) },
        kind === 'outStock'
          ? { name: '缺货率', type: 'line', yAxisIndex: 1, data: data.periods.map((p) => rate(at(p).lack, at(p).items)) }
          : { name: '拿货率', type: 'line', yAxisIndex: 1, data: data.periods.map((p) => rate(at(p).took, at(p).items)) },
      ],
    };
  }, [data, kind]);
  return <LazyChart option={option} testId="statistics-chart" />;
}
