import { describe, expect, it } from 'vitest';
import { filterBody, filtersFromUrl, pagingFromUrl, tabFromUrl, toUrl } from './list-filters';

describe('the list address', () => {
  it('reads the tab, the filters set and the paging, ignoring the unknown', () => {
    const p = new URLSearchParams('status=WAITING_TAKING&orderNo=%20DF1%20&phoneTail=&shopId=3&pageNo=2&pageSize=999&x=1');
    expect(tabFromUrl(p)).toBe('WAITING_TAKING');
    expect(filtersFromUrl(p)).toEqual({ orderNo: 'DF1', shopId: '3' });
    expect(pagingFromUrl(p)).toEqual({ pageNo: 2, pageSize: 100 });
    expect(tabFromUrl(new URLSearchParams('status=NOPE'))).toBe('ALL');
  });

  it('builds the call body and a clean address', () => {
    expect(filterBody('ALL', { shopId: '3', createdFrom: '2026-01-01' })).toEqual({ shopId: 3, createdFrom: '2026-01-01' });
    expect(filterBody('CANCELED', {})).toEqual({ status: 'CANCELED' });
    expect(filterBody('ALL', filtersFromUrl(new URLSearchParams('speedDelivery=YES')))).toEqual({ speedDelivery: 'YES' });
    expect(toUrl('ALL', { orderNo: 'DF1' }, { pageNo: 1, pageSize: 20 }).toString()).toBe('orderNo=DF1');
    expect(toUrl('TOOK', {}, { pageNo: 3, pageSize: 50 }).toString()).toBe('status=TOOK&pageNo=3&pageSize=50');
  });
});
