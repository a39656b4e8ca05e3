/** The 76 × 130 mm waybill: everything on the page, nothing overlapping, the number scannable twice. */
import { describe, expect, it } from 'vitest';
import type { BarcodeItem } from '../display-list.ts';
import { layoutPages } from '../layout.ts';
import { expectInsidePage, expectNoTextOverlap, LONG_ADDRESS, LONG_PRODUCT, textOf } from '../test-support/fixtures.ts';
import { waybillLabel, waybillSchema } from './waybill.ts';

const base = {
  trackingNo: '78812345678901',
  courierName: '中通快递',
  orderNo: 'DF26112300000001',
  receiverName: '林*',
  receiverPhone: '138****8001',
  receiverAddress: '浙江省杭州市西湖区文三路90号东部软件园1号楼',
  senderName: '代发仓',
  senderPhone: '13900139000',
  senderAddress: '广东省广州市越秀区十三行路1号',
  goods: 'A101 黑色 M ×1',
  itemCount: 1,
  remark: null,
  printTime: '2026-11-23 10:30',
};

describe('waybill', () => {
  it('prints courier, receiver, sender and the tracking number as Code 128 on the body and the stub', () => {
    const [p] = layoutPages(waybillLabel(waybillSchema.parse(base)));
    expect(p).toMatchObject({ widthMm: 76, heightMm: 130 });
    expectInsidePage(p!);
    expectNoTextOverlap(p!);
    const codes = p!.items.filter((i): i is BarcodeItem => i.type === 'barcode');
    expect(codes.map((c) => c.value)).toEqual(['78812345678901', '78812345678901']);
    const text = textOf(p!);
    for (const s of ['中通快递', '林*', '138****8001', '文三路90号', '代发仓', '十三行路1号', 'A101 黑色 M ×1', 'DF26112300000001']) expect(text).toContain(s);
  });

  it('keeps very long addresses and goods inside their blocks', () => {
    const [p] = layoutPages(waybillLabel(waybillSchema.parse({ ...base, receiverAddress: LONG_ADDRESS, goods: LONG_PRODUCT, remark: LONG_PRODUCT })));
    expectInsidePage(p!);
    expectNoTextOverlap(p!);
  });

  it('refuses a tracking number a Code 128 cannot carry', () => {
    expect(waybillSchema.safeParse({ ...base, trackingNo: '中通123' }).success).toBe(false);
  });
});
