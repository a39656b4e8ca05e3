import { describe, expect, it } from 'vitest';
import { certificateFieldsOf, emptyCertificate, washedImageProblem } from './certificate-fields';

describe('wash-care image checks', () => {
  it('takes PNG and JPEG up to 200 KB, at most 12', () => {
    expect(washedImageProblem({ type: 'image/png', size: 200 * 1024 }, 0)).toBeNull();
    expect(washedImageProblem({ type: 'image/jpeg', size: 10 }, 11)).toBeNull();
    expect(washedImageProblem({ type: 'image/png', size: 200 * 1024 + 1 }, 0)).toBe('洗涤标识图片不能超过200KB');
    expect(washedImageProblem({ type: 'image/gif', size: 10 }, 0)).toBe('洗涤标识图片必须是 PNG 或 JPEG');
    expect(washedImageProblem({ type: 'image/png', size: 10 }, 12)).toBe('洗涤标识最多12个');
  });
});

describe('certificate fields', () => {
  it('drops row-only keys, trims, and keeps 合格证 as the title when it is blank', () => {
    const f = certificateFieldsOf({
      id: 3,
      updatedAt: 'x',
      title: ' ',
      brand: ' 某品牌 ',
      washedLabelList: [{ image: 'data:image/png;base64,AA==', zhDesc: ' 不可漂白 ' }],
    });
    expect(f).toEqual({ ...emptyCertificate(), brand: '某品牌', washedLabelList: [{ image: 'data:image/png;base64,AA==', zhDesc: '不可漂白' }] });
    expect('id' in f).toBe(false);
  });
});
