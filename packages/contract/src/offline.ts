/**
 * Offline pickup and return (线下拿货单, 线下退货单, 退货登记, 退货入库分配), decision 0015.
 * Offline pickup orders are dropship orders with source OFFLINE and express SELF_PICKUP (the seller
 * collects at the purchaser's warehouse); offline return orders are the seller's parcels of goods
 * that go back to their stalls for a refund, registered by waybill and worked line by line through
 * the return-to-factory statuses of SPEC.md section 4.
 */
import { z } from 'zod';
import { SignedAfterSale } from './after-sale-returns.js';
import { ReturnStatus, ReturnToFactoryStatus } from './enums.js';
import { HeadlessIntake, HeadlessRegistered } from './headless-parcels.js';
import { fenField, unitPriceField } from './money.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

/** Service fee the purchaser keeps from each line the stall refunds (deducted from the refund). */
export const OFFLINE_RETURN_SERVICE_FEE_FEN = 100;
/** Most lines one offline order (pickup or return) holds. */
export const OFFLINE_MAX_LINES = 200;

export const RETURN_TO_FACTORY_STATUS_NAMES: Record<z.infer<typeof ReturnToFactoryStatus>, string> = {
  WAITING_ASSIGNED: '待分配',
  WAIT_FACTORY: '待退档口',
  FACTORY_REFUSE: '档口拒退',
  FACTORY_RETURNED: '已退货退款',
  STOP_RETURNED: '已暂停',
};

/** The return order's own state: sent by the seller, then signed in at the warehouse (SPEC §4 return status codes). */
export const OfflineReturnOrderStatus = z.enum(['WAIT_SIGNED', 'SIGNED']);
export const OFFLINE_RETURN_ORDER_STATUS_NAMES: Record<z.infer<typeof OfflineReturnOrderStatus>, string> = { WAIT_SIGNED: '待签收', SIGNED: '已签收' };

const quantity = z
  .number({ error: (iss) => (iss.input === undefined ? '请输入数量' : '数量必须是数字') })
  .int('数量必须是整数')
  .min(1, '数量至少1件')
  .max(999, '数量不能超过999件')
  .describe('数量');

/** One line of an offline order: which stall, what goods, how many, at what price. */
export const OfflineLineInput = z.object({
  supplierId: id('档口'),
  artNo: requiredText('货号', 60),
  color: text('颜色', 30).default(''),
  size: text('尺码', 30).default(''),
  quantity,
  unitPriceFen: unitPriceField('单价'),
});
export type OfflineLineInput = z.input<typeof OfflineLineInput>;

const lines = z
  .array(OfflineLineInput, { error: '商品必须是数组' })
  .min(1, '请至少添加一行商品')
  .max(OFFLINE_MAX_LINES, `一单最多${OFFLINE_MAX_LINES}行商品`)
  .describe('商品');
const PHONE = /^(1\d{10}|0\d{2,3}-?\d{7,8})$/;

export const OfflinePickupCreateBody = z.object({
  /** Who collects the goods at the warehouse. */
  contactName: requiredText('提货人', 30),
  contactPhone: requiredText('提货人手机号', 20).regex(PHONE, '提货人手机号格式不正确（手机号11位）'),
  remark: text('备注', 200).default(''),
  lines,
});
export type OfflinePickupCreateBody = z.input<typeof OfflinePickupCreateBody>;

export const OfflinePickupQuery = pageQuery.extend({
  orderNo: text('订单号', 40).optional(),
  status: text('订单状态', 30).optional(),
});
export const OfflinePickupRow = z.object({
  id: z.number(),
  orderNo: z.string(),
  status: z.string(),
  combinedStatus: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  itemCount: z.number(),
  goodsFen: z.number(),
  serviceFeeFen: z.number(),
  totalFen: z.number(),
  remark: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  summary: z.string(),
});
export type OfflinePickupRow = z.infer<typeof OfflinePickupRow>;
export const OfflinePickupPage = z.object({ total: z.number(), list: z.array(OfflinePickupRow) });

export const OfflineReturnCreateBody = z
  .object({
    /** True when the seller brings the parcel in person (no courier). */
    handDelivered: z.boolean({ error: '送货方式必须是是/否' }).default(false).describe('送货方式'),
    courierName: text('快递公司', 30).default(''),
    waybillNo: text('快递单号', 40)
      .default('')
      .refine((v) => v === '' || /^[A-Za-z0-9-]{6,40}$/.test(v), '快递单号只能是6到40位字母、数字或横线'),
    remark: text('备注', 200).default(''),
    lines,
  })
  .refine((b) => b.handDelivered || b.waybillNo !== '', { message: '请填写快递单号，或选择“自行送到仓库”', path: ['waybillNo'] });
export type OfflineReturnCreateBody = z.input<typeof OfflineReturnCreateBody>;

