import { describe, expect, it } from 'vitest';
import { parseQuery, stringifyQuery } from './query-string.js';

describe('parseQuery', () => {
  it('parses with or without the leading ?', () => {
    expect(parseQuery('?page=2&status=1')).toEqual({ page: '2', status: '1' });
    expect(parseQuery('page=2')).toEqual({ page: '2' });
    expect(parseQuery('')).toEqual({});
  });

  it('reads nested keys and arrays', () => {
    expect(parseQuery('?filter[shop][id]=9&ids[]=1&ids[]=2')).toEqual({ filter: { shop: { id: '9' } }, ids: ['1', '2'] });
  });

  it('stops arrays at 20 items (they become an object instead of a huge array)', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => `a[]=${i}`).join('&');
    expect(Array.isArray(parseQuery(twenty).a)).toBe(true);
    const index = parseQuery('a[100000]=x').a;
    expect(Array.isArray(index)).toBe(false);
    expect(index).toEqual({ 100000: 'x' });
  });

  it('keeps nesting beyond depth 5 as one literal key', () => {
    const parsed = parseQuery('a[b][c][d][e][f][g]=1');
    expect(parsed).toEqual({ a: { b: { c: { d: { e: { f: { '[g]': '1' } } } } } } });
  });

  it('reads at most 1000 parameters', () => {
    const many = Array.from({ length: 1200 }, (_, i) => `k${i}=1`).join('&');
    expect(Object.keys(parseQuery(many))).toHaveLength(1000);
  });
});

describe('stringifyQuery', () => {
  it('round-trips list-page state, dropping empty values', () => {
    const state = { page: 2, keyword: '连衣裙', ids: ['7'], status: null, shop: undefined, range: ['2025-01-01', '2025-01-09'] };
    const text = stringifyQuery(state);
    expect(text).not.toMatch(/status|shop/);
    expect(parseQuery(text)).toEqual({ page: '2', keyword: '连衣裙', ids: ['7'], range: ['2025-01-01', '2025-01-09'] });
  });
});
