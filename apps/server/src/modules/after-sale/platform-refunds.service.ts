/**
 * Marketplace refunds → after-sales (decision 0026), on shop-orders' refundsSynced hook (wired in
 * src/hooks.ts after the auto-intercept, so a line it stopped is already stopped here). For each stored
 * refund of those orders that has a dropship line (matched through shop_order_items; a refund naming
 * no line covers every line of the order), one PLATFORM after-sale per (refund, line):
 * - first seen REFUNDING or REFUNDED: opened REFUNDING (type by goods return / shipping), and the
 *   seller is told; a line already stopped (auto-intercept) completes it with what that stop refunded;
 * - the platform closing it (CLOSED): CLOSE while nothing reached the warehouse;
 * - REFUNDED on the platform while ours is open: stays open for our own settlement, noted.
 * The refund's last state seen is kept on the row, so syncing the same refund again changes nothing
 * and writes no event. Each order in its own transaction, its row locked first.
 */
import { AFTER_SALE_TYPE_NAMES, type AfterSaleStatusCode, fenToYuan } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { inTransaction } from '../../db/transaction.js';
import { itemsOf, lockOrders } from '../dropship-orders/index.js';
import { mainUserOf } from '../fulfilment-settings/index.js';
import { sendMessage } from '../messages/index.js';
import type { RefundsSynced } from '../shop-orders/index.js';
import * as repo from './after-sale.repository.js';
import { completeByStop, completeCanceled, lineName, refreshOrderCode } from './after-sale.service.js';
import { canPlatformClose, hasReturn, isOpen, isShipped, refundFenOf, typeOfPlatformRefund } from './status-machine.js';

interface RefundLine {
  platform_refund_id: string;
  platform_order_id: string;
  state: string;
  refund_fen: string | number;
  reason: string;
  has_good_return: boolean;
  return_courier_name: string;
  return_waybill_no: string;
  order_id: string | number;
  order_no: string;
  order_status: string;
  purchaser_org_id: number | null;
  item_id: string | number;
  quantity: number;
  unit_cost_fen: string | number;
  take_status: string | null;
  title: string;
  art_no: string;
  color: string;
  size: string;
}

/**
 * The refunds of these platform orders with the dropship lines they cover: paid orders only, and a
 * cancelled order only when it was cancelled after the refund was asked (auto-intercept's ORDER scope).
 */
async function refundLines(db: Db, orgId: number, shopId: number, platformOrderIds: string[]) {
  return queryRows<RefundLine>(
    db,
    sql`select r.platform_refund_id, r.platform_order_id, r.state, r.refund_fen, r.reason, r.has_good_return, r.return_courier_name, r.return_waybill_no,
          d.id as order_id, d.order_no, d.status as order_status, d.purchaser_org_id,
          di.id as item_id, di.quantity, di.unit_cost_fen, di.take_status, di.title, di.art_no, di.color, di.size
        from shop_refunds r
        join shop_orders so on so.org_id = r.org_id and so.shop_id = r.shop_id and so.platform_order_id = r.platform_order_id
        join shop_order_items si on si.order_id = so.id and (r.platform_item_id is null or si.platform_item_id = r.platform_item_id)
        join dropship_order_items di on di.org_id = r.org_id and di.shop_order_item_id = si.id
        join dropship_orders d on d.id = di.order_id
        where r.org_id = ${orgId} and r.shop_id = ${shopId}
          and r.platform_order_id in (select jsonb_array_elements_text(${JSON.stringify([...new Set(platformOrderIds)])}::jsonb))
          and d.paid_at is not null and (d.status <> 'CANCELED' or d.canceled_at >= r.platform_created_at)
        order by d.id, di.line_no, r.platform_refund_id`,
  );
}

const PLATFORM = { userId: null, orgId: null };

