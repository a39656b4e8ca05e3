/**
 * Automatic after-sale (自动售后, decision 0026): the seller's per-shop rules, and the job that applies
 * them to every platform after-sale the shop sync opens, once, logging its decision with the rule that
 * made it (APPLIED / SKIPPED with why / FAILED with the reason).
 *
 * Who owns what beside the auto-intercept of 代发设置 (decision 0020): the auto-intercept owns stopping
 * lines and cancelling orders on a refund (it runs first on the same hook, and the after-sale then
 * completes from its stop); a rule owns the seller's answer on the platform, and stops the line itself
 * only when the auto-intercept did not (it is off). So one refund is stopped and refunded once, by
 * whichever runs first: completeByStop never stops a line already stopped.
 */
import {
  type ActiveAutoSaleTag,
  AUTO_AFTER_SALE_RULE_NAMES,
  type AutoAfterSaleRule,
  type AutoAfterSaleRuleCode,
  type AutoAfterSaleSaveBody,
  type AutoAfterSaleSettings,
  fenToYuan,
} from '@dropship/contract';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { findOrders } from '../dropship-orders/index.js';
import { mainUserOf } from '../fulfilment-settings/index.js';
import type { JobContext, JobQueue } from '../jobs/index.js';
import type { RefundsSynced } from '../shop-orders/index.js';
import { clientOfShop, findShop, listShops, type ShopsDeps } from '../shops/index.js';
import * as asRepo from './after-sale.repository.js';
import { agreeOnPlatformOnly, answerAfterSale, PlatformAnswerRefused } from './answer.service.js';
import * as repo from './auto-after-sale.repository.js';
import { isShipped } from './status-machine.js';

export const AUTO_AFTER_SALE_JOB = 'afterSale.auto';
export const AUTO_AFTER_SALE_MAX_ATTEMPTS = 4;
export const AutoAfterSalePayload = z.object({ orgId: z.number().int(), afterSaleId: z.number().int() });

const NO_RULE: AutoAfterSaleRule = { unshippedRefundAgree: false, shippedReturnCreate: false, maxRefundFen: null, reasons: [] };
const isActive = (r: AutoAfterSaleRule) => r.unshippedRefundAgree || r.shippedReturnCreate;
const ruleValues = (r: repo.RuleRecord | undefined): AutoAfterSaleRule =>
  r ? { unshippedRefundAgree: r.unshippedRefundAgree, shippedReturnCreate: r.shippedReturnCreate, maxRefundFen: r.maxRefundFen, reasons: r.reasons } : NO_RULE;

/** Every shop of the seller with its rules (none set: all off). */
export async function autoAfterSaleSettings(deps: ShopsDeps, caller: Caller): Promise<AutoAfterSaleSettings> {
  const list = await listShops(deps.db, caller, {});
  const rules = await repo.rulesOf(deps.db, caller.orgId);
  const answerable = new Map<string, boolean>();
  const shops = [];
  for (const s of list) {
    if (!answerable.has(s.channel)) {
      const shop = await findShop(deps.db, caller.orgId, s.id);
      answerable.set(s.channel, shop ? ((await clientOfShop(deps, shop))?.refundAnswerable ?? false) : false);
    }
    const r = rules.find((x) => x.shopId === s.id);
    const rule = ruleValues(r);
    shops.push({
      shopId: s.id,
      shopName: s.name,
      channel: s.channel,
      refundAnswerable: answerable.get(s.channel) ?? false,
      rule,
      active: isActive(rule),
      updatedAt: r ? r.updatedAt.toISOString() : null,
    });
  }
  return { shops };
}

/** Saves the same rules on every shop chosen; another seller's shop is not found. */
export async function saveAutoAfterSale(db: Db, caller: Caller, body: z.output<typeof AutoAfterSaleSaveBody>) {
  const ids = [...new Set(body.shopIds)];
  for (const id of ids) if (!(await findShop(db, caller.orgId, id))) throw notFound('店铺');
  const reasons = [...new Set(body.reasons.map((r) => r.trim()).filter(Boolean))];
  const values = { unshippedRefundAgree: body.unshippedRefundAgree, shippedReturnCreate: body.shippedReturnCreate, maxRefundFen: body.maxRefundFen, reasons };
  await repo.saveRules(db, caller.orgId, ids, values, caller.userId);
  return { saved: ids.length };
}

/** activeAutoSaleTag: whether any of the seller's shops has a rule on. */
export async function activeAutoSaleTag(db: Db, caller: Caller): Promise<ActiveAutoSaleTag> {
  const shops = await repo.activeShopCount(db, caller.orgId);
  return { active: shops > 0, shops };
}

/**
 * shop-orders' refundsSynced handler (wired in src/hooks.ts after afterSalesOnRefunds, which opened the
 * after-sales): one job per platform after-sale still waiting on the platform, never decided, whose shop
 * has a rule on. The queue's singleton key and the log's unique after-sale make it run once.
 */
export async function autoAfterSaleOnRefunds(db: Db, f: RefundsSynced) {
  if (!f.jobs || f.platformOrderIds.length === 0) return;
  for (const afterSaleId of await repo.undecidedOf(db, f.orgId, f.shopId, f.platformOrderIds)) {
    await enqueueAutoAfterSale(f.jobs, db, f.orgId, afterSaleId);
  }
}

