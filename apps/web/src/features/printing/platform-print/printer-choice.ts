/**
 * The printer chosen per component on this computer. Kept in localStorage beside the label
 * printers (print-settings.ts) for the same reason: it names this computer's printer.
 */
import type { PrintComponentSource } from './components';

export const COMPONENT_PRINTERS_STORAGE_KEY = 'platform_print_printers';

function storage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

export function readComponentPrinters(): Partial<Record<PrintComponentSource, string>> {
  try {
    const raw = JSON.parse(storage()?.getItem(COMPONENT_PRINTERS_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(Object.entries(raw ?? {}).filter(([, v]) => typeof v === 'string')) as Partial<Record<PrintComponentSource, string>>;
  } catch {
    // A hand-edited value: the components' default printers apply.
    return {};
  }
}

/** '' clears the choice: the component's default printer is used. */
export function saveComponentPrinter(source: PrintComponentSource, printer: string): void {
  const all = { ...readComponentPrinters(), [source]: printer };
  if (!printer) delete all[source];
  storage()?.setItem(COMPONENT_PRINTERS_STORAGE_KEY, JSON.stringify(all));
}
