/**
 * Refunds as the buyer, the platform and the seller move them in the emulator (tests and the demo
 * drive them; ChannelCore exposes each as a method). The stored refund keeps one platform-neutral
 * phase in platformStatus, Taobao's codes as the generator writes them, and each channel's
 * viewRefund turns the phase into its own status code. Every change stamps the refund and its
 * order as modified now, so the next incremental sync meets both.
 */
import { toSecond } from './china-time.ts';
import type { ChannelCore } from './emulator-core.ts';
import type { NormalizedOrder, NormalizedOrderItem, NormalizedRefund, ShopRefundState } from './types.ts';

/** The phases the emulator moves a refund through (platformStatus of the stored refund). */
export const REFUND_PHASE = {
  /** The buyer asked; the seller has not answered. The only phase a seller's answer is taken in. */
  WAIT_SELLER_AGREE: 'WAIT_SELLER_AGREE',
  /** The seller agreed to a return: the buyer is to send the goods back. */
  WAIT_BUYER_RETURN_GOODS: 'WAIT_BUYER_RETURN_GOODS',
  /** The buyer sent the goods back (generated history only). */
  WAIT_SELLER_CONFIRM_GOODS: 'WAIT_SELLER_CONFIRM_GOODS',
  /** The seller refused: nothing is being refunded unless the buyer changes the request. */
  SELLER_REFUSE_BUYER: 'SELLER_REFUSE_BUYER',
  /** The buyer withdrew it. */
  CLOSED: 'CLOSED',
  /** The platform paid the buyer. */
  SUCCESS: 'SUCCESS',
} as const;
export type RefundPhase = (typeof REFUND_PHASE)[keyof typeof REFUND_PHASE];

const STATE_OF: Record<RefundPhase, ShopRefundState> = {
  WAIT_SELLER_AGREE: 'REFUNDING',
  WAIT_BUYER_RETURN_GOODS: 'REFUNDING',
  WAIT_SELLER_CONFIRM_GOODS: 'REFUNDING',
  SELLER_REFUSE_BUYER: 'CLOSED',
  CLOSED: 'CLOSED',
  SUCCESS: 'REFUNDED',
};

export interface OpenRefundInput {
  /** The line (as stored, or as the channel's client reads it); the whole order when undefined. */
  platformItemId?: string;
  /** Default: all that was paid for the line (or the order). */
  refundFen?: number;
  reason?: string;
  hasGoodReturn?: boolean;
  /** A return the buyer already sent: its courier and waybill. */
  returnCourierName?: string;
  returnWaybillNo?: string;
}

export type RefundPatch = Partial<Pick<NormalizedRefund, 'refundFen' | 'reason' | 'hasGoodReturn' | 'returnCourierName' | 'returnWaybillNo'>>;

/** Why the platform does not take a seller's answer: not the shop's refund, or not waiting for one. */
export type RefundAnswerDenial = 'NOT_FOUND' | 'NOT_WAITING';

const fail = (core: ChannelCore, why: string) => new Error(`模拟器（${core.channel}）：${why}`);

function stored(core: ChannelCore, platformRefundId: string) {
  const s = core.refunds.get(platformRefundId);
  if (!s) throw fail(core, `没有退款单 ${platformRefundId}`);
  return s;
}

function orderOf(core: ChannelCore, refund: NormalizedRefund): NormalizedOrder {
  const s = core.orders.get(refund.platformOrderId);
  if (!s) throw fail(core, `没有订单 ${refund.platformOrderId}`);
  return s.order;
}

/** The stored line a caller names: by its stored id, or by the id the channel's client reads (PDD's SKU, Kuaishou's order id …). */
function lineOf(core: ChannelCore, order: NormalizedOrder, id: string): NormalizedOrderItem | undefined {
  const direct = order.items.find((i) => i.platformItemId === id);
  if (direct) return direct;
  const at = core.handler.view(order, core).items.findIndex((i) => i.platformItemId === id);
  return at >= 0 ? order.items[at] : undefined;
}

