import { describe, expect, it } from 'vitest';
import { filterBody, filtersFromUrl, pagingFromUrl, toUrl } from './order-filters';

describe('shop order filters in the URL', () => {
  it('reads only the filters that are set, and builds the call body with numbers where needed', () => {
    const sp = new URLSearchParams('shopId=12&phoneTail=5678&sku=&remark=BUYER&sellerFlag=2&foo=bar');
    const f = filtersFromUrl(sp);
    expect(f).toEqual({ shopId: '12', phoneTail: '5678', remark: 'BUYER', sellerFlag: '2' });
    expect(filterBody(f)).toEqual({ shopId: 12, phoneTail: '5678', remark: 'BUYER', sellerFlag: 2 });
  });

  it('paging falls back to page 1 of 20 and caps the page size', () => {
    expect(pagingFromUrl(new URLSearchParams(''))).toEqual({ pageNo: 1, pageSize: 20 });
    expect(pagingFromUrl(new URLSearchParams('pageNo=3&pageSize=999'))).toEqual({ pageNo: 3, pageSize: 100 });
    expect(pagingFromUrl(new URLSearchParams('pageNo=-1&pageSize=abc'))).toEqual({ pageNo: 1, pageSize: 20 });
  });

  it('writes a clean address: defaults and empty filters left out', () => {
    expect(toUrl({ shopId: '3', buyerNick: ' ', paidFrom: '2026-11-01', paidTo: '2026-11-20' }, { pageNo: 1, pageSize: 20 }).toString()).toBe(
      'shopId=3&paidFrom=2026-11-01&paidTo=2026-11-20',
    );
    expect(toUrl({}, { pageNo: 2, pageSize: 50 }).toString()).toBe('pageNo=2&pageSize=50');
  });
});
