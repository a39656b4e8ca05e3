/**
 * Station messages that real events write (the header's unread count moves with them): one
 * function per event, so the wording and the event's dedupe key live in one place. Each runs in
 * the transaction of the change it reports; the dedupe key makes a retried job or a repeated
 * platform answer write nothing new. The handlers of other modules' hooks take structural facts,
 * so this module imports none of them (it sits below every module that writes a message).
 */
import { fenToYuan } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { sendMessage } from './messages.repository.js';

/** Handler of dropship-orders' `orderDelivered` (wired in src/hooks.ts): the seller learns the tracking number. */
export async function messageOnDelivery(t: Db, facts: { order: { id: number; orgId: number; orderNo: string; courierCode: string; trackingNo: string } }) {
  const o = facts.order;
  await sendMessage(t, {
    orgId: o.orgId,
    kind: 'SHIPPED',
    title: '订单已发货',
    content: `代发订单 ${o.orderNo} 已发货，快递 ${o.courierCode}，运单号 ${o.trackingNo}`,
    dedupeKey: `shipped:${o.id}`,
  });
}

/** A picking mark refunded the seller (缺货 or fewer taken): once per mark. */
export async function messageStockOutRefund(
  t: Db,
  e: { orgId: number; orderNo: string; lineName: string; resultName: string; refundFen: number; markKey: string },
) {
  await sendMessage(t, {
    orgId: e.orgId,
    kind: 'STOCK_OUT',
    title: `拿货结果：${e.resultName}，已退款`,
    content: `代发订单 ${e.orderNo} 的 ${e.lineName}：${e.resultName}，退回货款 ¥${fenToYuan(e.refundFen)}`,
    dedupeKey: `stock-out:${e.markKey}`,
  });
}

/** A 补款 request the seller must pay: once per request. */
export async function messageReplenishDue(t: Db, e: { orgId: number; replenishId: number; amountFen: number; reason: string; orderNo?: string }) {
  await sendMessage(t, {
    orgId: e.orgId,
    kind: 'REPLENISH',
    title: '有一笔补款待支付',
    content: `${e.orderNo ? `代发订单 ${e.orderNo} ` : ''}需补款 ¥${fenToYuan(e.amountFen)}（${e.reason}），请到 资金 → 充值记录 支付`,
    dedupeKey: `replenish:${e.replenishId}`,
  });
}

export type WithdrawalOutcome = 'SUCCESS' | 'REJECTED' | 'FAILED';
const WITHDRAWAL_TITLES: Record<WithdrawalOutcome, string> = { SUCCESS: '提现已到账', REJECTED: '提现被驳回', FAILED: '提现打款失败' };

/** A withdrawal's final result: once per withdrawal. */
export async function messageWithdrawalResult(
  t: Db,
  e: { orgId: number; withdrawNo: string; amountFen: number; outcome: WithdrawalOutcome; reason?: string | null },
) {
  const amount = `¥${fenToYuan(e.amountFen)}`;
  const content =
    e.outcome === 'SUCCESS'
      ? `提现单 ${e.withdrawNo} 的 ${amount} 已转入您的支付宝`
      : `提现单 ${e.withdrawNo} 的 ${amount} ${e.outcome === 'REJECTED' ? '被驳回' : '打款失败'}：${e.reason ?? ''}，金额已退回可用余额`;
  await sendMessage(t, { orgId: e.orgId, kind: 'WITHDRAWAL', title: WITHDRAWAL_TITLES[e.outcome], content, dedupeKey: `withdrawal:${e.withdrawNo}` });
}

/** A shop's authorization ended: once per authorization (a new one that ends again writes again). */
export async function messageShopExpired(t: Db, s: { orgId: number; id: number; name: string; lastAuthTime: Date | null }) {
  await sendMessage(t, {
    orgId: s.orgId,
    kind: 'SHOP_AUTH',
    title: '店铺授权已过期',
    content: `店铺「${s.name}」授权已过期，订单将无法同步，请到 基础设置 → 店铺授权 重新授权`,
    dedupeKey: `shop-expired:${s.id}:${s.lastAuthTime?.getTime() ?? 0}`,
  });
}

/** A shop's authorization ends within the reminder window: once per expiry date. */
export async function messageShopExpiring(t: Db, s: { orgId: number; id: number; name: string; expireTime: Date }, daysLeft: number) {
  await sendMessage(t, {
    orgId: s.orgId,
    kind: 'SHOP_AUTH',
    title: '店铺授权即将到期',
    content: `店铺「${s.name}」授权将在 ${daysLeft} 天内到期，请及时到 基础设置 → 店铺授权 重新授权`,
    dedupeKey: `shop-expiring:${s.id}:${s.expireTime.getTime()}`,
  });
}

/** A membership ends in 7 days or in 1 day: once per membership end and reminder (a renewal moves the end, so it is reminded again). */
export async function messageMemberExpiring(t: Db, m: { orgId: number; planName: string; expiresAt: Date }, daysLeft: 7 | 1) {
  const end = new Date(m.expiresAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
  await sendMessage(t, {
    orgId: m.orgId,
    kind: 'MEMBER',
    title: daysLeft === 1 ? '会员明天到期' : '会员即将到期',
    content: `您的会员「${m.planName}」将于 ${end} 到期（${daysLeft} 天内），到期后服务费恢复原价，请到 会员购买 续费`,
    dedupeKey: `member-expiring:${m.orgId}:${m.expiresAt.getTime()}:${daysLeft}`,
  });
}

/** Pushing the courier and tracking number back to the shop failed for good: once per order. */
export async function messageShipBackFailed(t: Db, e: { orgId: number; orderId: number; orderNo: string; reason: string }) {
  await sendMessage(t, {
    orgId: e.orgId,
    kind: 'SHIP_BACK',
    title: '发货回传失败',
    content: `代发订单 ${e.orderNo} 回传店铺失败：${e.reason}，请在店铺后台手动发货或重新授权后重试`,
    dedupeKey: `ship-back-failed:${e.orderId}`,
  });
}
