/** How withdrawals look outside the server: amounts in fen, payee masked (lists never show a whole account or name). */
import { maskName, maskPhone, WITHDRAW_STATUS_NAMES, type WithdrawalRow } from '@dropship/contract';
import { moneyColumn, timeColumn, type XlsxColumn } from '../../../lib/excel/index.js';
import type { WithdrawalRecord } from './withdraw.repository.js';

/** A phone keeps its first 3 and last 4 digits; an e-mail its first 2 characters and the domain. */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at < 0) return maskPhone(account);
  const name = account.slice(0, at);
  return `${name.slice(0, Math.min(2, name.length))}***${account.slice(at)}`;
}

export const toWithdrawalRow = (w: WithdrawalRecord): WithdrawalRow => ({
  id: w.id,
  withdrawNo: w.withdrawNo,
  amount: w.amountFen,
  alipayAccount: maskAccount(w.alipayAccount),
  realName: maskName(w.realName),
  status: w.status,
  rejectReason: w.rejectReason,
  failReason: w.failReason,
  createdAt: w.createdAt.toISOString(),
  reviewedAt: w.reviewedAt?.toISOString() ?? null,
  finishedAt: w.finishedAt?.toISOString() ?? null,
});

/** The seller's export of its withdrawals: the same masking as the list. */
export const WITHDRAWAL_COLUMNS: XlsxColumn<WithdrawalRecord>[] = [
  { header: '提现单号', width: 28, value: (w) => w.withdrawNo },
  timeColumn('申请时间', (w) => w.createdAt),
  moneyColumn('提现金额（元）', (w) => w.amountFen, 14),
  { header: '收款支付宝', width: 22, value: (w) => maskAccount(w.alipayAccount) },
  { header: '收款人', width: 12, value: (w) => maskName(w.realName) },
  { header: '状态', width: 10, value: (w) => WITHDRAW_STATUS_NAMES[w.status] ?? w.status },
  { header: '驳回/失败原因', width: 30, value: (w) => w.rejectReason ?? w.failReason ?? '' },
  timeColumn('审核时间', (w) => w.reviewedAt),
  timeColumn('完成时间', (w) => w.finishedAt),
];
