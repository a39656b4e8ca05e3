/**
 * Auto-intercept (自动拦截): when a shop order gets a refund request before it ships, its dropship
 * order stops by itself, as the seller's setting says (LINES: stop the refunding lines, ORDER:
 * cancel the order; an unpaid order is always cancelled). Each action goes through the dropship
 * order's own named operations (stopItem / cancelDropshipOrder, which refund the money) and is
 * logged; a move the order no longer allows (a picker is already at the stall) is logged as FAILED
 * once, for the seller to handle by hand.
 *
 * Run by the shop sync after it writes orders or refund states, through shop-orders' refundsSynced
 * hook (interceptOnRefunds, wired in src/hooks.ts: shop orders cannot import dropship orders, which
 * read them). The setting and the log belong to fulfilment-settings. Safe to call again for the same
 * orders: stopped lines and cancelled orders are skipped.
 */
import { fenToYuan } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { queryRows } from '../../../db/rows.js';
import { AppError } from '../../../lib/app-error.js';
import { failedInterceptsOf, fulfilmentSettings, insertInterceptLogs, mainUserOf } from '../../fulfilment-settings/index.js';
import type { RefundsSynced } from '../../shop-orders/index.js';
import { cancelDropshipOrder } from './change.service.js';
import { stopItem } from './items.service.js';

interface Line {
  order_id: string | number;
  order_no: string;
  status: string;
  platform_order_id: string | null;
  item_id: string | number;
  take_status: string | null;
  refund_state: string | null;
}

const REFUND_ASKED = new Set(['REFUNDING', 'REFUNDED']);

async function candidateLines(db: Db, orgId: number, shopOrderIds: number[]) {
  return queryRows<Line>(
    db,
    sql`select o.id as order_id, o.order_no, o.status, o.platform_order_id, i.id as item_id, i.take_status, si.refund_state
        from dropship_orders o
        join dropship_order_items i on i.order_id = o.id
        left join shop_order_items si on si.id = i.shop_order_item_id
        where o.org_id = ${orgId} and o.source = 'SHOP_ORDER' and o.status in ('WAITING_PAYMENT', 'WAITING_DELIVERING')
          and o.shop_order_id in (select jsonb_array_elements_text(${JSON.stringify(shopOrderIds)}::jsonb)::bigint)
        order by o.id, i.line_no`,
  );
}

export interface InterceptOutcome {
  canceled: number;
  stopped: number;
  failed: number;
}

/** Applies the organisation's auto-intercept setting to the dropship orders of these shop orders. */
export async function autoInterceptShopOrders(db: Db, orgId: number, shopOrderIds: number[]): Promise<InterceptOutcome> {
  const outcome = { canceled: 0, stopped: 0, failed: 0 };
  if (shopOrderIds.length === 0) return outcome;
  const { autoIntercept } = await fulfilmentSettings(db, orgId);
  if (!autoIntercept.enabled) return outcome;
  const lines = (await candidateLines(db, orgId, shopOrderIds)).map((l) => ({ ...l, orderId: Number(l.order_id), itemId: Number(l.item_id) }));
  const byOrder = new Map<number, typeof lines>();
  for (const l of lines) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  const userId = await mainUserOf(db, orgId);
  const actor = { orgId, userId: userId ?? 0 };
  for (const [orderId, ls] of byOrder) {
    const asked = ls.filter((l) => REFUND_ASKED.has(l.refund_state ?? ''));
    const first = ls[0];
    if (asked.length === 0 || !first) continue;
    const failed = await failedInterceptsOf(db, orgId, orderId);
    const log = (action: string, itemId: number | null, note: string) =>
      insertInterceptLogs(db, [{ orgId, orderId, orderNo: first.order_no, platformOrderId: first.platform_order_id ?? '', action, itemId, note }]);
    if (first.status === 'WAITING_PAYMENT' || autoIntercept.scope === 'ORDER') {
      if (failed.has(0)) continue;
      try {
        const r = await cancelDropshipOrder(db, actor, orderId, '买家申请退款，自动拦截');
        await log('CANCEL_ORDER', null, r.refundFen > 0 ? `已取消订单，退回余额 ${fenToYuan(r.refundFen)} 元` : '已取消订单');
        outcome.canceled++;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        await log('FAILED', null, `${e.message}；请联系采购商处理`);
        outcome.failed++;
      }
      continue;
    }
    for (const l of asked) {
      if (l.take_status === 'E_STOP_TAKING' || failed.has(l.itemId)) continue;
      try {
        await stopItem(db, actor, l.itemId);
        await log('STOP_LINE', l.itemId, '买家申请退款，已停止拿货并退回该商品货款');
        outcome.stopped++;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        await log('FAILED', l.itemId, `${e.message}；请联系采购商处理`);
        outcome.failed++;
      }
    }
  }
  return outcome;
}

/** The same, for a shop's orders named by their platform order ids (what the sync and the refund upsert know). */
export async function autoInterceptPlatformOrders(db: Db, t: { orgId: number; shopId: number }, platformOrderIds: string[]) {
  if (platformOrderIds.length === 0) return { canceled: 0, stopped: 0, failed: 0 };
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`select id from shop_orders where org_id = ${t.orgId} and shop_id = ${t.shopId} and refund_state in ('REFUNDING', 'REFUNDED')
          and platform_order_id in (select jsonb_array_elements_text(${JSON.stringify([...new Set(platformOrderIds)])}::jsonb))`,
  );
  return autoInterceptShopOrders(
    db,
    t.orgId,
    rows.map((r) => Number(r.id)),
  );
}

/** shop-orders' refundsSynced handler (wired in src/hooks.ts), run with the sync's connection as before. */
export async function interceptOnRefunds(db: Db, f: RefundsSynced) {
  await autoInterceptPlatformOrders(db, f, f.platformOrderIds);
}
