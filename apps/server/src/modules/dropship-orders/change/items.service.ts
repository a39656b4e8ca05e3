/**
 * Stopping one line (stopTakeItem) and revoking the stop (revokeStopTakeItem). The stop refunds
 * the line's goods money at once (docs/decisions/0010-dropship-orders.md): it is only allowed
 * while nobody is on the way to the stall for it (WAITING_TAKING, E_NEXT_TAKING), so there is
 * nothing for the purchaser to confirm. Revoking takes the same money again from the balance.
 */
import { ErrorCode, fenToYuan, type OperationResult } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import type { Caller } from '../../../plugins/auth.js';
import { lockAccount } from '../../funds/index.js';
import { PURCHASER_STOPPABLE, revokeStopTakeItem, STOPPABLE, type StopAsked, stopTakeItem } from '../../take-assignment/index.js';
import { orderStopped } from '../hooks.js';
import * as repo from '../orders.repository.js';
import { type MoneyBack, refundOrderMoney, takeBackRefund } from '../pay/order-refund.js';
import { combinedStatusOf } from '../status-machine.js';
import * as timeline from '../timeline.repository.js';

type Actor = Pick<Caller, 'orgId' | 'userId'>;
/** The purchaser stopping at the seller's request (multBatchStopTake): may also stop TAKING lines; the timeline says who. */
export interface StopOptions {
  byPurchaser?: { orgId: number; userId: number };
  /** Why, when it is not the seller's own request (有货先发 stops lines the warehouse put off). */
  reason?: string;
}
const actorOf = (actor: Actor, opts: StopOptions) => opts.byPurchaser ?? { userId: actor.userId, orgId: actor.orgId };
const whoNote = (opts: StopOptions) => (opts.reason ? `${opts.reason}：` : opts.byPurchaser ? '采购商应卖家要求操作：' : '');

const lineName = (l: repo.ItemRecord) => `${[l.artNo || l.title, l.color, l.size].filter(Boolean).join(' ')} ×${l.quantity}`;

/** Locks the line's order and then its seller's account, and reads the order's lines under those locks. */
async function lockLine(t: Db, orgId: number, itemId: number) {
  const [found] = await repo.findItems(t, orgId, [itemId]);
  if (!found) throw notFound('订单商品');
  const [o] = await repo.lockOrders(t, orgId, [found.orderId]);
  if (!o) throw notFound('订单');
  // The seller's account next, before any take item: a stop and its undo change the take item (and its
  // rollup rows) and then move money, while a payment locks the account and then writes its new take
  // items' rollup rows; taken the other way round, the two deadlocked on PostgreSQL.
  await lockAccount(t, o.orgId);
  // Read again under the order's lock: the line may have changed while we waited.
  const lines = await repo.itemsOf(t, orgId, [o.id]);
  const line = lines.find((l) => l.id === itemId) as repo.ItemRecord;
  return { o, lines, line };
}

/** What a line's money did: to or from the balance (refundFen), or only the amount a 货到付款 order owes (dueCutFen). */
const moneyOf = (m: MoneyBack) => ({ refundFen: m.toBalance ? m.fen : 0, dueCutFen: m.toBalance ? 0 : m.fen });

async function afterLineChange(t: Db, actor: Actor, o: repo.OrderRecord, lines: repo.ItemRecord[], changed: repo.ItemRecord, takeStatus: string) {
  const next = combinedStatusOf(
    o.status,
    lines.map((l) => (l.id === changed.id ? takeStatus : l.takeStatus)),
    o.afterSaleStatus,
  );
  if (next !== o.combinedStatus) {
    await repo.setCombined(t, actor.orgId, o.id, next);
    await timeline.bumpCounts(t, actor.orgId, timeline.moves([[o.combinedStatus, next]]));
  }
  return next;
}

