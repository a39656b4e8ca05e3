import { describe, expect, it } from 'vitest';
import { fenOf, normalizeYuan, yuanRules } from './yuan-field';

const check = async (v: string) => {
  const rule = yuanRules('提现金额', 10, 10_000)[2] as { validator: (r: unknown, v: string) => Promise<void> };
  return rule.validator(null, v).then(
    () => 'ok',
    (e: Error) => e.message,
  );
};

describe('yuan amount fields', () => {
  it('converts yuan text to fen exactly, without floats', () => {
    expect(fenOf('0.1')).toBe(10);
    expect(fenOf('19.99')).toBe(1999);
    expect(fenOf('100')).toBe(10_000);
    expect(fenOf('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(() => fenOf('1.234')).toThrow();
  });

  it('cleans typing: one dot, two decimals, no leading zeros, Chinese full stops', () => {
    expect(normalizeYuan('00100.456')).toBe('100.45');
    expect(normalizeYuan('12。5')).toBe('12.5');
    expect(normalizeYuan('¥1,000')).toBe('1000');
  });

  it('says the bounds in yuan', async () => {
    expect(await check('0.09')).toBe('提现金额至少0.10元');
    expect(await check('100.01')).toBe('提现金额不能超过100.00元');
    expect(await check('100')).toBe('ok');
  });
});
