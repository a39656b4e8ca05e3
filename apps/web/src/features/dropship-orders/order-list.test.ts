import { describe, expect, it } from 'vitest';
import { fromFormValues } from '../../lib/list-page/filter-fields';
import { readList, setFilters, writeList } from '../../lib/list-page/list-state';
import { DROPSHIP_LIST, dropshipFields } from './order-list';

const read = (q: string) => readList(new URLSearchParams(q), DROPSHIP_LIST);

describe('the dropship order list address', () => {
  it('reads the tab, the filters set and the paging, ignoring the unknown', () => {
    const s = read('status=WAITING_TAKING&orderNo=%20DF1%20&phoneTail=&shopId=3&pageNo=2&pageSize=999&x=1');
    expect(setFilters(s.filters)).toEqual({ status: 'WAITING_TAKING', orderNo: 'DF1', shopId: 3 });
    expect(s).toMatchObject({ pageNo: 2, pageSize: 100 });
    // 全部 is no status at all; an unknown tab is 全部 too.
    expect(read('status=NOPE').filters.status).toBeUndefined();
    expect(read('status=ALL').filters.status).toBeUndefined();
    expect(setFilters(read('speedDelivery=YES').filters)).toEqual({ speedDelivery: 'YES' });
    // 平台: one of the contract's channels (a statistics row by platform links here), anything else unset.
    expect(setFilters(read('channel=PDD&createdFrom=2026-11-01&createdTo=2026-11-07').filters)).toEqual({
      channel: 'PDD',
      createdFrom: '2026-11-01',
      createdTo: '2026-11-07',
    });
    expect(read('channel=AMAZON').filters.channel).toBeUndefined();
  });

  it('writes a clean address: a submitted form keeps the tab and the linked shop, a new tab keeps the filters', () => {
    const filters = fromFormValues(dropshipFields([]), { orderNo: 'DF1', phoneTail: ' ', created: undefined });
    expect(writeList(new URLSearchParams('status=TOOK&shopId=3&pageNo=4'), DROPSHIP_LIST, { filters }).toString()).toBe('status=TOOK&shopId=3&orderNo=DF1');
    expect(writeList(new URLSearchParams('orderNo=DF1&pageNo=3'), DROPSHIP_LIST, { filters: { status: 'TOOK' } }).toString()).toBe('orderNo=DF1&status=TOOK');
    expect(writeList(new URLSearchParams('status=TOOK'), DROPSHIP_LIST, { pageNo: 3 }).toString()).toBe('status=TOOK&pageNo=3');
    // Clearing 平台 in the form takes it out of the address.
    const cleared = fromFormValues(dropshipFields([]), { channel: undefined });
    expect(writeList(new URLSearchParams('channel=PDD&shopId=3'), DROPSHIP_LIST, { filters: cleared }).toString()).toBe('shopId=3');
  });

  it("checks 手机尾号 with the contract's schema, loaded on the first check", async () => {
    const field = dropshipFields([]).find((f) => f.name === 'phoneTail');
    const rule = (field?.kind === 'text' ? field.rules?.[0] : undefined) as { required?: boolean; validator: (r: unknown, v: unknown) => Promise<void> };
    const check = (v: unknown) =>
      rule.validator({}, v).then(
        () => null,
        (e: Error) => e.message,
      );
    expect(rule.required).toBeUndefined();
    expect(await check('12a4')).toBe('手机尾号必须是4位数字');
    expect(await check('123')).toBe('手机尾号必须是4位数字');
    expect(await check('1234')).toBeNull();
    expect(await check(undefined)).toBeNull();
    expect(await check('')).toBeNull();
  });
});
