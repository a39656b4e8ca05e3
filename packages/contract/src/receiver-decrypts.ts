/**
 * The decrypt audit log (解密记录, decision 0025): every attempt to decrypt a marketplace order's
 * receiver through its platform, as the seller reads it. The receiver itself is never in it.
 */
import { z } from 'zod';
import { optionalDay } from './dates.js';
import { optionalFilter } from './filters.js';
import { id, pageQuery } from './schema-helpers.js';

export const DECRYPT_SCENE_NAMES: Record<string, string> = { DROPSHIP_SHIP: '代发发货', AFTER_SALE: '售后', CUSTOMER_CARE: '客服' };
export const DECRYPT_OUTCOME_NAMES: Record<string, string> = {
  OK: '成功',
  TOKEN_EXPIRED: '授权过期',
  QUOTA_EXHAUSTED: '额度用完',
  REFUSED: '平台拒绝',
  NOT_FOUND: '订单不存在',
  BAD_DATA: '密文无效',
  RATE_LIMITED: '限流',
  SERVER_ERROR: '平台异常',
  NETWORK: '网络异常',
};

export const ReceiverDecryptFilter = z.object({
  dateFrom: optionalDay('开始日期'),
  dateTo: optionalDay('结束日期'),
  shopId: optionalFilter(id('店铺'), '店铺'),
  orderNo: optionalFilter(z.string({ error: '订单号必须是文字' }).trim().max(40, '订单号不能超过40个字'), '代发订单号'),
});
export type ReceiverDecryptFilter = z.output<typeof ReceiverDecryptFilter>;
export const ReceiverDecryptQuery = pageQuery.extend(ReceiverDecryptFilter.shape);
export type ReceiverDecryptQuery = z.output<typeof ReceiverDecryptQuery>;

export const ReceiverDecryptRow = z.object({
  id: z.number(),
  orderId: z.number(),
  orderNo: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  platformOrderId: z.string(),
  /** The warehouse that asked (purchaser organisation name) and its user. */
  purchaserName: z.string(),
  userName: z.string(),
  scene: z.string(),
  outcome: z.string(),
  platformCode: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ReceiverDecryptRow = z.infer<typeof ReceiverDecryptRow>;
export const ReceiverDecryptPage = z.object({ total: z.number().int(), list: z.array(ReceiverDecryptRow) });
export type ReceiverDecryptPage = z.infer<typeof ReceiverDecryptPage>;
