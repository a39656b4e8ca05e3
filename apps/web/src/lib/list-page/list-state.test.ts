import { describe, expect, it } from 'vitest';
import { fromFormValues, toFormValues } from './filter-fields';
import { MAX_PAGE_SIZE, readList, writeList } from './list-state';
import { day, idList, oneOf, positiveInt, readParams, text, writeParams } from './params';

const DEF = {
  filters: { keyword: text(10), status: oneOf(['ENABLED', 'DISABLED'] as const), shopId: positiveInt(), from: day() },
  sorts: ['createdAt'] as const,
  dialogs: ['edit', 'create'] as const,
};
const read = (q: string) => readList(new URLSearchParams(q), DEF);
const write = (q: string, patch: Parameters<typeof writeList<typeof DEF.filters, 'createdAt', 'edit' | 'create'>>[2]) =>
  writeList(new URLSearchParams(q), DEF, patch).toString();

describe('typed URL parameters', () => {
  it('read what they can take and nothing else', () => {
    const defs = { t: text(5), s: oneOf(['A', 'B'] as const), n: positiveInt(100), d: day(), tab: oneOf(['users', 'roles'] as const).or('users') };
    expect(readParams(new URLSearchParams('t=%20abcdefg%20&s=B&n=7&d=2026-11-01&tab=roles'), defs)).toEqual({
      t: 'abcde',
      s: 'B',
      n: 7,
      d: '2026-11-01',
      tab: 'roles',
    });
    expect(readParams(new URLSearchParams('t=%20%20&s=C&n=-1&d=yesterday&tab=x'), defs)).toEqual({
      t: undefined,
      s: undefined,
      n: undefined,
      d: undefined,
      tab: 'users',
    });
    expect(readParams(new URLSearchParams('n=1.5'), defs).n).toBeUndefined();
    expect(readParams(new URLSearchParams('n=100000'), defs).n).toBe(100);
  });

  it('write a clean address: unset values and defaults left out, other keys kept', () => {
    const defs = { s: oneOf(['A', 'B'] as const), tab: oneOf(['users', 'roles'] as const).or('users') };
    expect(writeParams(new URLSearchParams('x=1&s=A'), defs, { s: undefined, tab: 'roles' }).toString()).toBe('x=1&tab=roles');
    expect(writeParams(new URLSearchParams('tab=roles'), defs, { tab: 'users' }).toString()).toBe('');
  });
});

describe('a list of ids in the address', () => {
  const ids = { shopIds: idList(3) };
  it('reads positive ids sorted without repeats, drops the rest, caps the count', () => {
    expect(readParams(new URLSearchParams('shopIds=5,3,5,x,-1,0,2.5'), ids).shopIds).toEqual([3, 5]);
    expect(readParams(new URLSearchParams('shopIds=9,8,7,6'), ids).shopIds).toEqual([6, 7, 8]);
    expect(readParams(new URLSearchParams('shopIds=,x'), ids).shopIds).toBeUndefined();
    expect(readParams(new URLSearchParams(''), ids).shopIds).toBeUndefined();
  });
  it('writes one address per choice and leaves an empty choice out', () => {
    expect(writeParams(new URLSearchParams('a=1'), ids, { shopIds: [5, 3, 3] }).toString()).toBe('a=1&shopIds=3%2C5');
    expect(writeParams(new URLSearchParams('shopIds=3'), ids, { shopIds: [] }).toString()).toBe('');
    expect(writeParams(new URLSearchParams('shopIds=3'), ids, { shopIds: undefined }).toString()).toBe('');
  });
});

