/**
 * Job expansion: data records → the sequence of labels to print. Kept apart from the layouts so a
 * layout always draws exactly one label, and so the print queue can count and resume by label.
 */
import type { CertificateData } from './layouts/certificate.ts';
import type { PickupTagItem } from './layouts/pickup-tag.ts';
import { type PickupTagTemplate, separatorEnabled } from './layouts/pickup-tag-template.ts';

/** One certificate per unit: quantity 0 prints none, quantity 3 prints three identical labels. */
export function expandCertificates(items: readonly CertificateData[]): CertificateData[] {
  return items.flatMap((it) => Array.from({ length: it.quantity }, () => it));
}

export type PickupJobEntry = { type: 'tag'; item: PickupTagItem } | { type: 'separator'; stallName: string; count: number };

const stallOf = (it: PickupTagItem): string => it.stallName?.trim() ?? '';

/**
 * Pick-up tags in input order. When the template ticks PRINT_STALL_SEPARATOR, a separator page goes
 * between each run of consecutive items of one stall and the next run (not before the first run,
 * not after the last). Items are not re-sorted: the caller's order is the picking route.
 */
export function expandPickupTags(template: PickupTagTemplate, items: readonly PickupTagItem[]): PickupJobEntry[] {
  const out: PickupJobEntry[] = [];
  const withSeparators = separatorEnabled(template);
  let i = 0;
  while (i < items.length) {
    const stall = stallOf(items[i]!);
    let j = i;
    while (j < items.length && stallOf(items[j]!) === stall) j++;
    if (withSeparators && i > 0) out.push({ type: 'separator', stallName: stall, count: j - i });
    for (let k = i; k < j; k++) out.push({ type: 'tag', item: items[k]! });
    i = j;
  }
  return out;
}
