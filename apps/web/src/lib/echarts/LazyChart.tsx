/**
 * One ECharts canvas, loaded with a dynamic import when it first mounts (its own chunk, out of the
 * shell's), redrawn when the option changes, resized with the window and disposed on unmount. The
 * pages build the option; the tables beside the charts show the same numbers.
 */
import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';

export function LazyChart({ option, height = 300, testId }: { option: Record<string, unknown>; height?: number; testId: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    void import('./echarts-core').then(({ init }) => {
      if (disposed || !box.current) return;
      const chart = init(box.current);
      chart.setOption(option);
      const onResize = () => chart.resize();
      window.addEventListener('resize', onResize);
      dispose = () => {
        window.removeEventListener('resize', onResize);
        chart.dispose();
      };
      setReady(true);
    });
    return () => {
      disposed = true;
      dispose();
    };
  }, [option]);
  return (
    <>
      {!ready && <Spin />}
      <div ref={box} data-testid={testId} style={{ width: '100%', height, marginBottom: 12 }} />
    </>
  );
}
