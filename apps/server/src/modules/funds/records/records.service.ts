/**
 * 充值记录 and 待付款补款: the seller's recharge records (part A's recharges) and replenish requests
 * (补款) with their purpose and order reference, their Excel exports, and the pay-later count.
 */
import {
  ErrorCode,
  MAX_FEN,
  PAYMENT_METHOD_NAMES,
  PAYMENT_PURPOSE_NAMES,
  PaymentPurpose,
  RECHARGE_STATUS_NAMES,
  REPLENISH_STATUS_NAMES,
  type RechargeExportBody,
  type RechargePageBody,
  type RechargeRecordRow,
  type ReplenishExportBody,
  type ReplenishPageBody,
  type ReplenishRecordRow,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { moneyColumn, type Sheet, timeColumn } from '../../../lib/excel/index.js';
import { assertExportable, EXPORT_MAX_ROWS } from './records.excel.js';
import { dayBounds, iso } from './records.period.js';
import * as repo from './records.repository.js';

type Filter<S extends string> = { status?: S | undefined; dateFrom?: string | undefined; dateTo?: string | undefined };
const filterOf = <S extends string>(q: Filter<S>): repo.RecordFilter<S> => ({ status: q.status, ...dayBounds(q) });
const label = (names: Record<string, string>, code: string) => names[code] ?? code;
function toRecharge(r: Awaited<ReturnType<typeof repo.listRecharges>>[number]): RechargeRecordRow {
  return {
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    outTradeNo: r.outTradeNo,
    amountFen: r.amountFen,
    method: r.payMethod,
    status: r.status,
    paidAt: iso(r.paidAt),
  };
}

function toReplenish(r: Awaited<ReturnType<typeof repo.listReplenish>>[number]): ReplenishRecordRow {
  return {
    id: r.id,
    amountFen: r.amountFen,
    reason: r.reason,
    orderNo: r.orderNo,
    // A request without details is a price rise at the stall: what 补款 meant before purposes existed.
    purpose: r.purpose ?? 'UPDATE_PRICE',
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function pageRecharges(db: Db, orgId: number, q: z.output<typeof RechargePageBody>) {
  const f = filterOf(q);
  const [total, rows] = await Promise.all([
    repo.countRecharges(db, orgId, f),
    repo.listRecharges(db, orgId, f, { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize }),
  ]);
  return { total, list: rows.map(toRecharge) };
}

export async function rechargeSheet(db: Db, orgId: number, q: z.output<typeof RechargeExportBody>): Promise<Sheet<RechargeRecordRow>> {
  const f = filterOf(q);
  assertExportable(await repo.countRecharges(db, orgId, f));
  const rows = (await repo.listRecharges(db, orgId, f, { limit: EXPORT_MAX_ROWS, offset: 0 })).map(toRecharge);
  return {
    name: '充值记录',
    rows,
    columns: [
      timeColumn('充值时间', (r) => r.createdAt, 22),
      { header: '商户订单号', width: 28, value: (r) => r.outTradeNo },
      moneyColumn('充值金额（元）', (r) => r.amountFen),
      { header: '充值方式', value: (r) => label(PAYMENT_METHOD_NAMES, r.method) },
      { header: '状态', value: (r) => label(RECHARGE_STATUS_NAMES, r.status) },
      timeColumn('到账时间', (r) => r.paidAt, 22),
    ],
  };
}

export async function pageReplenish(db: Db, orgId: number, q: z.output<typeof ReplenishPageBody>) {
  const f = filterOf(q);
  const [total, rows] = await Promise.all([
    repo.countReplenish(db, orgId, f),
    repo.listReplenish(db, orgId, f, { limit: q.pageSize, offset: (q.pageNo - 1) * q.pageSize }),
  ]);
  return { total, list: rows.map(toReplenish) };
}

export async function replenishSheet(db: Db, orgId: number, q: z.output<typeof ReplenishExportBody>): Promise<Sheet<ReplenishRecordRow>> {
  const f = filterOf(q);
  assertExportable(await repo.countReplenish(db, orgId, f));
  const rows = (await repo.listReplenish(db, orgId, f, { limit: EXPORT_MAX_ROWS, offset: 0 })).map(toReplenish);
  return {
    name: '补款记录',
    rows,
    columns: [
      { header: '补款单号', value: (r) => r.id },
      timeColumn('创建时间', (r) => r.createdAt, 22),
      moneyColumn('补款金额（元）', (r) => r.amountFen),
      { header: '类型', value: (r) => label(PAYMENT_PURPOSE_NAMES, r.purpose) },
      { header: '原因', width: 36, value: (r) => r.reason ?? '' },
      { header: '关联订单', width: 24, value: (r) => r.orderNo ?? '' },
      { header: '状态', value: (r) => label(REPLENISH_STATUS_NAMES, r.status) },
    ],
  };
}

/** GET /api/home/goods/pay/later/statistics: 先拿货后付款 requests waiting for the seller's payment. */
export function payLaterStatistics(db: Db, orgId: number) {
  return repo.waitingByPurpose(db, orgId, 'GOODS_PAY_LATER');
}

/**
 * Creates a replenish request (补款) the seller must pay, with its purpose and order reference,
 * inside the caller's transaction. For the fulfilment work: a price rise (UPDATE_PRICE) or goods
 * taken before payment (GOODS_PAY_LATER). Paid through the cashier (/funds/pay?bizType=REPLENISH).
 */
export async function createReplenishRequest(
  tx: Db,
  v: { orgId: number; amountFen: number; reason: string; purpose: z.infer<typeof PaymentPurpose>; orderNo?: string },
): Promise<number> {
  if (!Number.isSafeInteger(v.amountFen) || v.amountFen < 1 || v.amountFen > MAX_FEN) {
    throw new AppError(ErrorCode.BAD_REQUEST, '补款金额必须是1分到1000万元之间的整数分');
  }
  if (!PaymentPurpose.safeParse(v.purpose).success) throw new AppError(ErrorCode.BAD_REQUEST, `补款类型不正确：${String(v.purpose)}`);
  if (!v.reason.trim() || v.reason.length > 200) throw new AppError(ErrorCode.BAD_REQUEST, '补款原因必填且不超过200个字符');
  return repo.insertReplenish(tx, { ...v, reason: v.reason.trim() });
}
