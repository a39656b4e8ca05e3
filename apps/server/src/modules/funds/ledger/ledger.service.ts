/**
 * The ledger: every money movement is one entry written in one transaction that locks the
 * tenant's account row, so the balance is always the sum of the entries and a request key moves
 * money at most once (DOMAIN.md "Money").
 */
import { ErrorCode, fenToYuan, MAX_FEN, type PaymentPurpose, type TransactionType } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { inTransaction } from '../../../db/transaction.js';
import { AppError } from '../../../lib/app-error.js';
import * as repo from './ledger.repository.js';

/** No single movement may exceed ten million yuan: beyond that it is a mistake, not a payment. */
export const MAX_MOVEMENT_FEN = MAX_FEN;

export interface Movement {
  orgId: number;
  transactionType: z.infer<typeof TransactionType>;
  purpose: z.infer<typeof PaymentPurpose>;
  /** Signed fen added to the available balance (negative spends). */
  availableDeltaFen: number;
  /** Signed fen added to the frozen balance (a withdrawal under review moves money here). */
  frozenDeltaFen?: number;
  businessId?: string;
  requestKey: string;
  remark?: string;
}

export interface MovementResult {
  entry: repo.LedgerEntry;
  /** True when the request key had already moved this money: nothing moved this time. */
  replayed: boolean;
}

function checkAmount(fen: number) {
  if (!Number.isSafeInteger(fen) || Math.abs(fen) > MAX_MOVEMENT_FEN) {
    throw new AppError(ErrorCode.BAD_REQUEST, '金额必须是整数分，且单笔不超过1000万元');
  }
}

const sameMovement = (e: repo.LedgerEntry, m: Movement) =>
  e.transactionType === m.transactionType &&
  e.purpose === m.purpose &&
  e.availableDeltaFen === m.availableDeltaFen &&
  e.frozenDeltaFen === (m.frozenDeltaFen ?? 0) &&
  (e.businessId ?? undefined) === m.businessId;

/** The entry a movement writes, but for its balances after. */
const entryOf = (m: Movement) => ({
  orgId: m.orgId,
  transactionType: m.transactionType,
  purpose: m.purpose,
  availableDeltaFen: m.availableDeltaFen,
  frozenDeltaFen: m.frozenDeltaFen ?? 0,
  businessId: m.businessId,
  requestKey: m.requestKey,
  remark: m.remark,
});

/**
 * Moves money for one tenant. Refuses (INSUFFICIENT_BALANCE) rather than let a balance go
 * negative; a repeated request key answers the first movement (replayed) and moves nothing.
 */
export async function moveMoney(db: Db, m: Movement): Promise<MovementResult> {
  checkAmount(m.availableDeltaFen);
  checkAmount(m.frozenDeltaFen ?? 0);
  if (m.availableDeltaFen === 0 && (m.frozenDeltaFen ?? 0) === 0) throw new AppError(ErrorCode.BAD_REQUEST, '金额不能为0');
  if (!m.requestKey || m.requestKey.length > 100) throw new AppError(ErrorCode.BAD_REQUEST, '请求编号无效，请刷新页面后重试');

  // The common case in one statement, sent on the caller's transaction as it is (the statement is
  // atomic: it needs no savepoint of its own) or, outside any, on its own: one round trip, the row
  // lock held only while it runs. Anything it cannot do (the first movement of a tenant, a refusal,
  // a key already used) changes nothing and falls to the statements below, which lock, look and say why.
  const moved = await repo.moveAtOnce(db, entryOf(m));
  if (moved) return { entry: moved, replayed: false };
  return inTransaction(db, async (t) => {
    await repo.ensureAccount(t, m.orgId);
    const account = await repo.lockAccount(t, m.orgId);
    if (!account) throw new Error(`account of org ${m.orgId} missing after ensureAccount`);
    // Looked up under the lock: a concurrent call with the same key waits here and then sees the entry.
    const earlier = await repo.findEntryByRequestKey(t, m.orgId, m.requestKey);
    if (earlier) {
      if (!sameMovement(earlier, m)) throw new AppError(ErrorCode.REQUEST_KEY_CONFLICT);
      return { entry: earlier, replayed: true };
    }
    const available = account.availableFen + m.availableDeltaFen;
    const frozen = account.frozenFen + (m.frozenDeltaFen ?? 0);
    if (available < 0) {
      throw new AppError(
        ErrorCode.INSUFFICIENT_BALANCE,
        `可用余额不足：需要 ¥${fenToYuan(-m.availableDeltaFen)}，当前可用 ¥${fenToYuan(account.availableFen)}，请先充值后再试`,
      );
    }
    if (frozen < 0) throw new AppError(ErrorCode.STATE_CONFLICT, '冻结金额不足，该笔资金可能已处理，请刷新后重试');
    await repo.setBalances(t, m.orgId, available, frozen);
    const entry = await repo.insertEntry(t, { ...entryOf(m), availableAfterFen: available, frozenAfterFen: frozen });
    return { entry, replayed: false };
  });
}

export async function balanceOf(db: Db, orgId: number) {
  const a = await repo.findAccount(db, orgId);
  return { available: a?.availableFen ?? 0, frozen: a?.frozenFen ?? 0 };
}

/** Proves the invariant: each balance equals the sum of its entries, and every running balance follows. */
export async function checkLedger(db: Db, orgId?: number) {
  const [sums, breaks, counts] = await Promise.all([repo.sumMismatches(db, orgId), repo.chainBreaks(db, orgId), repo.countAll(db)]);
  return {
    ...counts,
    mismatches: [
      ...sums.map((s) => ({ orgId: Number(s.orgId), reason: `余额 ${s.available}/${s.frozen} 分，流水合计 ${s.sumAvailable}/${s.sumFrozen} 分` })),
      ...breaks.map((b) => ({ orgId: Number(b.orgId), reason: `流水 ${b.id} 的变动后余额与上一条不连续` })),
    ],
  };
}
