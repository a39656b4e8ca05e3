import { describe, expect, it } from 'vitest';
import type { ImageItem } from '../display-list.ts';
import { expandCertificates } from '../jobs.ts';
import { layoutPages } from '../layout.ts';
import { expectInsidePage, expectNoTextOverlap, runs, textOf, tinyPngDataUrl } from '../test-support/fixtures.ts';
import { CERTIFICATE_PAGE_UNITS, CERTIFICATE_UNITS_PER_MM, type CertificateData, certificateLabel, certificateSchema } from './certificate.ts';

const icon = tinyPngDataUrl(16, 16);
const base: CertificateData = certificateSchema.parse({
  brand: '某某服饰',
  categoryName: '连衣裙',
  artNo: 'A-1023',
  specification: '160/84A',
  productLevel: '合格品',
  fabricComposition: '面料：聚酯纤维95% 氨纶5%；里料：聚酯纤维100%',
  enforceStandards: 'GB/T 2660-2017',
  safetyCategory: 'GB 18401-2010 B类',
  origin: '广州',
  washedLabelList: [
    { image: icon, zhDesc: '不可漂白' },
    { image: icon, zhDesc: '30℃水洗' },
    { image: icon, zhDesc: '不可干洗' },
  ],
  quantity: 2,
});

describe('certificate', () => {
  it('is 400 × 700 designer units = 40 × 70 mm', () => {
    const [page] = certificateLabel(base);
    expect(page!.widthMm * CERTIFICATE_UNITS_PER_MM).toBe(CERTIFICATE_PAGE_UNITS.width);
    expect(page!.heightMm * CERTIFICATE_UNITS_PER_MM).toBe(CERTIFICATE_PAGE_UNITS.height);
  });

  it('defaults the title to 合格证 and prints every field and wash symbol', () => {
    const [p] = layoutPages(certificateLabel(base));
    expectInsidePage(p!);
    expectNoTextOverlap(p!);
    expect(runs(p!)[0]!.text).toBe('合格证');
    for (const s of [
      '品牌：某某服饰',
      '品名：连衣裙',
      '货号：A-1023',
      '规格：160/84A',
      '等级：合格品',
      '执行标准：GB/T',
      '安全类别：',
      '产地：广州',
      '不可漂白',
      '30℃水洗',
    ]) {
      expect(textOf(p!)).toContain(s);
    }
    expect(p!.items.filter((i): i is ImageItem => i.type === 'image')).toHaveLength(3);
    const [custom] = layoutPages(certificateLabel({ ...base, title: '产品合格证' }));
    expect(runs(custom!)[0]!.text).toBe('产品合格证');
  });

  it('survives long values, twelve symbols and empty optional fields', () => {
    const long = '聚酯纤维'.repeat(30);
    const many = Array.from({ length: 12 }, (_, i) => ({ image: icon, zhDesc: `说明${i}` }));
    const [p] = layoutPages(certificateLabel({ ...base, fabricComposition: long, enforceStandards: long, safetyCategory: long, washedLabelList: many }));
    expectInsidePage(p!);
    expectNoTextOverlap(p!);
    expect(runs(p!).filter((r) => r.text.endsWith('…')).length).toBeGreaterThanOrEqual(3);
    const [bare] = layoutPages(certificateLabel({ quantity: 1 }));
    expect(textOf(bare!)).toBe('合格证');
  });

  it('prints once per quantity: 0, 1 and many', () => {
    expect(expandCertificates([{ ...base, quantity: 0 }])).toHaveLength(0);
    expect(expandCertificates([{ ...base, quantity: 1 }])).toHaveLength(1);
    const many = expandCertificates([
      { ...base, quantity: 3, artNo: 'X' },
      { ...base, quantity: 2, artNo: 'Y' },
    ]);
    expect(many.map((c) => c.artNo)).toEqual(['X', 'X', 'X', 'Y', 'Y']);
  });

  it('rejects wash images that are not PNG/JPEG data URLs', () => {
    expect(certificateSchema.safeParse({ ...base, washedLabelList: [{ image: 'http://x/a.png' }] }).success).toBe(false);
    expect(certificateSchema.safeParse({ ...base, quantity: -1 }).success).toBe(false);
  });
});
