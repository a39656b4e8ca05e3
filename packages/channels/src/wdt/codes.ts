/**
 * WDT (旺店通 企业版) codes. trade_status numbers are from the trade_query.php doc (protocols.md §9);
 * logistics_type from WDT's 物流代码表 (open.wangdian.cn guide wlysb). Line refund_status and the
 * 退换单 type / process_status numbers are ⚠ assumptions.
 */
import type { ShopOrderStatus, ShopRefundState } from '../marketplace/types.ts';

/** 5 已取消 10 待付款 30 待客审 95 已发货 110 已完成 (the codes our statuses show as). */
export const WDT_STATUS_OF: Record<ShopOrderStatus, number> = {
  WAIT_BUYER_PAY: 10,
  WAIT_SELLER_SEND: 30,
  SELLER_CONSIGNED_PART: 95,
  WAIT_BUYER_CONFIRM: 95,
  FINISHED: 110,
  CLOSED: 5,
};

export function wdtStatusToOurs(code: number): ShopOrderStatus {
  if (code === 10 || code === 12) return 'WAIT_BUYER_PAY';
  if (code >= 13 && code <= 55) return 'WAIT_SELLER_SEND';
  if (code === 95 || code === 105 || code === 113) return 'WAIT_BUYER_CONFIRM';
  if (code === 110) return 'FINISHED';
  return 'CLOSED';
}

/** goods_list refund_status: 0 无退款 1 取消退款 2 已申请退款 3 等待退货 4 等待收货 5 退款成功. */
export const WDT_LINE_REFUND_OF: Record<ShopRefundState, number> = { NONE: 0, CLOSED: 1, REFUNDING: 2, REFUNDED: 5 };

export function wdtLineRefundState(code: number): ShopRefundState {
  if (code === 1) return 'CLOSED';
  if (code >= 2 && code <= 4) return 'REFUNDING';
  if (code === 5) return 'REFUNDED';
  return 'NONE';
}

/** 退换单 process_status: 10 已取消 20 待审核 30 已同意 40 已拒绝 60 待收货 80 待退款 90 已完成. */
export function wdtRefundStatusOf(platformStatus: string, state: ShopRefundState): number {
  if (state === 'REFUNDED') return 90;
  if (state === 'CLOSED') return 10;
  if (platformStatus === 'WAIT_BUYER_RETURN_GOODS') return 60;
  if (platformStatus === 'WAIT_SELLER_CONFIRM_GOODS') return 80;
  return 20;
}

export function wdtRefundState(code: number): ShopRefundState {
  if (code === 90) return 'REFUNDED';
  if (code === 10 || code === 40) return 'CLOSED';
  return 'REFUNDING';
}

/** 退换单 type: 1 退款(未发货) 2 退货 3 换货 4 退款不退货. */
export const wdtGoodsComeBack = (type: number) => type === 2 || type === 3;

/** Our courier codes → WDT logistics_type (物流代码表). */
export const WDT_LOGISTICS_TYPES: Record<string, number> = {
  YZPY: 2,
  EMS: 3,
  YTO: 4,
  ZTO: 5,
  STO: 6,
  SF: 8,
  YUNDA: 9,
  DBKD: 88,
  JTSD: 108,
  JD: 110,
};
