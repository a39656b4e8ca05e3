/**
 * Withdrawal (提现) to the bound Alipay account. Requesting freezes the money (available → frozen)
 * and creates the withdrawal REVIEWING; the operator then approves (TRANSFERRING, Alipay's
 * fund.trans.uni.transfer, SUCCESS takes the frozen money out) or rejects (REJECTED, frozen money
 * back). A transfer Alipay refused is FAILED with the money back; one whose outcome is unknown stays
 * TRANSFERRING and is approved again: Alipay is idempotent by our withdrawal number (out_biz_no).
 */
import { AlipayError } from '@dropship/channels';
import {
  ErrorCode,
  MIN_WITHDRAW_FEN,
  maskName,
  WITHDRAW_STATUS_NAMES,
  type WithdrawAccount,
  type WithdrawAccountBody,
  type WithdrawalRow,
  type WithdrawStatus,
} from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { EXPORT_CHUNK, keysetPages, writeXlsx } from '../../../lib/excel/index.js';
import { messageWithdrawalResult } from '../../messages/index.js';
import type { AlipayGateway } from '../alipay/alipay-gateway.js';
import { newTradeNo, TRADE_PREFIX } from '../alipay/trade-no.js';
import * as ledgerRepo from '../ledger/ledger.repository.js';
import { moveMoney } from '../ledger/ledger.service.js';
import { assertPayPassword } from '../pay-password/pay-password.service.js';
import * as repo from './withdraw.repository.js';
import { maskAccount, toWithdrawalRow, WITHDRAWAL_COLUMNS } from './withdraw-format.js';

export interface Owner {
  orgId: number;
  userId: number;
}

export async function withdrawAccount(db: Db, orgId: number): Promise<WithdrawAccount> {
  const a = await repo.findAccount(db, orgId);
  if (!a) return { bound: false, alipayAccount: null, realName: null, updatedAt: null };
  return { bound: true, alipayAccount: maskAccount(a.alipayAccount), realName: maskName(a.realName), updatedAt: a.updatedAt.toISOString() };
}

/** Binding (or changing) where money goes needs the pay password: a session alone must not redirect withdrawals. */
export async function bindWithdrawAccount(db: Db, owner: Owner, body: z.output<typeof WithdrawAccountBody>): Promise<WithdrawAccount> {
  await assertPayPassword(db, owner, body.payPassword);
  await repo.upsertAccount(db, owner.orgId, owner.userId, body.alipayAccount, body.realName);
  return withdrawAccount(db, owner.orgId);
}

/**
 * Freezes the amount and creates the withdrawal, in one transaction under the tenant's account
 * lock. The same request key again answers the same withdrawal; with another amount it is refused.
 */
export async function createWithdrawal(db: Db, owner: Owner, input: { amount: number; requestKey: string }): Promise<WithdrawalRow> {
  if (input.amount < MIN_WITHDRAW_FEN) throw new AppError(ErrorCode.WITHDRAW_TOO_SMALL);
  const account = await repo.findAccount(db, owner.orgId);
  if (!account) throw new AppError(ErrorCode.WITHDRAW_ACCOUNT_NOT_BOUND);
  return inTransaction(db, async (t) => {
    await ledgerRepo.ensureAccount(t, owner.orgId);
    await ledgerRepo.lockAccount(t, owner.orgId);
    const earlier = await repo.findByRequestKey(t, owner.orgId, input.requestKey);
    if (earlier) {
      if (earlier.amountFen !== input.amount) throw new AppError(ErrorCode.REQUEST_KEY_CONFLICT);
      return toWithdrawalRow(earlier);
    }
    const w = await repo.insertWithdrawal(t, {
      orgId: owner.orgId,
      withdrawNo: newTradeNo(TRADE_PREFIX.withdrawal),
      amountFen: input.amount,
      alipayAccount: account.alipayAccount,
      realName: account.realName,
      requestKey: input.requestKey,
      createdBy: owner.userId,
    });
    await moveMoney(t, {
      orgId: owner.orgId,
      transactionType: 'WITHDRAWAL',
      purpose: 'OTHER',
      availableDeltaFen: -input.amount,
      frozenDeltaFen: input.amount,
      businessId: w.withdrawNo,
      requestKey: `withdraw:${input.requestKey}`,
      remark: '提现申请，冻结待审核',
    });
    return toWithdrawalRow(w);
  });
}

export async function requestWithdrawal(db: Db, owner: Owner, body: { amount: number; payPassword: string; requestKey: string }) {
  await assertPayPassword(db, owner, body.payPassword);
  return createWithdrawal(db, owner, body);
}

export async function pageMyWithdrawals(db: Db, orgId: number, q: { status?: WithdrawStatus | undefined; pageNo: number; pageSize: number }) {
  const { total, rows } = await repo.pageWithdrawals(db, { ...q, orgId });
  return { total, list: rows.map((r) => toWithdrawalRow(r.w)) };
}

/** The seller's withdrawals as an .xlsx stream (few per seller; written in chunks all the same). */
export function exportMyWithdrawals(db: Db, orgId: number, status: WithdrawStatus | undefined, log: FastifyBaseLogger) {
  const pages = keysetPages((before) => repo.withdrawalsBefore(db, orgId, status, before, EXPORT_CHUNK));
  return writeXlsx({ sheetName: '提现记录', columns: WITHDRAWAL_COLUMNS, pages, log });
}

