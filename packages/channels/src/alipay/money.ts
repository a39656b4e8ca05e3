/**
 * Alipay speaks yuan with up to two decimals ("12.34"); we keep integer fen (DOMAIN.md "Money").
 * Both directions are string/integer arithmetic only — never a float in between.
 */

/** 1234 → "12.34". Throws on anything but a non-negative safe integer. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`金额必须是非负整数（分）：${fen}`);
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** "12.34" / "12.3" / "12" → 1234 / 1230 / 1200; null for anything else (signs, exponents, 3 decimals, spaces). */
export function yuanToFen(yuan: string): number | null {
  const m = /^(0|[1-9]\d*)(?:\.(\d{1,2}))?$/.exec(yuan);
  if (!m) return null;
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}
