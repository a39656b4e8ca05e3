/**
 * The seller's answer to a marketplace after-sale (同意退款 / 拒绝退款, decision 0026), by hand or by an
 * automatic rule: the shop's token is got first (outside the transaction: a refresh writes the shop),
 * then one transaction locks the order and the after-sale, makes our move and only then tells the
 * platform, so a platform that refuses the answer rolls our move back: ours stays as it was and the
 * seller reads the platform's reason. An expired authorization changes nothing and says to re-authorize.
 *
 *   agree:  refund-only not shipped → the line stops and is refunded (as 拦截退款) → COMPLETE
 *           refund-only shipped     → COMPLETE, nothing refunded (the goods stay with the buyer)
 *           return, shipped         → GOODS_RETURNING / WAIT_SIGNED (the parcel is awaited)
 *   refuse: → REFUSE with the reason (shown to the buyer)
 */
import type { MarketplaceClient } from '@dropship/channels';
import { type AfterSaleDetail, type AfterSaleStatusCode, ErrorCode, fenToYuan } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { sendMessage } from '../messages/index.js';
import { clientOfShop, findShop, markExpired, type ShopRecord, type ShopsDeps, usableToken } from '../shops/index.js';
import * as repo from './after-sale.repository.js';
import { type Actor, completeByStop, completeCanceled, lockBoth, refreshOrderCode } from './after-sale.service.js';
import { canAnswer, isShipped } from './status-machine.js';

export const REAUTH_TO_ANSWER = '店铺授权已过期，请重新授权店铺（店铺授权 → 重新授权）后再处理该售后';
const UNANSWERABLE = '该平台不支持在本系统处理退款，请到平台后台处理';

/** The shop of a platform after-sale, its client when the platform takes answers, and a usable token. */
export interface AnswerAccess {
  shop: ShopRecord;
  client: MarketplaceClient;
  token: string;
}

/** Whether the after-sale's platform takes the seller's answer through the API (the detail's AGREE / REFUSE). */
export async function refundAnswerableOf(deps: ShopsDeps, orgId: number, shopId: number | null): Promise<boolean> {
  if (shopId === null) return false;
  const shop = await findShop(deps.db, orgId, shopId);
  const client = shop ? await clientOfShop(deps, shop) : null;
  return client?.refundAnswerable ?? false;
}

/** The detail's actions plus 同意 / 拒绝 when the after-sale waits for the seller and its platform takes answers. */
export async function withAnswerActions(deps: ShopsDeps, orgId: number, d: AfterSaleDetail): Promise<AfterSaleDetail> {
  const a = await repo.findAfterSale(deps.db, orgId, d.id);
  if (!a || !canAnswer(a) || !(await refundAnswerableOf(deps, orgId, a.shopId))) return d;
  return { ...d, actions: [...d.actions, 'AGREE', 'REFUSE'] };
}

/** The shop, client and token to answer with, or the Chinese reason why not (nothing changed). */
export async function answerAccess(deps: ShopsDeps, orgId: number, a: repo.AfterSaleRecord): Promise<AnswerAccess> {
  const shop = a.shopId === null ? undefined : await findShop(deps.db, orgId, a.shopId);
  if (!shop) throw new AppError(ErrorCode.AFTER_SALE_NOT_ANSWERABLE, `售后单 ${a.afterSaleNo} 的店铺已删除，请到平台后台处理`);
  const client = await clientOfShop(deps, shop);
  if (!client?.refundAnswerable) throw new AppError(ErrorCode.AFTER_SALE_NOT_ANSWERABLE, UNANSWERABLE);
  const token = await usableToken(deps, shop, client);
  if (!token) throw new AppError(ErrorCode.AFTER_SALE_SHOP_REAUTH, REAUTH_TO_ANSWER);
  return { shop, client, token };
}

