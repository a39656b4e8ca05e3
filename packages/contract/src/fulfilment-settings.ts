/**
 * Settings that shape fulfilment (seller side): one value per organisation and key, each with its
 * own schema and default (docs/decisions/0016-declarations.md, part 2). Each is acted on where it
 * matters: decisions 0016 (sender, return phone, auto-intercept), 0017 (speed delivery), 0018 (pay
 * after delivery), 0019 (merging, wait mode), 0020 (unpaid timeout, out of stock, own stock).
 */
import { z } from 'zod';
import { ReceiverFields } from './dropship-orders.js';
import { fenField } from './money.js';
import { text } from './schema-helpers.js';

const PHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|400-?\d{3}-?\d{4})$/;
const phone = (label: string) => text(label, 20).refine((v) => v === '' || PHONE.test(v), `${label}格式不正确（手机号11位，座机如 0571-88888888，或400电话）`);
const bool = (label: string) => z.boolean({ error: `${label}必须是 true 或 false` }).describe(label);
const int = (label: string, min: number, max: number, unit: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? `请输入${label}` : `${label}必须是数字`) })
    .int(`${label}必须是整数`)
    .min(min, `${label}不能小于${min}${unit}`)
    .max(max, `${label}不能大于${max}${unit}`)
    .describe(label);
/** A shop or supplier id. Not schema-helpers' id(): its string coercion cannot run backwards, and these schemas also describe responses. */
const id = (label: string) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? `请选择${label}` : `${label}必须是数字`) })
    .int(`${label}必须是整数`)
    .positive(`${label}必须大于0`)
    .max(2_147_483_647, `${label}超出范围`)
    .describe(label);
const noRepeat = <T>(key: (x: T) => number, label: string) => [(l: T[]) => new Set(l.map(key)).size === l.length, `${label}不能重复设置`] as const;

export const FulfillmentStrategy = z.object({
  /** Orders of one receiver paid the same day travel in one parcel. */
  mergeSameReceiver: bool('合并同一收货人的订单'),
  /**
   * WAIT_ALL: a multi-item order ships when every line is in; SHIP_TAKEN (有货先发): it ships once every line is in
   * or put off to another day, and the put-off lines are stopped and refunded (no follow-up parcel: decision 0019).
   */
  waitMode: z.enum(['WAIT_ALL', 'SHIP_TAKEN'], { error: '请选择多件订单的发货方式' }).describe('多件订单发货方式'),
  unpaidCancelHours: int('未付款自动取消时间', 1, 168, '小时'),
  /** REFUND: an out-of-stock line is refunded at once; WAIT_NEXT_DAY: picked again the next day(s) first. */
  outOfStockPolicy: z.enum(['REFUND', 'WAIT_NEXT_DAY'], { error: '请选择缺货处理方式' }).describe('缺货处理方式'),
  nextDayMaxDays: int('缺货最多等待天数', 1, 7, '天'),
});
export type FulfillmentStrategy = z.infer<typeof FulfillmentStrategy>;

export const AutoIntercept = z.object({
  enabled: bool('开启自动拦截'),
  /** LINES: stop only the lines the buyer asked a refund for; ORDER: cancel the whole order. */
  scope: z.enum(['LINES', 'ORDER'], { error: '请选择拦截范围' }).describe('拦截范围'),
});
export type AutoIntercept = z.infer<typeof AutoIntercept>;

export const SpeedDelivery = z.object({
  enabled: bool('开通加急发货'),
  /** Every new order is urgent unless unticked when placing. */
  defaultOn: bool('下单默认加急'),
});
export type SpeedDelivery = z.infer<typeof SpeedDelivery>;

const Sender = z.object({
  senderName: text('寄件人', 30),
  senderPhone: phone('寄件人电话'),
  senderAddress: text('寄件地址', 200),
});
export const CustomInfo = z.object({
  /** Printed on every waybill unless the shop has its own. Empty fields: the purchaser's warehouse prints its own. */
  default: Sender,
  shops: z
    .array(Sender.extend({ shopId: id('店铺') }), { error: '店铺发货信息必须是数组' })
    .max(200, '最多设置200个店铺')
    .refine(...noRepeat((s: { shopId: number }) => s.shopId, '同一店铺'))
    .describe('店铺发货信息'),
});
export type CustomInfo = z.infer<typeof CustomInfo>;

export const SetPayment = z
  .object({
    enabled: bool('开通货到付款'),
    agreedTerms: bool('同意服务协议'),
  })
  .refine((v) => !v.enabled || v.agreedTerms, { message: '开通货到付款前请先阅读并同意《货到付款服务协议》', path: ['agreedTerms'] });
export type SetPayment = z.infer<typeof SetPayment>;

