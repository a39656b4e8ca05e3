import { describe, expect, it } from 'vitest';
import { fenAmount } from './funds.js';
import { fenField, fenToYuan, MAX_FEN, MAX_UNIT_PRICE_FEN, unitPriceField, yuanToFen } from './money.js';

const refusal = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) =>
  schema.safeParse(v).error?.issues[0]?.message;

describe('fenField', () => {
  const price = fenField('金额');

  it('takes 0 and MAX_FEN, the two ends of the default range', () => {
    expect(price.safeParse(0).success).toBe(true);
    expect(price.safeParse(MAX_FEN).success).toBe(true);
    expect(MAX_FEN).toBe(1_000_000_000);
  });

  it('refuses a negative, a fraction of a fen, one fen too many, a string and a missing value, naming the field', () => {
    expect(refusal(price, -1)).toBe('金额不能为负数');
    expect(refusal(price, 12.5)).toBe('金额必须是整数（单位：分）');
    expect(refusal(price, MAX_FEN + 1)).toBe('金额不能超过10000000元');
    expect(refusal(price, '12')).toBe('金额必须是数字（单位：分）');
    expect(refusal(price, Number.NaN)).toBe('金额必须是数字（单位：分）');
    expect(refusal(price, undefined)).toBe('请输入金额');
    expect(refusal(price, null)).toBe('请输入金额');
  });

  it('says the lower bound in yuan, or the field’s own words when given', () => {
    expect(refusal(fenField('金额', 1), 0)).toBe('金额至少0.01元');
    expect(refusal(fenField('优惠金额', 1, 100, { min: '优惠金额至少1分' }), 0)).toBe('优惠金额至少1分');
    expect(refusal(fenField('单价', 0, 100, { integer: '单价必须是整数分' }), 0.5)).toBe('单价必须是整数分');
  });

  it('keeps the ledger’s wording for a single movement', () => {
    const amount = fenAmount('充值金额');
    expect(refusal(amount, 0)).toBe('充值金额至少0.01元');
    expect(refusal(amount, MAX_FEN + 1)).toBe('充值金额单笔不能超过1000万元');
    expect(refusal(amount, 10.5)).toBe('充值金额必须是整数（单位：分），不能有小数');
  });

  it('bounds a unit price at 10万元', () => {
    const unit = unitPriceField('单价');
    expect(unit.safeParse(MAX_UNIT_PRICE_FEN).success).toBe(true);
    expect(refusal(unit, MAX_UNIT_PRICE_FEN + 1)).toBe('单价不能超过10万元');
    expect(refusal(unit, 0)).toBe('单价至少0.01元');
    expect(unitPriceField('单价', 0).safeParse(0).success).toBe(true);
  });
});

describe('yuanToFen', () => {
  it('converts exactly, without floating point drift', () => {
    expect(yuanToFen('0')).toBe(0);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('1.1')).toBe(110);
    expect(yuanToFen('10000000')).toBe(MAX_FEN);
    expect(yuanToFen(' 19.99 ')).toBe(1999);
  });

  it('answers null for anything that is not a price', () => {
    for (const bad of ['', ' ', 'abc', '1.005', '-1', '.5', '12.', '1e2', '¥12', '１２', '9'.repeat(20)]) expect(yuanToFen(bad)).toBeNull();
  });
});

describe('fenToYuan', () => {
  it('writes two decimals, with the sign in front', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(1250)).toBe('12.50');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(fenToYuan(-120_005)).toBe('-1200.05');
    expect(fenToYuan(MAX_FEN)).toBe('10000000.00');
  });

  it('round-trips with yuanToFen', () => {
    for (const fen of [0, 1, 99, 100, 1005, 123_456, MAX_FEN]) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });
});