/** A refusal of our answer by the platform; `retryable` when asking again later may pass. */
export class PlatformAnswerRefused extends AppError {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly tokenExpired: boolean,
  ) {
    super(tokenExpired ? ErrorCode.AFTER_SALE_SHOP_REAUTH : ErrorCode.AFTER_SALE_PLATFORM_REFUSED, message);
  }
}

async function tellPlatform(access: AnswerAccess, a: repo.AfterSaleRecord, platformOrderId: string | null, agree: boolean, reason?: string) {
  const out = await access.client.answerRefund({
    token: access.token,
    platformRefundId: a.platformRefundId as string,
    ...(platformOrderId ? { platformOrderId } : {}),
    agree,
    ...(reason ? { reason } : {}),
  });
  if (out.ok) return;
  if (out.kind === 'TOKEN_EXPIRED') throw new PlatformAnswerRefused(REAUTH_TO_ANSWER, false, true);
  throw new PlatformAnswerRefused(`平台未接受${agree ? '同意' : '拒绝'}退款，售后单未改变：${out.message}`, out.retryable, false);
}

export interface AnswerOptions {
  agree: boolean;
  reason?: string;
  /** The timeline's operation: AGREE / REFUSE by hand, AUTO_AGREE by a rule. */
  operation: string;
  /** Who answers, for the timeline's note ('卖家' or '自动售后规则「…」'). */
  by: string;
}

/** What the answer did here, for the caller's answer and the rule's log. */
export interface AnswerDone {
  id: number;
  afterSaleNo: string;
  status: AfterSaleStatusCode;
  refundedFen: number;
  note: string;
}

/** Our move for an agree, in the transaction, before the platform is told. */
async function agreeHere(t: Db, actor: Actor, a: repo.AfterSaleRecord, orderStatus: string, unitCostFen: number, o: AnswerOptions) {
  if (!isShipped(orderStatus)) {
    const done =
      orderStatus === 'CANCELED'
        ? await completeCanceled(t, actor.orgId, a, unitCostFen)
        : await completeByStop(t, actor, a, o.operation, `${o.by}同意退款，停止拿货`);
    return { status: done.status, refundedFen: done.refundedFen, note: `已停止拿货，退回货款 ¥${fenToYuan(done.refundedFen)}` };
  }
  if (a.type === 'RETURN_GOODS_DELIVERY' || a.type === 'EXCHANGE_GOODS') {
    if (!(await repo.moveAfterSale(t, actor.orgId, a.id, 'REFUNDING', { status: 'GOODS_RETURNING', returnStatus: 'WAIT_SIGNED' }))) {
      throw new AppError(ErrorCode.STATE_CONFLICT);
    }
    const note = `${o.by}同意退货，等待买家寄回${a.returnWaybillNo ? `（退货单号 ${a.returnWaybillNo}）` : ''}，仓库签收后退款`;
    await repo.insertEvents(t, actor.orgId, { userId: actor.userId || null, orgId: actor.orgId }, [
      { afterSaleId: a.id, fromStatus: 'REFUNDING', toStatus: 'GOODS_RETURNING', operation: o.operation, note },
    ]);
    return { status: 'GOODS_RETURNING' as const, refundedFen: a.refundedFen, note: '已转为退货中，等待买家寄回' };
  }
  if (!(await repo.moveAfterSale(t, actor.orgId, a.id, 'REFUNDING', { status: 'COMPLETE', finished: true }))) throw new AppError(ErrorCode.STATE_CONFLICT);
  const note = `${o.by}同意退款。商品已发货、在买家手中，档口不退货款，本单不退款`;
  await repo.insertEvents(t, actor.orgId, { userId: actor.userId || null, orgId: actor.orgId }, [
    { afterSaleId: a.id, fromStatus: 'REFUNDING', toStatus: 'COMPLETE', operation: o.operation, note },
  ]);
  return { status: 'COMPLETE' as const, refundedFen: a.refundedFen, note: '已完成（已发货，不退货款）' };
}

