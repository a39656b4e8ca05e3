/**
 * Changing an order: cancelDropshipOrder (money back to the balance, coupon given back, take items
 * closed) and updateReceivingInfo. Each is one transaction on the locked order that checks the
 * current status first (status-machine.ts) and refuses a forbidden move with its own code.
 */
import { ErrorCode, fenToYuan, type OperationResult, type ReceiverFields, SELF_PICKUP_EXPRESS } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { receiverColumnsOf } from '../../../lib/receiver-vault/index.js';
import type { Caller } from '../../../plugins/auth.js';
import { expressFeeFrom, loadFeeBook } from '../../express/index.js';
import { releaseCoupon, reverseOrderSplit } from '../../funds/index.js';
import { shipDecryptFailed } from '../../receiver-decrypts/index.js';
import { setDropshipStatus } from '../../shop-orders/index.js';
import { closeTakeItems, takeItemsOfOrder } from '../../take-assignment/index.js';
import { orderStopped } from '../hooks.js';
import * as repo from '../orders.repository.js';
import { refundOrderMoney } from '../pay/order-refund.js';
import { dropDue } from '../pay-later/pay-later-settle.js';
import { normalizeReceiver } from '../place/create.service.js';
import * as src from '../place/shop-source.repository.js';
import { canCancel, canUpdateReceiver, changeableStatuses } from '../status-machine.js';
import * as timeline from '../timeline.repository.js';

type Actor = Pick<Caller, 'orgId' | 'userId'>;

const NOT_CANCELABLE: Record<string, string> = {
  CANCELED: '订单已取消',
  DELIVERED: '订单已发货，不能取消；如需退款请申请售后',
  FINISHED: '订单已完成，不能取消；如需退款请申请售后',
  WAITING_DELIVERING: '订单已有商品在拿货或已拿到，不能取消；可对未拿的商品停止拿货，或联系采购商',
};

async function lockOne(t: Db, orgId: number, id: number) {
  const [o] = await repo.lockOrders(t, orgId, [id]);
  if (!o) throw notFound('订单');
  const lines = await repo.itemsOf(t, orgId, [id]);
  return { o, statuses: changeableStatuses(lines, await takeItemsOfOrder(t, orgId, id)) };
}

/**
 * WAITING_PAYMENT → CANCELED (the reserved coupon given back), or WAITING_DELIVERING → CANCELED
 * while no line is being taken: what was paid and not yet refunded goes back to the balance
 * (REFUND, request key `cancel:<orderNo>`), the take items are closed. Answers the refund.
 */
export async function cancelDropshipOrder(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
): Promise<{ orderNo: string; refundFen: number; dueCutFen: number }> {
  const viaAlipayFen = await reverseSplitFirst(db, actor.orgId, id);
  return inTransaction(db, async (t) => {
    const { o, statuses } = await lockOne(t, actor.orgId, id);
    if (!canCancel(o.status, statuses)) {
      throw new AppError(ErrorCode.DROPSHIP_NOT_CANCELABLE, `订单 ${o.orderNo}：${NOT_CANCELABLE[o.status] ?? '当前状态不能取消'}`);
    }
    const paid = o.status === 'WAITING_DELIVERING';
    // The part a split already gave back through Alipay is refunded there, not again on the balance.
    const aliFen = paid ? Math.min(viaAlipayFen, o.totalFen - o.refundedFen) : 0;
    if (aliFen > 0) await repo.addRefund(t, actor.orgId, o.id, aliFen);
    // A 货到付款 order not yet charged gets nothing back (it paid nothing) and leaves the credit.
    const back = await refundOrderMoney(t, o, paid ? o.totalFen - o.refundedFen - aliFen : 0, `cancel:${o.orderNo}`, `取消代发订单 ${o.orderNo}，退回余额`);
    await dropDue(t, o);
    const now = new Date();
    if (!(await repo.moveStatus(t, actor.orgId, o.id, o.status, { status: 'CANCELED', combinedStatus: 'CANCELED', canceledAt: now }))) {
      throw new AppError(ErrorCode.DROPSHIP_NOT_CANCELABLE);
    }
    if (paid) {
      await closeTakeItems(t, actor.orgId, o.id);
      await orderStopped.emit(t, { sellerOrgId: actor.orgId, orderId: o.id, why: 'CANCELED' });
    }
    if (o.couponId) await releaseCoupon(t, actor.orgId, o.couponId, o.orderNo);
    // The shop order waits for a dropship order again, unless another paid one still serves it.
    if (paid && o.shopOrderId && (await src.paidPlacementCount(t, actor.orgId, o.shopOrderId)) === 0) {
      await setDropshipStatus(t, actor.orgId, [o.shopOrderId], 'UNPLACED');
    }
    const aliNote = aliFen > 0 ? `分账 ¥${fenToYuan(aliFen)} 已从分账方退回并原路退回支付宝` : '';
    const note = [reason, aliNote, back.note].filter(Boolean).join('；');
    await timeline.insertEvents(t, actor.orgId, { userId: actor.userId, orgId: actor.orgId }, [
      { orderId: o.id, fromStatus: o.status, toStatus: 'CANCELED', operation: 'CANCEL', note },
    ]);
    await timeline.bumpCounts(t, actor.orgId, timeline.moves([[o.combinedStatus, 'CANCELED']]));
    return { orderNo: o.orderNo, refundFen: back.toBalance ? back.fen : 0, dueCutFen: back.toBalance ? 0 : back.fen };
  });
}

