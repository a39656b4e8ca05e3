/**
 * Abnormal orders (/order/abnormalList): paid shop orders that cannot be placed as dropship orders
 * yet, each with the reasons and the fix in place (link the SKU, correct the address, re-authorize).
 */
import { z } from 'zod';
import { GoodsLinkView } from './goods-links.js';
import { id, pageQuery, requiredText, text } from './schema-helpers.js';

export const AbnormalReason = z
  .enum([
    'NO_LINK',
    'LINK_NO_COST',
    'SUPPLIER_DISABLED',
    'REFUNDING',
    'REFUNDED',
    'ADDRESS_INCOMPLETE',
    'SHOP_EXPIRED',
    // The platform encrypted the receiver and gave nothing it can decrypt (masks without a handle).
    'NO_DECRYPT_HANDLE',
    // Placed and paid, but the platform refused to decrypt the receiver when the warehouse shipped it (the last ship-time
    // decrypt failed): the only reason a placed order is listed for (decision 0025).
    'DECRYPT_FAILED',
  ])
  .describe('异常原因');
export type AbnormalReason = z.infer<typeof AbnormalReason>;

export const ABNORMAL_REASON_NAMES: Record<AbnormalReason, string> = {
  NO_LINK: '商品未关联',
  LINK_NO_COST: '关联缺少成本价',
  SUPPLIER_DISABLED: '供应商已停用',
  REFUNDING: '买家退款中',
  REFUNDED: '已全部退款',
  ADDRESS_INCOMPLETE: '收货地址不完整',
  SHOP_EXPIRED: '店铺授权已过期',
  NO_DECRYPT_HANDLE: '收货人已加密且无法解密',
  DECRYPT_FAILED: '平台解密收货人失败',
};

/** What the seller does about each reason (shown beside it on the page). */
export const ABNORMAL_REASON_FIXES: Record<AbnormalReason, string> = {
  NO_LINK: '关联商品',
  LINK_NO_COST: '填写成本价',
  SUPPLIER_DISABLED: '启用供应商或改关联',
  REFUNDING: '等待退款结果，下次同步后自动更新',
  REFUNDED: '无需代发',
  ADDRESS_INCOMPLETE: '修改地址',
  SHOP_EXPIRED: '重新授权',
  NO_DECRYPT_HANDLE: '重新同步订单，或修改地址填写收货人',
  DECRYPT_FAILED: '检查店铺授权和平台解密额度后重试，或修改地址填写收货人',
};

/**
 * The fix of a DECRYPT_FAILED order by the platform's answer (the row's decryptOutcome): an expired
 * authorization is re-authorized; an exhausted quota comes back the next day; anything else is fixed
 * by typing the receiver (the order becomes plain and ships by 快递100).
 */
export function decryptFailedFix(outcome: string | undefined): { action: 'REAUTHORIZE' | 'TYPE_RECEIVER'; text: string } {
  if (outcome === 'TOKEN_EXPIRED') return { action: 'REAUTHORIZE', text: '请到“店铺授权”重新授权该店铺，仓库再次发货时会重新解密' };
  if (outcome === 'QUOTA_EXHAUSTED') return { action: 'TYPE_RECEIVER', text: '平台今日解密额度已用完：等额度恢复后仓库再次发货即可，急发请修改地址填写收货人' };
  return { action: 'TYPE_RECEIVER', text: '平台不肯解密该订单的收货人：请修改地址填写收货人，订单改按您填写的地址用快递100发货' };
}

export const AbnormalPageBody = pageQuery.extend({
  reason: AbnormalReason.optional().describe('异常原因'),
  shopId: id('店铺').optional(),
  platformOrderId: text('订单号', 64).optional(),
});
export type AbnormalPageQuery = z.input<typeof AbnormalPageBody>;

export const AbnormalOrderRow = z.object({
  id: z.number(),
  shopId: z.number(),
  shopName: z.string(),
  channel: z.string(),
  platformOrderId: z.string(),
  paidAt: z.string().nullable(),
  receiverName: z.string(),
  receiverPhone: z.string(),
  receiverArea: z.string(),
  receiverAddress: z.string(),
  paymentFen: z.number(),
  itemCount: z.number(),
  reasons: z.array(AbnormalReason),
  /** DECRYPT_FAILED only: the dropship order that could not ship, and the platform's last answer (kind and Chinese message). */
  dropshipOrderId: z.number().optional(),
  dropshipOrderNo: z.string().optional(),
  decryptOutcome: z.string().optional(),
  decryptMessage: z.string().optional(),
});
export type AbnormalOrderRow = z.infer<typeof AbnormalOrderRow>;
export const AbnormalSummary = z.object({ total: z.number(), counts: z.record(AbnormalReason, z.number()) });
export type AbnormalSummary = z.infer<typeof AbnormalSummary>;

/** One page of the list (total: of the chosen reason) and the counts of every reason (one computation). */
export const AbnormalPageResult = z.object({ total: z.number(), list: z.array(AbnormalOrderRow), summary: AbnormalSummary });

export const AbnormalLine = z.object({
  platformItemId: z.string(),
  title: z.string(),
  spec: z.string(),
  itemId: z.string(),
  skuId: z.string().nullable(),
  outerSkuCode: z.string(),
  picUrl: z.string(),
  quantity: z.number(),
  refundState: z.string(),
  shopSkuId: z.number().nullable(),
  link: GoodsLinkView.nullable(),
  reason: AbnormalReason.nullable(),
});
export type AbnormalLine = z.infer<typeof AbnormalLine>;

export const Receiver = z.object({
  receiverName: requiredText('收货人', 30),
  receiverPhone: requiredText('手机号', 20).regex(/^(1\d{10}|0\d{2,3}-?\d{7,8}(-\d{1,6})?)$/, '手机号格式不正确：请填写11位手机号或带区号的固定电话'),
  province: requiredText('省份', 20),
  city: requiredText('城市', 30),
  district: requiredText('区县', 30),
  town: text('街道', 30).default(''),
  address: requiredText('详细地址', 120),
});
export type Receiver = z.infer<typeof Receiver>;

export const AbnormalDetail = z.object({
  order: AbnormalOrderRow,
  /** As stored (may be incomplete: that is why the order is here), not the validated input shape. */
  receiver: z.object({
    receiverName: z.string(),
    receiverPhone: z.string(),
    province: z.string(),
    city: z.string(),
    district: z.string(),
    town: z.string(),
    address: z.string(),
    encrypted: z.boolean(),
  }),
  shopExpired: z.boolean(),
  lines: z.array(AbnormalLine),
});
export type AbnormalDetail = z.infer<typeof AbnormalDetail>;

export const UpdateAddressBody = Receiver.extend({ shopOrderId: id('店铺订单编号') });
export type UpdateAddressBody = z.input<typeof UpdateAddressBody>;
