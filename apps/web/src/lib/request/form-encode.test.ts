import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { type ArrayFormat, encodeComponent, formEncode } from './form-encode.js';

const viaQs = (value: unknown, arrayFormat: ArrayFormat) => qs.stringify(value, { arrayFormat, skipNulls: true });

const CASES: Record<string, unknown> = {
  empty: {},
  plain: { pageNo: 1, pageSize: 20, orderNo: 'DF2025010900001' },
  chinese: { receiverName: '张三', area: '广东省 广州市 白云区', note: '换货·尺码 M（大）' },
  reserved: { q: "a b&c=d?e/f#g+h%i!j'k(l)m*n~o-p_q.r", 'key with space': 'v', 'a[b]': 'c' },
  nulls: { a: null, b: undefined, c: '', d: 0, e: false, f: [null, 1, undefined, 2], g: { h: null, i: 3 } },
  arrays: { ids: [3, 5, 8], one: ['x'], none: [], nested: [[1, 2], [3]] },
  objects: { filter: { status: 'WAITING_PAYMENT', range: { from: '2025-01-01', to: '2025-01-09' } }, list: [{ id: 1, qty: 2 }, { id: 2 }] },
  dates: { at: new Date(Date.UTC(2025, 0, 9, 2, 3, 4, 5)), days: [new Date(0)] },
  numbers: { big: 12345678901234567890n, neg: -1.5, nan: Number.NaN, inf: Number.POSITIVE_INFINITY },
  astral: { emoji: '𝄞😀', lone: '\ud800x', lowLone: 'y\udc00' },
  sparse: { s: Object.assign(new Array(3), { 0: 1, 2: 3 }) },
  topLevelArray: [1, 'two', { three: 3 }],
};

describe('formEncode', () => {
  for (const format of ['repeat', 'indices'] as const) {
    for (const [name, value] of Object.entries(CASES)) {
      it(`writes ${name} as qs.stringify does (${format})`, () => {
        expect(formEncode(value, format)).toBe(viaQs(value, format));
      });
    }
  }

  it('answers an empty text for what is not an object, as qs does', () => {
    for (const v of [null, undefined, 'a=b', 3, true]) expect(formEncode(v, 'repeat')).toBe(viaQs(v, 'repeat'));
  });

  it('escapes every UTF-16 code unit the way qs does', () => {
    let all = '';
    for (let c = 0; c < 0x3000; c++) all += String.fromCharCode(c);
    expect(formEncode({ all }, 'repeat')).toBe(viaQs({ all }, 'repeat'));
    expect(encodeComponent('a b')).toBe('a%20b');
  });

  it('agrees with qs on random nested values', () => {
    // A fixed seed: a failure names a value that can be rerun.
    let seed = 7;
    const rnd = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const leaf = () => {
      const r = rnd();
      if (r < 0.1) return null;
      if (r < 0.2) return undefined;
      if (r < 0.4) return Math.floor(rnd() * 1000) - 500;
      if (r < 0.5) return rnd() < 0.5;
      return String.fromCharCode(...Array.from({ length: Math.floor(rnd() * 6) }, () => Math.floor(rnd() * 0x600)));
    };
    const value = (depth: number): unknown => {
      const r = rnd();
      if (depth > 3 || r < 0.5) return leaf();
      if (r < 0.75) return Array.from({ length: Math.floor(rnd() * 4) }, () => value(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(rnd() * 4) }, (_, i) => [`k${i}${String.fromCharCode(0x4e00 + i)}`, value(depth + 1)]));
    };
    for (let i = 0; i < 300; i++) {
      const v = { root: value(0), other: value(1) };
      expect(formEncode(v, 'repeat')).toBe(viaQs(v, 'repeat'));
      expect(formEncode(v, 'indices')).toBe(viaQs(v, 'indices'));
    }
  });

  it('refuses a cycle, as qs does', () => {
    const a: Record<string, unknown> = { x: 1 };
    a.self = a;
    expect(() => viaQs({ a }, 'repeat')).toThrow(RangeError);
    expect(() => formEncode({ a }, 'repeat')).toThrow(RangeError);
  });

  it('writes the same object twice side by side (not a cycle)', () => {
    const shared = { id: 1 };
    const v = { a: shared, b: shared, c: [shared, shared] };
    expect(formEncode(v, 'indices')).toBe(viaQs(v, 'indices'));
  });
});
