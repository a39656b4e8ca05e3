import { describe, expect, it } from 'vitest';
import { filtersFromUrl, listToUrl, nonEmpty, pagingFromUrl, positiveInt, readUrlValues, writeUrlValues } from './url-state';

describe('positiveInt', () => {
  it('takes a positive integer, capped, and falls back on anything else', () => {
    expect(positiveInt('3', 1)).toBe(3);
    expect(positiveInt('-1', 1)).toBe(1);
    expect(positiveInt('0', 7)).toBe(7);
    expect(positiveInt('1.5', 7)).toBe(7);
    expect(positiveInt('abc', 20)).toBe(20);
    expect(positiveInt(null, 20)).toBe(20);
    expect(positiveInt(undefined, 20)).toBe(20);
    expect(positiveInt('9999', 20, 100)).toBe(100);
    expect(positiveInt('9999', 20, 500)).toBe(500);
    // Without a cap the page number stops at 100,000.
    expect(positiveInt('250000', 1)).toBe(100_000);
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

describe('reading and writing the address', () => {
  const defaults = { status: 'UNUSED', keyword: '', pageNo: '1', pageSize: '12' };

  it('reads the keys of the defaults, the default where absent, and ignores other keys', () => {
    expect(readUrlValues(new URLSearchParams('keyword=ab&pageNo=3&x=1'), defaults)).toEqual({ status: 'UNUSED', keyword: 'ab', pageNo: '3', pageSize: '12' });
    // Present but empty is still what the address says.
    expect(readUrlValues(new URLSearchParams('status='), defaults).status).toBe('');
  });

  it('merges a patch, leaving out empty values and defaults, keeping other keys', () => {
    const start = new URLSearchParams('tab=recharge&keyword=ab&pageNo=3');
    const next = writeUrlValues(start, { keyword: '', pageNo: 1, pageSize: 48, status: 'USED' }, defaults);
    expect(next.toString()).toBe('tab=recharge&pageSize=48&status=USED');
    expect(writeUrlValues(next, { status: undefined, pageSize: '12' }, defaults).toString()).toBe('tab=recharge');
    // The given params are not changed.
    expect(start.toString()).toBe('tab=recharge&keyword=ab&pageNo=3');
  });

  it('without defaults keeps every non-empty value', () => {
    expect(writeUrlValues(new URLSearchParams('channel=TAOBAO'), { channel: undefined, keyword: '店' }).toString()).toBe('keyword=%E5%BA%97');
  });
});

describe('list filters and paging', () => {
  const keys = ['shopId', 'orderNo', 'phoneTail'] as const;
  const paging = { pageSize: 20, maxPageSize: 100, maxPageNo: 100_000 };

  it('reads the set filters trimmed, and the paging with its caps', () => {
    const p = new URLSearchParams('orderNo=%20DF1%20&phoneTail=&shopId=3&pageNo=2&pageSize=999&x=1');
    expect(filtersFromUrl(p, keys)).toEqual({ orderNo: 'DF1', shopId: '3' });
    expect(pagingFromUrl(p, paging)).toEqual({ pageNo: 2, pageSize: 100 });
    expect(pagingFromUrl(new URLSearchParams('pageNo=-1&pageSize=abc'), paging)).toEqual({ pageNo: 1, pageSize: 20 });
    expect(pagingFromUrl(new URLSearchParams('pageNo=200000'), { ...paging, pageSize: 10 })).toEqual({ pageNo: 100_000, pageSize: 10 });
  });

  it('writes a clean address after what is already there', () => {
    expect(listToUrl(new URLSearchParams(), keys, { shopId: '3', orderNo: ' ' }, { pageNo: 1, pageSize: 20 }, 20).toString()).toBe('shopId=3');
    expect(listToUrl(new URLSearchParams('status=TOOK'), keys, {}, { pageNo: 3, pageSize: 50 }, 20).toString()).toBe('status=TOOK&pageNo=3&pageSize=50');
    expect(listToUrl(new URLSearchParams(), keys, {}, { pageNo: 1, pageSize: 20 }, 10).toString()).toBe('pageSize=20');
  });
});
