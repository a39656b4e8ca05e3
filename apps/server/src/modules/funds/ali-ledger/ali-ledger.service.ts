/**
 * 支付宝分账授权: the seller's Alipay account bound as a receiver in the platform's split-ledger
 * relation set (alipay.trade.royalty.relation.*), unbound, and checked against Alipay; and the
 * split records (分账记录), which order payment writes once it splits money.
 */
import { randomInt } from 'node:crypto';
import { AlipayError, type AlipayRoyaltyApi } from '@dropship/channels';
import { ErrorCode, maskName, maskPhone, ROYALTY_SETTLEMENT_STATUS_NAMES, type RoyaltySettlementFilter } from '@dropship/contract';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { moneyColumn, type Sheet, timeColumn } from '../../../lib/excel/index.js';
import { assertExportable, EXPORT_MAX_ROWS } from '../records/records.excel.js';
import * as repo from './ali-ledger.repository.js';

/** How the routes reach Alipay: the shared gateway (real or the demo emulator). */
export type RoyaltyProvider = () => Promise<AlipayRoyaltyApi>;

/** A phone keeps 3+4 digits; an e-mail keeps its first two characters and the domain. */
export function maskAccount(account: string) {
  const at = account.indexOf('@');
  if (at < 0) return maskPhone(account);
  return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
}

const toRow = (r: repo.RoyaltyRelationRecord) => ({
  id: r.id,
  account: maskAccount(r.account),
  name: maskName(r.accountName),
  status: r.status as 'BOUND' | 'UNBOUND',
  boundAt: r.boundAt.toISOString(),
  unboundAt: r.unboundAt?.toISOString() ?? null,
});

/** ≤ 32 letters and digits, unique per change: Alipay's out_request_no. */
const requestNo = (prefix: string, orgId: number) => `${prefix}${orgId}T${Date.now()}${String(randomInt(1000)).padStart(3, '0')}`;

function alipayFailure(e: unknown): never {
  if (e instanceof AlipayError) throw new AppError(ErrorCode.ALIPAY_ROYALTY_FAILED, `支付宝分账关系处理失败：${e.message}`);
  throw e;
}

export async function authState(db: Db, orgId: number) {
  const rows = await repo.listRelations(db, orgId);
  const current = rows.find((r) => r.status === 'BOUND');
  return { current: current ? toRow(current) : null, history: rows.map(toRow) };
}

/** Binds the account on Alipay, then records it; a second binding while one is active is refused. */
export async function bindRoyalty(db: Db, royalty: RoyaltyProvider, orgId: number, input: { account: string; name: string }) {
  if (await repo.findBound(db, orgId)) throw new AppError(ErrorCode.ROYALTY_ALREADY_BOUND);
  const bindRequestNo = requestNo('RB', orgId);
  await (await royalty())
    .bind({ outRequestNo: bindRequestNo, receivers: [{ type: 'loginName', account: input.account, name: input.name, memo: '代发助手卖家分账' }] })
    .catch(alipayFailure);
  const row = await repo.insertBound(db, { orgId, account: input.account, accountName: input.name, bindRequestNo });
  if (!row) throw new AppError(ErrorCode.ROYALTY_ALREADY_BOUND);
  return toRow(row);
}

export async function unbindRoyalty(db: Db, royalty: RoyaltyProvider, orgId: number) {
  const bound = await repo.findBound(db, orgId);
  if (!bound) throw new AppError(ErrorCode.ROYALTY_NOT_BOUND);
  const unbindRequestNo = requestNo('RU', orgId);
  await (await royalty())
    .unbind({ outRequestNo: unbindRequestNo, receivers: [{ type: 'loginName', account: bound.account, name: bound.accountName }] })
    .catch(alipayFailure);
  if (!(await repo.markUnbound(db, orgId, bound.id, unbindRequestNo))) throw new AppError(ErrorCode.ROYALTY_NOT_BOUND);
}

/** Whether Alipay's relation set holds the bound account (read page by page, at most 1,000 relations). */
export async function verifyRoyalty(db: Db, royalty: RoyaltyProvider, orgId: number) {
  const bound = await repo.findBound(db, orgId);
  if (!bound) throw new AppError(ErrorCode.ROYALTY_NOT_BOUND);
  const api = await royalty();
  let onAlipay = false;
  for (let page = 1; page <= 10 && !onAlipay; page++) {
    const r = await api.batchQuery({ outRequestNo: requestNo('RQ', orgId), pageNum: page, pageSize: 100 }).catch(alipayFailure);
    onAlipay = r.relations.some((x) => x.account === bound.account || x.bindLoginName === bound.account);
    if (page >= r.totalPages) break;
  }
  return { bound: true, onAlipay, checkedAt: new Date().toISOString() };
}

const toSettlementRow = ({ s, account }: { s: repo.RoyaltySettlementRecord; account: string }) => ({
  id: s.id,
  businessId: s.businessId,
  tradeNo: s.tradeNo,
  orderNos: s.orders.map((o) => o.orderNo),
  amountFen: s.amountFen,
  receivers: s.receivers.map((r) => ({ account: maskAccount(r.account), amountFen: r.amountFen })),
  status: s.status,
  reason: s.reason,
  account: maskAccount(account),
  createdAt: s.createdAt.toISOString(),
  settledAt: s.settledAt?.toISOString() ?? null,
  reversedAt: s.reversedAt?.toISOString() ?? null,
});

export async function pageSettlements(db: Db, orgId: number, q: RoyaltySettlementFilter & { pageNo: number; pageSize: number }) {
  const { total, totals, rows } = await repo.pageSettlements(db, orgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total, totals, list: rows.map(toSettlementRow) };
}

type SettlementLine = Awaited<ReturnType<typeof pageSettlements>>['list'][number];
/** The same filters as the list; at most EXPORT_MAX_ROWS rows. */
export async function settlementsSheet(db: Db, orgId: number, f: RoyaltySettlementFilter): Promise<Sheet<SettlementLine>> {
  const first = await pageSettlements(db, orgId, { ...f, pageNo: 1, pageSize: EXPORT_MAX_ROWS });
  assertExportable(first.total);
  return {
    name: '分账记录',
    rows: first.list,
    columns: [
      timeColumn('创建时间', (r) => r.createdAt, 22),
      { header: '交易号', width: 30, value: (r) => r.businessId },
      { header: '支付宝交易号', width: 30, value: (r) => r.tradeNo },
      { header: '订单号', width: 36, value: (r) => r.orderNos.join('、') },
      moneyColumn('分账金额（元）', (r) => r.amountFen),
      { header: '收款账号', width: 22, value: (r) => r.account },
      { header: '状态', value: (r) => ROYALTY_SETTLEMENT_STATUS_NAMES[r.status] },
      { header: '原因', width: 40, value: (r) => r.reason ?? '' },
      timeColumn('完成时间', (r) => r.settledAt, 22),
    ],
  };
}
