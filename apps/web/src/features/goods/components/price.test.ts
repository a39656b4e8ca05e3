import { describe, expect, it } from 'vitest';
import { fenOf, yuanLabel, yuanOf } from './price';

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