export async function enqueueAutoAfterSale(jobs: JobQueue, db: Db, orgId: number, afterSaleId: number) {
  await jobs.enqueue(
    AUTO_AFTER_SALE_JOB,
    { orgId, afterSaleId },
    { singletonKey: `${AUTO_AFTER_SALE_JOB}:${afterSaleId}`, maxAttempts: AUTO_AFTER_SALE_MAX_ATTEMPTS },
    db,
  );
}

type Decision = { rule: AutoAfterSaleRuleCode | null; skip?: string };

/** Which rule a platform after-sale falls under, and why it is skipped when it is. Pure. */
export function decide(
  rule: AutoAfterSaleRule,
  a: Pick<asRepo.AfterSaleRecord, 'type' | 'status' | 'platformRefundFen' | 'reason'>,
  orderStatus: string,
): Decision {
  const shipped = isShipped(orderStatus);
  const code: AutoAfterSaleRuleCode | null = !shipped
    ? a.type === 'REFUND_UNDELIVERY'
      ? 'UNSHIPPED_REFUND_AGREE'
      : null
    : a.type === 'RETURN_GOODS_DELIVERY'
      ? 'SHIPPED_RETURN_CREATE'
      : null;
  if (!code) return { rule: null, skip: shipped ? '已发货仅退款不在自动售后规则内，请手动处理' : '未发货的退货退款不在自动售后规则内，请手动处理' };
  const on = code === 'UNSHIPPED_REFUND_AGREE' ? rule.unshippedRefundAgree : rule.shippedReturnCreate;
  if (!on) return { rule: code, skip: '店铺未开启该规则' };
  if (a.status !== 'REFUNDING' && !(code === 'UNSHIPPED_REFUND_AGREE' && a.status === 'COMPLETE')) {
    return { rule: code, skip: `售后单已是${a.status === 'CLOSE' ? '已关闭' : a.status === 'REFUSE' ? '已拒绝' : '处理中'}状态` };
  }
  if (rule.maxRefundFen !== null && a.platformRefundFen > rule.maxRefundFen) {
    return { rule: code, skip: `退款金额 ¥${fenToYuan(a.platformRefundFen)} 超过规则上限 ¥${fenToYuan(rule.maxRefundFen)}` };
  }
  if (rule.reasons.length > 0 && !rule.reasons.some((r) => a.reason.includes(r))) {
    return { rule: code, skip: `退款原因「${a.reason || '未填写'}」不在规则的原因列表（${rule.reasons.join('、')}）内` };
  }
  return { rule: code };
}

/** The job: decides one platform after-sale once and logs it. Throws only for the queue to retry. */
export async function runAutoAfterSale(deps: ShopsDeps, p: z.output<typeof AutoAfterSalePayload>, ctx: Pick<JobContext, 'attempt' | 'maxAttempts'>) {
  const { db } = deps;
  const a = await asRepo.findAfterSale(db, p.orgId, p.afterSaleId);
  if (a?.source !== 'PLATFORM' || a.shopId === null || (await repo.hasLog(db, a.id))) return;
  const log = (rule: AutoAfterSaleRuleCode | null, result: 'APPLIED' | 'SKIPPED' | 'FAILED', message: string) =>
    repo.insertLog(db, { orgId: p.orgId, shopId: a.shopId as number, afterSaleId: a.id, rule, result, message });
  const rule = ruleValues(await repo.ruleOf(db, p.orgId, a.shopId));
  if (!isActive(rule)) return log(null, 'SKIPPED', '店铺未开启自动售后规则');
  const [order] = await findOrders(db, p.orgId, [a.orderId]);
  if (!order) return;
  const d = decide(rule, a, order.status);
  if (d.skip) return log(d.rule, 'SKIPPED', d.skip);
  const code = d.rule as AutoAfterSaleRuleCode;
  const by = `自动售后规则「${AUTO_AFTER_SALE_RULE_NAMES[code]}」`;
  const actor = { userId: (await mainUserOf(db, p.orgId)) ?? 0, orgId: p.orgId };
  try {
    if (a.status === 'COMPLETE') {
      // The auto-intercept stopped the line and refunded it already: only the platform's answer is left.
      if (a.platformRefundState !== 'REFUNDING') return log(code, 'SKIPPED', '平台退款已不在待处理状态');
      await agreeOnPlatformOnly(deps, actor, a, by, order.platformOrderId);
      return log(code, 'APPLIED', `自动拦截已停止拿货并退回货款 ¥${fenToYuan(a.refundedFen)}；已在平台同意退款`);
    }
    const done = await answerAfterSale(deps, actor, a.id, {
      agree: true,
      operation: code === 'UNSHIPPED_REFUND_AGREE' ? 'AUTO_INTERCEPT_RULE' : 'AUTO_RETURN',
      by,
    });
    return log(code, 'APPLIED', `${done.note}；已在平台同意退款`);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    if (e instanceof PlatformAnswerRefused && e.retryable && ctx.attempt < ctx.maxAttempts) throw e;
    return log(code, 'FAILED', e.message);
  }
}
