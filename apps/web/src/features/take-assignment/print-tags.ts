/**
 * Printing pick-up tags of the assignment page like every other label (features/printing): C-Lodop
 * when this computer has the service and a pick-up tag printer is chosen, otherwise the server's PDF
 * in the browser. The server renders and counts the print (batchPrint), so the tags are walked and
 * separated by stall exactly as the list was filtered.
 */
import { ApiError, call } from '../../app/api';
import { requestBlob } from '../../lib/request/browser';
import { printPdfBlob } from '../printing/pdf-print';
import { createPrintQueue, type LodopStep } from '../printing/print-queue';
import { currentClodop, ensurePrintService } from '../printing/print-service';
import { BROWSER_PRINTER, kindSettings } from '../printing/print-settings';

const queue = createPrintQueue(currentClodop);
const URL = '/api/b2/purchaser/assigned/batchPrint';

/** Either the selected ids or the list's filter. */
export type PrintTarget = { takeItemIds: number[] } | { filter: Record<string, string | number>; onlyUnprinted?: boolean };

export async function printTakeTags(target: PrintTarget): Promise<{ via: 'clodop' | 'pdf'; pages?: number }> {
  const s = kindSettings('pickupTag');
  const body = { ...target, offsetXMm: s.offsetXMm, offsetYMm: s.offsetYMm };
  const service = await ensurePrintService();
  if (service.usable && s.printer !== BROWSER_PRINTER) {
    const { steps, pages } = await call<{ steps: LodopStep[]; pages: number }>({ method: 'POST', url: URL, data: { ...body, format: 'lodop' } });
    const outcome = await queue.print({ steps, printer: s.printer });
    if (!outcome.ok) throw new ApiError(500, '打印服务未能打印，请检查打印机后重试');
    return { via: 'clodop', pages };
  }
  const out = await requestBlob({ method: 'POST', url: URL, data: { ...body, format: 'pdf' } });
  if ('envelope' in out) throw new ApiError(out.envelope.errorCode, out.envelope.errorMsg);
  printPdfBlob(out.blob);
  return { via: 'pdf' };
}
