/**
 * Membership (decision 0033): the operator's plans (save while not on sale, publish, withdraw), the
 * seller's purchase with the balance, renewals extending from the current end, the member's service
 * fee, and the expiry reminders. A purchase queues on the seller's membership row, so the same request
 * key twice at once buys once; a plan is read under a share lock, so a withdraw either comes first
 * (the purchase is refused) or waits for the purchase to commit.
 */
import { ErrorCode, type MemberBuyResult, type MemberPlanOffer, type MemberPlanRow, type MemberPlanSaveBody, type MemberStatus } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { moveMoney } from '../funds/index.js';
import { messageMemberExpiring } from '../messages/index.js';
import * as repo from './membership.repository.js';

export interface Actor {
  orgId: number;
  userId: number;
}

const DAY_MS = 86_400_000;

export const toPlanRow = (p: repo.PlanRecord): MemberPlanRow => ({
  id: p.id,
  name: p.name,
  termDays: p.termDays,
  priceFen: p.priceFen,
  serviceFeePercent: p.serviceFeePercent,
  serviceFeeOffPerItemFen: p.serviceFeeOffPerItemFen,
  status: p.status,
  updatedAt: p.updatedAt.toISOString(),
});

const toOffer = (p: repo.PlanRecord): MemberPlanOffer => {
  const { status: _s, updatedAt: _u, ...offer } = toPlanRow(p);
  return offer;
};

export async function listPlans(db: Db) {
  return (await repo.allPlans(db)).map(toPlanRow);
}

export async function listOffers(db: Db) {
  return (await repo.publishedPlans(db)).map(toOffer);
}

/** New plans start unpublished; a published plan is withdrawn before it is changed, so no seller pays for terms that moved. */
export async function savePlan(db: Db, userId: number, b: z.output<typeof MemberPlanSaveBody>) {
  const values = {
    name: b.name,
    termDays: b.termDays,
    priceFen: b.priceFen,
    serviceFeePercent: b.serviceFeePercent,
    serviceFeeOffPerItemFen: b.serviceFeeOffPerItemFen,
  };
  return inTransaction(db, async (t) => {
    if (b.id === undefined) return toPlanRow(await repo.insertPlan(t, { ...values, createdBy: userId }));
    const p = await repo.lockPlan(t, b.id);
    if (!p) throw notFound('会员套餐');
    if (p.status === 'PUBLISHED') throw new AppError(ErrorCode.MEMBER_PLAN_NOT_EDITABLE);
    return toPlanRow(await repo.updatePlan(t, p.id, values));
  });
}

async function movePlan(db: Db, id: number, from: repo.PlanRecord['status'][], to: repo.PlanRecord['status']) {
  return inTransaction(db, async (t) => {
    const p = await repo.lockPlan(t, id);
    if (!p) throw notFound('会员套餐');
    if (!from.includes(p.status)) throw new AppError(ErrorCode.MEMBER_PLAN_STATUS);
    return toPlanRow(await repo.updatePlan(t, id, { status: to }));
  });
}

export const publishPlan = (db: Db, id: number) => movePlan(db, id, ['DRAFT', 'WITHDRAWN'], 'PUBLISHED');
export const withdrawPlan = (db: Db, id: number) => movePlan(db, id, ['PUBLISHED'], 'WITHDRAWN');

const isActive = (m: repo.MembershipRecord | undefined, now: Date): m is repo.MembershipRecord & { expiresAt: Date } =>
  !!m?.expiresAt && m.expiresAt.getTime() > now.getTime();

export async function memberStatus(db: Db, orgId: number, now = new Date()): Promise<MemberStatus> {
  const m = await repo.findMembership(db, orgId);
  if (!isActive(m, now)) return { active: false, planName: null, expiresAt: null, serviceFeePercent: 100, serviceFeeOffPerItemFen: 0 };
  return {
    active: true,
    planName: m.planName,
    expiresAt: m.expiresAt.toISOString(),
    serviceFeePercent: m.serviceFeePercent,
    serviceFeeOffPerItemFen: m.serviceFeeOffPerItemFen,
  };
}

/**
 * The dropship service fee rule of a seller now, read once per placing: the base fee at the plan's
 * share (rounded to the fen), less the plan's fen off per item, never below 0; offFen is what
 * membership took off (kept on the order). Without a running membership the fee is the base fee.
 */
export async function memberServiceFee(db: Db, orgId: number, now = new Date()) {
  const m = await repo.findMembership(db, orgId);
  const active = isActive(m, now) ? m : null;
  return (baseFen: number, itemCount: number) => {
    if (!active || baseFen <= 0) return { feeFen: baseFen, offFen: 0 };
    const feeFen = Math.max(0, Math.round((baseFen * active.serviceFeePercent) / 100) - active.serviceFeeOffPerItemFen * itemCount);
    return { feeFen, offFen: baseFen - feeFen };
  };
}

