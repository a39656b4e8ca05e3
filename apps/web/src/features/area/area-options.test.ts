import type { AreaTree } from '@dropship/contract';
import { describe, expect, it } from 'vitest';
import { otherPath, toCascaderOptions } from './area-options';

const tree: AreaTree = [
  {
    code: '330000',
    name: '浙江省',
    children: [{ code: '330100', name: '杭州市', children: [{ code: '330106', name: '西湖区' }] }],
  },
];

describe('area cascader options', () => {
  it('uses names or codes as values, names as labels', () => {
    expect(toCascaderOptions(tree)[0]).toEqual({
      value: '浙江省',
      label: '浙江省',
      children: [{ value: '杭州市', label: '杭州市', children: [{ value: '西湖区', label: '西湖区' }] }],
    });
    expect(toCascaderOptions(tree, 'code')[0]?.children?.[0]?.children?.[0]).toEqual({ value: '330106', label: '西湖区' });
  });

  it('maps a name path to codes and back, and nothing for an unknown path', () => {
    expect(otherPath(tree, ['浙江省', '杭州市', '西湖区'], 'name')).toEqual(['330000', '330100', '330106']);
    expect(otherPath(tree, ['330000', '330100', '330106'], 'code')).toEqual(['浙江省', '杭州市', '西湖区']);
    expect(otherPath(tree, ['浙江省', '宁波市'], 'name')).toEqual([]);
  });
});
