/**
 * Warehouse sorting and shipping (purchaser): scanning a pick-up code in (/print/scanPrint), the
 * orders ready to ship and shipped (/print/printDelivery), the waybill label's print data and the
 * sorting-slot range. docs/decisions/0014-warehouse-shipping.md.
 */
import { z } from 'zod';
import { optionalDay } from './dates.js';
import { ExpressCode } from './express.js';
import { blankToUndefined, optionalFilter } from './filters.js';
import { id, pageQuery, text } from './schema-helpers.js';
import { PlatformPrintData } from './waybill-sources.js';

export const TakeCodeField = z
  .string({ error: (iss) => (iss.input === undefined || iss.input === null ? '请扫描或输入拿货码' : '拿货码必须是文字') })
  .trim()
  .regex(/^\d{12}$/, '拿货码必须是12位数字，请重新扫描')
  .describe('拿货码');

export const WarehouseScanBody = z.object({ takeCode: TakeCodeField });
export type WarehouseScanBody = z.output<typeof WarehouseScanBody>;

/**
 * The waybill label's print data (labels kind `waybill`). Receiver name and phone come masked, as
 * on a privacy waybill (隐私面单): the courier got the full values through its API.
 */
export const WaybillLabelData = z.object({
  trackingNo: z.string(),
  courierCode: z.string(),
  courierName: z.string(),
  orderNo: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverAddress: z.string(),
  senderName: z.string(),
  senderPhone: z.string(),
  senderAddress: z.string(),
  goods: z.string(),
  itemCount: z.number().int(),
  remark: z.string().nullable(),
  printTime: z.string(),
  /**
   * A platform e-waybill (docs/decisions/0025-shipping-marketplace-orders.md): its encrypted print data, printed by the platform's
   * own print component instead of our label; absent for a Kuaidi100 waybill.
   */
  platformPrint: PlatformPrintData.optional(),
});
export type WaybillLabelData = z.infer<typeof WaybillLabelData>;

/**
 * WAITING: arrived, the order waits for more items in its sorting slot. ALREADY_ARRIVED: scanned
 * before, nothing changed. SHIPPED: the order got its waybill and is DELIVERED (print `waybill`).
 * READY: all in, but the courier could not issue a waybill now (`shipError`; retry on /print/printDelivery),
 * or a self-pickup order waiting in its slot for the collector (hand it over there).
 */
export const ScanOutcome = z.enum(['WAITING', 'ALREADY_ARRIVED', 'SHIPPED', 'READY']);
export type ScanOutcome = z.infer<typeof ScanOutcome>;

/**
 * An order travelling in the same parcel (合并发货: the seller's 合并同一收货人的订单, decision 0019):
 * `ready` when all its goods are in (or, 有货先发, in or put off).
 */
export const ParcelMember = z.object({ orderId: z.number(), orderNo: z.string(), ready: z.boolean() });
export type ParcelMember = z.infer<typeof ParcelMember>;

export const WarehouseScanResult = z.object({
  outcome: ScanOutcome,
  message: z.string(),
  orderId: z.number(),
  orderNo: z.string(),
  slotNo: z.number().int().nullable(),
  arrivedCount: z.number().int(),
  totalCount: z.number().int(),
  item: z.object({ artNo: z.string(), color: z.string(), size: z.string(), quantity: z.number().int(), stallName: z.string() }),
  waybill: WaybillLabelData.nullable(),
  shipError: z.string().nullable(),
  /** The other orders of the scanned order's parcel (empty: it travels alone). */
  mergeOrders: z.array(ParcelMember),
});
export type WarehouseScanResult = z.infer<typeof WarehouseScanResult>;

/** READY: all items in, waiting for its waybill; SORTING: in a sorting slot, items missing; SHIPPED: delivered (reprint). */
export const WarehouseView = z.enum(['READY', 'SORTING', 'SHIPPED']);
export type WarehouseView = z.infer<typeof WarehouseView>;

