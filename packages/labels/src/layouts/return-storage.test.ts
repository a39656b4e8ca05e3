import { describe, expect, it } from 'vitest';
import type { BarcodeItem, DisplayPage, QrCodeItem } from '../display-list.ts';
import { layoutPages } from '../layout.ts';
import { expectInsidePage, expectNoTextOverlap, LONG_ADDRESS, runs, textOf } from '../test-support/fixtures.ts';
import { hasInboundNo, type ReturnStorageData, returnStorageLabel, returnStorageSchema } from './return-storage.ts';

const base: ReturnStorageData = returnStorageSchema.parse({
  text: '退货入库',
  dropshipOrderNo: 'DF202405120001234',
  productInfo: '女装一号档 A-1023',
  colorSize: '黑色/XL',
  priceFen: 4550,
  manufacturerAddress: LONG_ADDRESS,
  manufacturerAddressFontSize: 9,
  pickerName: '李四',
  qrCode: 'RS2405120001',
  returnCode: 'TH-2405-0001',
  printTime: '2024-05-12 10:30',
  inboundNo: 'RK2405120001',
});

const lay = (d: ReturnStorageData): DisplayPage => {
  const [p] = layoutPages(returnStorageLabel(d));
  expectInsidePage(p!);
  expectNoTextOverlap(p!);
  return p!;
};
const addressLines = (p: DisplayPage) => {
  const rs = runs(p);
  const i = rs.findIndex((r) => r.text.startsWith('厂家地址：'));
  return rs.slice(i).filter((r) => r.sizeMm === rs[i]!.sizeMm && r.bold);
};

describe('returnStorage', () => {
  it('prints QR, return code, the fields and the inbound number as a barcode', () => {
    const p = lay(base);
    expect(p.items.find((i): i is QrCodeItem => i.type === 'qrcode')!.value).toBe('RS2405120001');
    expect(p.items.filter((i): i is BarcodeItem => i.type === 'barcode').map((b) => b.value)).toEqual(['RK2405120001']);
    for (const s of ['退货入库', '退货码', 'DF202405120001234', '价格：¥45.50', '拿货员：李四', '入库单号', '打印时间']) {
      expect(textOf(p)).toContain(s);
    }
    // The address uses its own font size (9 pt).
    expect(addressLines(p)[0]!.sizeMm).toBeCloseTo((9 * 25.4) / 72, 3);
  });

  it("drops the inbound block for the text 'null' and gives the address its room", () => {
    const withNo = lay(base);
    const nullNo = lay({ ...base, inboundNo: 'null' });
    expect(nullNo.items.some((i) => i.type === 'barcode')).toBe(false);
    expect(textOf(nullNo)).not.toContain('入库单号');
    expect(textOf(nullNo)).not.toContain('null');
    expect(addressLines(nullNo).length).toBeGreaterThan(addressLines(withNo).length);
    expect(addressLines(nullNo).length).toBeLessThanOrEqual(6);
  });

  it("treats 'null', blank and absent inbound numbers alike", () => {
    expect(['null', 'NULL', ' ', '', null, undefined].map(hasInboundNo)).toEqual([false, false, false, false, false, false]);
    expect(hasInboundNo('RK1')).toBe(true);
    expect(JSON.stringify(lay({ ...base, inboundNo: undefined }))).toBe(JSON.stringify(lay({ ...base, inboundNo: 'null' })));
  });

  it('honours a small address font and empty optional fields', () => {
    const p = lay({ ...base, manufacturerAddressFontSize: 6, productInfo: null, colorSize: '', priceFen: null, pickerName: null, text: null });
    expect(textOf(p)).not.toContain('商品');
    expect(textOf(p)).not.toContain('价格');
    expect(addressLines(p)[0]!.sizeMm).toBeCloseTo((6 * 25.4) / 72, 3);
  });

  it('rejects an address font size outside 6–16 pt and non-ASCII inbound numbers', () => {
    expect(returnStorageSchema.safeParse({ ...base, manufacturerAddressFontSize: 30 }).success).toBe(false);
    expect(returnStorageSchema.safeParse({ ...base, inboundNo: '入库1' }).success).toBe(false);
  });
});
