/**
 * After-sales (售后订单, /afterSale/afterSaleList, /afterSale/afterSaleListDetail, /afterSale/quickQuery):
 * refunds, returns and exchanges of a dropship order's lines, asked by the seller (申请售后) or arriving
 * from the marketplace (a refund synced from the shop). Statuses and types are SPEC.md section 4's
 * codes verbatim; each change is a named server operation that checks the current status and leaves a
 * timeline entry (decision 0026).
 */
import { z } from 'zod';
import { LIST_COUNT_CAP } from './constants.js';
import { daysInOrder, optionalDay } from './dates.js';
import { AfterSaleStatus, AfterSaleType, ReturnStatus } from './enums.js';
import { optionalFilter } from './filters.js';
import { requestKeyField } from './funds.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

export type AfterSaleStatusCode = z.infer<typeof AfterSaleStatus>;
export type AfterSaleTypeCode = z.infer<typeof AfterSaleType>;
export type ReturnStatusCode = z.infer<typeof ReturnStatus>;

export const AFTER_SALE_STATUS_NAMES: Record<AfterSaleStatusCode, string> = {
  REFUNDING: '退款中',
  GOODS_RETURNING: '退货中',
  COMPLETE: '已完成',
  CLOSE: '已关闭',
  REFUSE: '已拒绝',
  PROBLEM: '问题件',
};

export const AFTER_SALE_TYPE_NAMES: Record<AfterSaleTypeCode, string> = {
  REFUND: '仅退款',
  REFUND_UNDELIVERY: '未发货仅退款',
  REFUND_DELIVERY: '已发货仅退款',
  RETURN_GOODS_DELIVERY: '退货退款',
  REFUND_SUCCESS: '退款成功',
  REFUND_CLOSE: '退款关闭',
  EXCHANGE_GOODS: '换货',
  FAST_REFUND_TIKTOK: '抖音极速退款',
  ELSE_PRICE_PROTECTION: '价保',
  ELSE_REISSUE: '补寄',
  ELSE_MAINTENANCE: '维修',
};

/** SPEC.md section 4's display of the return statuses (three of them read 档口核对中). */
export const RETURN_STATUS_NAMES: Record<ReturnStatusCode, string> = {
  WAIT_SIGNED: '待签收',
  SIGNED: '已签收',
  WAIT_FACTORY: '待退档口',
  FACTORY_REFUSE: '档口拒退',
  GOODS_RETURNED_FACTORY: '档口核对中',
  FACTORY_RETURNED: '档口已退款',
  FACTORY_REFUSE_TODEAL: '档口核对中',
  GOODS_RETURNED_FACTORY_TOCONFIRM: '档口核对中',
  FACTORY_RETURNED_TOCONFIRM: '档口核对中',
  NEGOTIATE_REFUND: '协商退款',
};

/** Where an after-sale came from: the marketplace's refund (synced) or the seller's 申请售后. */
export const AfterSaleSource = z.enum(['PLATFORM', 'SELLER'], { error: '售后来源只能是 PLATFORM 或 SELLER' }).describe('售后来源');
export type AfterSaleSource = z.infer<typeof AfterSaleSource>;
export const AFTER_SALE_SOURCE_NAMES: Record<AfterSaleSource, string> = { PLATFORM: '平台售后', SELLER: '卖家申请' };

/**
 * What the seller asks for in 申请售后; the type follows from it and the order's state:
 * REFUND_ONLY before shipping → REFUND_UNDELIVERY, after → REFUND_DELIVERY; RETURN_REFUND →
 * RETURN_GOODS_DELIVERY and EXCHANGE → EXCHANGE_GOODS (both only once shipped).
 */
export const AfterSaleKind = z.enum(['REFUND_ONLY', 'RETURN_REFUND', 'EXCHANGE'], { error: '售后类型只能是仅退款、退货退款或换货' }).describe('售后类型');
export type AfterSaleKind = z.infer<typeof AfterSaleKind>;
export const AFTER_SALE_KIND_NAMES: Record<AfterSaleKind, string> = { REFUND_ONLY: '仅退款', RETURN_REFUND: '退货退款', EXCHANGE: '换货' };

/** Reasons offered in 申请售后 (the seller may also type another). */
export const AFTER_SALE_REASONS = [
  '买家不想要了',
  '尺码不合适',
  '颜色/款式与描述不符',
  '质量问题',
  '发错货',
  '少件/漏发',
  '商品破损',
  '快递问题',
  '其他',
] as const;

