/**
 * The seller's after-sale operations (decision 0026): 申请售后 (applyAfterSale), 撤销售后
 * (cancelAfterSale), 填写退货物流 (fillReturnWaybill) and 拦截退款 (interceptAfterSale). Each runs in one
 * transaction that locks the dropship order's row first (every writer of an order locks it first, so
 * two requests on one line queue there and the second sees the first's after-sale), checks the
 * current status with status-machine.ts and writes the timeline. Money moves only through the
 * dropship order's own stopItem (a REFUND ledger entry, once per stop), linked to the after-sale.
 */
import { AFTER_SALE_KIND_NAMES, type AfterSaleApplyBody, type AfterSaleBatchResult, type AfterSaleStatusCode, ErrorCode, fenToYuan } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { findOrders, itemsOf, lockOrders, markAfterSale, type OrderRecord, stopItem, stopRefundOf } from '../dropship-orders/index.js';
import { lockAccount } from '../funds/index.js';
import { sendMessage } from '../messages/index.js';
import { attachOwnPhotos } from '../problem-parcel/index.js';
import * as repo from './after-sale.repository.js';
import { canCancel, canFillWaybill, canIntercept, hasReturn, isShipped, orderCodeOf, refundFenOf, typeOfRequest } from './status-machine.js';

export type Actor = Pick<Caller, 'orgId' | 'userId'>;
type ApplyInput = z.output<typeof AfterSaleApplyBody>;
type Line = Awaited<ReturnType<typeof itemsOf>>[number];

export const lineName = (l: Pick<Line, 'artNo' | 'title' | 'color' | 'size'>) => [l.artNo || l.title, l.color, l.size].filter(Boolean).join(' ');

/**
 * The order's after-sale code follows its open after-sales, then 已换货 (TOOK_EXCHANGE) once an exchange
 * of it got its replacement; called after every change, in its transaction.
 */
export async function refreshOrderCode(t: Db, orgId: number, orderId: number, actor: { userId: number | null; orgId: number }, note: string) {
  const code = orderCodeOf(await repo.openStatusesOfOrder(t, orgId, orderId), await repo.hasReplacedExchange(t, orgId, orderId));
  await markAfterSale(t, orgId, orderId, code, actor, note);
}

/** Locks the order (not found for another tenant's), then reads its lines under the lock. */
async function lockOrder(t: Db, orgId: number, orderId: number): Promise<{ o: OrderRecord; lines: Line[] }> {
  const [o] = await lockOrders(t, orgId, [orderId]);
  if (!o) throw notFound('订单');
  return { o, lines: await itemsOf(t, orgId, [o.id]) };
}

/** Locks the after-sale's order, then the after-sale itself (the order first, as every writer does). */
export async function lockBoth(t: Db, orgId: number, id: number) {
  const found = await repo.findAfterSale(t, orgId, id);
  if (!found) throw notFound('售后单');
  const { o, lines } = await lockOrder(t, orgId, found.orderId);
  const a = (await repo.lockAfterSale(t, orgId, id)) as repo.AfterSaleRecord;
  const line = lines.find((l) => l.id === a.itemId) as Line;
  return { a, o, line };
}

const answerOf = (rows: repo.AfterSaleRecord[]) => ({ ids: rows.map((r) => r.id), afterSaleNos: rows.map((r) => r.afterSaleNo) });

