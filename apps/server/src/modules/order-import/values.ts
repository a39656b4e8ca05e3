/**
 * Cell values as exports write them, turned into ours. Marketplace exports guard long numbers
 * against Excel (="123…", '123…, a trailing tab), write money as "¥1,299.00" and times without a
 * zone (Beijing time); Excel itself may hand over numbers, date serials and rich text.
 */
import { yuanToFen } from '@dropship/contract';

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

/**
 * A time written in Beijing time ("2024-06-01 10:00:00", "2024/6/1 10:00", an Excel date serial);
 * undefined when empty, null when unreadable.
 */
export function parseChinaTime(v: Cell): Date | undefined | null {
  if (v === null || v === undefined || v === '') return undefined;
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
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), 0, Math.round(Number(sec) * 1000)) - CHINA_OFFSET_MS;
  const date = new Date(ms);
  // Date.UTC rolls 2024-02-31 over to March: a day that does not exist is unreadable.
  return new Date(ms + CHINA_OFFSET_MS).getUTCDate() === Number(d) ? date : null;
}

/** Yuan in a cell → fen; undefined when empty, null when not money. */
export function parseFen(v: Cell): number | undefined | null {
  if (v === null || v === undefined || v === '') return undefined;
  if (typeof v === 'number') return Number.isFinite(v) && v >= 0 ? Math.round(v * 100) : null;
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
