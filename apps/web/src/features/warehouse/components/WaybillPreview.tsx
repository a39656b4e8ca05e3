/** The waybill as it prints (the server's SVG of the `waybill` label kind), shown as an image. */
import type { WaybillLabelData } from '@dropship/contract';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { SvgPreview } from '../../labels-designer/SvgPreview';
import { printingApi } from '../../printing/printing-api';

export function WaybillPreview({ waybill, scale = 0.8 }: { waybill: WaybillLabelData; scale?: number }) {
  const svg = useQuery({
    queryKey: ['waybill-preview', waybill.trackingNo, waybill.printTime],
    queryFn: () => printingApi.renderSvg({ kind: 'waybill', data: [waybill] }),
  });
  if (svg.isLoading) return <Spin description="正在生成面单预览…" />;
  return svg.data ? <SvgPreview svg={svg.data} alt={`面单预览 ${waybill.trackingNo}`} scale={scale} /> : null;
}