async function openFromPlatform(t: Db, orgId: number, shopId: number, r: RefundLine, who: { userId: number; orgId: number }) {
  const shipped = isShipped(r.order_status);
  const type = typeOfPlatformRefund(r.has_good_return, shipped);
  const [no] = await repo.nextAfterSaleNos(t, 1);
  const a = await repo.insertAfterSale(t, {
    orgId,
    purchaserOrgId: r.purchaser_org_id,
    afterSaleNo: no as string,
    orderId: Number(r.order_id),
    itemId: Number(r.item_id),
    source: 'PLATFORM',
    type,
    status: 'REFUNDING',
    returnStatus: hasReturn(type) ? 'WAIT_SIGNED' : null,
    quantity: r.quantity,
    refundFen: refundFenOf(type, Number(r.unit_cost_fen), r.quantity),
    shopId,
    platformRefundId: r.platform_refund_id,
    platformRefundFen: Number(r.refund_fen),
    platformRefundState: r.state,
    reason: r.reason.slice(0, 100),
    // The buyer's return parcel when the platform gives it: the warehouse signs the return in by it.
    ...(hasReturn(type) && r.return_waybill_no
      ? { returnCourierName: r.return_courier_name.slice(0, 30), returnWaybillNo: r.return_waybill_no.slice(0, 40) }
      : {}),
  });
  const line = { title: r.title, artNo: r.art_no, color: r.color, size: r.size };
  await repo.insertEvents(t, orgId, PLATFORM, [
    {
      afterSaleId: a.id,
      fromStatus: null,
      toStatus: 'REFUNDING',
      operation: 'PLATFORM_APPLY',
      note: `买家在平台申请${AFTER_SALE_TYPE_NAMES[type]}（平台退款单 ${r.platform_refund_id}，¥${fenToYuan(Number(r.refund_fen))}）：${lineName(line)} ×${r.quantity}${r.reason ? `，${r.reason}` : ''}`,
    },
  ]);
  await sendMessage(t, {
    orgId,
    kind: 'AFTER_SALE',
    title: '平台售后',
    content: `订单 ${r.order_no}（平台订单 ${r.platform_order_id}）的买家申请了${AFTER_SALE_TYPE_NAMES[type]}，已生成售后单 ${a.afterSaleNo}，请到售后订单查看`,
  });
  if (r.order_status === 'CANCELED') {
    // Cancelled for this refund (auto-intercept, ORDER scope): the cancel refunded the whole order.
    await completeCanceled(t, orgId, a, Number(r.unit_cost_fen));
    return;
  }
  if (r.take_status === 'E_STOP_TAKING' && !shipped) {
    await completeByStop(t, who, a, 'AUTO_INTERCEPT', '自动拦截');
    return;
  }
  if (r.state === 'REFUNDED') await notePlatformRefunded(t, orgId, a.id, 'REFUNDING');
}

async function notePlatformRefunded(t: Db, orgId: number, id: number, status: AfterSaleStatusCode) {
  await repo.insertEvents(t, orgId, PLATFORM, [
    { afterSaleId: id, fromStatus: status, toStatus: status, operation: 'PLATFORM_REFUNDED', note: '平台已给买家退款；本售后单按本系统规则继续处理' },
  ]);
}

/** The platform gives the buyer's return waybill and ours, still waiting for the parcel, has none yet. */
const takesPlatformWaybill = (a: repo.AfterSaleRecord, r: Pick<RefundLine, 'return_waybill_no'>) =>
  r.return_waybill_no !== '' &&
  a.returnWaybillNo === '' &&
  hasReturn(a.type) &&
  (a.status === 'REFUNDING' || (a.status === 'GOODS_RETURNING' && a.returnStatus === 'WAIT_SIGNED'));