/** E_STOP_TAKING for one line, its goods money (never more than what is left of the order's payment) back to the balance. */
export async function stopItem(db: Db, actor: Actor, itemId: number, opts: StopOptions = {}) {
  return inTransaction(db, async (t) => {
    const { o, lines, line } = await lockLine(t, actor.orgId, itemId);
    const stoppable: readonly string[] = opts.byPurchaser ? PURCHASER_STOPPABLE : STOPPABLE;
    if (o.status !== 'WAITING_DELIVERING' || !stoppable.includes(line.takeStatus ?? '')) {
      const why =
        o.status === 'WAITING_PAYMENT' ? '订单尚未支付，可直接取消订单' : o.status !== 'WAITING_DELIVERING' ? '订单已发货或已取消' : '该商品不在待拿货状态';
      throw new AppError(ErrorCode.DROPSHIP_ITEM_NOT_STOPPABLE, `订单 ${o.orderNo} 的「${lineName(line)}」不能停止拿货：${why}`);
    }
    if (!(await stopTakeItem(t, actor.orgId, line.id, { userId: actor.userId, byPurchaser: !!opts.byPurchaser })))
      throw new AppError(ErrorCode.DROPSHIP_ITEM_NOT_STOPPABLE);
    const stopCount = line.stopCount + 1;
    const refundFen = Math.min(line.quantity * line.unitCostFen, o.totalFen - o.refundedFen);
    const back = await refundOrderMoney(t, o, refundFen, `stop:${o.orderNo}:${line.id}:${stopCount}`, `停止拿货退回货款：${lineName(line)}`, '退回货款');
    await repo.setLine(t, actor.orgId, line.id, { takeStatus: 'E_STOP_TAKING', refundedFen: refundFen, stopCount });
    const combined = await afterLineChange(t, actor, o, lines, line, 'E_STOP_TAKING');
    if (combined === 'E_STOP_TAKING') await orderStopped.emit(t, { sellerOrgId: actor.orgId, orderId: o.id, why: 'ALL_STOPPED' });
    await timeline.insertEvents(t, actor.orgId, actorOf(actor, opts), [
      {
        orderId: o.id,
        fromStatus: o.combinedStatus,
        toStatus: combined,
        operation: 'STOP_ITEM',
        note: `${whoNote(opts)}${lineName(line)}，${back.note || '退回货款 ¥0.00'}`,
      },
    ]);
    return { orderNo: o.orderNo, entryId: back.entryId, ...moneyOf(back) };
  });
}

/** Back to WAITING_TAKING; the goods money refunded at the stop is taken from the balance again. */
export async function revokeStopItem(db: Db, actor: Actor, itemId: number, opts: StopOptions = {}) {
  return inTransaction(db, async (t) => {
    const { o, lines, line } = await lockLine(t, actor.orgId, itemId);
    if (o.status !== 'WAITING_DELIVERING' || line.takeStatus !== 'E_STOP_TAKING') {
      throw new AppError(ErrorCode.DROPSHIP_ITEM_NOT_STOPPED, `订单 ${o.orderNo} 的「${lineName(line)}」不是已停止拿货状态，不能撤销`);
    }
    if (!(await revokeStopTakeItem(t, actor.orgId, line.id, { userId: actor.userId, byPurchaser: !!opts.byPurchaser })))
      throw new AppError(ErrorCode.DROPSHIP_ITEM_NOT_STOPPED);
    const chargeFen = line.refundedFen;
    const again = await takeBackRefund(t, o, chargeFen, `unstop:${o.orderNo}:${line.id}:${line.stopCount}`, `撤销停止拿货，重新支付货款：${lineName(line)}`);
    await repo.setLine(t, actor.orgId, line.id, { takeStatus: 'WAITING_TAKING', refundedFen: 0 });
    const combined = await afterLineChange(t, actor, o, lines, line, 'WAITING_TAKING');
    await timeline.insertEvents(t, actor.orgId, actorOf(actor, opts), [
      {
        orderId: o.id,
        fromStatus: o.combinedStatus,
        toStatus: combined,
        operation: 'REVOKE_STOP_ITEM',
        note: `${whoNote(opts)}${lineName(line)}，${again.note || '重新支付货款 ¥0.00'}`,
      },
    ]);
    const m = moneyOf(again);
    return { orderNo: o.orderNo, refundFen: -m.refundFen, dueCutFen: -m.dueCutFen };
  });
}

/** Each line in its own transaction; answers what happened to each. */
type ItemOp = (db: Db, actor: Actor, itemId: number) => Promise<{ orderNo: string; refundFen: number; dueCutFen: number }>;

export async function forEachItem(db: Db, actor: Actor, itemIds: number[], op: ItemOp): Promise<OperationResult> {
  if ((await repo.findItems(db, actor.orgId, itemIds)).length !== itemIds.length) throw notFound('订单商品');
  const results: OperationResult['results'] = [];
  for (const id of itemIds) {
    try {
      const r = await op(db, actor, id);
      const message =
        r.refundFen > 0
          ? `¥${fenToYuan(r.refundFen)} 已退回余额`
          : r.refundFen < 0
            ? `已从余额扣回 ¥${fenToYuan(-r.refundFen)}`
            : r.dueCutFen !== 0
              ? `货到付款订单，应付金额${r.dueCutFen > 0 ? '减少' : '增加'} ¥${fenToYuan(Math.abs(r.dueCutFen))}`
              : '已处理';
      results.push({ id, orderNo: r.orderNo, ok: true, message, refundFen: r.refundFen });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({ id, orderNo: '', ok: false, message: e.message, refundFen: 0 });
    }
  }
  return { results };
}

/** take-assignment's stopAsked handler (wired in src/hooks.ts): the purchaser stops or resumes a line through the seller's own operation. */
export async function stopForPurchaser(db: Db, f: StopAsked) {
  const run = f.op === 'stop' ? stopItem : revokeStopItem;
  await run(db, f.seller, f.orderItemId, { byPurchaser: f.byPurchaser });
}
