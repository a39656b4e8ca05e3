/**
 * The pick-up tag template (SPEC §3 "Pick-up tag template") and its built-in default.
 *
 * A template has two parts. `datas.pickup.tagElements` / `datas.return.tagElements` are the
 * designer's field palette (which fields exist, which are ticked, their default geometry);
 * `originCanvasData` is the Fabric canvas the user arranged, one object per placed field, linked
 * to the palette by `key`. Canvas geometry is in CSS px on a canvas of width × 96 / 25.4 px
 * (60 × 40 mm → 226.77 × 151.18 px); font sizes are canvas px too (10 px = 7.5 pt).
 */
import { z } from 'zod';

export const PICKUP_TAG_KEYS = [
  'ARTICLE_SIZE_NUM',
  'ARTICLE_SIZE_NUM_WITHOUT_NAME',
  'SHOP_ORDER_PRODUCT_NUM',
  'PRINT_TIME',
  'TAKE_CODE',
  'TAKE_CODE_QR',
  'SHOP_ORDER_NO',
  'PRINT_NAME',
  'SHOP_NAME_AND_PLATFORM',
  'BUYER_REMARK',
  'SELLER_REMARK',
  'POSITION_NO',
  'EXPRESS_NAME',
  'SHOP_ORDER_GOODS_TYPE',
  'PRINT_STALL_SEPARATOR',
] as const;
export type PickupTagKey = (typeof PICKUP_TAG_KEYS)[number];
/** The return tag's item-number field. */
export const RETURN_TAG_KEYS = ['artno'] as const;
export type TagKey = PickupTagKey | (typeof RETURN_TAG_KEYS)[number];

/** SPEC §9 defaults, in canvas px. */
export const TAG_DEFAULTS = {
  fontSize: 10,
  largeFontSize: 16,
  maxLines: 2,
  lineHeight: 1.2,
  padding: 4,
} as const;

const num = z.number().finite();
const tagKey = z.enum([...PICKUP_TAG_KEYS, ...RETURN_TAG_KEYS]);

const tagChildSchema = z.object({ label: z.string(), key: tagKey, mockValue: z.string() });

export const tagElementSchema = z.object({
  label: z.string(),
  key: tagKey,
  /** 'mutil_radio' is the designer's spelling: one of `children`, chosen by selectedChild. */
  type: z.enum(['mutil_radio', 'checkbox', 'input_text']),
  mockValue: z.string(),
  x: num,
  y: num,
  width: num,
  height: num,
  fontSize: num,
  checked: z.boolean(),
  children: z.array(tagChildSchema).optional(),
  isWrap: z.boolean(),
  maxLines: z.number().int().min(1).max(20),
  selectedChild: tagKey.optional(),
});
export type TagElement = z.infer<typeof tagElementSchema>;

const tagPartSchema = z.object({
  /** "60*40", width*height in mm. */
  tagSize: z.string(),
  /** Tag numbering rule; only RULE_01 is known and it does not change the drawing. */
  tagRule: z.string(),
  tagElements: z.array(tagElementSchema),
});

const canvasBase = {
  id: z.string(),
  x: num,
  y: num,
  width: num,
  height: num,
  visible: z.boolean().default(true),
  locked: z.boolean().default(false),
  zIndex: z.number().int().default(0),
  key: tagKey.optional(),
};

export const canvasTextSchema = z.object({
  ...canvasBase,
  type: z.literal('text'),
  text: z.string(),
  fontSize: num,
  fontFamily: z.string().optional(),
  fontWeight: z.union([z.string(), z.number()]).optional(),
  fontStyle: z.string().optional(),
  fill: z.string().optional(),
  textAlign: z.enum(['left', 'center', 'right', 'justify']).optional(),
  lineHeight: num.optional(),
  isWrap: z.boolean().optional(),
  maxLines: z.number().int().min(1).max(20).optional(),
  padding: num.optional(),
  stroke: z.string().nullish(),
  strokeWidth: num.optional(),
  splitByGrapheme: z.boolean().optional(),
});