/** The operator's review list, across tenants, with the organisation's name. */
export async function pageAllWithdrawals(db: Db, q: { status?: WithdrawStatus | undefined; pageNo: number; pageSize: number }) {
  const { total, rows } = await repo.pageWithdrawals(db, q);
  return { total, list: rows.map((r) => ({ ...toWithdrawalRow(r.w), orgId: r.w.orgId, orgName: r.orgName })) };
}

/** Locks the withdrawal and checks it may take the step; another state answers STATE_CONFLICT. */
async function step<T>(db: Db, id: number, allowed: string[], what: string, fn: (t: Db, w: repo.WithdrawalRecord) => Promise<T>): Promise<T> {
  return inTransaction(db, async (t) => {
    const w = await repo.lockWithdrawal(t, id);
    if (!w) throw notFound('提现单');
    if (!allowed.includes(w.status))
      throw new AppError(ErrorCode.STATE_CONFLICT, `提现单当前状态为“${WITHDRAW_STATUS_NAMES[w.status] ?? w.status}”，不能${what}，请刷新后重试`);
    return fn(t, w);
  });
}

/** Frozen money back to available: a rejection or a transfer Alipay refused. */
const unfreeze = (t: Db, w: repo.WithdrawalRecord, remark: string) =>
  moveMoney(t, {
    orgId: w.orgId,
    transactionType: 'WITHDRAWAL',
    purpose: 'OTHER',
    availableDeltaFen: w.amountFen,
    frozenDeltaFen: -w.amountFen,
    businessId: w.withdrawNo,
    requestKey: `withdraw:${w.withdrawNo}:back`,
    remark,
  });

export async function rejectWithdrawal(db: Db, reviewerId: number, id: number, reason: string): Promise<WithdrawalRow> {
  return step(db, id, ['REVIEWING'], '驳回', async (t, w) => {
    await unfreeze(t, w, `提现被驳回：${reason}`);
    await messageWithdrawalResult(t, { orgId: w.orgId, withdrawNo: w.withdrawNo, amountFen: w.amountFen, outcome: 'REJECTED', reason });
    const now = new Date();
    return toWithdrawalRow(await repo.updateWithdrawal(t, id, { status: 'REJECTED', rejectReason: reason, reviewerId, reviewedAt: now, finishedAt: now }));
  });
}

/** Alipay answered: nothing was transferred (a definite refusal). */
const refused = (e: unknown) =>
  e instanceof AlipayError && ['business', 'missing_param', 'invalid_param', 'insufficient_permission'].includes(e.kind) && e.subCode !== 'SYSTEM_ERROR';

export async function approveWithdrawal(db: Db, gateway: AlipayGateway, reviewerId: number, id: number, log: FastifyBaseLogger): Promise<WithdrawalRow> {
  const w = await step(db, id, ['REVIEWING', 'TRANSFERRING'], '审核通过', (t, row) =>
    row.status === 'TRANSFERRING' ? Promise.resolve(row) : repo.updateWithdrawal(t, id, { status: 'TRANSFERRING', reviewerId, reviewedAt: new Date() }),
  );
  let orderId: string;
  try {
    const r = await (await gateway.client()).transfer({
      outBizNo: w.withdrawNo,
      amountFen: w.amountFen,
      payeeAccount: w.alipayAccount,
      payeeName: w.realName,
      orderTitle: '余额提现',
      remark: `提现单 ${w.withdrawNo}`,
    });
    if (r.status !== 'SUCCESS') throw new AlipayError('unknown', `支付宝转账处理中（${r.status}）`);
    orderId = r.orderId;
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (refused(e)) {
      const reason = (e as AlipayError).message;
      await step(db, id, ['TRANSFERRING'], '标记失败', async (t, row) => {
        await unfreeze(t, row, `提现打款失败：${reason}`);
        await messageWithdrawalResult(t, { orgId: row.orgId, withdrawNo: row.withdrawNo, amountFen: row.amountFen, outcome: 'FAILED', reason });
        return repo.updateWithdrawal(t, id, { status: 'FAILED', failReason: reason, finishedAt: new Date() });
      });
      throw new AppError(ErrorCode.WITHDRAW_TRANSFER_FAILED, `支付宝转账失败：${reason}，款项已退回卖家可用余额`);
    }
    log.warn({ err: e, withdrawNo: w.withdrawNo }, '提现转账结果未知，保持打款中');
    throw new AppError(ErrorCode.WITHDRAW_TRANSFER_UNKNOWN);
  }
  return step(db, id, ['TRANSFERRING', 'SUCCESS'], '标记成功', async (t, row) => {
    if (row.status === 'SUCCESS') return toWithdrawalRow(row);
    await moveMoney(t, {
      orgId: row.orgId,
      transactionType: 'WITHDRAWAL',
      purpose: 'OTHER',
      availableDeltaFen: 0,
      frozenDeltaFen: -row.amountFen,
      businessId: row.withdrawNo,
      requestKey: `withdraw:${row.withdrawNo}:paid`,
      remark: '提现到支付宝',
    });
    await messageWithdrawalResult(t, { orgId: row.orgId, withdrawNo: row.withdrawNo, amountFen: row.amountFen, outcome: 'SUCCESS' });
    return toWithdrawalRow(await repo.updateWithdrawal(t, id, { status: 'SUCCESS', transferOrderId: orderId, finishedAt: new Date() }));
  });
}
