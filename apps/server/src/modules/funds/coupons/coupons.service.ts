/**
 * Coupons (优惠券, main variant): the seller's list by state, the operator's issuing run, and the
 * service API order payment uses: quote, use inside the payment's transaction, release
 * on cancellation. EXPIRED is never stored; it is an unused coupon past its expiry.
 */
import { randomInt } from 'node:crypto';
import {
  beijingDay,
  beijingDayEnd,
  COUPON_SOURCE_NAMES,
  COUPON_STATUS_NAMES,
  type CouponIssueBody,
  type CouponQuote,
  type CouponRow,
  type CouponStatus,
  ErrorCode,
  fenToYuan,
  MAX_FEN,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { dayColumn, moneyColumn, type Sheet, yuan } from '../../../lib/excel/index.js';
import { assertExportable, EXPORT_MAX_ROWS } from '../records/records.excel.js';
import * as repo from './coupons.repository.js';

const DAY_MS = 86_400_000;

function stateOf(c: repo.CouponRecord, now = Date.now()): CouponStatus {
  if (c.status === 'USED') return 'USED';
  return c.expireAt.getTime() <= now ? 'EXPIRED' : 'UNUSED';
}

function toRow(c: repo.CouponRecord): CouponRow {
  return {
    id: c.id,
    name: c.name,
    amountFen: c.amountFen,
    thresholdFen: c.thresholdFen,
    validFrom: c.validFrom.toISOString(),
    validTo: c.expireAt.toISOString(),
    source: c.source,
    status: stateOf(c),
    usedAt: c.usedAt?.toISOString() ?? null,
    businessId: c.businessId,
  };
}

export async function pageCoupons(db: Db, orgId: number, q: { pageNo: number; pageSize: number; status: CouponStatus }) {
  const [{ total, rows }, counts] = await Promise.all([
    repo.pageCoupons(db, orgId, q.status, q.pageSize, (q.pageNo - 1) * q.pageSize),
    repo.countByState(db, orgId),
  ]);
  return { total, list: rows.map(toRow), counts };
}

/** Why a coupon cannot pay this order, or null when it can. */
function refusal(c: repo.CouponRecord | undefined, orderAmountFen: number, now = Date.now()): string | null {
  if (!c) return '优惠券不存在';
  if (c.status === 'USED') return '优惠券已使用';
  if (c.expireAt.getTime() <= now) return '优惠券已过期';
  if (c.validFrom.getTime() > now) return '优惠券尚未生效';
  if (c.thresholdFen > 0 && orderAmountFen < c.thresholdFen) return `订单金额未满¥${fenToYuan(c.thresholdFen)}，不能使用该优惠券`;
  // The ledger moves no zero amount: a coupon never makes an order free.
  if (orderAmountFen <= c.amountFen) return `订单金额须大于优惠金额¥${fenToYuan(c.amountFen)}`;
  return null;
}

function checkOrderAmount(orderAmountFen: number) {
  if (!Number.isSafeInteger(orderAmountFen) || orderAmountFen < 1 || orderAmountFen > MAX_FEN) {
    throw new AppError(ErrorCode.BAD_REQUEST, '订单金额必须是1分到1000万元之间的整数分');
  }
}

/** What the coupon takes off this order, or a Chinese reason it cannot be used. Changes nothing. */
export async function quoteCoupon(db: Db, orgId: number, couponId: number, orderAmountFen: number): Promise<CouponQuote> {
  checkOrderAmount(orderAmountFen);
  const c = Number.isSafeInteger(couponId) && couponId > 0 ? await repo.findCoupon(db, orgId, couponId) : undefined;
  const reason = refusal(c, orderAmountFen);
  if (reason || !c) return { usable: false, reason: reason ?? '优惠券不存在' };
  return { usable: true, discountFen: c.amountFen, payFen: orderAmountFen - c.amountFen };
}

/**
 * Marks the coupon USED by `businessId` inside the caller's transaction (the order payment), only
 * if it is unused, valid now and (when orderAmountFen is given) the order reaches the threshold.
 * The same business id again answers the coupon as it is (a retried payment). Returns the discount.
 */
export async function useCoupon(tx: Db, orgId: number, couponId: number, businessId: string, orderAmountFen?: number): Promise<{ discountFen: number }> {
  if (!businessId || businessId.length > 64) throw new AppError(ErrorCode.BAD_REQUEST, '业务单号必填且不超过64个字符');
  if (orderAmountFen !== undefined) checkOrderAmount(orderAmountFen);
  // Checked first, not left to the unique index: a failed statement would abort the caller's transaction.
  const already = await repo.findUsedBy(tx, orgId, businessId);
  if (already?.id === couponId) return { discountFen: already.amountFen };
  if (already) throw new AppError(ErrorCode.COUPON_UNAVAILABLE, '该订单已使用其他优惠券，每笔订单只能用一张');
  const used = await repo.markUsed(tx, orgId, couponId, businessId, orderAmountFen);
  if (used) return { discountFen: used.amountFen };
  const c = await repo.findCoupon(tx, orgId, couponId);
  if (!c) throw notFound('优惠券');
  throw new AppError(ErrorCode.COUPON_UNAVAILABLE, refusal(c, orderAmountFen ?? Number.MAX_SAFE_INTEGER) ?? '优惠券不可用，请刷新后重新选择');
}

/** Gives the coupon back when the payment that used it is cancelled; false when it was not used by it. */
export async function releaseCoupon(tx: Db, orgId: number, couponId: number, businessId: string): Promise<boolean> {
  return repo.markUnused(tx, orgId, couponId, businessId);
}

function batchNo(now: Date) {
  const stamp = new Date(now.getTime() + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `CP${stamp}${String(randomInt(10_000)).padStart(4, '0')}`;
}

/** The operator issues one coupon to each named seller, or to every seller; all or nothing. */
export async function issueCoupons(db: Db, body: z.output<typeof CouponIssueBody>) {
  const now = new Date();
  // Valid through the end of the Beijing day `validDays` from now: a coupon issued at 23:59 still gets whole days.
  const expireAt = beijingDayEnd(beijingDay(now.getTime() + body.validDays * DAY_MS));
  const wanted = body.orgIds ? [...new Set(body.orgIds)] : undefined;
  return inTransaction(db, async (t) => {
    const targets = await repo.sellerOrgIds(t, wanted);
    if (wanted && targets.length !== wanted.length) {
      const missing = wanted.filter((id) => !targets.includes(id));
      throw new AppError(ErrorCode.COUPON_ISSUE_INVALID, `以下编号不是卖家组织：${missing.slice(0, 10).join('、')}，请核对后再发放`);
    }
    const no = batchNo(now);
    await repo.insertCoupons(
      t,
      targets.map((orgId) => ({ orgId, batchNo: no, name: body.name, amountFen: body.amountFen, thresholdFen: body.thresholdFen, validFrom: now, expireAt })),
    );
    return { issued: targets.length, batchNo: no };
  });
}

/** The coupons of one state as a sheet. */
export async function couponSheet(db: Db, orgId: number, status: CouponStatus): Promise<Sheet<repo.CouponRecord>> {
  const { total, rows } = await repo.pageCoupons(db, orgId, status, EXPORT_MAX_ROWS, 0);
  assertExportable(total);
  return {
    name: `优惠券-${COUPON_STATUS_NAMES[status]}`,
    rows,
    columns: [
      { header: '名称', width: 20, value: (c) => c.name },
      moneyColumn('优惠金额（元）', (c) => c.amountFen),
      { header: '使用门槛（元）', value: (c) => (c.thresholdFen > 0 ? yuan(c.thresholdFen) : '无门槛') },
      dayColumn('生效日期', (c) => c.validFrom),
      dayColumn('截止日期', (c) => new Date(c.expireAt.getTime() - 1)),
      { header: '来源', value: (c) => COUPON_SOURCE_NAMES[c.source] ?? c.source },
      { header: '状态', value: (c) => COUPON_STATUS_NAMES[stateOf(c)] },
      { header: '使用订单', width: 24, value: (c) => c.businessId ?? '' },
    ],
  };
}