const covers = (refund: NormalizedRefund, item: NormalizedOrderItem) => refund.platformItemId === undefined || refund.platformItemId === item.platformItemId;

/** Another refund of the same order, still refunding, on a line this one covers. */
function busyBeside(core: ChannelCore, refund: NormalizedRefund): boolean {
  const lines = orderOf(core, refund).items.filter((i) => covers(refund, i));
  return [...core.refunds.values()].some(
    (r) =>
      r.refund.platformRefundId !== refund.platformRefundId &&
      r.refund.platformOrderId === refund.platformOrderId &&
      r.refund.state === 'REFUNDING' &&
      lines.some((i) => covers(r.refund, i)),
  );
}

/** Sets the refund's lines to `state` and stamps the order; an order refunded on every line is closed, as the platforms close it. */
function markLines(core: ChannelCore, refund: NormalizedRefund, state: ShopRefundState): void {
  const order = orderOf(core, refund);
  const items = order.items.map((i) => (covers(refund, i) ? { ...i, refundState: state } : i));
  const closed = items.every((i) => i.refundState === 'REFUNDED');
  core.modifyOrder(order.platformOrderId, { items, ...(closed ? { status: 'CLOSED' as const } : {}) });
}

function move(core: ChannelCore, platformRefundId: string, phase: RefundPhase, patch: RefundPatch = {}): NormalizedRefund {
  const s = stored(core, platformRefundId);
  s.refund = { ...s.refund, ...patch, platformStatus: phase, state: STATE_OF[phase], modifiedAt: toSecond(core.now()) };
  const line: ShopRefundState = phase === 'SUCCESS' ? 'REFUNDED' : STATE_OF[phase] === 'REFUNDING' ? 'REFUNDING' : 'NONE';
  markLines(core, s.refund, line);
  return s.refund;
}

export function openRefund(core: ChannelCore, platformOrderId: string, input: OpenRefundInput, platformRefundId: string): NormalizedRefund {
  const s = core.orders.get(platformOrderId);
  if (!s) throw fail(core, `没有订单 ${platformOrderId}，不能申请退款`);
  const order = s.order;
  if (!order.paidAt) throw fail(core, `订单 ${platformOrderId} 未付款，不能申请退款`);
  const line = input.platformItemId === undefined ? undefined : lineOf(core, order, input.platformItemId);
  if (input.platformItemId !== undefined && !line) throw fail(core, `订单 ${platformOrderId} 没有商品 ${input.platformItemId}`);
  const lines = line ? [line] : order.items;
  if (lines.some((i) => i.refundState === 'REFUNDED')) throw fail(core, `订单 ${platformOrderId} 的商品已退款，不能再申请`);
  const busy = [...core.refunds.values()].some(
    (r) => r.refund.platformOrderId === platformOrderId && r.refund.state === 'REFUNDING' && lines.some((i) => covers(r.refund, i)),
  );
  if (busy) throw fail(core, `订单 ${platformOrderId} 的商品已有进行中的退款`);
  const maxFen = line ? line.paymentFen : order.paymentFen;
  const refundFen = input.refundFen ?? maxFen;
  if (!Number.isInteger(refundFen) || refundFen <= 0) throw fail(core, `退款金额必须是正整数（分）：${refundFen}`);
  if (refundFen > maxFen) throw fail(core, `退款金额 ${refundFen} 分超过实付 ${maxFen} 分`);
  const now = toSecond(core.now());
  const refund: NormalizedRefund = {
    platformRefundId,
    platformOrderId,
    platformItemId: line?.platformItemId,
    platformStatus: REFUND_PHASE.WAIT_SELLER_AGREE,
    state: 'REFUNDING',
    refundFen,
    reason: input.reason ?? '不想要了',
    hasGoodReturn: input.hasGoodReturn ?? false,
    ...(input.returnWaybillNo ? { returnWaybillNo: input.returnWaybillNo, returnCourierName: input.returnCourierName ?? '' } : {}),
    createdAt: now,
    modifiedAt: now,
  };
  core.refunds.set(platformRefundId, { shopId: s.shopId, refund });
  markLines(core, refund, 'REFUNDING');
  return refund;
}

