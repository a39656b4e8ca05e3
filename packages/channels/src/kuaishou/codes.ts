/**
 * Kuaishou's numeric codes and our mapping of them. Order and refund status numbers are
 * ⚠ unverified (protocols.md §5: "commonly 10 待付款 / 30 已付款 / 40 已发货 / 50 已签收 /
 * 70 成功 / 80 关闭"); express codes are from the official 物流公司编号 table (doc 401927).
 */
import type { ShopOrderStatus, ShopRefundState } from '../marketplace/types.ts';

export const KS_ORDER_STATUS = { WAIT_PAY: 10, PAID: 30, SHIPPED: 40, SIGNED: 50, SUCCESS: 70, CLOSED: 80 } as const;

/** Our status → the code the emulator shows (one line per Kuaishou order, so "part shipped" is shipped). */
export const KS_STATUS_OF: Record<ShopOrderStatus, number> = {
  WAIT_BUYER_PAY: KS_ORDER_STATUS.WAIT_PAY,
  WAIT_SELLER_SEND: KS_ORDER_STATUS.PAID,
  SELLER_CONSIGNED_PART: KS_ORDER_STATUS.SHIPPED,
  WAIT_BUYER_CONFIRM: KS_ORDER_STATUS.SHIPPED,
  FINISHED: KS_ORDER_STATUS.SUCCESS,
  CLOSED: KS_ORDER_STATUS.CLOSED,
};

export function ksStatusToOurs(code: number): ShopOrderStatus {
  switch (code) {
    case KS_ORDER_STATUS.WAIT_PAY:
      return 'WAIT_BUYER_PAY';
    case KS_ORDER_STATUS.PAID:
      return 'WAIT_SELLER_SEND';
    case KS_ORDER_STATUS.SHIPPED:
    case KS_ORDER_STATUS.SIGNED:
      return 'WAIT_BUYER_CONFIRM';
    case KS_ORDER_STATUS.SUCCESS:
      return 'FINISHED';
    default:
      return 'CLOSED';
  }
}

/** Refund (退款单) status codes: 10 待商家处理, 20 待买家退货, 30 待商家收货, 60 退款成功, 70 退款关闭. ⚠ */
export const KS_REFUND_STATUS = { WAIT_SELLER: 10, WAIT_BUYER_RETURN: 20, WAIT_SELLER_RECEIVE: 30, SUCCESS: 60, CLOSED: 70 } as const;

/** The generator's TOP-style refund statuses → Kuaishou's code. */
export function ksRefundCodeOf(platformStatus: string, state: ShopRefundState): number {
  if (state === 'REFUNDED') return KS_REFUND_STATUS.SUCCESS;
  if (state === 'CLOSED') return KS_REFUND_STATUS.CLOSED;
  if (platformStatus === 'WAIT_BUYER_RETURN_GOODS') return KS_REFUND_STATUS.WAIT_BUYER_RETURN;
  if (platformStatus === 'WAIT_SELLER_CONFIRM_GOODS') return KS_REFUND_STATUS.WAIT_SELLER_RECEIVE;
  return KS_REFUND_STATUS.WAIT_SELLER;
}

export function ksRefundState(code: number): ShopRefundState {
  if (code === KS_REFUND_STATUS.SUCCESS) return 'REFUNDED';
  if (code === KS_REFUND_STATUS.CLOSED) return 'CLOSED';
  return 'REFUNDING';
}

/** Our courier codes → Kuaishou expressCode (官方物流公司编号). */
export const KS_EXPRESS_CODES: Record<string, number> = {
  EMS: 2,
  STO: 3,
  SF: 4,
  YTO: 6,
  YZPY: 8,
  ZTO: 9,
  YUNDA: 11,
  JD: 14,
  DBKD: 53,
  JTSD: 109,
};
