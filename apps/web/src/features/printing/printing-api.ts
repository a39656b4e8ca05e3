/** The labels calls the printing feature makes (the server's modules/labels). */
import type { PrintServiceConfig } from '@dropship/contract';
import { ApiError, call } from '../../app/api';
import { requestBlob } from '../../lib/request/browser';
import type { LodopStep } from './print-queue';

export interface RenderRequest {
  kind: string;
  data: readonly unknown[];
  options?: Record<string, unknown>;
}

async function renderFile(r: RenderRequest, format: 'pdf' | 'svg'): Promise<Blob> {
  const out = await requestBlob({ method: 'POST', url: '/api/labels/render', data: { ...r, format } });
  if ('envelope' in out) throw new ApiError(out.envelope.errorCode, out.envelope.errorMsg);
  return out.blob;
}

export const printingApi = {
  config: () => call<PrintServiceConfig>({ method: 'GET', url: '/api/labels/printService/config' }),
  renderLodop: (r: RenderRequest) =>
    call<{ steps: LodopStep[]; pages: number }>({ method: 'POST', url: '/api/labels/render', data: { ...r, format: 'lodop' } }),
  /** The PDF bytes; a refusal envelope becomes ApiError like any other call. */
  renderPdf: (r: RenderRequest): Promise<Blob> => renderFile(r, 'pdf'),
  /** The labels as one SVG document (pages stacked), for previews. */
  renderSvg: async (r: RenderRequest): Promise<string> => (await renderFile(r, 'svg')).text(),
};