function checkRequest(o: OrderRecord, lines: Line[], body: Pick<ApplyInput, 'kind' | 'lines'>) {
  if (o.status === 'WAITING_PAYMENT' || o.status === 'CANCELED') {
    throw new AppError(
      ErrorCode.AFTER_SALE_ORDER_NOT_ALLOWED,
      `订单 ${o.orderNo} ${o.status === 'CANCELED' ? '已取消，货款已随取消退回' : '尚未支付，请直接取消订单'}，不能申请售后`,
    );
  }
  const shipped = isShipped(o.status);
  if (!shipped && body.kind !== 'REFUND_ONLY') {
    throw new AppError(
      ErrorCode.AFTER_SALE_NOT_SHIPPED,
      `订单 ${o.orderNo} 还没有发货，不能申请${AFTER_SALE_KIND_NAMES[body.kind]}：未发货只能申请仅退款（停止拿货并退回货款）`,
    );
  }
  const seen = new Set<number>();
  for (const asked of body.lines) {
    if (seen.has(asked.itemId)) throw new AppError(ErrorCode.AFTER_SALE_DUPLICATE_LINE);
    seen.add(asked.itemId);
    if (!lines.some((l) => l.id === asked.itemId)) throw new AppError(ErrorCode.AFTER_SALE_ITEM_NOT_IN_ORDER);
  }
  return shipped;
}

/**
 * 申请售后: one after-sale per line asked. Before shipping only refund-only of whole lines (the line is
 * stopped and its goods money refunded by stopItem; a refusal there refuses the request, nothing made);
 * after shipping refund-only completes at once with nothing back (the goods stay with the buyer), and
 * return / exchange wait for the return parcel. The same request key again answers the first result.
 */
export async function applyAfterSale(db: Db, caller: Actor, body: ApplyInput) {
  return inTransaction(db, async (t) => {
    const [exists] = await findOrders(t, caller.orgId, [body.orderId]);
    if (!exists) throw notFound('订单');
    const { o, lines } = await lockOrder(t, caller.orgId, body.orderId);
    const earlier = await repo.byRequestKey(t, caller.orgId, body.requestKey);
    if (earlier.length > 0) {
      if (earlier.some((a) => a.orderId !== o.id || a.source !== 'SELLER')) throw new AppError(ErrorCode.REQUEST_KEY_CONFLICT);
      return answerOf(earlier);
    }
    const shipped = checkRequest(o, lines, body);
    const taken = await repo.ofItems(
      t,
      caller.orgId,
      body.lines.map((l) => l.itemId),
    );
    for (const asked of body.lines) {
      const line = lines.find((l) => l.id === asked.itemId) as Line;
      const open = taken.find((a) => a.itemId === line.id && (a.status === 'REFUNDING' || a.status === 'GOODS_RETURNING' || a.status === 'PROBLEM'));
      if (open) {
        throw new AppError(ErrorCode.AFTER_SALE_LINE_OPEN, `「${lineName(line)}」已有进行中的售后单 ${open.afterSaleNo}，请在售后订单中处理或撤销后再申请`);
      }
      const left = line.quantity - taken.filter((a) => a.itemId === line.id).reduce((n, a) => n + a.quantity, 0);
      if (asked.quantity > left) {
        throw new AppError(
          ErrorCode.AFTER_SALE_QUANTITY_TOO_LARGE,
          `「${lineName(line)}」下单${line.quantity}件，还能售后${Math.max(0, left)}件，不能申请${asked.quantity}件，请修改数量`,
        );
      }
      if (!shipped && asked.quantity !== line.quantity) {
        throw new AppError(
          ErrorCode.AFTER_SALE_PART_BEFORE_SHIPPING,
          `「${lineName(line)}」还没有发货，仅退款会整行停止拿货并退回${line.quantity}件的货款，请把售后数量改为${line.quantity}`,
        );
      }
    }
    // A refund before shipping stops the lines, which moves money: the seller's account is locked now,
    // before the after-sales' counter rows below. Another stop of the same seller (an intercept, an
    // agreed refund) holds the account and then writes those counters; taken the other way round,
    // the two deadlocked on PostgreSQL.
    if (typeOfRequest(body.kind, shipped) === 'REFUND_UNDELIVERY') await lockAccount(t, o.orgId);
    const nos = await repo.nextAfterSaleNos(t, body.lines.length);
    const made: repo.AfterSaleRecord[] = [];
    const actor = { userId: caller.userId, orgId: caller.orgId };
    for (const [i, asked] of body.lines.entries()) {
      const line = lines.find((l) => l.id === asked.itemId) as Line;
      const type = typeOfRequest(body.kind, shipped);
      const returning = hasReturn(type);
      const status: AfterSaleStatusCode = returning ? 'GOODS_RETURNING' : type === 'REFUND_DELIVERY' ? 'COMPLETE' : 'REFUNDING';
      const a = await repo.insertAfterSale(t, {
        orgId: caller.orgId,
        purchaserOrgId: o.purchaserOrgId,
        afterSaleNo: nos[i] as string,
        orderId: o.id,
        itemId: line.id,
        source: 'SELLER',
        type,
        status,
        returnStatus: returning ? 'WAIT_SIGNED' : null,
        quantity: asked.quantity,
        refundFen: refundFenOf(type, line.unitCostFen, asked.quantity),
        reason: body.reason,
        remark: body.remark,
        photos: body.photos,
        returnCourierName: returning ? body.returnCourierName : '',
        returnWaybillNo: returning ? body.returnWaybillNo : '',
        requestKey: body.requestKey,
        createdBy: caller.userId,
        finishedAt: status === 'COMPLETE' ? new Date() : null,
      });
      // Uploaded photos belong to the first after-sale of the request: all of them are on one order,
      // so its seller and purchaser are every after-sale's.
      if (i === 0) await attachOwnPhotos(t, caller.orgId, body.photos, a.id);
      const what = `${AFTER_SALE_KIND_NAMES[body.kind]}：${lineName(line)} ×${asked.quantity}，${body.reason}`;
      if (type === 'REFUND_DELIVERY') {
        await repo.insertEvents(t, caller.orgId, actor, [
          {
            afterSaleId: a.id,
            fromStatus: null,
            toStatus: 'COMPLETE',
            operation: 'DELIVERED_REFUND',
            note: `${what}。商品已发货、在买家手中，档口不退货款，本单不退款；请在平台与买家自行处理退款`,
          },
        ]);
      } else {
        await repo.insertEvents(t, caller.orgId, actor, [{ afterSaleId: a.id, fromStatus: null, toStatus: status, operation: 'APPLY', note: what }]);
      }
      if (type === 'REFUND_UNDELIVERY') made.push(await completeByStop(t, caller, a, 'STOP_REFUND', '停止拿货', false));
      else made.push(a);
    }
    await refreshOrderCode(t, caller.orgId, o.id, actor, `售后单 ${made.map((a) => a.afterSaleNo).join('、')}`);
    return answerOf(made);
  });
}

