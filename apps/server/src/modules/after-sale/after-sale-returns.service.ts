/**
 * After-sale returns through the warehouse (decision 0026, "Returns"): the 退货登记 scan signs the
 * return in (signInOnScan, offline's returnParcelScanned), the purchaser inspects it
 * (inspectAfterSale), a 合格 return goes to its stall on an offline return line, the stall's answer
 * comes back (onReturnLineAnswered, offline's afterSaleLineAnswered), the seller decides on a refusal
 * (decideRefusal) and the purchaser confirms what waits for it (confirmAfterSaleReturn). Every
 * operation locks the dropship order's row first, then the after-sale, as every after-sale writer does.
 */
import {
  type AfterSaleConfirmBody,
  type AfterSaleDecideBody,
  type AfterSaleInspectBody,
  type AfterSaleReturnResult,
  type AfterSaleStatusCode,
  ErrorCode,
  fenToYuan,
  INSPECTION_RESULT_NAMES,
  OPERATOR_RETURN_SERVICE_FEE_FEN,
  REFUSE_DECISION_NAMES,
  RETURN_SERVICE_FEE_COVERS,
  type ReturnServiceFeeInfo,
  type ReturnStatusCode,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { itemsOf, lockOrders } from '../dropship-orders/index.js';
import { moveMoney } from '../funds/index.js';
import { sendMessage } from '../messages/index.js';
import { type AfterSaleLineAnswered, insertAfterSaleReturnLine, type ReturnParcelScanned, reopenAfterSaleLine } from '../offline/index.js';
import { attachOwnPhotos, openProblemParcel, type ParcelGood } from '../problem-parcel/index.js';
import * as repo from './after-sale.repository.js';
import { lineName, refreshOrderCode } from './after-sale.service.js';
import * as returns from './after-sale-returns.repository.js';
import { canDecide, canInspect, canSignIn, confirmTarget, DECISION_TARGET, owedForReceived, stallAnswerExpected } from './return-machine.js';

type Actor = { userId: number | null; orgId: number };

/** The ledger request key of an after-sale's return refund: it credits the seller at most once. */
export const returnRefundKey = (afterSaleId: number) => `as-return:${afterSaleId}`;
/** The ledger request key of the return parcel's 到付运费 charged to the seller: at most once. */
export const returnFreightKey = (afterSaleId: number) => `as-freight:${afterSaleId}`;

function requirePurchaser(caller: Caller) {
  if (caller.orgType !== 'purchaser') throw new AppError(ErrorCode.PURCHASER_REQUIRED);
}

/** Locks the order, then the after-sale (seller's ids), and reads its line under the lock. */
async function lockFor(t: Db, sellerOrgId: number, orderId: number, id: number) {
  const [o] = await lockOrders(t, sellerOrgId, [orderId]);
  const a = await repo.lockAfterSale(t, sellerOrgId, id);
  if (!o || !a) throw notFound('售后单');
  const line = (await itemsOf(t, sellerOrgId, [o.id])).find((l) => l.id === a.itemId);
  if (!line) throw notFound('售后单');
  return { o, a, line };
}

/** The purchaser's after-sale, locked (not found for another purchaser's). */
async function lockForPurchaser(t: Db, caller: Caller, id: number) {
  const found = await returns.findForPurchaser(t, caller.orgId, id);
  if (!found) throw notFound('售后单');
  return lockFor(t, found.orgId, found.orderId, id);
}

/** What the parcel holds, as the order line describes it (the warehouse counted `quantity`). */
const goodOf = (line: { title: string; artNo: string; color: string; size: string }, quantity: number): ParcelGood => ({
  title: line.title,
  itemNo: line.artNo,
  color: line.color,
  size: line.size,
  quantity,
});

/** A status move checked under the lock; a row that moved meanwhile refuses. */
async function move(t: Db, a: repo.AfterSaleRecord, m: repo.Move, actor: Actor, operation: string, note: string) {
  if (!(await repo.moveAfterSale(t, a.orgId, a.id, a.status, m))) throw new AppError(ErrorCode.STATE_CONFLICT);
  await repo.insertEvents(t, a.orgId, actor, [{ afterSaleId: a.id, fromStatus: a.status, toStatus: m.status, operation, note }]);
}

const resultOf = (a: repo.AfterSaleRecord, status: AfterSaleStatusCode, returnStatus: ReturnStatusCode | null, returnLineId: number | null = null) =>
  ({ id: a.id, afterSaleNo: a.afterSaleNo, status, returnStatus, returnLineId }) satisfies AfterSaleReturnResult;

/** WAIT_SIGNED → SIGNED under the caller's locks, with the seller told. */
async function signIn(t: Db, orderNo: string, a: repo.AfterSaleRecord, actor: Actor, code: string, note: string) {
  await move(t, a, { status: a.status, returnStatus: 'SIGNED' }, actor, 'SIGN_IN', `仓库签收退货 ${code}${note ? `，${note}` : ''}`);
  await sendMessage(t, {
    orgId: a.orgId,
    kind: 'AFTER_SALE',
    title: '退货已签收',
    content: `订单 ${orderNo} 的售后单 ${a.afterSaleNo} 退货（${code}）已由仓库签收，等待验货`,
  });
}

/**
 * A headless parcel joined to one of the purchaser's after-sales (a confirmed claim or a sure
 * automatic match, module headless-parcel): its return is signed in as the scan of its waybill
 * would have done. Answers the after-sale's number when it is open and returning (signed in now or
 * before), null when it cannot take a parcel any more (closed, complete, not a return).
 */
export async function signInJoinedReturn(t: Db, j: { purchaserOrgId: number; userId: number; afterSaleId: number; code: string; note: string }) {
  const found = await returns.findForPurchaser(t, j.purchaserOrgId, j.afterSaleId);
  if (!found) return null;
  const { o, a } = await lockFor(t, found.orgId, found.orderId, j.afterSaleId);
  if (a.status !== 'GOODS_RETURNING' && a.status !== 'REFUNDING') return null;
  if (a.returnStatus === null) return null;
  if (canSignIn(a)) await signIn(t, o.orderNo, a, { userId: j.userId, orgId: j.purchaserOrgId }, j.code, j.note);
  return { afterSaleNo: a.afterSaleNo, orderNo: o.orderNo };
}

/**
 * offline's returnParcelScanned: the purchaser's after-sales whose return waybill is the scanned code
 * move WAIT_SIGNED → SIGNED; signed ones are answered as already registered and nothing changes.
 */
export async function signInOnScan(t: Db, scan: ReturnParcelScanned) {
  for (const hit of await returns.byReturnWaybill(t, scan.purchaserOrgId, scan.code)) {
    const { o, a, line } = await lockFor(t, hit.orgId, Number(hit.orderId), Number(hit.id));
    const fresh = canSignIn(a);
    if (fresh) await signIn(t, o.orderNo, a, { userId: scan.userId, orgId: scan.purchaserOrgId }, scan.code, scan.note);
    scan.signed.push({
      id: a.id,
      afterSaleNo: a.afterSaleNo,
      sellerName: await returns.sellerName(t, a.orgId),
      orderNo: o.orderNo,
      artNo: lineName(line),
      quantity: a.quantity,
      alreadyRegistered: !fresh,
    });
  }
}

type InspectInput = z.output<typeof AfterSaleInspectBody>;

/**
 * 验货: 合格 sends the goods back to the stall on a return line (WAIT_FACTORY); 次品 / 错发 / 少件 keep
 * the return SIGNED and make the after-sale PROBLEM with a problem parcel for the seller. The second of
 * two inspections waits on the order's lock and is refused with who inspected first.
 */
export async function inspectAfterSale(db: Db, caller: Caller, b: InspectInput) {
  requirePurchaser(caller);
  return inTransaction(db, async (t) => {
    const { o, a, line } = await lockForPurchaser(t, caller, b.id);
    if (a.inspectionResult) {
      const who = (await returns.userName(t, a.inspectedBy)) || '其他人';
      throw new AppError(
        ErrorCode.AFTER_SALE_ALREADY_INSPECTED,
        `售后单 ${a.afterSaleNo} 已由${who}验货（${INSPECTION_RESULT_NAMES[a.inspectionResult]}），请刷新后查看`,
      );
    }
    if (!canInspect(a)) throw new AppError(ErrorCode.AFTER_SALE_NOT_INSPECTABLE, `售后单 ${a.afterSaleNo} 还没有签收或不在退货中，不能验货`);
    if (b.receivedQuantity > a.quantity) {
      throw new AppError(ErrorCode.AFTER_SALE_RECEIVED_TOO_MANY, `售后单 ${a.afterSaleNo} 售后${a.quantity}件，实收不能填${b.receivedQuantity}件`);
    }
    if (b.result === 'QUALIFIED' && b.receivedQuantity === 0) {
      throw new AppError(ErrorCode.AFTER_SALE_RECEIVED_TOO_MANY, '验货合格时实收数量至少1件；一件没收到请选择“少件”');
    }
    const actor = { userId: caller.userId, orgId: caller.orgId };
    await attachOwnPhotos(t, caller.orgId, b.photos, a.id);
    await returns.setInspection(t, a.orgId, a.id, { ...b, userId: caller.userId });
    if (b.freightCollectFen > 0) await chargeReturnFreight(t, a, b.freightCollectFen, actor);
    const what = `验货${INSPECTION_RESULT_NAMES[b.result]}，实收${b.receivedQuantity}件${b.note ? `，${b.note}` : ''}`;
    if (b.result !== 'QUALIFIED') {
      await move(t, a, { status: 'PROBLEM' }, actor, 'INSPECT', what);
      await openProblemParcel(t, {
        orgId: a.orgId,
        purchaserOrgId: caller.orgId,
        source: 'INSPECTION',
        afterSaleId: a.id,
        dropshipOrderId: o.id,
        trackingNo: a.returnWaybillNo,
        reason: `售后单 ${a.afterSaleNo} ${what}`,
        goods: [goodOf(line, b.receivedQuantity)],
        userId: caller.userId,
      });
      await refreshOrderCode(t, a.orgId, o.id, actor, `售后单 ${a.afterSaleNo} 验货为问题件`);
      await sendMessage(t, {
        orgId: a.orgId,
        kind: 'AFTER_SALE',
        title: '退货验货有问题',
        content: `订单 ${o.orderNo} 的售后单 ${a.afterSaleNo} ${what}，请处理问题件`,
      });
      return resultOf(a, 'PROBLEM', a.returnStatus);
    }
    const lineId = await insertAfterSaleReturnLine(t, {
      afterSaleId: a.id,
      afterSaleNo: a.afterSaleNo,
      sellerOrgId: a.orgId,
      purchaserOrgId: caller.orgId,
      userId: caller.userId,
      waybillNo: a.returnWaybillNo,
      line: {
        supplierId: line.supplierId ?? 0,
        stallName: line.stallName,
        market: line.market,
        floor: line.floor,
        stallNo: line.stallNo,
        manufacturerAddress: '',
        artNo: line.artNo || line.title,
        color: line.color,
        size: line.size,
        quantity: b.receivedQuantity,
        unitPriceFen: line.unitCostFen,
      },
    });
    await move(t, a, { status: a.status, returnStatus: 'WAIT_FACTORY' }, actor, 'INSPECT', `${what}，待退档口`);
    return resultOf(a, a.status, 'WAIT_FACTORY', lineId);
  });
}

/**
 * The return parcel came freight collect (到付) and the warehouse paid the courier: the seller pays it
 * back from the balance, once (PROXY_RETURN_GOODS / FREIGHT, business id the after-sale number, key
 * as-freight:<id>), linked to the after-sale and on its timeline. A short balance refuses the
 * inspection (the warehouse may inspect without it): the charge never goes through on credit.
 */
async function chargeReturnFreight(t: Db, a: repo.AfterSaleRecord, fen: number, actor: Actor) {
  const note = `退货包裹到付运费 ¥${fenToYuan(fen)}（仓库代付），从卖家余额扣除`;
  let entryId: number;
  try {
    const r = await moveMoney(t, {
      orgId: a.orgId,
      transactionType: 'PROXY_RETURN_GOODS',
      purpose: 'FREIGHT',
      availableDeltaFen: -fen,
      businessId: a.afterSaleNo,
      requestKey: returnFreightKey(a.id),
      remark: `售后退货 ${a.afterSaleNo} ${note}`,
    });
    entryId = r.entry.id;
  } catch (e) {
    if (e instanceof AppError && e.errorCode === ErrorCode.INSUFFICIENT_BALANCE) {
      throw new AppError(
        ErrorCode.AFTER_SALE_FREIGHT_BALANCE_SHORT,
        `卖家可用余额不足以扣除到付运费 ¥${fenToYuan(fen)}，请联系卖家充值后再验货，或先不填到付运费`,
      );
    }
    throw e;
  }
  await repo.linkEntry(t, a.id, entryId);
  await repo.insertEvents(t, a.orgId, actor, [{ afterSaleId: a.id, fromStatus: a.status, toStatus: a.status, operation: 'RETURN_FREIGHT', note }]);
}

/**
 * The stall refunded `baseFen` for the return: the seller is credited it less the operator's return
 * service fee (PROXY_RETURN_GOODS, business id the after-sale number, key as-return:<id>, once), and
 * the after-sale completes. An exchange credits nothing: its goods money pays the replacement.
 */
async function settleReturned(t: Db, a: repo.AfterSaleRecord, orderNo: string, baseFen: number, actor: Actor, operation: string) {
  const exchange = a.type === 'EXCHANGE_GOODS';
  const base = exchange ? 0 : baseFen;
  const fee = Math.min(OPERATOR_RETURN_SERVICE_FEE_FEN, base);
  const net = base - fee;
  if (net > 0) {
    const r = await moveMoney(t, {
      orgId: a.orgId,
      transactionType: 'PROXY_RETURN_GOODS',
      purpose: 'OTHER',
      availableDeltaFen: net,
      businessId: a.afterSaleNo,
      requestKey: returnRefundKey(a.id),
      remark: `售后退货 ${a.afterSaleNo} 档口退款¥${fenToYuan(base)}，扣退货服务费¥${fenToYuan(fee)}`,
    });
    await repo.linkEntry(t, a.id, r.entry.id);
  }
  const note = exchange
    ? '档口已收回退货，换货商品货款用于补发，不退款'
    : `档口退款 ¥${fenToYuan(base)}，退货服务费 ¥${fenToYuan(fee)}，退回余额 ¥${fenToYuan(net)}`;
  await move(t, a, { status: 'COMPLETE', returnStatus: 'FACTORY_RETURNED', refundedFen: net, finished: true }, actor, operation, note);
  await refreshOrderCode(t, a.orgId, a.orderId, actor, `售后单 ${a.afterSaleNo} 已完成`);
  // An exchange's buyer still waits for the new piece: the seller is told to place it (换货补发).
  const message = exchange
    ? { title: '换货待补发', content: `订单 ${orderNo} 的售后单 ${a.afterSaleNo}：档口已收回退货，请到售后详情点「换货补发」为买家补发（只付运费和服务费）` }
    : { title: '售后已退款', content: `订单 ${orderNo} 的售后单 ${a.afterSaleNo}：${note}` };
  await sendMessage(t, { orgId: a.orgId, kind: 'AFTER_SALE', ...message });
}

/** offline's afterSaleLineAnswered: the stall refunded (money, COMPLETE) or refused (FACTORY_REFUSE_TODEAL, the seller decides). */
export async function onReturnLineAnswered(t: Db, f: AfterSaleLineAnswered) {
  const found = await returns.findForPurchaser(t, f.purchaserOrgId, f.afterSaleId);
  if (!found) throw notFound('售后单');
  const { o, a } = await lockFor(t, found.orgId, found.orderId, f.afterSaleId);
  if (!stallAnswerExpected(a)) throw new AppError(ErrorCode.STATE_CONFLICT, `售后单 ${a.afterSaleNo} 不在待退档口状态，请刷新后查看`);
  const actor = { userId: f.userId, orgId: f.purchaserOrgId };
  if (f.outcome === 'FACTORY_RETURNED') return settleReturned(t, a, o.orderNo, f.refundFen, actor, 'FACTORY_RETURNED');
  await move(t, a, { status: a.status, returnStatus: 'FACTORY_REFUSE_TODEAL' }, actor, 'FACTORY_REFUSE', `档口拒退：${f.reason}`);
  await sendMessage(t, {
    orgId: a.orgId,
    kind: 'AFTER_SALE',
    title: '档口拒退，请处理',
    content: `订单 ${o.orderNo} 的售后单 ${a.afterSaleNo} 档口拒退（${f.reason}），请在售后详情选择接受拒退、协商退款或重新退档口`,
  });
}

type DecideInput = z.output<typeof AfterSaleDecideBody>;

/** The seller's decision on a stall's refusal: 接受拒退 (PROBLEM, goods back to the seller), 协商退款, 重新退档口. */
export async function decideRefusal(db: Db, caller: Caller, b: DecideInput) {
  return inTransaction(db, async (t) => {
    const found = await repo.findAfterSale(t, caller.orgId, b.id);
    if (!found) throw notFound('售后单');
    const { o, a, line } = await lockFor(t, caller.orgId, found.orderId, b.id);
    if (!canDecide(a)) throw new AppError(ErrorCode.AFTER_SALE_DECISION_NOT_ALLOWED, `售后单 ${a.afterSaleNo} 不是档口拒退、等待卖家处理的状态`);
    const actor = { userId: caller.userId, orgId: caller.orgId };
    const to = DECISION_TARGET[b.decision];
    const said = `${REFUSE_DECISION_NAMES[b.decision]}${b.note ? `：${b.note}` : ''}`;
    if (b.decision === 'ACCEPT_REFUSE') {
      await move(t, a, { status: 'PROBLEM', returnStatus: to }, actor, b.decision, `${said}，货物退回卖家`);
      await openProblemParcel(t, {
        orgId: a.orgId,
        purchaserOrgId: a.purchaserOrgId,
        source: 'STALL_REFUSE',
        afterSaleId: a.id,
        dropshipOrderId: o.id,
        trackingNo: a.returnWaybillNo,
        reason: `售后单 ${a.afterSaleNo} 档口拒退，卖家接受拒退，货物退回卖家`,
        goods: [goodOf(line, a.receivedQuantity ?? a.quantity)],
        userId: caller.userId,
      });
      await refreshOrderCode(t, a.orgId, o.id, actor, `售后单 ${a.afterSaleNo} 接受拒退`);
      return resultOf(a, 'PROBLEM', to);
    }
    if (b.decision === 'NEGOTIATE_REFUND') {
      const max = owedForReceived(a.refundFen, a.quantity, a.receivedQuantity ?? a.quantity);
      const fen = b.negotiateFen as number;
      if (fen > max) {
        throw new AppError(ErrorCode.AFTER_SALE_NEGOTIATE_TOO_LARGE, `协商退款 ¥${fenToYuan(fen)} 超过该售后实收商品的货款 ¥${fenToYuan(max)}，请修改金额`);
      }
      await returns.setNegotiateFen(t, a.orgId, a.id, fen);
      await move(t, a, { status: a.status, returnStatus: to }, actor, b.decision, `${said}，金额 ¥${fenToYuan(fen)}`);
    } else {
      await move(t, a, { status: a.status, returnStatus: to }, actor, b.decision, said);
    }
    return resultOf(a, a.status, to);
  });
}

type ConfirmInput = z.output<typeof AfterSaleConfirmBody>;

/**
 * The purchaser's confirmation of what waits for it: the stall agreed to the negotiated amount
 * (NEGOTIATE_REFUND → FACTORY_RETURNED_TOCONFIRM), the stall paid it (→ FACTORY_RETURNED, the money),
 * or the goods go back to the stall (GOODS_RETURNED_FACTORY_TOCONFIRM → WAIT_FACTORY, the refused line reopened).
 */
export async function confirmAfterSaleReturn(db: Db, caller: Caller, b: ConfirmInput) {
  requirePurchaser(caller);
  return inTransaction(db, async (t) => {
    const { o, a } = await lockForPurchaser(t, caller, b.id);
    const to = confirmTarget(a);
    if (!to) throw new AppError(ErrorCode.AFTER_SALE_CONFIRM_NOT_ALLOWED, `售后单 ${a.afterSaleNo} 当前没有等待采购商确认的事项`);
    const actor = { userId: caller.userId, orgId: caller.orgId };
    const note = b.note ? `，${b.note}` : '';
    if (to === 'FACTORY_RETURNED') {
      await settleReturned(t, a, o.orderNo, a.negotiateFen ?? 0, actor, 'CONFIRM_NEGOTIATED');
      return resultOf(a, 'COMPLETE', to);
    }
    if (to === 'WAIT_FACTORY') {
      const lineId = await returns.returnLineOf(t, caller.orgId, a.id);
      if (lineId === null || !(await reopenAfterSaleLine(t, caller.orgId, lineId, caller.userId, `售后单 ${a.afterSaleNo} 重新退档口`))) {
        throw new AppError(ErrorCode.STATE_CONFLICT, `售后单 ${a.afterSaleNo} 的退货明细不在档口拒退状态，请刷新后查看`);
      }
      await move(t, a, { status: a.status, returnStatus: to }, actor, 'CONFIRM_RETURN_AGAIN', `采购商确认重新退档口${note}`);
      return resultOf(a, a.status, to, lineId);
    }
    await move(t, a, { status: a.status, returnStatus: to }, actor, 'CONFIRM_NEGOTIATE', `档口同意协商退款 ¥${fenToYuan(a.negotiateFen ?? 0)}${note}`);
    return resultOf(a, a.status, to);
  });
}

/** POST /api/home/getReturnServiceFeeInfo: the operator's per-line return service fee and what it covers. */
export function returnServiceFeeInfo(): ReturnServiceFeeInfo {
  return { feeFen: OPERATOR_RETURN_SERVICE_FEE_FEN, covers: RETURN_SERVICE_FEE_COVERS, pricedBy: 'OPERATOR' };
}
