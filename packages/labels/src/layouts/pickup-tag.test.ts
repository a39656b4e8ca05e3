import { describe, expect, it } from 'vitest';
import type { BarcodeItem, QrCodeItem } from '../display-list.ts';
import { layoutPage } from '../layout.ts';
import type { BarcodeElement, TextElement } from '../model.ts';
import { expectInsidePage, expectNoTextOverlap, LONG_PRODUCT, runs, SAMPLE_PICKUP_ITEM, textOf } from '../test-support/fixtures.ts';
import { type PickupTagItem, pickupTagItemSchema, pickupTagPage, returnTagPage, stallSeparatorPage } from './pickup-tag.ts';
import { defaultPickupTagTemplate, PICKUP_TAG_KEYS, pickupTagTemplateSchema, separatorEnabled, TAG_DEFAULTS } from './pickup-tag-template.ts';

const item: PickupTagItem = pickupTagItemSchema.parse({ ...SAMPLE_PICKUP_ITEM, stallName: '一号档' });

describe('default pick-up tag template', () => {
  const t = defaultPickupTagTemplate();

  it('has the shape of SPEC §3 and validates against its own schema', () => {
    expect(pickupTagTemplateSchema.parse(t)).toEqual(t);
    expect(t).toMatchObject({ type: 'pickup', width: 60, height: 40, backgroundColor: '#ffffff' });
    expect(typeof t.createdAt).toBe('string');
    expect(t.datas.pickup.tagRule).toBe('RULE_01');
    expect(t.datas.return.tagRule).toBe('RULE_01');
    expect(t.originCanvasData).toMatchObject({ width: 226.77, height: 151.18 });
    // The canvas is the page at 96 dpi.
    expect((t.width * 96) / 25.4).toBeCloseTo(t.originCanvasData.width, 2);
    expect((t.height * 96) / 25.4).toBeCloseTo(t.originCanvasData.height, 2);
  });

  it('offers every element key, and the return part has artno', () => {
    const offered = new Set(t.datas.pickup.tagElements.flatMap((e) => [e.key, ...(e.children ?? []).map((c) => c.key)]));
    for (const k of PICKUP_TAG_KEYS) expect(offered, k).toContain(k);
    expect(t.datas.return.tagElements.map((e) => e.key)).toContain('artno');
    for (const e of t.datas.pickup.tagElements) {
      expect(['mutil_radio', 'checkbox', 'input_text']).toContain(e.type);
      if (e.type === 'mutil_radio') expect(e.children?.map((c) => c.key)).toContain(e.selectedChild);
    }
  });

  it('uses the SPEC §9 defaults: 10 px, 16 px for express name and single/multiple, 2 lines, 1.2, padding 4', () => {
    for (const e of t.datas.pickup.tagElements) {
      const large = e.key === 'EXPRESS_NAME' || e.key === 'SHOP_ORDER_GOODS_TYPE';
      expect(e.fontSize, e.key).toBe(large ? 16 : 10);
      expect(e.maxLines, e.key).toBe(2);
    }
    for (const c of t.originCanvasData.elements) {
      if (c.type !== 'text') continue;
      expect(c.lineHeight).toBe(TAG_DEFAULTS.lineHeight);
      expect(c.padding).toBe(4);
      expect(c.maxLines).toBe(2);
    }
    const code = t.originCanvasData.elements.find((c) => c.key === 'TAKE_CODE');
    expect(code).toMatchObject({ type: 'barcode', codeType: 'CODE128B', showText: true });
    expect(separatorEnabled(t)).toBe(false);
  });
});

