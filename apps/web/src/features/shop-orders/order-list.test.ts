import { describe, expect, it } from 'vitest';
import { fromFormValues } from '../../lib/list-page/filter-fields';
import { readList, setFilters, writeList } from '../../lib/list-page/list-state';
import { SHOP_ORDER_LIST, shopOrderFields } from './order-list';

const read = (q: string) => readList(new URLSearchParams(q), SHOP_ORDER_LIST);

describe('shop order list in the URL', () => {
  it('reads only the filters that are set, ids and flags as the numbers the call wants', () => {
    const s = read('shopId=12&phoneTail=5678&sku=&remark=BUYER&sellerFlag=2&status=NOPE&foo=bar');
    expect(setFilters(s.filters)).toEqual({ shopId: 12, phoneTail: '5678', remark: 'BUYER', sellerFlag: 2 });
  });

  it('pages from page 1 of 20 and caps the page size at the one policy', () => {
    expect(read('')).toMatchObject({ pageNo: 1, pageSize: 20 });
    expect(read('pageNo=3&pageSize=999')).toMatchObject({ pageNo: 3, pageSize: 100 });
    expect(read('pageNo=-1&pageSize=abc')).toMatchObject({ pageNo: 1, pageSize: 20 });
  });

  it('writes a submitted form as a clean address: blanks left out, the paid range as its two days', () => {
    const form = { shopId: 3, buyerNick: ' ', paid: undefined, sellerFlag: undefined };
    const filters = fromFormValues(shopOrderFields([]), form);
    expect(writeList(new URLSearchParams('pageNo=4'), SHOP_ORDER_LIST, { filters }).toString()).toBe('shopId=3');
    const paid = writeList(new URLSearchParams(), SHOP_ORDER_LIST, { filters: { paidFrom: '2026-11-01', paidTo: '2026-11-20' } });
    expect(paid.toString()).toBe('paidFrom=2026-11-01&paidTo=2026-11-20');
    expect(writeList(new URLSearchParams('pageSize=50'), SHOP_ORDER_LIST, { pageNo: 2 }).toString()).toBe('pageSize=50&pageNo=2');
    // A new page size goes back to page 1.
    expect(writeList(new URLSearchParams('pageNo=2'), SHOP_ORDER_LIST, { pageNo: 2, pageSize: 50 }).toString()).toBe('pageSize=50');
  });

  it('checks the phone tail with the contract, whose message the form shows', async () => {
    const tail = shopOrderFields([]).find((f) => f.name === 'phoneTail');
    const rule = tail?.kind === 'text' ? tail.rules?.[0] : undefined;
    const validate = (v: string) => (rule && typeof rule === 'object' && rule.validator ? rule.validator({}, v, () => undefined) : undefined);
    await expect(validate('5678')).resolves.toBeUndefined();
    await expect(validate('')).resolves.toBeUndefined();
    await expect(validate('56a')).rejects.toThrow('手机尾号必须是4位数字');
  });
});
