/**
 * The dropship orders' status names and list tabs as the screen shows them. Apart from the schemas
 * (dropship-orders.ts, zod) so the first list page can name its tabs and statuses without loading
 * zod (decision 0040); dropship-orders.ts re-exports them.
 */
import type { AssignmentStatusCode, CombinedStatusCode, TakingStatusCode } from './dropship-orders.js';

export const TAKING_ITEM_STATUS_NAMES: Record<TakingStatusCode, string> = {
  WAITING_TAKING: '待拿货',
  TAKING: '拿货中',
  TOOK_PART: '部分拿货',
  TOOK: '已拿货',
  E_STOP_TAKING: '已停止拿货',
  E_LACK_TAKING: '缺货',
  E_CHANGE_TAKING: '换货',
  E_NEXT_TAKING: '明日拿',
};

export const COMBINED_ORDER_STATUS_NAMES: Record<CombinedStatusCode, string> = {
  REFUNDING: '退款中',
  GOODS_RETURNING: '退货中',
  COMPLETE: '售后完成',
  CLOSE: '售后关闭',
  REFUSE: '售后拒绝',
  PROBLEM: '问题件',
  // An order whose lines are being picked shows its lines' taking status, by the same names.
  ...TAKING_ITEM_STATUS_NAMES,
  TOOK_EXCHANGE: '已换货',
  CANCELED: '已取消',
  WAITING_PAYMENT: '待付款',
  WAITING_DELIVERING: '待发货',
  DELIVERED: '已发货',
  FINISHED: '已完成',
};

export const ASSIGNMENT_STATUS_NAMES: Record<AssignmentStatusCode, string> = {
  WAITING_ASSIGNED: '待分配',
  TAKING: '拿货中',
  TOOK_PART: '部分拿货',
  TOOK: '已拿货',
  E_STOP_TAKING: '已停止拿货',
  E_LACK_TAKING: '缺货',
  E_STOP_PRODUCTION: '已停产',
  CLOSE: '已关闭',
};

/**
 * The tabs of /order/daifaOrderList, in order ('ALL' = 全部). An order with an open after-sale shows
 * its after-sale code as its combined status (decision 0026), so those codes are tabs too.
 */
export const DROPSHIP_TABS = [
  'ALL',
  'WAITING_PAYMENT',
  'WAITING_TAKING',
  'TAKING',
  'TOOK_PART',
  'TOOK',
  'E_LACK_TAKING',
  'E_NEXT_TAKING',
  'E_CHANGE_TAKING',
  'E_STOP_TAKING',
  'DELIVERED',
  'FINISHED',
  'CANCELED',
  'REFUNDING',
  'GOODS_RETURNING',
  'COMPLETE',
  'CLOSE',
  'REFUSE',
  'PROBLEM',
  'TOOK_EXCHANGE',
] as const;
export type DropshipTab = (typeof DROPSHIP_TABS)[number];
