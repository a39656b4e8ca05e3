/**
 * WDT sends money as decimal(19,4) yuan strings ("59.0000", shares like "19.9967"); we keep
 * integer fen, rounding the 3rd and 4th decimals half up, with integer arithmetic only.
 */
import { fenToYuan } from '../marketplace/money.ts';
import { ChannelError } from '../marketplace/types.ts';

export function wdtYuanToFen(value: unknown, field: string): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d+)(?:\.(\d{1,4}))?$/.exec(text);
  if (!m) throw new ChannelError('BAD_REQUEST', 'bad_money', `旺店通返回的金额格式不对（${field}：${String(value)}）`);
  const frac = (m[2] ?? '').padEnd(4, '0');
  const tenThousandths = Number(m[1]) * 10_000 + Number(frac);
  const fen = Math.floor((tenThousandths + 50) / 100);
  if (!Number.isSafeInteger(fen)) throw new ChannelError('BAD_REQUEST', 'bad_money', `旺店通返回的金额过大（${field}）`);
  return fen;
}

/** 5900 → "59.0000", the way WDT writes amounts. */
export const wdtMoney = (fen: number) => `${fenToYuan(fen)}00`;

/** WDT writes quantities as decimals too ("1.0000"). */
export function wdtQuantity(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : Number.NaN;
}
