/** Price input (SPEC.md section 5): digits with at most two decimals. */
import { isValidPrice } from '@dropship/contract';
import type { FormRule } from 'antd';

export const PRICE_ERROR = '请输入正确的价格，最多两位小数';

/**
 * A Form.Item rule. Empty passes: whether a price is required is the field's own `required` rule,
 * so this one only speaks when something was typed.
 */
export const priceRule = {
  validator: (_rule: unknown, value: unknown): Promise<void> => {
    if (value === undefined || value === null || value === '') return Promise.resolve();
    return isValidPrice(String(value)) ? Promise.resolve() : Promise.reject(new Error(PRICE_ERROR));
  },
} satisfies FormRule;

/**
 * Cleans price text as it is typed: only digits and one dot survive, at most two decimals,
 * no leading zeros ('007' → '7'), and a leading dot becomes '0.'. Chinese IMEs type '。' or the
 * full-width '．' for a dot, so those count as one. Use as Form.Item normalize or in onChange.
 */
export function normalizePriceInput(text: string | null | undefined): string {
  if (!text) return '';
  const cleaned = text.replace(/[。．]/g, '.').replace(/[^\d.]/g, '');
  const dot = cleaned.indexOf('.');
  let whole = dot < 0 ? cleaned : cleaned.slice(0, dot);
  const decimals =
    dot < 0
      ? null
      : cleaned
          .slice(dot + 1)
          .replace(/\./g, '')
          .slice(0, 2);
  whole = whole.replace(/^0+(?=\d)/, '');
  if (decimals === null) return whole;
  return `${whole || '0'}.${decimals}`;
}
