/**
 * Cell values as exports write them, turned into ours. Marketplace exports guard long numbers
 * against Excel (="123…", '123…, a trailing tab), write money as "¥1,299.00" and times without a
 * zone (Beijing time); Excel itself may hand over numbers, date serials and rich text.
 */
import { isCalendarDay, yuanToFen } from '@dropship/contract';

export type Cell = string | number | boolean | Date | null | undefined;

/** Text of a cell with the export's Excel guards removed. */
export function cellText(v: Cell): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return String(v);
  if (typeof v === 'boolean') return v ? '是' : '否';
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : formatChinaTime(v);
  // Most cells need nothing done: no BOM, no Excel guard (= or '), no surrounding spaces.
  const first = v.charCodeAt(0);
  if (first > 32 && first !== 0xfeff && first !== 61 && first !== 39 && v.charCodeAt(v.length - 1) > 32) return v;
  let s = v.replace(/^\uFEFF/, '').trim();
  const guarded = /^="(.*)"$/s.exec(s);
  if (guarded) s = guarded[1] ?? '';
  if (s.startsWith("'")) s = s.slice(1);
  return s.trim();
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
/** Days between Excel's day 0 (1899-12-30) and 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;

function formatChinaTime(d: Date): string {
  return new Date(d.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const TIME = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[\sT]+(\d{1,2})[:时](\d{1,2})(?:[:分](\d{1,2}(?:\.\d+)?))?秒?)?$/;

const isDigit = (c: number) => c >= 48 && c <= 57;
/** The number written by s's digits from `at` to `end` (they are digits). */
function digits(s: string, at: number, end: number): number {
  let n = 0;
  for (let i = at; i < end; i++) n = n * 10 + s.charCodeAt(i) - 48;
  return n;
}

/** "2024-06-01 10:00:00" exactly, as the marketplaces' exports write it: read without a pattern (every row has two). */
function isPlainTime(s: string): boolean {
  if (s.length !== 19) return false;
  for (let i = 0; i < 19; i++) {
    const c = s.charCodeAt(i);
    const sep = i === 4 || i === 7 ? 45 : i === 10 ? 32 : i === 13 || i === 16 ? 58 : 0;
    if (sep ? c !== sep : !isDigit(c)) return false;
  }
  return true;
}

/**
 * Beijing wall-clock parts → the instant; null for a day or a time of day that does not exist (Date.UTC
 * would roll 2024-02-31 over to March, and read the year 0024 as 1924: isCalendarDay refuses both).
 */
function chinaTime(y: number, mo: number, d: number, h: number, mi: number, secMs: number): Date | null {
  if (!isCalendarDay(y, mo, d) || h > 23 || mi > 59 || secMs >= 60_000) return null;
  return new Date(Date.UTC(y, mo - 1, d, h, mi, 0, secMs) - CHINA_OFFSET_MS);
}

/**
 * A time written in Beijing time ("2024-06-01 10:00:00", "2024/6/1 10:00", an Excel date serial);
 * undefined when empty, null when unreadable.
 */
export function parseChinaTime(v: Cell): Date | undefined | null {
  if (v === null || v === undefined || v === '') return undefined;
  if (typeof v === 'string' && isPlainTime(v)) {
    return chinaTime(digits(v, 0, 4), digits(v, 5, 7), digits(v, 8, 10), digits(v, 11, 13), digits(v, 14, 16), digits(v, 17, 19) * 1000);
  }
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v === 'number') {
    // Excel's serial is a wall-clock day count; the wall clock is Beijing's.
    if (v < 1 || v > 2_958_465) return null;
    return new Date(Math.round((v - EXCEL_EPOCH_DAYS) * 86_400_000) - CHINA_OFFSET_MS);
  }
  const s = cellText(v);
  if (!s) return undefined;
  if (/^\d+(\.\d+)?$/.test(s)) return parseChinaTime(Number(s));
  const m = TIME.exec(s);
  if (!m) return null;
  const [, y, mo, d, h = '0', mi = '0', sec = '0'] = m;
  return chinaTime(Number(y), Number(mo), Number(d), Number(h), Number(mi), Math.round(Number(sec) * 1000));
}

/** Fen of plain yuan text ("12", "12.5", "1299.00": digits, at most two decimals), else undefined. */
function plainFen(s: string): number | undefined {
  const n = s.length;
  let i = 0;
  while (i < n && isDigit(s.charCodeAt(i))) i++;
  // At most 13 digits of yuan: the fen stay a safe integer.
  if (i === 0 || i > 13) return undefined;
  const yuan = digits(s, 0, i) * 100;
  if (i === n) return yuan;
  const decimals = n - i - 1;
  if (s.charCodeAt(i) !== 46 || decimals < 1 || decimals > 2) return undefined;
  for (let k = i + 1; k < n; k++) if (!isDigit(s.charCodeAt(k))) return undefined;
  return yuan + (decimals === 1 ? digits(s, i + 1, n) * 10 : digits(s, i + 1, n));
}

/** Yuan in a cell → fen; undefined when empty, null when not money. */
export function parseFen(v: Cell): number | undefined | null {
  if (v === null || v === undefined || v === '') return undefined;
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v * 100) : null;
  // Most cells are plain yuan: no sign, guard, comma or unit to take off, no pattern to run.
  const plain = typeof v === 'string' ? plainFen(v) : undefined;
  if (plain !== undefined) return plain;
  const s = cellText(v)
    .replace(/^[¥￥]/, '')
    .replace(/元$/, '')
    .replace(/,/g, '')
    .trim();
  if (!s) return undefined;
  if (/^\d+\.\d{3,}$/.test(s)) return Math.round(Number(s) * 100);
  return yuanToFen(s);
}

/** A positive whole quantity (≤ 99,999); undefined when empty, null when not one. */
export function parseQuantity(v: Cell): number | undefined | null {
  const s = typeof v === 'number' ? String(v) : cellText(v).replace(/件$/, '');
  if (!s) return undefined;
  if (!/^\d{1,5}(\.0+)?$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 ? n : null;
}

export type PhoneCheck = { ok: true; phone: string } | { ok: false; reason: 'missing' | 'masked' | 'invalid' };

/**
 * A receiver phone we can ship to: a mainland mobile (with +86, spaces or dashes), a mobile with
 * the platform's privacy extension (13012345678-1234, 转1234), or a landline (0571-88886666).
 */
export function checkPhone(raw: string): PhoneCheck {
  const s = raw.replace(/[\s\u3000]/g, '');
  if (!s) return { ok: false, reason: 'missing' };
  if (s.includes('*')) return { ok: false, reason: 'masked' };
  const mobile = s.replace(/^(\+?86-?)/, '').replace(/^(\d{3})-(\d{4})-(\d{4})/, '$1$2$3');
  if (/^1[3-9]\d{9}$/.test(mobile)) return { ok: true, phone: mobile };
  const ext = /^(1[3-9]\d{9})(?:[-_,，#]|转)(\d{1,6})$/.exec(mobile);
  if (ext) return { ok: true, phone: `${ext[1]}-${ext[2]}` };
  if (/^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/.test(s)) return { ok: true, phone: s };
  return { ok: false, reason: 'invalid' };
}

/** An order number Excel stored as a number past 15 digits has lost its last digits. */
export function isMangledNumber(v: Cell): boolean {
  if (typeof v === 'number') return !Number.isSafeInteger(v) || v >= 1e15;
  return typeof v === 'string' && /^\d(\.\d+)?E\+\d+$/i.test(v.trim());
}