async function followPlatform(t: Db, orgId: number, a: repo.AfterSaleRecord, r: RefundLine, who: { userId: number; orgId: number }) {
  if (a.platformRefundState !== r.state) {
    await repo.moveAfterSale(t, orgId, a.id, a.status, { status: a.status, platformRefundState: r.state, platformRefundFen: Number(r.refund_fen) });
    if (r.state === 'CLOSED' && canPlatformClose(a)) {
      await repo.moveAfterSale(t, orgId, a.id, a.status, { status: 'CLOSE', finished: true });
      await repo.insertEvents(t, orgId, PLATFORM, [
        { afterSaleId: a.id, fromStatus: a.status, toStatus: 'CLOSE', operation: 'PLATFORM_CLOSE', note: '买家撤销或平台关闭了退款' },
      ]);
      await sendMessage(t, {
        orgId,
        kind: 'AFTER_SALE',
        title: '平台关闭售后',
        content: `订单 ${r.order_no} 的售后单 ${a.afterSaleNo} 已由平台关闭（买家撤销或平台关闭了退款）`,
      });
      return;
    }
    if (r.state === 'REFUNDED' && isOpen(a.status)) await notePlatformRefunded(t, orgId, a.id, a.status);
  }
  if (takesPlatformWaybill(a, r)) {
    await repo.moveAfterSale(t, orgId, a.id, a.status, {
      status: a.status,
      returnCourierName: r.return_courier_name.slice(0, 30),
      returnWaybillNo: r.return_waybill_no.slice(0, 40),
    });
    await repo.insertEvents(t, orgId, PLATFORM, [
      {
        afterSaleId: a.id,
        fromStatus: a.status,
        toStatus: a.status,
        operation: 'FILL_WAYBILL',
        note: `买家在平台填写了退货物流：${r.return_courier_name} ${r.return_waybill_no}`.trim(),
      },
    ]);
  }
  if (a.status === 'REFUNDING' && r.order_status === 'CANCELED') {
    await completeCanceled(t, orgId, a, Number(r.unit_cost_fen));
    return;
  }
  if (a.status === 'REFUNDING' && r.take_status === 'E_STOP_TAKING' && !isShipped(r.order_status)) {
    await completeByStop(t, who, a, 'AUTO_INTERCEPT', '自动拦截');
  }
}

/** shop-orders' refundsSynced handler (wired in src/hooks.ts). */
export async function afterSalesOnRefunds(db: Db, f: RefundsSynced) {
  if (f.platformOrderIds.length === 0) return;
  const rows = await refundLines(db, f.orgId, f.shopId, f.platformOrderIds);
  if (rows.length === 0) return;
  const who = { userId: (await mainUserOf(db, f.orgId)) ?? 0, orgId: f.orgId };
  const byOrder = new Map<number, RefundLine[]>();
  for (const r of rows) byOrder.set(Number(r.order_id), [...(byOrder.get(Number(r.order_id)) ?? []), r]);
  for (const [orderId, list] of byOrder) {
    await inTransaction(db, async (t) => {
      const [o] = await lockOrders(t, f.orgId, [orderId]);
      if (!o) return;
      // Read again under the lock: the order, its lines and the stored after-sales as they are now.
      const lines = await itemsOf(t, f.orgId, [orderId]);
      let changed = false;
      for (const r of list) {
        const a = await repo.byPlatformRefund(t, f.shopId, r.platform_refund_id, Number(r.item_id));
        const take = lines.find((l) => l.id === Number(r.item_id))?.takeStatus ?? null;
        const current = { ...r, order_status: o.status, take_status: take };
        if (!a) {
          if (r.state === 'CLOSED') continue;
          // A line another after-sale already covers (the seller's own 仅退款 that stopped it, or an earlier platform
          // refund) opens none: a platform refund is the whole line, and a line keeps one open after-sale and its
          // quantities within its own (the same rules as 申请售后); that after-sale already holds the line's money.
          if ((await repo.ofItems(t, f.orgId, [Number(r.item_id)])).length > 0) continue;
          await openFromPlatform(t, f.orgId, f.shopId, current, who);
          changed = true;
        } else if (
          a.platformRefundState !== r.state ||
          takesPlatformWaybill(a, r) ||
          (a.status === 'REFUNDING' && (o.status === 'CANCELED' || (take === 'E_STOP_TAKING' && !isShipped(o.status))))
        ) {
          await followPlatform(t, f.orgId, a, current, who);
          changed = true;
        }
      }
      if (changed) await refreshOrderCode(t, f.orgId, orderId, { userId: null, orgId: f.orgId }, '平台售后');
    });
  }
}
