import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { LABEL_FORMATS, LABEL_KINDS, type LabelDataInput, type LabelKind, type LabelRenderRequest, labelRenderRequestSchema, MAX_PAGES } from './kinds.ts';
import { defaultPickupTagTemplate } from './layouts/pickup-tag-template.ts';
import type { LodopStep } from './render/lodop.ts';
import { layoutLabels, renderLabels } from './render-labels.ts';
import { LONG_ADDRESS, textOf, tinyPngDataUrl } from './test-support/fixtures.ts';

const SAMPLE: { [K in LabelKind]: LabelDataInput[K] } = {
  pickupTag: { EXPRESS_NAME: '中通快递', ARTICLE_SIZE_NUM: '女装一号档 A-1023 黑色/XL ×2', TAKE_CODE: '202405120001', stallName: '一号档' },
  backroad: { orderNo: 'DF1', pickerName: '李四', takeCode: '202405120001', sortingNo: 'B-12', printTime: '2024-05-12 10:30' },
  afterSale: { qrContent: 'SU2405120001', orderNo: 'DF1', quantity: 1 },
  offline: { productInfo: '女装', pickupQuantity: 2, takeCode: '202405120001', address: LONG_ADDRESS },
  offlineSupplier: { productInfo: '女装', pickupQuantity: 2, address: LONG_ADDRESS },
  return: { productInfo: '女装', dropshipOrderNo: 'DF1', priceFen: 1999 },
  returnStorage: { dropshipOrderNo: 'DF1', qrCode: 'RS1', returnCode: 'TH1', inboundNo: 'null' },
  headless: { barcodeNo: 'YT7412345678901' },
  certificate: { artNo: 'A-1023', quantity: 2, washedLabelList: [{ image: tinyPngDataUrl(), zhDesc: '不可漂白' }] },
  calibration: { widthMm: 60, heightMm: 40 },
  waybill: {
    trackingNo: '78812345678901',
    courierName: '中通快递',
    receiverName: '林*',
    receiverPhone: '138****8001',
    receiverAddress: LONG_ADDRESS,
    senderName: '仓库',
  },
};

describe('renderLabels', () => {
  it('renders every kind in every format', async () => {
    for (const kind of LABEL_KINDS) {
      for (const format of LABEL_FORMATS) {
        const res = await renderLabels({ kind, format, data: [SAMPLE[kind]] } as never);
        expect(res.pages, `${kind}/${format}`).toBe(kind === 'certificate' ? 2 : 1);
        if (format === 'pdf') {
          expect(res.contentType).toBe('application/pdf');
          expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
        } else if (format === 'svg') {
          expect(res.contentType).toBe('image/svg+xml');
          expect(XMLValidator.validate(res.body as string)).toBe(true);
        } else {
          expect(res.contentType).toBe('application/json');
          const steps = res.body as LodopStep[];
          expect(steps[0]!.fn).toBe('PRINT_INITA');
          expect(steps.filter((s) => s.fn === 'NEWPAGEA')).toHaveLength(res.pages - 1);
        }
      }
    }
  });

  it('inserts stall separators when the template asks for them', async () => {
    const template = defaultPickupTagTemplate();
    template.datas.pickup.tagElements.find((e) => e.key === 'PRINT_STALL_SEPARATOR')!.checked = true;
    const data = [
      { TAKE_CODE: '1', stallName: '一号档' },
      { TAKE_CODE: '2', stallName: '二号档' },
      { TAKE_CODE: '3', stallName: '二号档' },
    ];
    const pages = layoutLabels({ kind: 'pickupTag', format: 'svg', data, options: { template } });
    expect(pages.map(textOf)).toEqual(['1', '档口分隔二号档共 2 张', '2', '3']);
  });

  it('prints the return part of the template on request', () => {
    const pages = layoutLabels({ kind: 'pickupTag', format: 'svg', data: [{ artno: 'A-1023' }], options: { pickupTagPart: 'return' } });
    expect(textOf(pages[0]!)).toBe('A-1023');
  });

  it('applies the brand title and defaults to the main brand', () => {
    const main = layoutLabels({ kind: 'return', format: 'svg', data: [SAMPLE.return] });
    const market = layoutLabels({ kind: 'return', format: 'svg', data: [SAMPLE.return], options: { brand: 'market' } });
    expect(textOf(main[0]!)).toContain('代发退货标签');
    expect(textOf(market[0]!)).toContain('市场退货标签');
  });

  it('is deterministic from request to display list', () => {
    const req: LabelRenderRequest = { kind: 'offline', format: 'pdf', data: [SAMPLE.offline, SAMPLE.offline] };
    expect(JSON.stringify(layoutLabels(req))).toBe(JSON.stringify(layoutLabels(req)));
  });

  it('rejects bad data with the path of the field', () => {
    const bad = labelRenderRequestSchema.safeParse({ kind: 'backroad', format: 'pdf', data: [{ ...SAMPLE.backroad, takeCode: '取货码' }] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['data', 0, 'takeCode']);
    expect(labelRenderRequestSchema.safeParse({ kind: 'nope', format: 'pdf', data: [{}] }).success).toBe(false);
    expect(labelRenderRequestSchema.safeParse({ kind: 'headless', format: 'png', data: [SAMPLE.headless] }).success).toBe(false);
    expect(labelRenderRequestSchema.safeParse({ kind: 'headless', format: 'pdf', data: [] }).success).toBe(false);
    expect(labelRenderRequestSchema.safeParse({ kind: 'headless', format: 'pdf', data: [SAMPLE.headless], options: { offsetXMm: 99 } }).success).toBe(false);
    return expect(renderLabels({ kind: 'afterSale', format: 'svg', data: [{ orderNo: 'x' }] } as never)).rejects.toBeInstanceOf(ZodError);
  });

  it('refuses empty and oversized jobs', async () => {
    await expect(renderLabels({ kind: 'certificate', format: 'pdf', data: [{ quantity: 0 }] })).rejects.toThrow(/nothing to print/);
    await expect(renderLabels({ kind: 'certificate', format: 'lodop', data: [{ quantity: MAX_PAGES + 1 }] })).rejects.toThrow(RangeError);
  });
});
