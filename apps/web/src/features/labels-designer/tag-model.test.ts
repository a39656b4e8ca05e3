import { defaultPickupTagTemplate, pickupTagTemplateSchema } from '@dropship/labels/template';
import { describe, expect, it } from 'vitest';
import {
  boxesOf,
  canvasSize,
  clampGeometry,
  mmToPx,
  mockItem,
  parseTemplate,
  pxToMm,
  selectChild,
  setChecked,
  setFieldText,
  setGeometry,
  setStyle,
} from './tag-model';

const valid = (t: unknown) => expect(pickupTagTemplateSchema.safeParse(t).success).toBe(true);
const keyed = (t: ReturnType<typeof defaultPickupTagTemplate>, key: string) => t.originCanvasData.elements.find((e) => e.key === key);

describe('units', () => {
  it('60 × 40 mm is the 226.77 × 151.18 px canvas, and px ⇄ mm round-trips', () => {
    expect(canvasSize({ width: 60, height: 40 })).toEqual({ width: 226.77, height: 151.18 });
    expect(pxToMm(mmToPx(37.5))).toBeCloseTo(37.5, 10);
    expect(mmToPx(25.4)).toBeCloseTo(96, 10);
  });
});

describe('boxes the canvas draws', () => {
  it('the pick-up part draws the canvas elements in z order, the pick-up code as a barcode', () => {
    const t = defaultPickupTagTemplate();
    const boxes = boxesOf(t, 'pickup');
    expect(boxes).toHaveLength(t.originCanvasData.elements.length);
    const express = boxes.find((b) => b.key === 'EXPRESS_NAME');
    expect(express).toMatchObject({ kind: 'text', text: '中通快递', fontSize: 16, bold: true, isWrap: false, label: '快递名称' });
    expect(boxes.find((b) => b.key === 'TAKE_CODE')?.kind).toBe('barcode');
  });

  it('the return part draws its ticked palette fields (artno)', () => {
    const boxes = boxesOf(defaultPickupTagTemplate(), 'return');
    expect(boxes).toEqual([expect.objectContaining({ id: 'artno', text: 'A-1023', fontSize: 16, bold: true })]);
  });

  it('hidden canvas elements are not drawn', () => {
    const t = defaultPickupTagTemplate();
    const first = t.originCanvasData.elements[0];
    if (first) first.visible = false;
    expect(boxesOf(t, 'pickup').some((b) => b.id === first?.id)).toBe(false);
  });
});

