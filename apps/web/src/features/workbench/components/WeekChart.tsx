/**
 * The 7-day chart. ECharts is loaded with a dynamic import when the chart first shows, so the
 * workbench's first paint does not wait for it (and pages without a chart never load it).
 */
import { fenToYuan, type HomeData, WORKBENCH_FIGURES } from '@dropship/contract';
import { Card, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';

export default function WeekChart({ chart }: { chart: HomeData['chart'] }) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    void (async () => {
      const { init } = await import('./echarts-line');
      if (disposed || !box.current) return;
      const instance = init(box.current);
      instance.setOption({
        tooltip: { trigger: 'axis' },
        legend: { top: 0 },
        grid: { left: 48, right: 16, top: 36, bottom: 24 },
        xAxis: { type: 'category', data: chart.days.map((d) => d.slice(5)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: chart.series.map((s) => {
          const f = WORKBENCH_FIGURES[s.key];
          return { name: f.title, type: 'line', smooth: true, data: f.money ? s.values.map((v) => Number(fenToYuan(v))) : s.values };
        }),
      });
      const onResize = () => instance.resize();
      window.addEventListener('resize', onResize);
      dispose = () => {
        window.removeEventListener('resize', onResize);
        instance.dispose();
      };
      setReady(true);
    })();
    return () => {
      disposed = true;
      dispose();
    };
  }, [chart]);

  return (
    <Card size="small" title="近7天趋势">
      {!ready && <Spin />}
      <div ref={box} data-testid="week-chart" style={{ width: '100%', height: 280 }} />
    </Card>
  );
}
