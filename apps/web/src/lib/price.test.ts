import { describe, expect, it } from 'vitest';
import { normalizePriceInput, PRICE_ERROR, priceRule } from './price.js';

function check(value: unknown): Promise<void> {
  return priceRule.validator(priceRule, value);
}

describe('priceRule', () => {
  it('accepts digits with up to two decimals, and empty input', async () => {
    for (const v of ['0', '12', '12.5', '12.50', 8, '', undefined, null]) await expect(check(v)).resolves.toBeUndefined();
  });
  it('rejects anything else with the price message', async () => {
    for (const v of ['12.345', '-1', '1e3', 'abc', '12.', '.5']) await expect(check(v)).rejects.toThrow(PRICE_ERROR);
  });
});

describe('normalizePriceInput', () => {
  it.each([
    ['12.345', '12.34'],
    ['1a2b.3c', '12.3'],
    ['1.2.3', '1.23'],
    ['￥88.8元', '88.8'],
    ['-5', '5'],
    ['.5', '0.5'],
    ['007', '7'],
    ['0', '0'],
    ['00.5', '0.5'],
    ['12.', '12.'],
    ['12。5', '12.5'],
    ['', ''],
  ])('%s → %s', (input, output) => {
    expect(normalizePriceInput(input)).toBe(output);
  });
  it('treats null and undefined as empty', () => {
    expect(normalizePriceInput(null)).toBe('');
    expect(normalizePriceInput(undefined)).toBe('');
  });
});