describe('a list in the address', () => {
  it('reads page 1 of the default size with no filters from a clean address', () => {
    expect(read('')).toEqual({
      filters: { keyword: undefined, status: undefined, shopId: undefined, from: undefined },
      pageNo: 1,
      pageSize: 20,
      sort: undefined,
      dialog: undefined,
    });
  });

  it('caps the page size at the one policy and drops what it cannot take', () => {
    expect(read('pageSize=999').pageSize).toBe(MAX_PAGE_SIZE);
    expect(read('pageSize=500').pageSize).toBe(100);
    expect(read('pageNo=-3&pageSize=abc')).toMatchObject({ pageNo: 1, pageSize: 20 });
    expect(read('pageNo=9999999').pageNo).toBe(100_000);
    expect(write('', { pageSize: 500 })).toBe('pageSize=100');
  });

  it('round-trips filters, page, sort and the open dialog', () => {
    const q = write('', { filters: { keyword: 'abc', status: 'DISABLED', shopId: 12, from: '2026-11-01' } });
    expect(q).toBe('keyword=abc&status=DISABLED&shopId=12&from=2026-11-01');
    const paged = write(q, { pageNo: 3, pageSize: 50, sort: { field: 'createdAt', order: 'desc' }, dialog: { name: 'edit', id: 7 } });
    expect(read(paged)).toEqual({
      filters: { keyword: 'abc', status: 'DISABLED', shopId: 12, from: '2026-11-01' },
      pageNo: 1,
      pageSize: 50,
      sort: { field: 'createdAt', order: 'desc' },
      dialog: { name: 'edit', id: 7 },
    });
    const page3 = write(paged, { pageNo: 3 });
    expect(read(page3).pageNo).toBe(3);
    expect(write(page3, { sort: null, dialog: null })).toBe('keyword=abc&status=DISABLED&shopId=12&from=2026-11-01&pageSize=50&pageNo=3');
  });

  it('goes back to page 1 on new filters or a new page size, not on a dialog', () => {
    expect(write('keyword=a&pageNo=4', { filters: { keyword: 'b' } })).toBe('keyword=b');
    expect(write('pageNo=4', { pageNo: 4, pageSize: 50 })).toBe('pageSize=50');
    expect(write('pageNo=4', { pageNo: 5, pageSize: 20 })).toBe('pageNo=5');
    expect(write('pageNo=4', { dialog: { name: 'create' } })).toBe('pageNo=4&dialog=create');
  });

  it('merges filters and refuses values of the wrong kind', () => {
    expect(write('keyword=a&status=ENABLED', { filters: { status: undefined } })).toBe('keyword=a');
    expect(read('status=GONE&shopId=x&sort=secret&dialog=nope')).toMatchObject({
      filters: { status: undefined, shopId: undefined },
      sort: undefined,
      dialog: undefined,
    });
  });

  it('keeps a second list on one page apart by its prefix', () => {
    const w = { filters: { status: text() }, pageSize: 10, prefix: 'w' };
    const q = writeList(new URLSearchParams('status=PAID&pageNo=2'), w, { filters: { status: 'DONE' } }).toString();
    expect(q).toBe('status=PAID&pageNo=2&wstatus=DONE');
    expect(readList(new URLSearchParams(`${q}&wpageNo=3`), w)).toMatchObject({ filters: { status: 'DONE' }, pageNo: 3, pageSize: 10 });
  });
});

describe('the filter form', () => {
  const fields = [
    { kind: 'text', name: 'keyword', label: '关键字' },
    { kind: 'dayRange', name: 'range', label: '日期', from: 'dateFrom', to: 'dateTo' },
  ] as const;

  it('fills from the filters and gives back trimmed values and the two days of a range', () => {
    const form = toFormValues(fields, { keyword: 'x', dateFrom: '2026-11-01', dateTo: '2026-11-03' });
    expect(form.keyword).toBe('x');
    expect(fromFormValues(fields, form)).toEqual({ keyword: 'x', dateFrom: '2026-11-01', dateTo: '2026-11-03' });
    expect(fromFormValues(fields, { keyword: '  ', range: null })).toEqual({ keyword: undefined, dateFrom: undefined, dateTo: undefined });
  });
});
