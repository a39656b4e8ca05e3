/**
 * 退货入库分配: return lines through the return-to-factory statuses (SPEC.md section 4). Every move
 * is a named operation that locks the lines, checks where they are and logs each line:
 *   assignReturnLines   WAITING_ASSIGNED | WAIT_FACTORY → WAIT_FACTORY (a picker takes it to the stall)
 *   markFactoryReturned WAIT_FACTORY → FACTORY_RETURNED (the stall refunded: the seller is credited once)
 *   markFactoryRefused  WAIT_FACTORY → FACTORY_REFUSE (held for the seller)
 *   stopReturnLines     WAITING_ASSIGNED | WAIT_FACTORY → STOP_RETURNED
 *   resumeReturnLines   STOP_RETURNED → WAITING_ASSIGNED
 */
import {
  ErrorCode,
  fenToYuan,
  OFFLINE_RETURN_SERVICE_FEE_FEN,
  OPERATOR_RETURN_SERVICE_FEE_FEN,
  RETURN_TO_FACTORY_STATUS_NAMES,
  type ReturnLineQuery,
  type ReturnToFactoryStatus,
} from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { moveMoney } from '../funds/index.js';
import { afterSaleLineAnswered } from './hooks.js';
import * as logs from './return-logs.repository.js';
import * as repo from './returns.repository.js';
import { lineRow, requirePurchaser } from './rows.js';

type Status = z.infer<typeof ReturnToFactoryStatus>;
type Query = z.output<typeof ReturnLineQuery>;

/** The ledger request key of a line's refund: whoever asks, a line credits the seller at most once. */
export const refundKey = (lineId: number) => `offline-refund:${lineId}`;

const nameOf = (s: Status | null) => (s ? (RETURN_TO_FACTORY_STATUS_NAMES[s] ?? s) : '未签收');

function refuse(l: repo.LineRecord, what: string): never {
  throw new AppError(
    ErrorCode.OFFLINE_RETURN_NOT_ALLOWED,
    `退货明细 ${l.returnNo}-${l.lineNo}（${l.artNo}）当前为“${nameOf(l.status)}”，不能${what}，请刷新后查看最新状态`,
  );
}

/** Runs one move over the purchaser's lines, all or none, with a log row per line. */
async function moveLines(
  db: Db,
  caller: Caller,
  ids: number[],
  op: { name: string; what: string; from: Status[]; to: Status; note?: string; patch?: Omit<repo.LinePatch, 'status'> },
) {
  requirePurchaser(caller);
  const unique = [...new Set(ids)];
  return inTransaction(db, async (t) => {
    const lines = await repo.lockLines(t, caller.orgId, unique);
    if (lines.length !== unique.length) throw notFound('退货明细');
    for (const l of lines) if (l.status === null || !op.from.includes(l.status)) refuse(l, op.what);
    for (const l of lines) {
      const moved = l.status !== null && (await repo.moveLine(t, caller.orgId, l.id, l.status, { status: op.to, ...op.patch }));
      if (!moved) refuse(l, op.what);
    }
    await logs.insertLogs(
      t,
      lines.map((l) => ({
        purchaserOrgId: caller.orgId,
        sellerOrgId: l.orgId,
        returnOrderId: l.returnOrderId,
        lineId: l.id,
        operation: op.name,
        fromStatus: l.status,
        toStatus: op.to,
        actorUserId: caller.userId,
        note: op.note ?? '',
      })),
    );
    const after = await repo.selectLines(t, sql`l.purchaser_org_id = ${caller.orgId} and l.id in (${repo.idList(unique)})`);
    return { moved: lines.length, lines: after.map(lineRow) };
  });
}

export async function assignReturnLines(db: Db, caller: Caller, lineIds: number[], pickerUserId: number) {
  requirePurchaser(caller);
  const picker = await logs.findPicker(db, caller.orgId, pickerUserId);
  if (!picker) throw new AppError(ErrorCode.OFFLINE_PICKER_INVALID);
  return moveLines(db, caller, lineIds, {
    name: 'ASSIGN',
    what: '分配',
    from: ['WAITING_ASSIGNED', 'WAIT_FACTORY'],
    to: 'WAIT_FACTORY',
    note: `分配给 ${picker.name}`,
    patch: { pickerUserId, assigned: true },
  });
}