export const SupplyMode = z.enum(['MARKET_PICKUP', 'OWN_STOCK'], { error: '请选择供货方式' }).describe('供货方式');
export type SupplyMode = z.infer<typeof SupplyMode>;
export const SUPPLY_MODE_NAMES: Record<SupplyMode, string> = { MARKET_PICKUP: '市场拿货', OWN_STOCK: '自有库存备货' };
export const DistributionMode = z.object({
  defaultMode: SupplyMode,
  suppliers: z
    .array(z.object({ supplierId: id('供应商'), mode: SupplyMode }), { error: '供应商设置必须是数组' })
    .max(500, '最多设置500个供应商')
    .refine(...noRepeat((s: { supplierId: number }) => s.supplierId, '同一供应商'))
    .describe('供应商设置'),
});
export type DistributionMode = z.infer<typeof DistributionMode>;

export const ReturnPhone = z.object({
  default: phone('默认退货电话'),
  shops: z
    .array(z.object({ shopId: id('店铺'), phone: phone('退货电话').refine((v) => v !== '', '请输入退货电话') }), { error: '店铺退货电话必须是数组' })
    .max(200, '最多设置200个店铺')
    .refine(...noRepeat((s: { shopId: number }) => s.shopId, '同一店铺'))
    .describe('店铺退货电话'),
});
export type ReturnPhone = z.infer<typeof ReturnPhone>;

/** The seller's own address (returns come back here; 发到我的收货地址 declarations go here). */
export const GoodsAddress = ReceiverFields;
export type GoodsAddress = z.infer<typeof GoodsAddress>;

export const FULFILMENT_SETTING_SCHEMAS = {
  orderFulfillmentStrategy: FulfillmentStrategy,
  autoIntercept: AutoIntercept,
  speedDelivery: SpeedDelivery,
  customInfo: CustomInfo,
  setPayment: SetPayment,
  distributionMode: DistributionMode,
  returnPhone: ReturnPhone,
  returnAddress: GoodsAddress.nullable(),
  sendAddress: GoodsAddress.nullable(),
} as const;
export type FulfilmentSettingKey = keyof typeof FULFILMENT_SETTING_SCHEMAS;
export type FulfilmentSettingsValues = { [K in FulfilmentSettingKey]: z.infer<(typeof FULFILMENT_SETTING_SCHEMAS)[K]> };

/** What an organisation that never saved a setting gets: the platform's usual behaviour. */
export const FULFILMENT_DEFAULTS: FulfilmentSettingsValues = {
  orderFulfillmentStrategy: { mergeSameReceiver: true, waitMode: 'WAIT_ALL', unpaidCancelHours: 24, outOfStockPolicy: 'REFUND', nextDayMaxDays: 1 },
  autoIntercept: { enabled: true, scope: 'LINES' },
  speedDelivery: { enabled: false, defaultOn: false },
  customInfo: { default: { senderName: '', senderPhone: '', senderAddress: '' }, shops: [] },
  setPayment: { enabled: false, agreedTerms: false },
  distributionMode: { defaultMode: 'MARKET_PICKUP', suppliers: [] },
  returnPhone: { default: '', shops: [] },
  returnAddress: null,
  sendAddress: null,
};

/** The setting keys pages save through POST /api/b2/fulfilment/settings/<key>, with the route each belongs to. */
export const FULFILMENT_SETTING_ROUTES: Record<Exclude<FulfilmentSettingKey, 'returnAddress' | 'sendAddress'>, `/${string}`> = {
  orderFulfillmentStrategy: '/basicSet/orderFulfillmentStrategy',
  autoIntercept: '/basicSet/autoIntercept',
  speedDelivery: '/basicSet/speedSelivery',
  customInfo: '/basicSet/customInfo',
  setPayment: '/basicSet/setPayment',
  distributionMode: '/basicSet/distributionMode',
  returnPhone: '/basicSet/returnPhone',
};

/** Platform prices the seller's settings pages show (set by the operator). */
export const PlatformFulfilmentPrices = z.object({
  speedDeliveryFeeFen: fenField('加急费', 0, 100_000),
  payLaterCreditFen: fenField('货到付款额度', 0, 100_000_000),
});
export type PlatformFulfilmentPrices = z.infer<typeof PlatformFulfilmentPrices>;
export const PLATFORM_FULFILMENT_DEFAULTS: PlatformFulfilmentPrices = { speedDeliveryFeeFen: 300, payLaterCreditFen: 200_000 };

export const InterceptLogRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  platformOrderId: z.string(),
  action: z.enum(['CANCEL_ORDER', 'STOP_LINE', 'FAILED']),
  note: z.string(),
  createdAt: z.string(),
});
export type InterceptLogRow = z.infer<typeof InterceptLogRow>;
export const INTERCEPT_ACTION_NAMES: Record<InterceptLogRow['action'], string> = { CANCEL_ORDER: '取消订单', STOP_LINE: '停止拿货', FAILED: '拦截失败' };
export const InterceptLogPageResult = z.object({ total: z.number().int(), list: z.array(InterceptLogRow) });
