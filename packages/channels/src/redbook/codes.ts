/**
 * Xiaohongshu (Ark) codes: order status 1–10 and sku after-sale status 1–7 are from the official
 * order API docs (protocols.md §6); after-sale (returns) status and return types from
 * afterSale.listAfterSaleInfos; express company codes ⚠ assumed kuaidi100-style (common.getExpressCompanyList not captured).
 */
import type { ShopOrderStatus, ShopRefundState } from '../marketplace/types.ts';

/** 1 待付款 2 已支付处理中 3 清关中 4 待发货 5 部分发货 6 待收货 7 已完成 8 已关闭 9 已取消 10 换货申请中 */
export function xhsStatusOf(status: ShopOrderStatus, paid: boolean): number {
  switch (status) {
    case 'WAIT_BUYER_PAY':
      return 1;
    case 'WAIT_SELLER_SEND':
      return 4;
    case 'SELLER_CONSIGNED_PART':
      return 5;
    case 'WAIT_BUYER_CONFIRM':
      return 6;
    case 'FINISHED':
      return 7;
    case 'CLOSED':
      return paid ? 8 : 9;
  }
}

export function xhsStatusToOurs(code: number): ShopOrderStatus {
  if (code === 1) return 'WAIT_BUYER_PAY';
  if (code >= 2 && code <= 4) return 'WAIT_SELLER_SEND';
  if (code === 5) return 'SELLER_CONSIGNED_PART';
  if (code === 6 || code === 10) return 'WAIT_BUYER_CONFIRM';
  if (code === 7) return 'FINISHED';
  return 'CLOSED';
}

/** skuAfterSaleStatus: 1 无售后 2 售后处理中 3 售后完成 4 售后拒绝 5 售后关闭 6 平台介入中 7 售后取消 */
export const XHS_SKU_AFTER_SALE_OF: Record<ShopRefundState, number> = { NONE: 1, REFUNDING: 2, REFUNDED: 3, CLOSED: 5 };

export function xhsSkuAfterSaleState(code: number): ShopRefundState {
  if (code === 2 || code === 6) return 'REFUNDING';
  if (code === 3) return 'REFUNDED';
  if (code === 4 || code === 5 || code === 7) return 'CLOSED';
  return 'NONE';
}

/** Order-level orderAfterSalesStatus uses the same numbers. */
export const xhsOrderAfterSaleOf = (states: ShopRefundState[]): number =>
  states.includes('REFUNDING') ? 2 : states.includes('REFUNDED') ? 3 : states.includes('CLOSED') ? 5 : 1;

/** Returns (售后单) status: 1 待审核 2 待用户寄回 3 待商家收货 4 已完成 5 已取消 (the buyer withdrew) 6 已关闭 9 商家审核拒绝. */
export function xhsReturnStatusOf(platformStatus: string, state: ShopRefundState): number {
  if (state === 'REFUNDED') return 4;
  if (platformStatus === 'SELLER_REFUSE_BUYER') return 9;
  if (platformStatus === 'CLOSED') return 5;
  if (state === 'CLOSED') return 6;
  if (platformStatus === 'WAIT_BUYER_RETURN_GOODS') return 2;
  if (platformStatus === 'WAIT_SELLER_CONFIRM_GOODS') return 3;
  return 1;
}

export function xhsReturnState(code: number): ShopRefundState {
  if (code === 4) return 'REFUNDED';
  if (code === 5 || code === 6 || code === 9 || code === 9001) return 'CLOSED';
  return 'REFUNDING';
}

/** Our courier codes → Xiaohongshu expressCompanyCode (⚠ assumed). */
export const XHS_EXPRESS_CODES: Record<string, string> = {
  ZTO: 'zhongtong',
  YTO: 'yuantong',
  STO: 'shentong',
  YUNDA: 'yunda',
  SF: 'shunfeng',
  EMS: 'ems',
  JTSD: 'jtexpress',
  JD: 'jd',
  YZPY: 'youzhengguonei',
  DBKD: 'debangkuaidi',
};
