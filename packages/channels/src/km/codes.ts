/**
 * KM (快麦 ERP) status and courier codes. ⚠ protocols.md §8 did not capture KM's status values or
 * its ship method; sysStatus, refundStatus and the after-sale numbers below follow public KM
 * integration code (TOP-style strings, KM's mirror of Taobao), and are assumptions.
 */
import type { ShopOrderStatus, ShopRefundState } from '../marketplace/types.ts';

export const KM_STATUS_OF: Record<ShopOrderStatus, string> = {
  WAIT_BUYER_PAY: 'WAIT_BUYER_PAY',
  WAIT_SELLER_SEND: 'WAIT_AUDIT',
  SELLER_CONSIGNED_PART: 'SELLER_SEND_GOODS',
  WAIT_BUYER_CONFIRM: 'SELLER_SEND_GOODS',
  FINISHED: 'FINISHED',
  CLOSED: 'CLOSED',
};

/** Everything between 待审核 and 待发货 is "we still have to ship" for us. */
const TO_SHIP = [
  'WAIT_AUDIT',
  'WAIT_FINANCE_AUDIT',
  'FINISHED_AUDIT',
  'WAIT_EXPRESS_PRINT',
  'WAIT_PACKAGE',
  'WAIT_WEIGHT',
  'WAIT_SEND_GOODS',
  'WAIT_DEST_SEND_GOODS',
];

export function kmStatusToOurs(s: string): ShopOrderStatus {
  if (s === 'WAIT_BUYER_PAY') return 'WAIT_BUYER_PAY';
  if (TO_SHIP.includes(s)) return 'WAIT_SELLER_SEND';
  if (s === 'SELLER_SEND_GOODS') return 'WAIT_BUYER_CONFIRM';
  if (s === 'FINISHED') return 'FINISHED';
  return 'CLOSED';
}

export const KM_LINE_REFUND_OF: Record<ShopRefundState, string> = { NONE: 'NO_REFUND', REFUNDING: 'WAIT_SELLER_AGREE', REFUNDED: 'SUCCESS', CLOSED: 'CLOSED' };

export function kmLineRefundState(s: string): ShopRefundState {
  if (!s || s === 'NO_REFUND') return 'NONE';
  if (s === 'SUCCESS') return 'REFUNDED';
  if (s === 'CLOSED') return 'CLOSED';
  return 'REFUNDING';
}

/** 售后工单 status: 1 未分配 2 未解决 3 优先退款 4 同意 5 拒绝 6 确认退货 7 确认发货 8 确认退款 9 处理完成 10 作废. */
export function kmAfterSaleStatusOf(platformStatus: string, state: ShopRefundState): number {
  if (state === 'REFUNDED') return 9;
  if (state === 'CLOSED') return 10;
  if (platformStatus === 'WAIT_BUYER_RETURN_GOODS') return 4;
  if (platformStatus === 'WAIT_SELLER_CONFIRM_GOODS') return 6;
  return 2;
}

export function kmAfterSaleState(status: number): ShopRefundState {
  if (status === 9) return 'REFUNDED';
  if (status === 5 || status === 10) return 'CLOSED';
  return 'REFUNDING';
}

/** afterSaleType: 1 退款 2 退货 3 补发 4 换货 5 发货前退款. */
export const kmGoodsComeBack = (type: number) => type === 2 || type === 4;

/** Our courier codes → KM cpCode (TOP-style, ⚠). */
export const KM_CP_CODES: Record<string, string> = {
  ZTO: 'ZTO',
  YTO: 'YTO',
  STO: 'STO',
  YUNDA: 'YUNDA',
  SF: 'SF',
  EMS: 'EMS',
  JTSD: 'JTSDKD',
  JD: 'JD',
  YZPY: 'POSTB',
  DBKD: 'DBKD',
};