/**
 * REFUNDING → COMPLETE by stopping the line through the dropship order's stopItem (its refund, its
 * refusal). With `reuseStop`, a line already stopped (auto-intercept, or the seller's stop) is not
 * stopped again: the after-sale records what that stop refunded. The seller's own request never
 * reuses one: stopItem refuses a stopped line, and so the request.
 */
export async function completeByStop(
  t: Db,
  actor: Actor,
  a: repo.AfterSaleRecord,
  operation: string,
  label: string,
  reuseStop = true,
): Promise<repo.AfterSaleRecord> {
  const before = reuseStop ? await stopRefundOf(t, actor.orgId, a.itemId) : null;
  let refunded: number;
  let entryId: number | null;
  let note: string;
  if (before) {
    refunded = before.refundedFen;
    entryId = before.entryId;
    note = `该商品已停止拿货，货款 ¥${fenToYuan(refunded)} 已退回，不再重复退款`;
  } else {
    const r = await stopItem(t, actor, a.itemId);
    refunded = r.refundFen + r.dueCutFen;
    entryId = r.entryId;
    note =
      r.refundFen > 0
        ? `${label}，货款 ¥${fenToYuan(r.refundFen)} 已退回余额`
        : r.dueCutFen > 0
          ? `${label}，货到付款订单应付金额减少 ¥${fenToYuan(r.dueCutFen)}`
          : `${label}，订单已无可退金额`;
  }
  if (!(await repo.moveAfterSale(t, actor.orgId, a.id, 'REFUNDING', { status: 'COMPLETE', refundedFen: refunded, finished: true }))) {
    throw new AppError(ErrorCode.STATE_CONFLICT);
  }
  await repo.linkEntry(t, a.id, entryId);
  await repo.insertEvents(t, actor.orgId, { userId: actor.userId || null, orgId: actor.orgId }, [
    { afterSaleId: a.id, fromStatus: 'REFUNDING', toStatus: 'COMPLETE', operation, note },
  ]);
  return { ...a, status: 'COMPLETE', refundedFen: refunded };
}

