/**
 * The 7-day chart, drawn by the shared LazyChart (ECharts loaded when the chart first shows, so the
 * workbench's first paint does not wait for it).
 */
import { fenToYuan, type HomeData, WORKBENCH_FIGURES } from '@dropship/contract';
import { Card } from 'antd';
import { useMemo } from 'react';
import { LazyChart } from '../../../lib/echarts/LazyChart';

export default function WeekChart({ chart }: { chart: HomeData['chart'] }) {
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 36, bottom: 24 },
      xAxis: { type: 'category', data: chart.days.map((d) => d.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: chart.series.map((s) => {
        const f = WORKBENCH_FIGURES[s.key];
        return { name: f.title, type: 'line', smooth: true, data: f.money ? s.values.map((v) => Number(fenToYuan(v))) : s.values };
      }),
    }),
    [chart],
  );
  return (
    <Card size="small" title="近7天趋势">
      <LazyChart option={option} height={280} testId="week-chart" />
    </Card>
  );
}