/**
 * A paid order about to be cancelled: its part of an Alipay split goes back first (funds'
 * reverseOrderSplit), checked cancellable before so nothing is reversed for an order that stays.
 * Answers the fen refunded through Alipay.
 */
async function reverseSplitFirst(db: Db, orgId: number, id: number): Promise<number> {
  const [o] = await repo.findOrders(db, orgId, [id]);
  if (o?.status !== 'WAITING_DELIVERING' || !o.payMethod?.startsWith('ALIPAY')) return 0;
  const statuses = changeableStatuses(await repo.itemsOf(db, orgId, [id]), await takeItemsOfOrder(db, orgId, id));
  if (!canCancel(o.status, statuses)) return 0;
  return reverseOrderSplit(db, orgId, o.orderNo);
}

/** Cancels each order in its own transaction; answers what happened to each (one refused does not stop the others). */
export async function cancelDropshipOrders(db: Db, actor: Actor, ids: number[], reason: string): Promise<OperationResult> {
  const known = new Map((await repo.findOrders(db, actor.orgId, ids)).map((o) => [o.id, o.orderNo]));
  if (known.size !== ids.length) throw notFound('订单');
  const results: OperationResult['results'] = [];
  for (const id of ids) {
    try {
      const r = await cancelDropshipOrder(db, actor, id, reason);
      results.push({
        id,
        orderNo: r.orderNo,
        ok: true,
        message: r.refundFen > 0 ? `已取消，¥${fenToYuan(r.refundFen)} 已退回余额` : r.dueCutFen > 0 ? '已取消，货到付款订单无需付款' : '已取消',
        refundFen: r.refundFen,
      });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      results.push({ id, orderNo: known.get(id) ?? '', ok: false, message: e.message, refundFen: 0 });
    }
  }
  return { results };
}

/**
 * The platform would not decrypt the receiver when the warehouse came to ship (the order is on the
 * abnormal list as DECRYPT_FAILED): the goods are in, and the seller typing the receiver is what lets
 * them leave, as a plain order by 快递100. Nothing was shipped on the encrypted receiver: the decrypt
 * comes before any Kuaidi100 number.
 */
async function decryptFailedAwaitingReceiver(t: Db, o: repo.OrderRecord): Promise<boolean> {
  return o.status === 'WAITING_DELIVERING' && o.receiverEncrypted && o.expressCode !== SELF_PICKUP_EXPRESS && shipDecryptFailed(t, o.orgId, o.id);
}

/**
 * updateReceivingInfo: while the order could still be cancelled, or, goods in, while its encrypted
 * receiver waits because the platform refused to decrypt it. Unpaid, the express fee and total
 * follow the new province; paid, a new address must cost the same express fee (else
 * DROPSHIP_FEE_CHANGED: the seller cancels and places again rather than be charged silently).
 */
export async function updateReceivingInfo(db: Db, actor: Actor, id: number, receiver: ReceiverFields) {
  const r = normalizeReceiver(receiver);
  const book = await loadFeeBook(db);
  return inTransaction(db, async (t) => {
    const { o, statuses } = await lockOne(t, actor.orgId, id);
    const afterDecrypt = !canUpdateReceiver(o.status, statuses, o.expressCode) && (await decryptFailedAwaitingReceiver(t, o));
    if (!canUpdateReceiver(o.status, statuses, o.expressCode) && !afterDecrypt) {
      const why =
        o.expressCode === SELF_PICKUP_EXPRESS ? '是仓库自提订单，没有收货地址可改；取货人在仓库交付时核对' : '已开始拿货、已发货或已取消，不能修改收货信息';
      throw new AppError(ErrorCode.DROPSHIP_RECEIVER_LOCKED, `订单 ${o.orderNo} ${why}`);
    }
    const fee = expressFeeFrom(book, o.expressCode, r.province, o.itemCount).feeFen;
    if (o.status !== 'WAITING_PAYMENT' && fee !== o.expressFeeFen) {
      throw new AppError(
        ErrorCode.DROPSHIP_FEE_CHANGED,
        `新地址的运费 ¥${fenToYuan(fee)} 与已支付的运费 ¥${fenToYuan(o.expressFeeFen)} 不同，已支付的订单不能改到运费不同的地区，请取消订单后重新下单`,
      );
    }
    // The coupon was quoted on goods + express + service; the speed fee is added after the discount.
    const gross = o.goodsFen + fee + o.serviceFeeFen;
    const totalFen = gross + o.speedFeeFen - o.discountFen;
    if (gross <= o.discountFen) throw new AppError(ErrorCode.COUPON_UNAVAILABLE, '修改后订单金额不足以使用所选优惠券，请取消订单后重新下单');
    await repo.updateReceiver(t, actor.orgId, o.id, {
      ...receiverColumnsOf(r),
      expressFeeFen: fee,
      totalFen,
    });
    const before = [o.receiverProvince, o.receiverCity, o.receiverDistrict].filter(Boolean).join(' ');
    const fenNote = fee !== o.expressFeeFen ? `，运费 ¥${fenToYuan(o.expressFeeFen)} → ¥${fenToYuan(fee)}` : '';
    await timeline.insertEvents(t, actor.orgId, { userId: actor.userId, orgId: actor.orgId }, [
      {
        orderId: o.id,
        fromStatus: o.status,
        toStatus: o.status,
        operation: 'UPDATE_RECEIVER',
        note: `${afterDecrypt ? '平台解密收货人失败，卖家填写收货人；' : ''}原收货地区：${before}${fenNote}`,
      },
    ]);
    return { id: o.id, orderNo: o.orderNo, status: o.status, expressFeeFen: fee, totalFen };
  });
}