export const OfflineReturnLineRow = z.object({
  id: z.number(),
  returnOrderId: z.number(),
  returnNo: z.string(),
  returnCode: z.string(),
  lineNo: z.number(),
  supplierId: z.number().nullable(),
  stallName: z.string(),
  stallText: z.string(),
  manufacturerAddress: z.string(),
  artNo: z.string(),
  color: z.string(),
  size: z.string(),
  quantity: z.number(),
  unitPriceFen: z.number(),
  status: ReturnToFactoryStatus.nullable(),
  pickerUserId: z.number().nullable(),
  pickerName: z.string().nullable(),
  refundFen: z.number(),
  serviceFeeFen: z.number(),
  note: z.string(),
  waybillNo: z.string(),
  sellerName: z.string(),
  registeredAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The after-sale this line returns (售后退货), null for an offline return order's line. */
  afterSaleId: z.number().nullable(),
  afterSaleNo: z.string().nullable(),
  /** The after-sale's return status (the purchaser confirms the TOCONFIRM / NEGOTIATE_REFUND ones from this line). */
  afterSaleReturnStatus: ReturnStatus.nullable(),
});
export type OfflineReturnLineRow = z.infer<typeof OfflineReturnLineRow>;

export const OfflineReturnOrderRow = z.object({
  id: z.number(),
  returnNo: z.string(),
  status: OfflineReturnOrderStatus,
  handDelivered: z.boolean(),
  courierName: z.string(),
  waybillNo: z.string(),
  remark: z.string(),
  lineCount: z.number(),
  quantity: z.number(),
  goodsFen: z.number(),
  refundFen: z.number(),
  createdAt: z.string(),
  registeredAt: z.string().nullable(),
  lines: z.array(OfflineReturnLineRow),
});
export type OfflineReturnOrderRow = z.infer<typeof OfflineReturnOrderRow>;

export const OfflineReturnOrderQuery = pageQuery.extend({
  /** Return number or waybill number. */
  keyword: text('退货单号/快递单号', 40).optional(),
  status: OfflineReturnOrderStatus.optional().describe('签收状态'),
});
export const OfflineReturnOrderPage = z.object({ total: z.number(), list: z.array(OfflineReturnOrderRow) });

export const OfflineReturnCreateResult = z.object({ id: z.number(), returnNo: z.string() });
/** 撤销: a return order the warehouse has not signed in yet is withdrawn (deleted with its lines). */
export const OfflineReturnCancelBody = z.object({ id: id('退货单') });
export const OfflineReturnCancelResult = z.object({ id: z.number(), returnNo: z.string() });

/** Registration: the scanned waybill (or the return number of a hand-delivered parcel). */
export const ReturnRegisterBody = z.object({
  waybillNo: requiredText('快递单号', 40),
  /** Only when nothing matches: register the parcel as unmatched with this note. */
  registerUnmatched: z.boolean({ error: '登记方式必须是是/否' }).default(false).describe('登记为无主件'),
  note: text('备注', 200).default(''),
  /** With registerUnmatched: what the desk saw on and in the parcel; it becomes a headless parcel (无头件). */
  headless: HeadlessIntake.optional(),
});
export const ReturnRegisterResult = z.object({
  matched: z.boolean(),
  /** Return orders signed in by this scan (already signed ones are answered too, with alreadyRegistered). */
  orders: z.array(z.object({ id: z.number(), returnNo: z.string(), sellerName: z.string(), alreadyRegistered: z.boolean() })),
  lines: z.array(OfflineReturnLineRow),
  /** After-sales whose return waybill this scan matched (decision 0026, "Returns"). */
  afterSales: z.array(SignedAfterSale),
  parcelId: z.number().nullable(),
  /** The headless parcel a registration of an unmatched parcel made (null otherwise). */
  headless: HeadlessRegistered.nullable(),
});
export type ReturnRegisterResult = z.infer<typeof ReturnRegisterResult>;

export const ReturnParcelRow = z.object({
  id: z.number(),
  waybillNo: z.string(),
  matched: z.boolean(),
  returnNos: z.string(),
  note: z.string(),
  registeredBy: z.string(),
  createdAt: z.string(),
});
export const ReturnParcelQuery = pageQuery.extend({ waybillNo: text('快递单号', 40).optional(), matched: z.enum(['0', '1']).optional().describe('是否匹配') });
export const ReturnParcelPage = z.object({ total: z.number(), list: z.array(ReturnParcelRow) });

export const ReturnLineQuery = pageQuery.extend({
  status: ReturnToFactoryStatus.optional().describe('退货状态'),
  keyword: text('退货单号/快递单号/货号', 40).optional(),
  stall: text('档口', 60).optional(),
  pickerUserId: id('拿货员').optional(),
});
export type ReturnLineQuery = z.input<typeof ReturnLineQuery>;
export const ReturnLinePage = z.object({
  total: z.number(),
  list: z.array(OfflineReturnLineRow),
  counts: z.record(z.string(), z.number()),
});

const lineIds = z.array(id('退货明细'), { error: '请选择退货明细' }).min(1, '请至少选择一条退货明细').max(500, '一次最多处理500条').describe('退货明细');
export const ReturnAssignBody = z.object({ lineIds, pickerUserId: id('拿货员') });
export const ReturnLineIdsBody = z.object({ lineIds });
export const ReturnedBody = z.object({
  lineId: id('退货明细'),
  /** What the stall actually refunded; the line's goods amount when absent. */
  refundFen: fenField('退款金额', 1).optional().describe('退款金额'),
});
export const RefuseBody = z.object({ lineId: id('退货明细'), reason: requiredText('拒退原因', 100) });
export const ReturnOperationResult = z.object({ moved: z.number(), lines: z.array(OfflineReturnLineRow) });

export const ReturnLogRow = z.object({
  id: z.number(),
  operation: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  actorName: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export const ReturnPicker = z.object({ id: z.number(), name: z.string() });