/**
 * REFUNDING → COMPLETE on an order cancelled meanwhile (the auto-intercept's ORDER scope, or the seller's
 * cancel): the cancel refunded the whole order, this line's goods money with it; nothing moves again.
 */
export async function completeCanceled(t: Db, orgId: number, a: repo.AfterSaleRecord, unitCostFen: number) {
  const goods = a.quantity * unitCostFen;
  if (!(await repo.moveAfterSale(t, orgId, a.id, 'REFUNDING', { status: 'COMPLETE', refundedFen: goods, finished: true }))) return a;
  await repo.insertEvents(t, orgId, { userId: null, orgId }, [
    {
      afterSaleId: a.id,
      fromStatus: 'REFUNDING',
      toStatus: 'COMPLETE',
      operation: 'ORDER_CANCELED',
      note: `订单已取消，该商品货款 ¥${fenToYuan(goods)} 已随取消退回`,
    },
  ]);
  return { ...a, status: 'COMPLETE' as const, refundedFen: goods };
}

/** Replaying the same operation on a row it already moved answers success (the page's retry). */
async function replayed(t: Db, a: repo.AfterSaleRecord, operation: string, requestKey?: string) {
  if (!requestKey) return false;
  return (await repo.lastEvent(t, a.id))?.operation === operation;
}

/** 撤销售后: the seller's own request while nothing reached the warehouse → CLOSE. */
export async function cancelAfterSale(db: Db, caller: Actor, id: number, requestKey?: string) {
  return inTransaction(db, async (t) => {
    const { a, o } = await lockBoth(t, caller.orgId, id);
    if (a.status === 'CLOSE' && (await replayed(t, a, 'CANCEL', requestKey))) return { id: a.id, afterSaleNo: a.afterSaleNo, status: a.status };
    if (!canCancel(a)) {
      const why =
        a.source === 'PLATFORM'
          ? '平台售后需买家在平台撤销'
          : a.status === 'GOODS_RETURNING'
            ? '退货已被仓库签收'
            : a.status === 'COMPLETE'
              ? '售后已完成'
              : '售后已关闭';
      throw new AppError(ErrorCode.AFTER_SALE_NOT_CANCELABLE, `售后单 ${a.afterSaleNo} 不能撤销：${why}`);
    }
    if (!(await repo.moveAfterSale(t, caller.orgId, a.id, a.status, { status: 'CLOSE', finished: true }))) throw new AppError(ErrorCode.STATE_CONFLICT);
    const actor = { userId: caller.userId, orgId: caller.orgId };
    await repo.insertEvents(t, caller.orgId, actor, [
      { afterSaleId: a.id, fromStatus: a.status, toStatus: 'CLOSE', operation: 'CANCEL', note: '卖家撤销售后' },
    ]);
    await refreshOrderCode(t, caller.orgId, o.id, actor, `售后单 ${a.afterSaleNo} 已撤销`);
    return { id: a.id, afterSaleNo: a.afterSaleNo, status: 'CLOSE' as const };
  });
}