export const stopReturnLines = (db: Db, caller: Caller, lineIds: number[]) =>
  moveLines(db, caller, lineIds, { name: 'STOP', what: '暂停', from: ['WAITING_ASSIGNED', 'WAIT_FACTORY'], to: 'STOP_RETURNED' });

export const resumeReturnLines = (db: Db, caller: Caller, lineIds: number[]) =>
  moveLines(db, caller, lineIds, { name: 'RESUME', what: '恢复', from: ['STOP_RETURNED'], to: 'WAITING_ASSIGNED', patch: { pickerUserId: null } });

export async function markFactoryRefused(db: Db, caller: Caller, lineId: number, reason: string) {
  return inTransaction(db, async (t) => {
    const out = await moveLines(t, caller, [lineId], {
      name: 'FACTORY_REFUSE',
      what: '标记拒退',
      from: ['WAIT_FACTORY'],
      to: 'FACTORY_REFUSE',
      note: reason,
      patch: { note: reason, finished: true },
    });
    const [l] = await repo.selectLines(t, sql`l.purchaser_org_id = ${caller.orgId} and l.id = ${lineId}`);
    if (l?.afterSaleId) {
      await afterSaleLineAnswered.emit(t, {
        afterSaleId: l.afterSaleId,
        sellerOrgId: l.orgId,
        purchaserOrgId: caller.orgId,
        userId: caller.userId,
        lineId,
        outcome: 'FACTORY_REFUSE',
        refundFen: 0,
        reason,
      });
    }
    return out;
  });
}

/**
 * The stall took the goods back and refunded `refundFen` (the line's goods amount when absent):
 * the seller is credited the refund less the service fee (OFFLINE_REFUND, key offline-refund:<line>).
 */
export async function markFactoryReturned(db: Db, caller: Caller, lineId: number, refundFen?: number) {
  requirePurchaser(caller);
  return inTransaction(db, async (t) => {
    const [l] = await repo.lockLines(t, caller.orgId, [lineId]);
    if (!l) throw notFound('退货明细');
    if (l.status !== 'WAIT_FACTORY') refuse(l, '标记已退货');
    const goodsFen = l.quantity * l.unitPriceFen;
    const refund = refundFen ?? goodsFen;
    if (refund > goodsFen)
      throw new AppError(
        ErrorCode.OFFLINE_REFUND_TOO_LARGE,
        `退款金额 ¥${fenToYuan(refund)} 超过该行退货商品金额 ¥${fenToYuan(goodsFen)}，请核对档口实际退款后重新填写`,
      );
    if (l.afterSaleId) return answerAfterSaleLine(t, caller, l, refund);
    const fee = Math.min(OFFLINE_RETURN_SERVICE_FEE_FEN, refund);
    if (!(await repo.moveLine(t, caller.orgId, l.id, 'WAIT_FACTORY', { status: 'FACTORY_RETURNED', refundFen: refund, serviceFeeFen: fee, finished: true }))) {
      refuse(l, '标记已退货');
    }
    if (refund - fee > 0) {
      await moveMoney(t, {
        orgId: l.orgId,
        transactionType: 'OFFLINE_REFUND',
        purpose: 'OTHER',
        availableDeltaFen: refund - fee,
        businessId: l.returnNo,
        requestKey: refundKey(l.id),
        remark: `线下退货 ${l.returnNo} ${l.artNo} 退款¥${fenToYuan(refund)}，扣服务费¥${fenToYuan(fee)}`,
      });
    }
    const note = `档口退款 ¥${fenToYuan(refund)}，服务费 ¥${fenToYuan(fee)}，退回卖家 ¥${fenToYuan(refund - fee)}`;
    await logs.insertLogs(t, [
      {
        purchaserOrgId: caller.orgId,
        sellerOrgId: l.orgId,
        returnOrderId: l.returnOrderId,
        lineId: l.id,
        operation: 'FACTORY_RETURNED',
        fromStatus: 'WAIT_FACTORY',
        toStatus: 'FACTORY_RETURNED',
        actorUserId: caller.userId,
        note,
      },
    ]);
    const after = await repo.selectLines(t, sql`l.purchaser_org_id = ${caller.orgId} and l.id = ${l.id}`);
    return { moved: 1, lines: after.map(lineRow) };
  });
}

