/**
 * Prints waybills the way each was taken (decision 0025): a platform e-waybill through that
 * platform's print component on this computer (its print data is encrypted, only the component can
 * print it), a Kuaidi100 waybill as our own label (C-Lodop, else PDF). Rejects with the first
 * failure's Chinese reason (the component's state and what to do) after trying every group.
 */
import type { WaybillLabelData } from '@dropship/contract';
import type { PlatformPrintData, PrintComponentSource } from '../printing/platform-print/components';
import { printPlatformWaybills } from '../printing/platform-print/platform-print-service';
import { printLabels } from '../printing/print-labels';

export async function printWaybills(waybills: WaybillLabelData[]): Promise<void> {
  const ours = waybills.filter((w) => !w.platformPrint);
  const bySource = new Map<PrintComponentSource, PlatformPrintData[]>();
  for (const w of waybills) {
    const p = w.platformPrint;
    if (p) bySource.set(p.source, [...(bySource.get(p.source) ?? []), p as PlatformPrintData]);
  }
  const jobs: Promise<unknown>[] = [...bySource].map(([source, data]) => printPlatformWaybills(source, data));
  if (ours.length) jobs.push(printLabels({ kind: 'waybill', data: ours }));
  const failed = (await Promise.allSettled(jobs)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason instanceof Error ? failed.reason : new Error('面单打印失败');
}
