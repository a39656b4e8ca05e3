import { describe, expect, it } from 'vitest';
import { badgeText, isEmpty, leftDays, maskName, maskPhone } from './format.js';
import { fenToYuan, isValidPrice, yuanToFen } from './money.js';

describe('maskName', () => {
  it('shows the first character and an asterisk for two-character names', () => {
    expect(maskName('张三')).toBe('张*');
  });
  it('masks every middle character of longer names', () => {
    expect(maskName('王小明')).toBe('王*明');
    expect(maskName('欧阳娜娜')).toBe('欧**娜');
    expect(maskName('Alexander')).toBe('A*******r');
  });
  it('counts characters, not UTF-16 units, and trims', () => {
    expect(maskName('𠮷田')).toBe('𠮷*');
    expect(maskName('  李四  ')).toBe('李*');
  });
  it('leaves one character and empty input alone', () => {
    expect(maskName('张')).toBe('张');
    expect(maskName('')).toBe('');
    expect(maskName(null)).toBe('');
    expect(maskName(undefined)).toBe('');
  });
});

describe('maskPhone', () => {
  it('keeps the first 3 and the last 4 digits', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone(' 13812345678 ')).toBe('138****5678');
  });
  it('masks whatever is between for other lengths, and leaves short input alone', () => {
    expect(maskPhone('01012345678901')).toBe('010*******8901');
    expect(maskPhone('1234567')).toBe('1234567');
    expect(maskPhone(null)).toBe('');
  });
});

describe('isEmpty', () => {
  it('never counts numbers, booleans, functions, dates and regexes as empty', () => {
    for (const v of [0, Number.NaN, false, true, () => undefined, new Date(0), /x/]) expect(isEmpty(v)).toBe(false);
  });
  it('trims strings', () => {
    expect(isEmpty('')).toBe(true);
    expect(isEmpty('   \n')).toBe(true);
    expect(isEmpty(' a ')).toBe(false);
  });
  it('counts null, undefined and empty containers as empty', () => {
    for (const v of [null, undefined, [], {}, new Map(), new Set()]) expect(isEmpty(v)).toBe(true);
    for (const v of [[0], { a: undefined }, new Map([[1, 1]]), new Set([1])]) expect(isEmpty(v)).toBe(false);
  });
});

describe('prices', () => {
  it('isValidPrice takes digits with up to two decimals', () => {
    expect(['0', '12', '12.5', '12.50', ' 3.1 '].every(isValidPrice)).toBe(true);
    expect(['', '12.345', '-1', '.5', '12.', '1e2', '１２'].some(isValidPrice)).toBe(false);
  });
  it('yuanToFen converts exactly, without floating point drift', () => {
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('100')).toBe(10000);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
    expect(yuanToFen('99999999999999999999')).toBeNull();
  });
  it('fenToYuan shows two decimals, also for negatives', () => {
    expect(fenToYuan(1250)).toBe('12.50');
    expect(fenToYuan(7)).toBe('0.07');
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(-1999)).toBe('-19.99');
  });
  it('round-trips', () => {
    for (const text of ['0.01', '5.00', '123.45']) expect(fenToYuan(yuanToFen(text) as number)).toBe(text);
  });
});

describe('badgeText', () => {
  it('caps at 99+ and shows nothing for zero or less', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
  });
});

describe('leftDays', () => {
  it('counts whole days left, floored at 0', () => {
    const now = new Date('2025-01-09T00:00:00Z');
    expect(leftDays(new Date('2025-01-14T12:00:00Z'), now)).toBe(5);
    expect(leftDays(new Date('2025-01-09T23:00:00Z'), now)).toBe(0);
    expect(leftDays(new Date('2025-01-01T00:00:00Z'), now)).toBe(0);
  });
});