/**
 * An after-sale's line: the line records what the stall refunded, and the after-sale (hook
 * afterSaleLineAnswered) credits the seller once, less the operator's return service fee.
 */
async function answerAfterSaleLine(t: Db, caller: Caller, l: repo.LineRecord, refund: number) {
  const fee = Math.min(OPERATOR_RETURN_SERVICE_FEE_FEN, refund);
  if (!(await repo.moveLine(t, caller.orgId, l.id, 'WAIT_FACTORY', { status: 'FACTORY_RETURNED', refundFen: refund, serviceFeeFen: fee, finished: true }))) {
    refuse(l, '标记已退货');
  }
  await logs.insertLogs(t, [
    {
      purchaserOrgId: caller.orgId,
      sellerOrgId: l.orgId,
      returnOrderId: l.returnOrderId,
      lineId: l.id,
      operation: 'FACTORY_RETURNED',
      fromStatus: 'WAIT_FACTORY',
      toStatus: 'FACTORY_RETURNED',
      actorUserId: caller.userId,
      note: `售后单 ${l.afterSaleNo} 档口退款 ¥${fenToYuan(refund)}`,
    },
  ]);
  await afterSaleLineAnswered.emit(t, {
    afterSaleId: l.afterSaleId as number,
    sellerOrgId: l.orgId,
    purchaserOrgId: caller.orgId,
    userId: caller.userId,
    lineId: l.id,
    outcome: 'FACTORY_RETURNED',
    refundFen: refund,
    reason: '',
  });
  const after = await repo.selectLines(t, sql`l.purchaser_org_id = ${caller.orgId} and l.id = ${l.id}`);
  return { moved: 1, lines: after.map(lineRow) };
}

function lineWhere(orgId: number, q: Omit<Query, 'pageNo' | 'pageSize'>): SQL {
  const parts = [sql`l.purchaser_org_id = ${orgId}`, sql`l.status is not null`];
  if (q.status) parts.push(sql`l.status = ${q.status}`);
  if (q.pickerUserId) parts.push(sql`l.picker_user_id = ${q.pickerUserId}`);
  if (q.stall) parts.push(sql`(l.stall_name = ${q.stall} or l.stall_no = ${q.stall})`);
  if (q.keyword) {
    const k = q.keyword.toUpperCase();
    parts.push(sql`(o.return_no = ${k} or o.waybill_no = ${k} or l.art_no = ${q.keyword})`);
  }
  return sql.join(parts, sql` and `);
}

export async function pageReturnLines(db: Db, caller: Caller, q: Query) {
  requirePurchaser(caller);
  const where = lineWhere(caller.orgId, q);
  const [total, list, counts] = [
    await repo.countLines(db, where),
    await repo.selectLines(db, where, sql`order by l.id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`),
    await repo.countByStatus(db, caller.orgId),
  ];
  return { total, list: list.map(lineRow), counts };
}

/** The filtered lines for the Excel export (at most 20,000). */
export async function exportReturnLines(db: Db, caller: Caller, q: Omit<Query, 'pageNo' | 'pageSize'>) {
  requirePurchaser(caller);
  return (await repo.selectLines(db, lineWhere(caller.orgId, q), sql`order by l.id desc limit 20000`)).map(lineRow);
}

export async function purchaserLineLogs(db: Db, caller: Caller, lineId: number) {
  requirePurchaser(caller);
  const [line] = await repo.selectLines(db, sql`l.purchaser_org_id = ${caller.orgId} and l.id = ${lineId}`);
  if (!line) throw notFound('退货明细');
  const rows = await logs.logsOfLine(db, sql`g.purchaser_org_id = ${caller.orgId}`, lineId);
  return rows.map((g) => ({ ...g, createdAt: g.createdAt.toISOString() }));
}

export async function returnPickers(db: Db, caller: Caller) {
  requirePurchaser(caller);
  return logs.pickersOf(db, caller.orgId);
}
