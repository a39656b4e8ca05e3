/**
 * 支付宝分账 of paid trades (decision 0030). When an Alipay trade pays dropship orders of an
 * organisation with a bound receiver, the orders' service fee is split to it: the row is written in
 * the payment's own transaction (PROCESSING) with a job, and the job asks Alipay
 * (alipay.trade.order.settle, out_request_no `ST<out_trade_no>`, then settle.query). A gateway that
 * is down or busy is retried by the job queue with backoff; Alipay's refusal is final and kept in
 * Chinese. Cancelling an order whose part was split takes that part back first
 * (alipay.trade.refund with refund_royalty_parameters), before the balance refund.
 */
import { AlipayError, type AlipayRoyaltyApi } from '@dropship/channels';
import { ErrorCode, fenToYuan } from '@dropship/contract';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError } from '../../../lib/app-error.js';
import { enqueueJob, type JobContext, type JobQueue } from '../../jobs/index.js';
import * as repo from './ali-ledger.repository.js';
import type { RoyaltyOrderPart } from './ali-ledger.table.js';

export const ROYALTY_SETTLE_JOB = 'funds.royalty.settle';
const SettleJobPayload = z.object({ id: z.number().int().positive() });
/** Eight tries over about two hours (30 s, 1 min, 2 min … capped at an hour between tries). */
const SETTLE_MAX_ATTEMPTS = 8;

export const settleRequestNo = (outTradeNo: string) => `ST${outTradeNo}`;
export const reverseRequestNo = (orderNo: string) => `RR${orderNo}`;

export interface PaidOrderFee {
  orderNo: string;
  serviceFeeFen: number;
}

/**
 * In the payment's transaction: the split of the service fee of the orders the trade paid, when the
 * organisation has a bound receiver and there is a fee. The same trade again writes nothing.
 */
export async function recordRoyaltySplit(t: Db, p: { orgId: number; outTradeNo: string; tradeNo: string; orders: PaidOrderFee[] }) {
  const parts: RoyaltyOrderPart[] = p.orders.filter((o) => o.serviceFeeFen > 0).map((o) => ({ orderNo: o.orderNo, feeFen: o.serviceFeeFen }));
  const amountFen = parts.reduce((n, o) => n + o.feeFen, 0);
  if (amountFen === 0) return null;
  const bound = await repo.findBound(t, p.orgId);
  if (!bound) return null;
  const row = await repo.insertSettlement(t, {
    orgId: p.orgId,
    relationId: bound.id,
    businessId: p.outTradeNo,
    tradeNo: p.tradeNo,
    amountFen,
    orders: parts,
    receivers: [{ account: bound.account, amountFen }],
    status: 'PROCESSING',
    reason: '等待支付宝分账',
    outRequestNo: settleRequestNo(p.outTradeNo),
  });
  if (row) await enqueueJob(t, ROYALTY_SETTLE_JOB, { id: row.id }, { maxAttempts: SETTLE_MAX_ATTEMPTS });
  return row;
}

/** Thrown after the row was written, so the queue tries again later. */
class TryAgain extends Error {}

const gatewayDown = (e: unknown) => e instanceof AlipayError && e.retryable;

/** One run of the settle job: settle (idempotent by out_request_no), then ask for the result. */
export async function runSettleJob(db: Db, royalty: () => Promise<AlipayRoyaltyApi>, id: number, ctx: Pick<JobContext, 'attempt' | 'maxAttempts'>) {
  const last = ctx.attempt >= ctx.maxAttempts;
  const again = await inTransaction(db, async (t) => {
    // The row stays locked while Alipay is asked: a cancellation of one of its orders waits for the answer.
    const s = await repo.lockSettlement(t, id);
    if (s?.status !== 'PROCESSING') return false;
    if (s.amountFen === 0) {
      await repo.updateSettlement(t, id, { status: 'FAIL', reason: '订单已全部取消，未分账' });
      return false;
    }
    const account = s.receivers[0]?.account ?? (await repo.findRelation(t, s.relationId))?.account ?? '';
    const splits = [{ account, amountFen: s.amountFen, desc: '代发服务费分账' }];
    const api = await royalty();
    try {
      if (!s.settleNo) {
        const { settleNo } = await api.settle({ outRequestNo: s.outRequestNo, tradeNo: s.tradeNo, splits });
        await repo.updateSettlement(t, id, { settleNo, receivers: [{ account, amountFen: s.amountFen }] });
      }
      const details = await api.settleQuery({ outRequestNo: s.outRequestNo, tradeNo: s.tradeNo });
      const failed = details.find((d) => d.state === 'FAIL');
      if (failed) {
        await repo.updateSettlement(t, id, { status: 'FAIL', reason: `支付宝分账失败：${failed.errorDesc ?? '未说明原因'}` });
        return false;
      }
      if (details.length > 0 && details.every((d) => d.state === 'SUCCESS')) {
        await repo.updateSettlement(t, id, { status: 'SUCCESS', reason: null, settledAt: new Date() });
        return false;
      }
      if (last) {
        await repo.updateSettlement(t, id, { status: 'FAIL', reason: '支付宝长时间未返回分账结果，请联系平台客服核对' });
        return false;
      }
      await repo.updateSettlement(t, id, { reason: '支付宝分账处理中，稍后自动查询结果' });
      return true;
    } catch (e) {
      if (!(e instanceof AlipayError)) throw e;
      if (gatewayDown(e) && !last) {
        await repo.updateSettlement(t, id, { reason: `支付宝暂时无法分账（${e.message}），第${ctx.attempt}次尝试失败，稍后自动重试` });
        return true;
      }
      await repo.updateSettlement(t, id, { status: 'FAIL', reason: `支付宝分账失败：${e.message}` });
      return false;
    }
  });
  if (again) throw new TryAgain('分账未完成，稍后重试');
}