export const canvasBarcodeSchema = z.object({
  ...canvasBase,
  type: z.literal('barcode'),
  data: z.string(),
  showText: z.boolean().optional(),
  textPosition: z.enum(['bottom', 'top', 'none']).optional(),
  /**
   * The designer stores CODE128B; QRCODE marks the QR variant of the pick-up code. Both Code 128
   * types print as Code 128 auto (set C for digit runs), which makes a 12-digit code 40% narrower
   * and scans the same (labels.md §8).
   */
  codeType: z.enum(['CODE128B', 'CODE128', 'QRCODE']),
  fontSize: num.optional(),
});

export const canvasElementSchema = z.discriminatedUnion('type', [canvasTextSchema, canvasBarcodeSchema]);
export type CanvasElement = z.infer<typeof canvasElementSchema>;
export type CanvasTextElement = z.infer<typeof canvasTextSchema>;
export type CanvasBarcodeElement = z.infer<typeof canvasBarcodeSchema>;

export const pickupTagTemplateSchema = z.object({
  type: z.literal('pickup'),
  name: z.string(),
  /** mm */
  width: z.number().positive().max(300),
  height: z.number().positive().max(300),
  backgroundColor: z.string(),
  createdAt: z.string(),
  datas: z.object({ pickup: tagPartSchema, return: tagPartSchema }),
  originCanvasData: z.object({
    width: num,
    height: num,
    backgroundColor: z.string(),
    elements: z.array(canvasElementSchema),
  }),
});
export type PickupTagTemplate = z.infer<typeof pickupTagTemplateSchema>;

/**
 * Default geometry of each palette field on the 226.77 × 151.18 px canvas. Every field keeps the
 * default of 2 lines; one-line fields get a box only one line tall, which caps them the same way.
 */
const tag = (
  label: string,
  key: TagKey,
  type: TagElement['type'],
  mockValue: string,
  [x, y, width, height]: [number, number, number, number],
  extra: Partial<TagElement> = {},
): TagElement => ({
  label,
  key,
  type,
  mockValue,
  x,
  y,
  width,
  height,
  fontSize: TAG_DEFAULTS.fontSize,
  checked: false,
  isWrap: true,
  maxLines: TAG_DEFAULTS.maxLines,
  ...extra,
});

const CANVAS_W = 226.77;
const CANVAS_H = 151.18;
const FULL_W = CANVAS_W - 8;

const DEFAULT_PICKUP_ELEMENTS: TagElement[] = [
  tag('快递名称', 'EXPRESS_NAME', 'checkbox', '中通快递', [4, 2, 150, 28], {
    fontSize: TAG_DEFAULTS.largeFontSize,
    checked: true,
    isWrap: false,
  }),
  tag('单件/多件', 'SHOP_ORDER_GOODS_TYPE', 'checkbox', '多件', [160, 2, 62.77, 28], {
    fontSize: TAG_DEFAULTS.largeFontSize,
    checked: true,
    isWrap: false,
  }),
  tag('货号规格数量', 'ARTICLE_SIZE_NUM', 'mutil_radio', '女装一号档 A-1023 黑色/XL ×2', [4, 30, FULL_W, 32], {
    checked: true,
    selectedChild: 'ARTICLE_SIZE_NUM',
    children: [
      { label: '含档口名', key: 'ARTICLE_SIZE_NUM', mockValue: '女装一号档 A-1023 黑色/XL ×2' },
      { label: '不含档口名', key: 'ARTICLE_SIZE_NUM_WITHOUT_NAME', mockValue: 'A-1023 黑色/XL ×2' },
    ],
  }),
  tag('订单商品数', 'SHOP_ORDER_PRODUCT_NUM', 'checkbox', '共3件', [4, 62, 90, 20], { checked: true }),
  tag('打印时间', 'PRINT_TIME', 'checkbox', '05-12 10:30', [110, 62, 112.77, 20], { checked: true }),
  tag('拿货码', 'TAKE_CODE', 'mutil_radio', '202405120001', [4, 82, 150, 48], {
    checked: true,
    selectedChild: 'TAKE_CODE',
    children: [
      { label: '条形码', key: 'TAKE_CODE', mockValue: '202405120001' },
      { label: '二维码', key: 'TAKE_CODE_QR', mockValue: '202405120001' },
    ],
  }),
  tag('分拣位', 'POSITION_NO', 'checkbox', 'A-08', [156, 86, 66.77, 40], { checked: true }),
  tag('店铺订单号', 'SHOP_ORDER_NO', 'checkbox', '3712345678901234', [4, 130, FULL_W, 20], { checked: true }),
  tag('采购商信息', 'PRINT_NAME', 'input_text', '张三', [4, 110, 100, 20]),
  tag('店铺名称和平台', 'SHOP_NAME_AND_PLATFORM', 'checkbox', '小店旗舰店(淘宝)', [4, 110, FULL_W, 20]),
  tag('买家备注', 'BUYER_REMARK', 'checkbox', '尽快发货', [4, 110, FULL_W, 32]),
  tag('卖家备注', 'SELLER_REMARK', 'checkbox', '送小礼品', [4, 110, FULL_W, 32]),
  tag('档口分隔页', 'PRINT_STALL_SEPARATOR', 'checkbox', '', [0, 0, CANVAS_W, CANVAS_H], { checked: false }),
];

