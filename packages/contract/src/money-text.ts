/**
 * Money as text: the bound, the price pattern, and the yuan ⇄ fen parser and formatter. Apart from
 * the schema builders in money.ts so the shell can format and check prices without loading zod
 * (decision 0040).
 */
/** Ten million yuan: the ledger's single-movement limit (docs/decisions/0002-ledger.md) and the bound of any amount. */
export const MAX_FEN = 1_000_000_000;

/** Digits with at most two decimals (SPEC.md section 5 price input). */
export const PRICE_PATTERN = /^\d+(\.\d{1,2})?$/;

export function isValidPrice(input: string): boolean {
  return PRICE_PATTERN.test(input.trim());
}

/** Yuan text ("12.5") → integer fen (1250), or null when the text is not a valid price ('', 'abc', '1.005', '-1'). */
export function yuanToFen(input: string): number | null {
  const t = input.trim();
  if (!PRICE_PATTERN.test(t)) return null;
  const [whole = '0', frac = ''] = t.split('.');
  const fen = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}

/** Integer fen → yuan with two decimals ("-12.05"): pages, labels and Excel exports all write money this way. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