describe('pickupTagPage', () => {
  const t = defaultPickupTagTemplate();

  it('converts canvas px to mm and font px to pt', () => {
    const page = pickupTagPage(t, item);
    expect(page).toMatchObject({ widthMm: 60, heightMm: 40 });
    const code = page.elements.find((e): e is BarcodeElement => e.kind === 'barcode')!;
    expect(code.x).toBeCloseTo((4 * 25.4) / 96, 9);
    expect(code.width).toBeCloseTo((150 * 25.4) / 96, 9);
    // CODE128B in the template prints as Code 128 auto (set C for the digits).
    expect(code.symbology).toBe('code128');
    const express = page.elements.find((e): e is TextElement => e.kind === 'text' && e.text === '中通快递')!;
    expect(express.fontSize).toBe(12);
    expect(express.bold).toBe(true);
    expect(express.padding).toBeCloseTo((4 * 25.4) / 96, 9);
  });

  it('prints the item values and never the designer mock values', () => {
    const page = layoutPage(pickupTagPage(t, item));
    expect(textOf(page)).toContain('女装一号档 A-1023 黑色/XL ×2');
    expect(textOf(page)).toContain('中通快递');
    const bare = layoutPage(pickupTagPage(t, { TAKE_CODE: '999' } as PickupTagItem));
    expect(runs(bare).map((r) => r.text)).toEqual(['999']);
  });

  it('cuts long Chinese text to 2 lines with an ellipsis, inside the tag', () => {
    const page = layoutPage(pickupTagPage(t, { ...item, ARTICLE_SIZE_NUM: LONG_PRODUCT, EXPRESS_NAME: '顺丰速运特快专递次日达加急件' }));
    const px = (v: number) => (v * 25.4) / 96;
    const article = runs(page).filter((r) => r.box[1] >= px(30) && r.box[1] < px(62));
    expect(article).toHaveLength(2);
    expect(article[1]!.text.endsWith('…')).toBe(true);
    const express = runs(page).find((r) => r.bold && r.box[1] < 3 && r.align === 'left')!;
    expect(express.text.endsWith('…')).toBe(true); // isWrap false: one line
    expectInsidePage(page);
    expectNoTextOverlap(page);
  });

  it('prints the QR variant when TAKE_CODE_QR is chosen', () => {
    const qt = defaultPickupTagTemplate();
    const el = qt.originCanvasData.elements.find((c) => c.key === 'TAKE_CODE')!;
    Object.assign(el, { key: 'TAKE_CODE_QR', codeType: 'QRCODE', showText: false });
    const page = layoutPage(pickupTagPage(qt, { ...item, TAKE_CODE_QR: '202405120001' }));
    const qr = page.items.find((i): i is QrCodeItem => i.type === 'qrcode')!;
    expect(qr.value).toBe('202405120001');
    expect(page.items.some((i): i is BarcodeItem => i.type === 'barcode')).toBe(false);
  });

  it('prints an input_text field from the template unless the item overrides it', () => {
    const it2 = defaultPickupTagTemplate();
    it2.originCanvasData.elements.push({
      id: 'name',
      type: 'text',
      key: 'PRINT_NAME',
      text: '采购员小王',
      x: 100,
      y: 110,
      width: 60,
      height: 20,
      fontSize: 10,
      visible: true,
      locked: false,
      zIndex: 99,
    });
    expect(textOf(layoutPage(pickupTagPage(it2, item)))).toContain('采购员小王');
    expect(textOf(layoutPage(pickupTagPage(it2, { ...item, PRINT_NAME: '老李' })))).toContain('老李');
  });

  it('skips hidden canvas elements', () => {
    const ht = defaultPickupTagTemplate();
    for (const c of ht.originCanvasData.elements) c.visible = c.key === 'EXPRESS_NAME';
    expect(runs(layoutPage(pickupTagPage(ht, item))).map((r) => r.text)).toEqual(['中通快递']);
  });
});

describe('return tag and separator pages', () => {
  const t = defaultPickupTagTemplate();

  it('prints artno on the return tag', () => {
    const page = layoutPage(returnTagPage(t, { artno: 'A-1023 黑色' } as PickupTagItem));
    expect(textOf(page)).toBe('A-1023 黑色');
  });

  it('names the next stall and its count on the separator', () => {
    const page = layoutPage(stallSeparatorPage(t, '二号档（精品女装）', 4));
    expect(textOf(page)).toContain('二号档（精品女装）');
    expect(textOf(page)).toContain('共 4 张');
    expectInsidePage(page);
  });
});
