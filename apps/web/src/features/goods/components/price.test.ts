import { describe, expect, it } from 'vitest';
import { fenOf, yuanLabel, yuanOf } from './price';
import { nonEmpty, positiveInt } from './url-state';

describe('goods price fields', () => {
  it('turns typed yuan into fen and back, empty meaning unknown', () => {
    expect(fenOf('45.5')).toBe(4550);
    expect(fenOf('0.01')).toBe(1);
    expect(fenOf('')).toBeNull();
    expect(fenOf('1.234')).toBeNull();
    expect(yuanOf(4550)).toBe('45.50');
    expect(yuanOf(null)).toBe('');
    expect(yuanLabel(null)).toBe('未填');
    expect(yuanLabel(5900)).toBe('¥59.00');
  });
});

describe('goods list URL values', () => {
  it('keeps only the filters that are set, and sane page numbers', () => {
    expect(nonEmpty({ keyword: '', status: 'ENABLED', supplierId: undefined, pageNo: 2 })).toEqual({ status: 'ENABLED', pageNo: 2 });
    expect(positiveInt('3', 1)).toBe(3);
    expect(positiveInt('-1', 1)).toBe(1);
    expect(positiveInt('abc', 20)).toBe(20);
    expect(positiveInt('9999', 20, 100)).toBe(100);
  });
});