/**
 * 同意退款 / 拒绝退款 on a platform after-sale in REFUNDING. Not found for another seller's id; the
 * platform's refusal rolls our move back (PlatformAnswerRefused, its reason in Chinese).
 */
export async function answerAfterSale(deps: ShopsDeps, actor: Actor, id: number, o: AnswerOptions): Promise<AnswerDone> {
  const found = await repo.findAfterSale(deps.db, actor.orgId, id);
  if (!found) throw notFound('售后单');
  if (!canAnswer(found)) throw notAnswerable(found);
  const access = await answerAccess(deps, actor.orgId, found);
  try {
    return await inTransaction(deps.db, async (t) => {
      const { a, o: order, line } = await lockBoth(t, actor.orgId, id);
      if (!canAnswer(a)) throw notAnswerable(a);
      let done: Omit<AnswerDone, 'id' | 'afterSaleNo'>;
      if (o.agree) {
        done = await agreeHere(t, actor, a, order.status, line.unitCostFen, o);
      } else {
        if (!(await repo.moveAfterSale(t, actor.orgId, a.id, 'REFUNDING', { status: 'REFUSE', finished: true }))) throw new AppError(ErrorCode.STATE_CONFLICT);
        await repo.insertEvents(t, actor.orgId, { userId: actor.userId || null, orgId: actor.orgId }, [
          { afterSaleId: a.id, fromStatus: 'REFUNDING', toStatus: 'REFUSE', operation: o.operation, note: `${o.by}拒绝退款：${o.reason ?? ''}` },
        ]);
        done = { status: 'REFUSE', refundedFen: a.refundedFen, note: `已拒绝：${o.reason ?? ''}` };
      }
      await tellPlatform(access, a, order.platformOrderId, o.agree, o.reason);
      await refreshOrderCode(
        t,
        actor.orgId,
        order.id,
        { userId: actor.userId || null, orgId: actor.orgId },
        `售后单 ${a.afterSaleNo} ${o.agree ? '已同意' : '已拒绝'}`,
      );
      await sendMessage(t, {
        orgId: actor.orgId,
        kind: 'AFTER_SALE',
        title: o.agree ? '售后已同意' : '售后已拒绝',
        content: `订单 ${order.orderNo} 的售后单 ${a.afterSaleNo}：${done.note}，平台已收到处理结果`,
      });
      return { id: a.id, afterSaleNo: a.afterSaleNo, ...done };
    });
  } catch (e) {
    if (e instanceof PlatformAnswerRefused && e.tokenExpired) await markExpired(deps.db, access.shop);
    throw e;
  }
}

/**
 * A rule's agree on an after-sale our side already completed from a stop (the auto-intercept stopped the
 * line first): only the platform is told; the timeline notes it.
 */
export async function agreeOnPlatformOnly(deps: ShopsDeps, actor: Actor, a: repo.AfterSaleRecord, by: string, platformOrderId: string | null) {
  const access = await answerAccess(deps, actor.orgId, a);
  try {
    await tellPlatform(access, a, platformOrderId, true);
  } catch (e) {
    if (e instanceof PlatformAnswerRefused && e.tokenExpired) await markExpired(deps.db, access.shop);
    throw e;
  }
  await repo.insertEvents(deps.db, actor.orgId, { userId: actor.userId || null, orgId: actor.orgId }, [
    { afterSaleId: a.id, fromStatus: a.status, toStatus: a.status, operation: 'AUTO_AGREE', note: `${by}已在平台同意退款` },
  ]);
}

function notAnswerable(a: repo.AfterSaleRecord) {
  const why =
    a.source !== 'PLATFORM'
      ? '只有平台发起的售后可以同意或拒绝'
      : `售后单已是${a.status === 'REFUSE' ? '已拒绝' : a.status === 'CLOSE' ? '已关闭' : '处理后的'}状态`;
  return new AppError(ErrorCode.AFTER_SALE_NOT_ANSWERABLE, `售后单 ${a.afterSaleNo} 不能同意或拒绝退款：${why}`);
}
