/**
 * The 40 × 70 mm label kinds, each with ordinary data, very long Chinese values and empty optional
 * fields: everything must stay on the page, fields must not overlap, and what was cut must end in
 * an ellipsis.
 */
import { describe, expect, it } from 'vitest';
import type { BarcodeItem, DisplayPage, QrCodeItem } from '../display-list.ts';
import { layoutPages } from '../layout.ts';
import type { Page } from '../model.ts';
import { expectInsidePage, expectNoTextOverlap, LONG_ADDRESS, LONG_PRODUCT, runs, textOf } from '../test-support/fixtures.ts';
import { afterSaleLabel, afterSaleSchema } from './after-sale.ts';
import { backroadLabel, backroadSchema } from './backroad.ts';
import { type Brand, RETURN_FOOTER, RETURN_TITLES } from './brand.ts';
import { headlessLabel, headlessSchema } from './headless.ts';
import { offlineLabel, offlineSchema, offlineSupplierLabel, offlineSupplierSchema } from './offline.ts';
import { returnLabel, returnSchema } from './return.ts';

const one = (pages: Page[]): DisplayPage => {
  expect(pages).toHaveLength(1);
  expect(pages[0]).toMatchObject({ widthMm: 40, heightMm: 70 });
  const [p] = layoutPages(pages);
  expectInsidePage(p!);
  expectNoTextOverlap(p!);
  return p!;
};
const barcodes = (p: DisplayPage) => p.items.filter((i): i is BarcodeItem => i.type === 'barcode');
const LONG = LONG_ADDRESS + LONG_PRODUCT;

describe('backroad', () => {
  const base = backroadSchema.parse({
    orderNo: 'DF202405120001234',
    pickerName: '李四',
    takeCode: '202405120001',
    sortingNo: 'B-12',
    gift: '袜子一双',
    printTime: '2024-05-12 10:30',
  });

  it('prints every field and the pick-up code as Code 128', () => {
    const p = one(backroadLabel(base));
    for (const s of ['B-12', '订单号：', 'DF202405120001234', '拿货员：李四', '赠品：袜子一双', '打印时间：2024-05-12 10:30']) {
      expect(textOf(p)).toContain(s);
    }
    expect(barcodes(p).map((b) => b.value)).toEqual(['202405120001']);
  });

  it('survives long Chinese values and empty optional fields', () => {
    const p = one(backroadLabel({ ...base, gift: LONG, pickerName: LONG }));
    expect(runs(p).some((r) => r.text.endsWith('…'))).toBe(true);
    const bare = one(backroadLabel({ ...base, gift: null, pickerName: '', printTime: undefined }));
    expect(textOf(bare)).not.toContain('赠品');
    expect(textOf(bare)).not.toContain('拿货员');
    expect(textOf(bare)).not.toContain('打印时间');
  });
});

describe('afterSale', () => {
  const base = afterSaleSchema.parse({
    qrContent: 'SU2405120001',
    orderNo: 'DF202405120001234',
    sortingCode: 'S-03',
    allocationCode: 'F12',
    allocation: '退货区三号架',
    articleNo: 'A-1023',
    spec: '黑色/XL',
    quantity: 2,
    printTime: '2024-05-12 10:30',
  });

  it('puts the SU number in the QR and the codes beside it', () => {
    const p = one(afterSaleLabel(base));
    const qr = p.items.find((i): i is QrCodeItem => i.type === 'qrcode')!;
    expect(qr.value).toBe('SU2405120001');
    for (const s of ['S-03', 'F12', '分配：退货区三号架', '货号：A-1023', '规格：黑色/XL', '数量：2']) expect(textOf(p)).toContain(s);
  });

  it('prints quantity 0 and many, and survives long values', () => {
    expect(textOf(one(afterSaleLabel({ ...base, quantity: 0 })))).toContain('数量：0');
    expect(textOf(one(afterSaleLabel({ ...base, quantity: 99999 })))).toContain('数量：99999');
    const p = one(afterSaleLabel({ ...base, allocation: LONG, spec: LONG, articleNo: LONG, sortingCode: '超长分拣码超长分拣码超长' }));
    expect(runs(p).filter((r) => r.text.endsWith('…')).length).toBeGreaterThanOrEqual(3);
    const bare = one(afterSaleLabel({ qrContent: 'SU1', orderNo: 'DF1' }));
    expect(textOf(bare)).not.toContain('数量');
  });
});