/** The buyer changes the request (amount, reason, return): while it waits for the seller, or after a refusal, which it re-opens. */
export function changeRefund(core: ChannelCore, platformRefundId: string, patch: RefundPatch): NormalizedRefund {
  const { refund } = stored(core, platformRefundId);
  if (refund.platformStatus !== REFUND_PHASE.WAIT_SELLER_AGREE && refund.platformStatus !== REFUND_PHASE.SELLER_REFUSE_BUYER)
    throw fail(core, `退款单 ${platformRefundId} 当前状态（${refund.platformStatus}）不能修改`);
  if (refund.platformStatus === REFUND_PHASE.SELLER_REFUSE_BUYER && busyBeside(core, refund))
    throw fail(core, `订单 ${refund.platformOrderId} 的商品已有另一笔进行中的退款，不能重新打开 ${platformRefundId}`);
  if (patch.refundFen !== undefined) {
    const order = orderOf(core, refund);
    const line = refund.platformItemId === undefined ? undefined : order.items.find((i) => i.platformItemId === refund.platformItemId);
    const maxFen = line ? line.paymentFen : order.paymentFen;
    if (!Number.isInteger(patch.refundFen) || patch.refundFen <= 0 || patch.refundFen > maxFen)
      throw fail(core, `退款金额 ${patch.refundFen} 分不在 1 到实付 ${maxFen} 分之间`);
  }
  return move(core, platformRefundId, REFUND_PHASE.WAIT_SELLER_AGREE, patch);
}

/** The buyer withdraws the request: closed, the lines back to no refund. */
export function cancelRefund(core: ChannelCore, platformRefundId: string): NormalizedRefund {
  const { refund } = stored(core, platformRefundId);
  if (refund.state !== 'REFUNDING' && refund.platformStatus !== REFUND_PHASE.SELLER_REFUSE_BUYER)
    throw fail(core, `退款单 ${platformRefundId} 已结束（${refund.platformStatus}），不能撤销`);
  return move(core, platformRefundId, REFUND_PHASE.CLOSED);
}

/** The platform pays the buyer (its own ruling, a timeout, or the return received). */
export function completeRefund(core: ChannelCore, platformRefundId: string): NormalizedRefund {
  const { refund } = stored(core, platformRefundId);
  if (refund.state !== 'REFUNDING') throw fail(core, `退款单 ${platformRefundId} 不在退款中（${refund.platformStatus}），不能完成`);
  return move(core, platformRefundId, REFUND_PHASE.SUCCESS);
}

/**
 * The seller's answer as a platform takes it: only the shop's own refund, only while it waits for the
 * seller. Agreeing pays at once unless goods come back (`withReturn`, default the refund's own flag:
 * a channel whose refunds are money-only passes false); refusing closes it for now.
 */
export function answerRefund(
  core: ChannelCore,
  shopId: string,
  platformRefundId: string,
  agree: boolean,
  withReturn?: boolean,
): { ok: true; refund: NormalizedRefund } | { ok: false; why: RefundAnswerDenial } {
  const s = core.refunds.get(platformRefundId);
  if (!s || s.shopId !== shopId) return { ok: false, why: 'NOT_FOUND' };
  if (s.refund.platformStatus !== REFUND_PHASE.WAIT_SELLER_AGREE) return { ok: false, why: 'NOT_WAITING' };
  const phase = !agree
    ? REFUND_PHASE.SELLER_REFUSE_BUYER
    : (withReturn ?? s.refund.hasGoodReturn)
      ? REFUND_PHASE.WAIT_BUYER_RETURN_GOODS
      : REFUND_PHASE.SUCCESS;
  return { ok: true, refund: move(core, platformRefundId, phase) };
}