/** 填写退货物流: the buyer's return parcel, until the warehouse signs it in. */
export async function fillReturnWaybill(db: Db, caller: Actor, b: { id: number; returnCourierName?: string; returnWaybillNo: string }) {
  return inTransaction(db, async (t) => {
    const { a } = await lockBoth(t, caller.orgId, b.id);
    if (!canFillWaybill(a)) {
      throw new AppError(ErrorCode.AFTER_SALE_WAYBILL_NOT_ALLOWED, `售后单 ${a.afterSaleNo} 不是退货中、待仓库签收的状态，不能填写退货物流`);
    }
    const courier = b.returnCourierName ?? '';
    if (courier === a.returnCourierName && b.returnWaybillNo === a.returnWaybillNo) return { id: a.id, afterSaleNo: a.afterSaleNo, status: a.status };
    await repo.moveAfterSale(t, caller.orgId, a.id, a.status, {
      status: a.status,
      returnCourierName: courier,
      returnWaybillNo: b.returnWaybillNo,
    });
    await repo.insertEvents(t, caller.orgId, { userId: caller.userId, orgId: caller.orgId }, [
      { afterSaleId: a.id, fromStatus: a.status, toStatus: a.status, operation: 'FILL_WAYBILL', note: `${courier} ${b.returnWaybillNo}`.trim() },
    ]);
    return { id: a.id, afterSaleNo: a.afterSaleNo, status: a.status };
  });
}

/** 拦截退款: a marketplace refund still open on a line not shipped → stop the line, refund it, COMPLETE. */
export async function interceptAfterSale(db: Db, caller: Actor, id: number, requestKey?: string) {
  return inTransaction(db, async (t) => {
    const { a, o, line } = await lockBoth(t, caller.orgId, id);
    if (a.status === 'COMPLETE' && (await replayed(t, a, 'INTERCEPT', requestKey))) {
      return { id: a.id, afterSaleNo: a.afterSaleNo, status: a.status, refundedFen: a.refundedFen };
    }
    if (!canIntercept(a, o.status)) {
      const why = isShipped(o.status)
        ? '订单已发货，不能拦截：请等买家退货，或在平台与买家协商'
        : a.source !== 'PLATFORM'
          ? '只有平台发起的退款可以拦截'
          : '售后单不是退款中状态';
      throw new AppError(ErrorCode.AFTER_SALE_NOT_INTERCEPTABLE, `售后单 ${a.afterSaleNo}：${why}`);
    }
    const done =
      o.status === 'CANCELED'
        ? await completeCanceled(t, caller.orgId, a, line.unitCostFen)
        : await completeByStop(t, caller, a, 'INTERCEPT', '拦截退款，停止拿货');
    const actor = { userId: caller.userId, orgId: caller.orgId };
    await refreshOrderCode(t, caller.orgId, o.id, actor, `售后单 ${a.afterSaleNo} 已拦截`);
    await sendMessage(t, {
      orgId: caller.orgId,
      kind: 'AFTER_SALE',
      title: '售后已拦截',
      content: `订单 ${o.orderNo} 的售后单 ${a.afterSaleNo} 已拦截：停止拿货并退回货款 ¥${fenToYuan(done.refundedFen)}`,
    });
    return { id: a.id, afterSaleNo: a.afterSaleNo, status: done.status, refundedFen: done.refundedFen };
  });
}

/** 批量拦截退款: each in its own transaction; what went through and, for each that did not, why. */
export async function batchIntercept(db: Db, caller: Actor, ids: number[]): Promise<AfterSaleBatchResult> {
  const out: AfterSaleBatchResult = { done: [], failed: [] };
  for (const id of [...new Set(ids)]) {
    try {
      await interceptAfterSale(db, caller, id);
      out.done.push(id);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const a = await repo.findAfterSale(db, caller.orgId, id);
      out.failed.push({ id, afterSaleNo: a?.afterSaleNo ?? '', message: e.message });
    }
  }
  return out;
}