export const WarehouseFilterShape = {
  view: z.preprocess(blankToUndefined, WarehouseView.default('READY')).describe('列表'),
  orderNo: optionalFilter(text('代发订单号', 32), '代发订单号'),
  trackingNo: optionalFilter(text('快递单号', 40), '快递单号'),
  expressCode: optionalFilter(ExpressCode, '快递公司'),
  /** Shipped view: the delivery day range (Beijing dates). */
  dateFrom: optionalDay('发货开始日期'),
  dateTo: optionalDay('发货结束日期'),
};
export const WarehouseOrdersBody = pageQuery.extend(WarehouseFilterShape);
export type WarehouseOrdersBody = z.output<typeof WarehouseOrdersBody>;
export const WarehouseExportBody = z.object(WarehouseFilterShape);
export type WarehouseExportBody = z.output<typeof WarehouseExportBody>;

export const WarehouseOrderRow = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  sellerName: z.string(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  area: z.string(),
  expressCode: z.string(),
  expressName: z.string(),
  itemCount: z.number().int(),
  slotNo: z.number().int().nullable(),
  trackingNo: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  printCount: z.number().int(),
  lastArrivedAt: z.string().nullable(),
  /** 加急发货: listed first among the orders waiting to ship. */
  urgent: z.boolean(),
  /** The other orders of its parcel: waiting to be merged, or shipped in the same parcel (decision 0019). */
  mergeOrderNos: z.array(z.string()),
  /** All its goods are in, but it waits for another order of the same receiver (合并发货). */
  mergeWaiting: z.boolean(),
  /** 有货先发: ships with what arrived; the lines put off to another day are refunded when it ships. */
  shipTaken: z.boolean(),
  /** Waiting orders only: the number of a waybill taken for it but not shipped yet (作废面单 gives it back). */
  keptTrackingNo: z.string().nullable(),
});
export type WarehouseOrderRow = z.infer<typeof WarehouseOrderRow>;
export const WarehouseOrdersResult = z.object({ total: z.number().int(), list: z.array(WarehouseOrderRow) });
export type WarehouseOrdersResult = z.infer<typeof WarehouseOrdersResult>;

export const WarehouseOrderBody = z.object({ orderId: id('代发订单') });
export type WarehouseOrderBody = z.output<typeof WarehouseOrderBody>;

/** A self-pickup order (express SELF_PICKUP) handed to its collector: delivered and finished at once. */
export const WarehouseHandOverResult = z.object({ orderId: z.number(), orderNo: z.string() });
export type WarehouseHandOverResult = z.infer<typeof WarehouseHandOverResult>;

export const WarehouseShipResult = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  courierCode: z.string(),
  trackingNo: z.string(),
  waybill: WaybillLabelData,
  /** Every order that left in this parcel (the one asked for included). */
  parcelOrderIds: z.array(z.number()),
});
export type WarehouseShipResult = z.infer<typeof WarehouseShipResult>;

/** 作废面单: the order's kept (taken, not shipped) waybill, cancelled at its source and forgotten. */
export const WarehouseVoidWaybillResult = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  courierCode: z.string(),
  trackingNo: z.string(),
  /** Where it was cancelled: KUAIDI100, or the platform e-waybill's source (CAINIAO, PDD, …). */
  source: z.string(),
});
export type WarehouseVoidWaybillResult = z.infer<typeof WarehouseVoidWaybillResult>;

const slotNo = (label: string) =>
  z
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(1, `${label}至少为1`)
    .max(99_999, `${label}不能超过99999`)
    .describe(label);
const phone = z
  .string({ error: '发货电话必须是文字' })
  .trim()
  .regex(/^(1\d{10}|0\d{2,3}-?\d{7,8})$/, '发货电话应为11位手机号或带区号的固定电话')
  .describe('发货电话');

/** The purchaser's warehouse: its sorting-slot range and the sender phone/address waybills fall back to. */
export const WarehouseSettingBody = z.object({
  slotFrom: slotNo('起始分拣位'),
  slotTo: slotNo('结束分拣位'),
  senderPhone: phone,
  senderAddress: text('发货地址', 200).min(5, '请输入完整的发货地址（省市区和详细地址）'),
});
export type WarehouseSettingBody = z.output<typeof WarehouseSettingBody>;
export const WarehouseSettingResult = z.object({
  slotFrom: z.number().int(),
  slotTo: z.number().int(),
  senderPhone: z.string(),
  senderAddress: z.string(),
  /** Slots holding an order now. */
  used: z.number().int(),
});
export type WarehouseSettingResult = z.infer<typeof WarehouseSettingResult>;
