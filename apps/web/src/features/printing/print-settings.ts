/**
 * Per-workstation print settings: printer and calibration offsets per label kind. They live in
 * localStorage, not on the server, because they describe this computer's printer and its feed,
 * which differ between the computers of one account.
 */
import type { PrintKind } from './label-kinds';

export const SETTINGS_STORAGE_KEY = 'print_settings';
/** The printer value meaning "no C-Lodop printer: print the PDF through the browser". */
export const BROWSER_PRINTER = '';
export const OFFSET_LIMIT_MM = 20;

export interface KindSettings {
  printer: string;
  offsetXMm: number;
  offsetYMm: number;
}

export const DEFAULT_KIND_SETTINGS: KindSettings = { printer: BROWSER_PRINTER, offsetXMm: 0, offsetYMm: 0 };

export type PrintSettings = Partial<Record<PrintKind, KindSettings>>;

/** Rounds to 0.1 mm and keeps inside the range the server accepts (−20..20). */
export function clampOffset(v: unknown): number {
  const n = typeof v === 'number' && Number.isFinite(v) ? v : 0;
  return Math.round(Math.min(OFFSET_LIMIT_MM, Math.max(-OFFSET_LIMIT_MM, n)) * 10) / 10;
}

function storage(): Storage | null {
  return typeof window === 'undefined' ? null : window.localStorage;
}

export function readPrintSettings(): PrintSettings {
  try {
    const raw = JSON.parse(storage()?.getItem(SETTINGS_STORAGE_KEY) ?? '{}') as Record<string, Partial<KindSettings>>;
    const out: PrintSettings = {};
    for (const [kind, s] of Object.entries(raw ?? {})) {
      out[kind as PrintKind] = {
        printer: typeof s?.printer === 'string' ? s.printer : BROWSER_PRINTER,
        offsetXMm: clampOffset(s?.offsetXMm),
        offsetYMm: clampOffset(s?.offsetYMm),
      };
    }
    return out;
  } catch {
    // A hand-edited or foreign value: start again from the defaults rather than break printing.
    return {};
  }
}

export function kindSettings(kind: PrintKind, all: PrintSettings = readPrintSettings()): KindSettings {
  return all[kind] ?? DEFAULT_KIND_SETTINGS;
}

export function saveKindSettings(kind: PrintKind, s: KindSettings): PrintSettings {
  const all = { ...readPrintSettings(), [kind]: { printer: s.printer, offsetXMm: clampOffset(s.offsetXMm), offsetYMm: clampOffset(s.offsetYMm) } };
  storage()?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(all));
  return all;
}