describe('edits', () => {
  it('ticking a field adds its canvas object at the palette geometry; unticking removes it', () => {
    const t0 = defaultPickupTagTemplate();
    const t1 = setChecked(t0, 'pickup', 'BUYER_REMARK', true);
    const el = keyed(t1, 'BUYER_REMARK');
    expect(el).toMatchObject({ type: 'text', x: 4, y: 110, text: '尽快发货', fontSize: 10 });
    expect(new Set(t1.originCanvasData.elements.map((e) => e.id)).size).toBe(t1.originCanvasData.elements.length);
    valid(t1);
    const t2 = setChecked(t1, 'pickup', 'BUYER_REMARK', false);
    expect(keyed(t2, 'BUYER_REMARK')).toBeUndefined();
    expect(t2.datas.pickup.tagElements.find((e) => e.key === 'BUYER_REMARK')?.checked).toBe(false);
    expect(keyed(t0, 'BUYER_REMARK')).toBeUndefined(); // the input is not mutated
  });

  it('the stall separator is a page setting, never a canvas object', () => {
    const t = setChecked(defaultPickupTagTemplate(), 'pickup', 'PRINT_STALL_SEPARATOR', true);
    expect(keyed(t, 'PRINT_STALL_SEPARATOR')).toBeUndefined();
    expect(t.datas.pickup.tagElements.find((e) => e.key === 'PRINT_STALL_SEPARATOR')?.checked).toBe(true);
  });

  it('switching the pick-up code to QR keeps the place and id; the item-number radio keeps its style', () => {
    const t0 = defaultPickupTagTemplate();
    const moved = setGeometry(t0, 'pickup', keyed(t0, 'TAKE_CODE')?.id ?? '', { x: 10, y: 80, width: 60, height: 60 });
    const qr = selectChild(moved, 'pickup', 'TAKE_CODE', 'TAKE_CODE_QR');
    const el = keyed(qr, 'TAKE_CODE_QR');
    expect(el).toMatchObject({ type: 'barcode', codeType: 'QRCODE', x: 10, y: 80, width: 60, id: keyed(t0, 'TAKE_CODE')?.id });
    expect(keyed(qr, 'TAKE_CODE')).toBeUndefined();
    valid(qr);

    const art = keyed(t0, 'ARTICLE_SIZE_NUM');
    const bold = setStyle(t0, 'pickup', art?.id ?? '', { bold: true, align: 'center' });
    const without = selectChild(bold, 'pickup', 'ARTICLE_SIZE_NUM', 'ARTICLE_SIZE_NUM_WITHOUT_NAME');
    expect(keyed(without, 'ARTICLE_SIZE_NUM_WITHOUT_NAME')).toMatchObject({ text: 'A-1023 黑色/XL ×2', fontWeight: 'bold', textAlign: 'center' });
  });

  it('a drag or resize is clamped to the canvas and copied to the palette entry', () => {
    const t0 = defaultPickupTagTemplate();
    const id = keyed(t0, 'PRINT_TIME')?.id ?? '';
    const t1 = setGeometry(t0, 'pickup', id, { x: 200, y: -5, width: 60, height: 20 });
    expect(keyed(t1, 'PRINT_TIME')).toMatchObject({ x: 166.77, y: 0, width: 60, height: 20 });
    expect(t1.datas.pickup.tagElements.find((e) => e.key === 'PRINT_TIME')).toMatchObject({ x: 166.77, y: 0 });
    expect(clampGeometry({ x: 0, y: 0, width: 1, height: 999 }, { width: 100, height: 50 })).toEqual({ x: 0, y: 0, width: 4, height: 50 });
    const r = setGeometry(t0, 'return', 'artno', { x: 8, y: 9, width: 100, height: 30 });
    expect(r.datas.return.tagElements[0]).toMatchObject({ x: 8, y: 9, width: 100, height: 30 });
  });

  it('style edits reach the canvas text and the palette; barcodes have no text style', () => {
    const t0 = defaultPickupTagTemplate();
    const id = keyed(t0, 'SHOP_ORDER_NO')?.id ?? '';
    const t1 = setStyle(t0, 'pickup', id, { fontSize: 12, isWrap: false, maxLines: 1, align: 'right', bold: true });
    expect(keyed(t1, 'SHOP_ORDER_NO')).toMatchObject({ fontSize: 12, isWrap: false, maxLines: 1, textAlign: 'right', fontWeight: 'bold' });
    expect(t1.datas.pickup.tagElements.find((e) => e.key === 'SHOP_ORDER_NO')).toMatchObject({ fontSize: 12, isWrap: false, maxLines: 1 });
    const bar = keyed(t0, 'TAKE_CODE')?.id ?? '';
    expect(setStyle(t0, 'pickup', bar, { fontSize: 20 })).toBe(t0);
    expect(setStyle(t0, 'return', 'artno', { fontSize: 12 }).datas.return.tagElements[0]?.fontSize).toBe(12);
  });

  it('typed text of an input_text field reaches its canvas object', () => {
    const t = setFieldText(setChecked(defaultPickupTagTemplate(), 'pickup', 'PRINT_NAME', true), 'pickup', 'PRINT_NAME', '李四');
    expect(keyed(t, 'PRINT_NAME')).toMatchObject({ type: 'text', text: '李四' });
    expect(mockItem(t, 'pickup').PRINT_NAME).toBe('李四');
  });
});

describe('mock data and parsing', () => {
  it('the mock item carries every field and radio child, never the separator', () => {
    const item = mockItem(defaultPickupTagTemplate(), 'pickup');
    expect(item).toMatchObject({ TAKE_CODE: '202405120001', TAKE_CODE_QR: '202405120001', ARTICLE_SIZE_NUM_WITHOUT_NAME: 'A-1023 黑色/XL ×2' });
    expect('PRINT_STALL_SEPARATOR' in item).toBe(false);
    expect(mockItem(defaultPickupTagTemplate(), 'return')).toEqual({ artno: 'A-1023' });
  });

  it('an invalid saved template falls back to the built-in default', () => {
    expect(parseTemplate({ type: 'nope' }).name).toBe('默认拿货标签');
    const t = defaultPickupTagTemplate();
    t.name = '我的模板';
    expect(parseTemplate(JSON.parse(JSON.stringify(t))).name).toBe('我的模板');
  });
});
