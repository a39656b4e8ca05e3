/**
 * 拿货结算 / 拿货员结算: what a purchaser (or a seller doing its own pick-up) paid to stalls and owes
 * its pickers, aggregated per period and stall, per picker, and one picker's lines. Lines come from
 * the fulfilment work through recordSettlementLine, idempotent by the take item.
 */
import {
  beijingDayEnd,
  beijingDayStart,
  ErrorCode,
  MAX_FEN,
  SETTLEMENT_KIND_NAMES,
  SETTLEMENT_PERIOD_NAMES,
  type SettlementKind,
  type SettlementLinesBody,
  type SettlementPickersBody,
  type SettlementSummaryBody,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/app-error.js';
import { moneyColumn, type Sheet, timeColumn, yuan } from '../../../lib/excel/index.js';
import { assertExportable, EXPORT_MAX_ROWS } from '../records/records.excel.js';
import * as repo from './settlements.repository.js';

const rangeOf = (q: { dateFrom: string; dateTo: string }): repo.Range => ({ from: beijingDayStart(q.dateFrom), to: beijingDayEnd(q.dateTo) });

export interface NewSettlementLine {
  orgId: number;
  /** The picker who took the item; null while nobody is assigned. */
  pickerUserId: number | null;
  supplierName: string;
  /** The take item's id (or the return-to-factory item's). */
  businessId: string;
  kind: z.infer<typeof SettlementKind>;
  /** Goods money paid to the stall; negative for a RETURN the stall refunds. */
  goodsFen: number;
  commissionFen: number;
  occurredAt: Date;
}

function check(v: NewSettlementLine) {
  const bad = (msg: string) => new AppError(ErrorCode.BAD_REQUEST, msg);
  if (!Number.isSafeInteger(v.goodsFen) || Math.abs(v.goodsFen) > MAX_FEN) throw bad('货款必须是整数分，且不超过1000万元');
  if (v.kind === 'TAKE' && v.goodsFen < 0) throw bad('拿货的货款不能为负数');
  if (v.kind === 'RETURN' && v.goodsFen > 0) throw bad('退货回档口的货款应为负数或0（档口退回的钱）');
  if (!Number.isSafeInteger(v.commissionFen) || v.commissionFen < 0 || v.commissionFen > MAX_FEN) throw bad('佣金必须是不小于0的整数分');
  if (!v.supplierName.trim() || v.supplierName.length > 100) throw bad('档口名称必填且不超过100个字符');
  if (!v.businessId || v.businessId.length > 64) throw bad('拿货项编号必填且不超过64个字符');
  if (!(v.occurredAt instanceof Date) || Number.isNaN(v.occurredAt.getTime())) throw bad('发生时间无效');
  if (!['TAKE', 'RETURN'].includes(v.kind)) throw bad('结算类型不正确');
}

/**
 * Records one settlement line inside the caller's transaction, once per (org, business id, kind).
 * The same line again answers the stored one (created false); the same key with other amounts is
 * refused with SETTLEMENT_LINE_CONFLICT. The picker must belong to the organisation.
 */
export async function recordSettlementLine(tx: Db, v: NewSettlementLine) {
  check(v);
  if (v.pickerUserId !== null) {
    const picker = await repo.userOrg(tx, v.pickerUserId);
    if (!picker || picker.orgId !== v.orgId) throw notFound('拿货员');
  }
  const { line, created } = await repo.insertLine(tx, { ...v, supplierName: v.supplierName.trim() });
  const same =
    line.goodsFen === v.goodsFen &&
    line.commissionFen === v.commissionFen &&
    line.pickerUserId === v.pickerUserId &&
    line.supplierName === v.supplierName.trim();
  if (!created && !same) throw new AppError(ErrorCode.SETTLEMENT_LINE_CONFLICT);
  return { id: line.id, created };
}

export function summary(db: Db, orgId: number, q: z.output<typeof SettlementSummaryBody>) {
  return repo.summaryPage(db, orgId, rangeOf(q), q.period, q.supplierName || undefined, q.pageSize, (q.pageNo - 1) * q.pageSize);
}

export function pickers(db: Db, orgId: number, q: z.output<typeof SettlementPickersBody>) {
  return repo.pickersPage(db, orgId, rangeOf(q), q.pageSize, (q.pageNo - 1) * q.pageSize);
}

/** One picker's lines; a picker of another organisation is "not found". */
export async function pickerLines(db: Db, orgId: number, q: z.output<typeof SettlementLinesBody>) {
  const picker = await repo.userOrg(db, q.pickerUserId);
  if (!picker || picker.orgId !== orgId) throw notFound('拿货员');
  const r = await repo.pickerLines(db, orgId, q.pickerUserId, rangeOf(q), q.pageSize, (q.pageNo - 1) * q.pageSize);
  return {
    pickerName: picker.username,
    total: r.total,
    totals: r.totals,
    list: r.rows.map((l) => ({
      id: l.id,
      kind: l.kind as z.infer<typeof SettlementKind>,
      supplierName: l.supplierName,
      businessId: l.businessId,
      goodsFen: l.goodsFen,
      commissionFen: l.commissionFen,
      occurredAt: l.occurredAt.toISOString(),
    })),
  };
}

type Totals = { lines: number; goodsFen: number; commissionFen: number };
const totalsFooter = (t: Totals): (string | number)[][] => [['合计', `${t.lines} 件`, `货款 ${yuan(t.goodsFen)} 元`, `佣金 ${yuan(t.commissionFen)} 元`]];

export async function summarySheet(db: Db, orgId: number, q: z.output<typeof SettlementSummaryBody>) {
  const r = await summary(db, orgId, { ...q, pageNo: 1, pageSize: EXPORT_MAX_ROWS });
  assertExportable(r.total);
  const sheet: Sheet<(typeof r.list)[number]> = {
    name: `拿货结算（${SETTLEMENT_PERIOD_NAMES[q.period]}）`,
    rows: r.list,
    columns: [
      {
        header: q.period === 'day' ? '日期' : q.period === 'week' ? '周（自周一）' : '月份',
        value: (x) => (q.period === 'month' ? x.periodStart.slice(0, 7) : x.periodStart),
      },
      { header: '档口', width: 30, value: (x) => x.supplierName },
      { header: '件数', value: (x) => x.lines },
      moneyColumn('货款（元）', (x) => x.goodsFen),
      moneyColumn('拿货佣金（元）', (x) => x.commissionFen),
    ],
    footer: totalsFooter(r.totals),
  };
  return sheet;
}

export async function pickersSheet(db: Db, orgId: number, q: z.output<typeof SettlementPickersBody>) {
  const r = await pickers(db, orgId, { ...q, pageNo: 1, pageSize: EXPORT_MAX_ROWS });
  assertExportable(r.total);
  const sheet: Sheet<(typeof r.list)[number]> = {
    name: '拿货员结算',
    rows: r.list,
    columns: [
      { header: '拿货员', width: 20, value: (x) => x.pickerName },
      { header: '件数', value: (x) => x.lines },
      moneyColumn('货款（元）', (x) => x.goodsFen),
      moneyColumn('佣金（元）', (x) => x.commissionFen),
    ],
    footer: totalsFooter(r.totals),
  };
  return sheet;
}

const kindName = (kind: string) => SETTLEMENT_KIND_NAMES[kind as z.infer<typeof SettlementKind>] ?? kind;
export async function linesSheet(db: Db, orgId: number, q: z.output<typeof SettlementLinesBody>) {
  const r = await pickerLines(db, orgId, { ...q, pageNo: 1, pageSize: EXPORT_MAX_ROWS });
  assertExportable(r.total);
  const sheet: Sheet<(typeof r.list)[number]> = {
    name: `拿货员结算-${r.pickerName}`.slice(0, 31),
    rows: r.list,
    columns: [
      timeColumn('时间', (x) => x.occurredAt, 22),
      { header: '类型', value: (x) => kindName(x.kind) },
      { header: '档口', width: 30, value: (x) => x.supplierName },
      { header: '拿货项', width: 24, value: (x) => x.businessId },
      moneyColumn('货款（元）', (x) => x.goodsFen),
      moneyColumn('佣金（元）', (x) => x.commissionFen),
    ],
    footer: totalsFooter(r.totals),
  };
  return { sheet, pickerName: r.pickerName };
}
