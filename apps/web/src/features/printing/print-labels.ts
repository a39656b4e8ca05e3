/**
 * Printing labels from any page: C-Lodop when this computer has a usable service and a printer is
 * chosen for the kind, otherwise the server's PDF through the browser, so every label still prints
 * (at the exact page size) without the Windows service. Offsets and printer are this computer's.
 */
import { calibrationRequest, type PrintKind } from './label-kinds';
import { printPdfBlob } from './pdf-print';
import { createPrintQueue, type PrintOutcome } from './print-queue';
import { currentClodop, ensurePrintService } from './print-service';
import { BROWSER_PRINTER, kindSettings } from './print-settings';
import { printingApi } from './printing-api';

const queue = createPrintQueue(currentClodop);

export interface PrintLabelsRequest {
  kind: string;
  data: readonly unknown[];
  options?: Record<string, unknown>;
  /** Whose printer and offsets to use; the kind itself by default (the calibration page borrows one). */
  settingsOf?: PrintKind;
}

export type PrintLabelsResult = { via: 'clodop'; outcome: PrintOutcome; pages: number } | { via: 'pdf' };

export async function printLabels(req: PrintLabelsRequest): Promise<PrintLabelsResult> {
  const s = kindSettings(req.settingsOf ?? (req.kind as PrintKind));
  const body = { kind: req.kind, data: req.data, options: { ...req.options, offsetXMm: s.offsetXMm, offsetYMm: s.offsetYMm } };
  const service = await ensurePrintService();
  if (service.usable && s.printer !== BROWSER_PRINTER) {
    const { steps, pages } = await printingApi.renderLodop(body);
    return { via: 'clodop', outcome: await queue.print({ steps, printer: s.printer }), pages };
  }
  printPdfBlob(await printingApi.renderPdf(body));
  return { via: 'pdf' };
}

/** The calibration page with a kind's offsets and printer. */
export function printCalibration(kind: PrintKind): Promise<PrintLabelsResult> {
  return printLabels({ ...calibrationRequest(kind), settingsOf: kind });
}