/** A published plan, or 20300 (withdrawn, never published, or not there). Read under a share lock inside a purchase. */
export async function planOnSale(db: Db, planId: number, lock: boolean) {
  const p = lock ? await repo.planForSale(db, planId) : await repo.findPlan(db, planId);
  if (p?.status !== 'PUBLISHED') throw new AppError(ErrorCode.MEMBER_PLAN_UNAVAILABLE);
  return p;
}

/** Takes the plan's term onto the membership: from its current end while it runs, else from now. Answers the new end. */
export async function extendMembership(
  t: Db,
  orgId: number,
  plan: Pick<repo.PlanRecord, 'id' | 'name' | 'termDays' | 'serviceFeePercent' | 'serviceFeeOffPerItemFen'>,
  now = new Date(),
) {
  const m = await repo.lockMembership(t, orgId);
  const running = isActive(m, now);
  const from = running ? m.expiresAt : now;
  const expiresAt = new Date(from.getTime() + plan.termDays * DAY_MS);
  await repo.setMembership(t, orgId, {
    planId: plan.id,
    planName: plan.name,
    serviceFeePercent: plan.serviceFeePercent,
    serviceFeeOffPerItemFen: plan.serviceFeeOffPerItemFen,
    startsAt: running ? m.startsAt : now,
    expiresAt,
  });
  return expiresAt;
}

export const purchaseBusinessId = (id: number) => `MEMBER${id}`;

const paidResult = (p: repo.PurchaseRecord, expiresAt: Date | null): MemberBuyResult => ({
  purchaseId: p.id,
  status: 'PAID',
  amountFen: p.amountFen,
  paid: true,
  expiresAt: expiresAt?.toISOString() ?? null,
  alipay: null,
});

/**
 * 余额购买: at most once per request key (the same key again answers the first purchase); the price
 * leaves the balance through the ledger in the transaction that extends the membership.
 */
export async function buyWithBalance(db: Db, caller: Actor, planId: number, requestKey: string): Promise<MemberBuyResult> {
  return inTransaction(db, async (t) => {
    const plan = await planOnSale(t, planId, true);
    await repo.lockMembership(t, caller.orgId);
    const earlier = await repo.findPurchaseByKey(t, caller.orgId, requestKey);
    if (earlier) {
      if (earlier.payMethod !== 'BALANCE' || earlier.planId !== planId || earlier.status !== 'PAID') throw new AppError(ErrorCode.REQUEST_KEY_CONFLICT);
      return paidResult(earlier, earlier.expiresAt);
    }
    const p = await repo.insertPurchase(t, {
      orgId: caller.orgId,
      planId: plan.id,
      planName: plan.name,
      termDays: plan.termDays,
      amountFen: plan.priceFen,
      payMethod: 'BALANCE',
      requestKey,
      createdBy: caller.userId,
    });
    await moveMoney(t, {
      orgId: caller.orgId,
      transactionType: 'OTHER',
      purpose: 'OTHER',
      availableDeltaFen: -plan.priceFen,
      businessId: purchaseBusinessId(p.id),
      requestKey: `member:${requestKey}`,
      remark: `购买会员「${plan.name}」${plan.termDays}天（余额）`,
    });
    const expiresAt = await extendMembership(t, caller.orgId, plan);
    await repo.markPurchasePaid(t, p.id, { expiresAt });
    return paidResult(p, expiresAt);
  });
}

/**
 * For an Alipay trade: the money is on the balance; the plan still on sale at the trade's price is
 * then paid from it and the membership extended. A plan withdrawn or repriced meanwhile leaves the
 * money on the balance (the purchase is paid with no end: decision 0033's refund rule).
 */
export async function payPurchaseFromTrade(t: Db, p: repo.PurchaseRecord, key: string) {
  const plan = await repo.planForSale(t, p.planId);
  await repo.lockMembership(t, p.orgId);
  return async () => {
    if (plan?.status !== 'PUBLISHED' || plan.priceFen !== p.amountFen) return;
    await moveMoney(t, {
      orgId: p.orgId,
      transactionType: 'OTHER',
      purpose: 'OTHER',
      availableDeltaFen: -p.amountFen,
      businessId: purchaseBusinessId(p.id),
      requestKey: `${key}:member`,
      remark: `购买会员「${plan.name}」${plan.termDays}天（支付宝）`,
    });
    const expiresAt = await extendMembership(t, p.orgId, plan);
    await repo.setPurchaseEnd(t, p.id, expiresAt);
  };
}

/** The reminder job: memberships ending within 7 days, and within 1 day, each reminded once per end. */
export async function remindExpiringMembers(db: Db, now = new Date()) {
  let sent = 0;
  for (const [days, from, to] of [
    [1, now, new Date(now.getTime() + DAY_MS)],
    [7, new Date(now.getTime() + DAY_MS), new Date(now.getTime() + 7 * DAY_MS)],
  ] as const) {
    for (const m of await repo.endingBetween(db, from, to)) {
      if (!m.expiresAt) continue;
      await messageMemberExpiring(db, { orgId: m.orgId, planName: m.planName, expiresAt: m.expiresAt }, days);
      sent++;
    }
  }
  return sent;
}
