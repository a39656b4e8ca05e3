/**
 * After-sale returns through the warehouse (decision 0026, "Returns"): the purchaser signs the return
 * parcel in by its waybill (the offline returns' 退货登记 scan), inspects it (验货), and sends the goods
 * back to the stall on the offline return lines; the stall's answer moves the after-sale's return
 * status through every code of SPEC.md section 4, and the seller decides on a refusal.
 */
import { z } from 'zod';
import { freightCollectFen } from './after-sale-photos.js';
import { photoUrl } from './after-sales.js';
import { id, text } from './schema-helpers.js';

/**
 * The operator's price of returning one after-sale line to its stall (fen). A constant until the
 * operator console prices it; getReturnServiceFeeInfo answers it and every return refund deducts it.
 */
export const OPERATOR_RETURN_SERVICE_FEE_FEN = 200;
/** What the return service fee covers, as getReturnServiceFeeInfo answers it. */
export const RETURN_SERVICE_FEE_COVERS = '仓库签收验货、退回档口、档口核对退款（每个售后商品行收取一次）';
/** Days the seller has to decide on a problem parcel made by a return. */
export const RETURN_PROBLEM_DEADLINE_DAYS = 7;

/** 验货结果: only 合格 goes back to the stall; the others make a problem parcel for the seller. */
export const InspectionResult = z
  .enum(['QUALIFIED', 'DEFECTIVE', 'WRONG_ITEM', 'SHORT'], { error: '验货结果只能是合格、次品、错发或少件' })
  .describe('验货结果');
export type InspectionResult = z.infer<typeof InspectionResult>;
export const INSPECTION_RESULT_NAMES: Record<InspectionResult, string> = { QUALIFIED: '合格', DEFECTIVE: '次品', WRONG_ITEM: '错发', SHORT: '少件' };

export const AfterSaleInspectBody = z.object({
  id: id('售后单'),
  result: InspectionResult,
  receivedQuantity: z
    .number({ error: (iss) => (iss.input === undefined ? '请输入实收数量' : '实收数量必须是数字') })
    .int('实收数量必须是整数')
    .min(0, '实收数量不能小于0')
    .max(999, '实收数量不能超过999件')
    .describe('实收数量'),
  photos: z.array(photoUrl, { error: '图片必须是数组' }).max(9, '最多上传9张图片').default([]).describe('验货图片'),
  note: text('验货备注', 200).default(''),
  freightCollectFen: freightCollectFen.default(0),
});
export type AfterSaleInspectBody = z.input<typeof AfterSaleInspectBody>;

/** The seller's decision on a stall's refusal (FACTORY_REFUSE_TODEAL). */
export const RefuseDecision = z
  .enum(['ACCEPT_REFUSE', 'NEGOTIATE_REFUND', 'RETURN_FACTORY_AGAIN'], { error: '处理方式只能是接受拒退、协商退款或重新退档口' })
  .describe('处理方式');
export type RefuseDecision = z.infer<typeof RefuseDecision>;
export const REFUSE_DECISION_NAMES: Record<RefuseDecision, string> = {
  ACCEPT_REFUSE: '接受拒退',
  NEGOTIATE_REFUND: '协商退款',
  RETURN_FACTORY_AGAIN: '重新退档口',
};

export const AfterSaleDecideBody = z
  .object({
    id: id('售后单'),
    decision: RefuseDecision,
    /** NEGOTIATE_REFUND only: the amount the purchaser asks the stall for (fen). */
    negotiateFen: z
      .number({ error: '协商退款金额必须是数字' })
      .int('协商退款金额必须是整数（分）')
      .min(1, '协商退款金额至少0.01元')
      .optional()
      .describe('协商退款金额（分）'),
    note: text('说明', 200).default(''),
  })
  .refine((b) => b.decision !== 'NEGOTIATE_REFUND' || b.negotiateFen !== undefined, { message: '请输入协商退款金额', path: ['negotiateFen'] });
export type AfterSaleDecideBody = z.input<typeof AfterSaleDecideBody>;

/** The purchaser's confirmation of a TOCONFIRM / NEGOTIATE_REFUND state. */
export const AfterSaleConfirmBody = z.object({ id: id('售后单'), note: text('说明', 200).default('') });

export const AfterSaleReturnResult = z.object({
  id: z.number(),
  afterSaleNo: z.string(),
  status: z.string(),
  returnStatus: z.string().nullable(),
  /** The return-to-factory line made by a 合格 inspection. */
  returnLineId: z.number().nullable(),
});
export type AfterSaleReturnResult = z.infer<typeof AfterSaleReturnResult>;

/** An after-sale the 退货登记 scan signed in (beside the offline return orders it matched). */
export const SignedAfterSale = z.object({
  id: z.number(),
  afterSaleNo: z.string(),
  sellerName: z.string(),
  orderNo: z.string(),
  artNo: z.string(),
  quantity: z.number(),
  alreadyRegistered: z.boolean(),
});
export type SignedAfterSale = z.infer<typeof SignedAfterSale>;

export const ReturnServiceFeeInfo = z.object({
  /** Per after-sale line returned to its stall, fen. */
  feeFen: z.number().int(),
  covers: z.string(),
  /** Who sets the price: the operator (a constant until the operator console exists). */
  pricedBy: z.literal('OPERATOR'),
});
export type ReturnServiceFeeInfo = z.infer<typeof ReturnServiceFeeInfo>;
