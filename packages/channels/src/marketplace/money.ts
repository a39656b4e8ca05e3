/**
 * TOP, JD, PDD, Weidian, KM and WDT send money as yuan strings ("12.34"); we keep integer fen.
 * String arithmetic only, never a float in between (0.29 * 100 is 28.999…).
 */
import { fenToYuan as alipayFenToYuan, yuanToFen as alipayYuanToFen } from '../alipay/money.ts';
import { ChannelError } from './types.ts';

export const fenToYuan = alipayFenToYuan;

/** "12.34" / "12.3" / "12" / 12.34 → 1234. A value that is not money is the platform's fault: BAD_REQUEST names the field. */
export function parseYuan(value: unknown, field: string): number {
  const text = typeof value === 'number' ? String(value) : value;
  const fen = typeof text === 'string' ? alipayYuanToFen(text.trim()) : null;
  if (fen === null) throw new ChannelError('BAD_REQUEST', 'bad_money', `平台返回的金额格式不对（${field}：${String(value)}）`);
  return fen;
}

/** Integer fen as the platform sent it (Douyin, XHS, Kuaishou); refuses floats and text. */
export function parseFen(value: unknown, field: string): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    throw new ChannelError('BAD_REQUEST', 'bad_money', `平台返回的金额格式不对（${field}：${String(value)}）`);
  }
  return n;
}

/** Earlier names, kept for callers written against them. */
export const intFen = parseFen;
export const yuanToFen = parseYuan;
