/**
 * The money vocabulary: integer fen everywhere, yuan only where a person reads or types it. One
 * bound, one schema builder, one formatter and one parser, so a page, a label and a spreadsheet
 * show the same text for the same amount and every fen field refuses the same way.
 */
import { z } from 'zod';
import { fenToYuan, MAX_FEN } from './money-text.js';

export { fenToYuan, isValidPrice, MAX_FEN, PRICE_PATTERN, yuanToFen } from './money-text.js';

/**
 * The wording of a fen field's refusals. The defaults fit most fields; a field whose page or API
 * already promised other words (the ledger's "单笔不能超过1000万元") passes them here.
 */
export interface FenMessages {
  /** A value that is not an integer, e.g. 12.5 fen. */
  integer?: string;
  min?: string;
  max?: string;
}

const isMissing = (v: unknown) => v === undefined || v === null;

/**
 * An amount in integer fen within [min, max], named `label` in every message (the server's
 * validation errors say which field is wrong). Strings, fractions, NaN and huge numbers are refused;
 * a missing value says 请输入….
 */
export const fenField = (label: string, min = 0, max = MAX_FEN, say: FenMessages = {}) =>
  z
    .number({ error: (iss) => (isMissing(iss.input) ? `请输入${label}` : `${label}必须是数字（单位：分）`) })
    .int(say.integer ?? `${label}必须是整数（单位：分）`)
    .min(min, say.min ?? (min === 0 ? `${label}不能为负数` : `${label}至少${fenToYuan(min)}元`))
    .max(max, say.max ?? `${label}不能超过${max / 100}元`)
    .describe(label);

/** A stall's unit price: above 100,000 yuan it is a typing mistake, not a price. */
export const MAX_UNIT_PRICE_FEN = 10_000_000;

/** A unit price in fen, min..10万元 (1 fen at least unless the caller allows 0). */
export const unitPriceField = (label: string, min = 1, say: FenMessages = {}) =>
  fenField(label, min, MAX_UNIT_PRICE_FEN, { max: `${label}不能超过10万元`, ...say });