/** The Fabric objects of the ticked default fields, as the designer would have placed them. */
function canvasFor(elements: readonly TagElement[]): CanvasElement[] {
  const out: CanvasElement[] = [];
  elements.forEach((t, i) => {
    if (!t.checked || t.key === 'PRINT_STALL_SEPARATOR') return;
    const key = t.selectedChild ?? t.key;
    const base = { id: `el-${i + 1}`, x: t.x, y: t.y, width: t.width, height: t.height, visible: true, locked: false, zIndex: i + 1, key };
    if (key === 'TAKE_CODE' || key === 'TAKE_CODE_QR') {
      out.push({
        ...base,
        type: 'barcode',
        data: t.mockValue,
        showText: key === 'TAKE_CODE',
        textPosition: key === 'TAKE_CODE' ? 'bottom' : 'none',
        codeType: key === 'TAKE_CODE' ? 'CODE128B' : 'QRCODE',
      });
      return;
    }
    const large = t.fontSize >= TAG_DEFAULTS.largeFontSize;
    out.push({
      ...base,
      type: 'text',
      text: t.children?.find((c) => c.key === key)?.mockValue ?? t.mockValue,
      fontSize: t.fontSize,
      fontFamily: 'Noto Sans SC',
      fontWeight: large || key === 'POSITION_NO' ? 'bold' : 'normal',
      fontStyle: 'normal',
      fill: '#000000',
      textAlign: key === 'SHOP_ORDER_GOODS_TYPE' || key === 'PRINT_TIME' ? 'right' : key === 'POSITION_NO' ? 'center' : 'left',
      lineHeight: TAG_DEFAULTS.lineHeight,
      isWrap: t.isWrap,
      maxLines: t.maxLines,
      padding: TAG_DEFAULTS.padding,
      stroke: null,
      strokeWidth: 0,
      // Our breaker already breaks CJK anywhere; keep Latin words (article numbers) whole.
      splitByGrapheme: false,
    });
  });
  return out;
}

const DEFAULT_RETURN_ELEMENTS: TagElement[] = [
  tag('货号', 'artno', 'checkbox', 'A-1023', [4, 4, FULL_W, 40], { checked: true, fontSize: TAG_DEFAULTS.largeFontSize }),
];

/** A fresh copy of the built-in default template (callers may edit it). */
export function defaultPickupTagTemplate(): PickupTagTemplate {
  return {
    type: 'pickup',
    name: '默认拿货标签',
    width: 60,
    height: 40,
    backgroundColor: '#ffffff',
    createdAt: '2025-01-01T00:00:00.000Z',
    datas: {
      pickup: { tagSize: '60*40', tagRule: 'RULE_01', tagElements: structuredClone(DEFAULT_PICKUP_ELEMENTS) },
      return: { tagSize: '60*40', tagRule: 'RULE_01', tagElements: structuredClone(DEFAULT_RETURN_ELEMENTS) },
    },
    originCanvasData: {
      width: CANVAS_W,
      height: CANVAS_H,
      backgroundColor: '#ffffff',
      elements: canvasFor(DEFAULT_PICKUP_ELEMENTS),
    },
  };
}

/** Whether the template asks for a separator page between stalls. */
export const separatorEnabled = (t: PickupTagTemplate): boolean => t.datas.pickup.tagElements.some((e) => e.key === 'PRINT_STALL_SEPARATOR' && e.checked);