describe('offline and offlineSupplier', () => {
  const base = offlineSchema.parse({
    productInfo: '女装一号档 A-1023 韩版连衣裙',
    colorSize: '黑色/XL',
    pickupQuantity: 3,
    takeCode: '202405120001',
    consignee: '王五',
    contact: '13800138000',
    address: '广州市白云区',
    printTime: '2024-05-12 10:30',
  });

  it('offline has the pick-up code barcode; the supplier variant does not', () => {
    const p = one(offlineLabel(base));
    expect(barcodes(p).map((b) => b.value)).toEqual(['202405120001']);
    for (const s of ['拿货数量：3', '收货人：王五', '电话：13800138000', '地址：广州市白云区', '颜色尺码：黑色/XL']) expect(textOf(p)).toContain(s);
    const s = one(offlineSupplierLabel(offlineSupplierSchema.parse(base)));
    expect(barcodes(s)).toHaveLength(0);
    expect(textOf(s)).not.toContain('202405120001');
    expect(textOf(s)).toContain('收货人：王五');
  });

  it('cuts a very long address to 4 lines', () => {
    const p = one(offlineLabel({ ...base, address: LONG_ADDRESS + LONG_ADDRESS, productInfo: LONG }));
    const addr = runs(p).filter((r) => r.box[1] > barcodes(p)[0]!.box[1]);
    const start = addr.findIndex((r) => r.text.startsWith('地址：'));
    expect(start).toBeGreaterThanOrEqual(0);
    const addressLines = addr.slice(start).filter((r) => !r.text.startsWith('打印时间'));
    expect(addressLines).toHaveLength(4);
    expect(addressLines[3]!.text.endsWith('…')).toBe(true);
  });

  it('accepts quantity 0 and leaves out empty contact fields', () => {
    const p = one(offlineSupplierLabel({ productInfo: '商品', pickupQuantity: 0 }));
    expect(textOf(p)).toContain('拿货数量：0');
    expect(textOf(p)).not.toContain('收货人');
  });
});

describe('return', () => {
  const base = returnSchema.parse({
    productInfo: '女装一号档 A-1023 韩版连衣裙',
    colorSize: '黑色/XL',
    priceFen: 4550,
    dropshipOrderNo: 'DF202405120001234',
    manufacturerAddress: '广州市白云区某某服装厂',
    pickerName: '李四',
    printTime: '2024-05-12 10:30',
  });

  it('titles the label per brand and carries the 24-hour footer', () => {
    for (const brand of ['main', 'second', 'wholesale', 'market'] as Brand[]) {
      const p = one(returnLabel(base, { brand }));
      expect(runs(p)[0]!.text).toBe(RETURN_TITLES[brand]);
    }
    expect(new Set(Object.values(RETURN_TITLES)).size).toBe(4);
    const p = one(returnLabel(base, { brand: 'main', returnTitle: '某某代发退货' }));
    expect(runs(p)[0]!.text).toBe('某某代发退货');
    expect(textOf(p).replace(/\s/g, '')).toContain(RETURN_FOOTER);
    expect(RETURN_FOOTER).toContain('24小时');
    expect(textOf(p)).toContain('价格：¥45.50');
  });

  it('keeps the footer whole under a very long address', () => {
    const p = one(returnLabel({ ...base, manufacturerAddress: LONG, productInfo: LONG }, { brand: 'main' }));
    expect(textOf(p)).toContain(RETURN_FOOTER.slice(0, 10));
    expect(textOf(p)).toContain('打印时间：2024-05-12 10:30');
    expect(runs(p).filter((r) => r.text.endsWith('…')).length).toBeGreaterThanOrEqual(2);
  });

  it('leaves out an absent price', () => {
    expect(textOf(one(returnLabel({ ...base, priceFen: null }, { brand: 'main' })))).not.toContain('价格');
  });
});

describe('headless', () => {
  it('prints the barcode number as a scannable code with 2-dot bars', () => {
    const p = one(headlessLabel(headlessSchema.parse({ barcodeNo: 'YT7412345678901', signInTime: '2024-05-12 10:30', returnCourier: '圆通速递' })));
    const [b] = barcodes(p);
    expect(b!.value).toBe('YT7412345678901');
    expect(b!.moduleMm).toBeCloseTo(2 * (25.4 / 203), 4);
    // The time wraps at its space; lines are joined without it.
    expect(textOf(p)).toContain('签收时间：2024-05-1210:30');
    expect(textOf(p)).toContain('退回快递：圆通速递');
  });

  it('works with only the barcode number', () => {
    const p = one(headlessLabel({ barcodeNo: '1' }));
    expect(textOf(p)).not.toContain('签收时间');
  });
});