/** Most photos one after-sale carries. */
export const AFTER_SALE_MAX_PHOTOS = 9;

export const photoUrl = z
  .string({ error: '图片地址必须是文字' })
  .max(500, '图片地址不能超过500个字符')
  .regex(/^(https?:\/\/|\/)[^\s]+$/, '图片地址必须是 http(s) 链接或站内地址');

/** The buyer's return parcel (退货物流): courier name and waybill number. */
const returnWaybillNo = text('退货快递单号', 40).refine((v) => v === '' || /^[A-Za-z0-9-]{6,40}$/.test(v), '退货快递单号只能是6到40位字母、数字或横线');

// ---- 申请售后 -----------------------------------------------------------------------------------

export const AfterSaleApplyLine = z.object({
  /** dropship_order_items.id of the order. */
  itemId: id('商品行'),
  quantity: z
    .number({ error: (iss) => (iss.input === undefined ? '请输入售后数量' : '售后数量必须是数字') })
    .int('售后数量必须是整数')
    .min(1, '售后数量至少1件')
    .max(999, '售后数量不能超过999件')
    .describe('售后数量'),
});

export const AfterSaleApplyBody = z.object({
  orderId: id('代发订单'),
  kind: AfterSaleKind,
  lines: z.array(AfterSaleApplyLine, { error: '售后商品必须是数组' }).min(1, '请至少选择一行商品').max(200, '一次最多200行商品').describe('售后商品'),
  reason: requiredText('售后原因', 100),
  remark: text('补充说明', 500).default(''),
  photos: z.array(photoUrl, { error: '图片必须是数组' }).max(AFTER_SALE_MAX_PHOTOS, `最多上传${AFTER_SALE_MAX_PHOTOS}张图片`).default([]).describe('图片'),
  returnCourierName: text('退货快递公司', 30).default(''),
  returnWaybillNo: returnWaybillNo.default(''),
  requestKey: requestKeyField,
});
export type AfterSaleApplyBody = z.input<typeof AfterSaleApplyBody>;
/** One after-sale per line asked (a line already in an open after-sale is refused: 14xxx). */
export const AfterSaleApplyResult = z.object({ ids: z.array(z.number()), afterSaleNos: z.array(z.string()) });

/** 填写退货物流: the buyer's return waybill, while the return is not signed in yet. */
export const AfterSaleWaybillBody = z.object({
  id: id('售后单'),
  returnCourierName: text('退货快递公司', 30).default(''),
  returnWaybillNo: returnWaybillNo.refine((v) => v !== '', '请输入退货快递单号'),
});

/** 撤销售后 (the seller withdraws) and 拦截退款 (an open refund before shipping: stop the line, refund it). */
export const AfterSaleIdBody = z.object({ id: id('售后单'), requestKey: requestKeyField.optional() });
export const AfterSaleIdsBody = z.object({
  ids: z.array(id('售后单'), { error: '售后单必须是数组' }).min(1, '请至少选择一个售后单').max(200, '一次最多处理200个售后单').describe('售后单'),
});
/** A batch action's answer: which went through and, for each that did not, why (Chinese). */
export const AfterSaleBatchResult = z.object({
  done: z.array(z.number()),
  failed: z.array(z.object({ id: z.number(), afterSaleNo: z.string(), message: z.string() })),
});
export type AfterSaleBatchResult = z.infer<typeof AfterSaleBatchResult>;

// ---- 列表、详情 --------------------------------------------------------------------------------

export const AfterSaleFilterShape = {
  /** A tab: one after-sale status; absent = 全部. */
  status: optionalFilter(AfterSaleStatus, '售后状态'),
  type: optionalFilter(AfterSaleType, '售后类型'),
  source: optionalFilter(AfterSaleSource, '售后来源'),
  shopId: optionalFilter(id('店铺'), '店铺'),
  /** After-sale number, dropship order number or the shop's order number. */
  orderNo: optionalFilter(text('订单号', 64), '订单号'),
  /** The return waybill or the order's own waybill. */
  trackingNo: optionalFilter(text('快递单号', 40), '快递单号'),
  /** Last four digits of the receiver's phone (the receiver is masked; the tail is how a seller finds a buyer). */
  phoneTail: optionalFilter(z.string({ error: '手机尾号必须是文字' }).regex(/^\d{4}$/, '手机尾号必须是4位数字'), '手机尾号'),
  createdFrom: optionalDay('申请开始日期'),
  createdTo: optionalDay('申请结束日期'),
};
const IN_ORDER = daysInOrder('createdFrom', 'createdTo', '申请开始日期不能晚于结束日期');
export const AfterSaleFilter = z.object(AfterSaleFilterShape).refine(...IN_ORDER);
export type AfterSaleFilter = z.output<typeof AfterSaleFilter>;
export const AfterSalePageBody = pageQuery.extend(AfterSaleFilterShape).refine(...IN_ORDER);
export type AfterSalePageBody = z.input<typeof AfterSalePageBody>;