type RoyaltyApiProvider = () => Promise<AlipayRoyaltyApi>;
/** The server's Alipay for reversals started by other modules (a cancellation), set when the app is built. */
let serverRoyalty: RoyaltyApiProvider | undefined;

/** Registers the settle job and keeps the app's Alipay for reversals (app.ts, once the queue exists). */
export function registerRoyaltyJobs(jobs: JobQueue, db: Db, royalty: RoyaltyApiProvider) {
  serverRoyalty = royalty;
  jobs.register(ROYALTY_SETTLE_JOB, SettleJobPayload, (p, ctx) => runSettleJob(db, royalty, p.id, ctx), { maxAttempts: SETTLE_MAX_ATTEMPTS });
}

const noGateway: RoyaltyApiProvider = () =>
  Promise.reject(new AppError(ErrorCode.ROYALTY_REVERSE_FAILED, '支付宝未就绪，无法退回分账，订单未取消，请稍后重试'));

/**
 * Before an order's money goes back (cancellation): its part of any split is taken back from the
 * receiver. A part Alipay never split (the settle still waiting or failed) is just dropped from the
 * row; a split part goes back with alipay.trade.refund carrying refund_royalty_parameters, the
 * refunded amount returning to the payer's Alipay account. Answers the fen refunded through Alipay,
 * which the caller leaves out of the balance refund. Alipay refusing stops the cancellation (20000).
 */
export async function reverseOrderSplit(db: Db, orgId: number, orderNo: string, royalty: RoyaltyApiProvider = serverRoyalty ?? noGateway): Promise<number> {
  let throughAlipay = 0;
  for (const found of await repo.findSettlementsOfOrder(db, orgId, orderNo)) {
    throughAlipay += await inTransaction(db, async (t) => {
      const s = await repo.lockSettlement(t, found.id);
      const part = s?.orders.find((o) => o.orderNo === orderNo && !o.reversedBy);
      if (!s || !part) return 0;
      const onAlipay = s.settleNo !== null && (s.status === 'SUCCESS' || s.status === 'PROCESSING');
      const requestNo = onAlipay ? reverseRequestNo(orderNo) : 'NOT_SETTLED';
      if (onAlipay) {
        const account = s.receivers[0]?.account ?? '';
        await (await royalty())
          .refundSplit({
            outTradeNo: s.businessId,
            outRequestNo: requestNo,
            refundAmountFen: part.feeFen,
            splits: [{ account, amountFen: part.feeFen }],
            reason: `取消代发订单 ${orderNo}，退回分账`,
          })
          .catch((e: unknown) => {
            if (e instanceof AlipayError) throw new AppError(ErrorCode.ROYALTY_REVERSE_FAILED, `支付宝分账退回失败：${e.message}，订单未取消，请稍后重试`);
            throw e;
          });
      }
      const orders = s.orders.map((o) => (o === part ? { ...o, reversedBy: requestNo } : o));
      const amountFen = s.amountFen - part.feeFen;
      const allBack = orders.every((o) => o.reversedBy);
      await repo.updateSettlement(t, s.id, {
        orders,
        amountFen,
        receivers: s.receivers.map((r) => ({ ...r, amountFen })),
        ...(onAlipay
          ? allBack
            ? { status: 'REVERSED', reversedAt: new Date(), reason: `订单已取消，分账 ¥${fenToYuan(part.feeFen)} 已退回` }
            : { reason: `订单 ${orderNo} 已取消，分账 ¥${fenToYuan(part.feeFen)} 已退回` }
          : allBack
            ? { status: 'FAIL', reason: '订单已全部取消，未分账' }
            : {}),
      });
      return onAlipay ? part.feeFen : 0;
    });
  }
  return throughAlipay;
}

/** The check beside the ledger check (GET /api/operator/funds/royaltyCheck). */
export async function checkRoyaltyLedger(db: Db, orgId?: number) {
  const rows = await repo.royaltyLedgerMismatches(db, orgId);
  const mismatches: { orgId: number; settlementId: number; reason: string }[] = [];
  for (const r of rows) {
    const amount = Number(r.amount_fen);
    const credited = r.credited_fen === null ? null : Number(r.credited_fen);
    const at = { orgId: Number(r.org_id), settlementId: Number(r.id) };
    if (credited === null) mismatches.push({ ...at, reason: '分账对应的支付宝交易在余额流水中没有入账记录' });
    else if (amount > credited) mismatches.push({ ...at, reason: `分账 ${amount} 分超过交易入账 ${credited} 分` });
    if (Number(r.parts_fen) !== amount) mismatches.push({ ...at, reason: `分账金额 ${amount} 分与各订单服务费合计 ${r.parts_fen} 分不一致` });
    if (r.status === 'SUCCESS' && Number(r.receivers_fen) !== amount) {
      mismatches.push({ ...at, reason: `分账金额 ${amount} 分与收款方明细合计 ${r.receivers_fen} 分不一致` });
    }
  }
  return { settlements: rows.length, mismatches };
}