export const AfterSaleRow = z.object({
  id: z.number(),
  afterSaleNo: z.string(),
  status: AfterSaleStatus,
  type: AfterSaleType,
  source: AfterSaleSource,
  /** Return parcel progress (return and exchange types), null for refunds only. */
  returnStatus: ReturnStatus.nullable(),
  orderId: z.number(),
  orderNo: z.string(),
  shopName: z.string().nullable(),
  channel: z.string().nullable(),
  platformOrderId: z.string().nullable(),
  platformRefundId: z.string().nullable(),
  /** Masked as in every list. */
  receiverName: z.string(),
  receiverPhone: z.string(),
  itemId: z.number(),
  title: z.string(),
  spec: z.string().nullable(),
  picUrl: z.string().nullable(),
  stallName: z.string(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number().int(),
  /** What the buyer asked back on the platform (PLATFORM), 0 for the seller's own. */
  platformRefundFen: z.number().int(),
  /** What the seller gets back from us for it: goods money of the quantity, to the fen (decision 0026). */
  refundFen: z.number().int(),
  /** Refunded to the seller's balance so far. */
  refundedFen: z.number().int(),
  reason: z.string(),
  returnCourierName: z.string(),
  returnWaybillNo: z.string(),
  /** The order's own outbound waybill. */
  trackingNo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AfterSaleRow = z.infer<typeof AfterSaleRow>;

/** Under filters each tab is counted up to this; past it the answer says so (the page shows 10000+). */
export const AFTER_SALE_COUNT_CAP = LIST_COUNT_CAP;

/**
 * One page and the count of every tab (status, and ALL). Without filters the counts are exact (kept
 * counters); with filters they are exact up to AFTER_SALE_COUNT_CAP matches, past it `countsCapped`
 * names the tabs whose number is a lower bound (shown n+) and `totalCapped` says whether the shown
 * tab's `total` is one (decision 0041).
 */
export const AfterSalePageResult = z.object({
  total: z.number(),
  totalCapped: z.boolean().optional(),
  list: z.array(AfterSaleRow),
  counts: z.record(z.string(), z.number()),
  countsCapped: z.array(z.string()).optional(),
});
export type AfterSalePageResult = z.infer<typeof AfterSalePageResult>;

export const AfterSaleEvent = z.object({
  id: z.number(),
  operation: z.string(),
  /** Chinese name of the operation, for the timeline. */
  operationName: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string(),
  note: z.string(),
  actorName: z.string(),
  createdAt: z.string(),
});
export type AfterSaleEvent = z.infer<typeof AfterSaleEvent>;

/** The actions the current status allows the caller (the page shows only these). */
export const AfterSaleAction = z.enum([
  'CANCEL',
  'INTERCEPT',
  'FILL_WAYBILL',
  // The seller's answer to a platform refund (where the platform takes it).
  'AGREE',
  'REFUSE',
  // The seller's decision on a stall's refusal (FACTORY_REFUSE_TODEAL), after-sale-returns.ts.
  'ACCEPT_REFUSE',
  'NEGOTIATE_REFUND',
  'RETURN_FACTORY_AGAIN',
  // 换货补发: the stall took an exchange's goods back and no replacement is placed yet (after-sale-exchange.ts).
  'EXCHANGE_RESHIP',
]);
export type AfterSaleAction = z.infer<typeof AfterSaleAction>;

export const AfterSaleDetail = AfterSaleRow.extend({
  remark: z.string(),
  photos: z.array(z.string()),
  orderStatus: z.string(),
  orderCombinedStatus: z.string(),
  /** The line's money as paid: unit cost × quantity of the line. */
  unitCostFen: z.number().int(),
  lineQuantity: z.number().int(),
  /** Ledger entries of this after-sale (refunds to the seller). */
  money: z.array(z.object({ type: z.string(), amountFen: z.number().int(), createdAt: z.string(), note: z.string() })),
  timeline: z.array(AfterSaleEvent),
  actions: z.array(AfterSaleAction),
  /** The warehouse's 验货 (after-sale-returns.ts), null until inspected. */
  inspection: z
    .object({
      result: z.string(),
      resultName: z.string(),
      receivedQuantity: z.number(),
      photos: z.array(z.string()),
      note: z.string(),
      inspectedAt: z.string(),
    })
    .nullable()
    .optional(),
  /** The seller's 协商退款 amount (fen), null when none was offered. */
  negotiateFen: z.number().nullable().optional(),
  /** 换货补发: the replacement dropship order, null until placed. */
  replacementOrderId: z.number().nullable().optional(),
  replacementOrderNo: z.string().nullable().optional(),
});
export type AfterSaleDetail = z.infer<typeof AfterSaleDetail>;
export const AfterSaleDetailQuery = z.object({ id: id('售后单') });

// ---- 快速查询 -----------------------------------------------------------------------------------

/** By order number (ours or the shop's), waybill (outbound or return) or the receiver's phone tail. */
export const QuickQueryBody = z.object({ keyword: requiredText('订单号/快递单号/手机尾号', 64) });
export const QuickQueryResult = z.object({
  orders: z.array(
    z.object({
      id: z.number(),
      orderNo: z.string(),
      platformOrderId: z.string().nullable(),
      shopName: z.string().nullable(),
      status: z.string(),
      combinedStatus: z.string(),
      receiverName: z.string(),
      receiverPhone: z.string(),
      trackingNo: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  afterSales: z.array(AfterSaleRow),
  /** Problem parcels of the seller matching the waybill. */
  parcels: z.array(z.object({ id: z.number(), trackingNo: z.string().nullable(), status: z.string(), reason: z.string().nullable(), createdAt: z.string() })),
});
export type QuickQueryResult = z.infer<typeof QuickQueryResult>;

// ---- 操作名称、导出上限 ---------------------------------------------------------------------------

/** Chinese names of the after-sale operations (the timeline's events). */
export const AFTER_SALE_OPERATION_NAMES: Record<string, string> = {
  APPLY: '卖家申请售后',
  STOP_REFUND: '停止拿货并退回货款',
  DELIVERED_REFUND: '已发货仅退款',
  CANCEL: '撤销售后',
  FILL_WAYBILL: '填写退货物流',
  INTERCEPT: '拦截退款',
  PLATFORM_APPLY: '平台售后',
  AUTO_INTERCEPT: '自动拦截',
  ORDER_CANCELED: '订单已取消',
  PLATFORM_REFUNDED: '平台已退款',
  PLATFORM_CLOSE: '平台关闭售后',
  AGREE: '同意退款',
  REFUSE: '拒绝退款',
  AUTO_AGREE: '自动售后：同意退款',
  AUTO_INTERCEPT_RULE: '自动售后：拦截退款',
  AUTO_RETURN: '自动售后：转为退货中',
  // Returns through the warehouse (after-sale-returns.ts).
  SIGN_IN: '仓库签收退货',
  INSPECT: '仓库验货',
  FACTORY_RETURNED: '档口已退款',
  FACTORY_REFUSE: '档口拒退',
  ACCEPT_REFUSE: '卖家接受拒退',
  NEGOTIATE_REFUND: '卖家协商退款',
  RETURN_FACTORY_AGAIN: '卖家要求重新退档口',
  CONFIRM_NEGOTIATE: '档口同意协商退款',
  CONFIRM_NEGOTIATED: '档口已付协商退款',
  CONFIRM_RETURN_AGAIN: '采购商确认重新退档口',
  EXCHANGE_RESHIP: '换货补发',
  EXCHANGE_GOODS_BACK: '补发取消，换货货款退回',
  RETURN_FREIGHT: '扣除退货到付运费',
};

/** Most rows one after-sale export writes. */
export const AFTER_SALE_EXPORT_MAX_ROWS = 100_000;

/** The answer of 撤销售后, 填写退货物流 and 拦截退款: the after-sale as it is now. */
export const AfterSaleOperationResult = z.object({ id: z.number(), afterSaleNo: z.string(), status: AfterSaleStatus });
export type AfterSaleOperationResult = z.infer<typeof AfterSaleOperationResult>;
