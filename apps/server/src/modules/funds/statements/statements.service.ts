/**
 * 对账单: a month's opening balance, its movements per transaction type (SPEC.md section 4 codes)
 * and its closing balance, all from ledger_entries; a 12-month overview; the Excel of a month.
 */
import { ErrorCode, PAYMENT_PURPOSE_NAMES, type StatementResult, TRANSACTION_TYPE_NAMES, type TransactionType } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { moneyColumn, type Sheet, timeColumn, yuan } from '../../../lib/excel/index.js';
import { assertExportable, EXPORT_MAX_ROWS } from '../records/records.excel.js';
import { currentMonth, monthStart, monthsBefore, nextMonth } from '../records/records.period.js';
import * as repo from './statements.repository.js';

type Type = z.infer<typeof TransactionType>;
const typeName = (t: string) => TRANSACTION_TYPE_NAMES[t as Type] ?? t;

function checkMonth(month: string) {
  if (month > currentMonth()) throw new AppError(ErrorCode.BAD_REQUEST, `月份：${month} 还没有到，请选择本月或之前的月份`);
}

async function bounds(db: Db, orgId: number, month: string) {
  const [open, close] = await Promise.all([repo.boundaryBefore(db, orgId, monthStart(month)), repo.boundaryBefore(db, orgId, monthStart(nextMonth(month)))]);
  return { open, close };
}

/** The month's statement. closing is the ledger's own balance after the month's last entry. */
export async function statement(db: Db, orgId: number, month: string): Promise<StatementResult> {
  checkMonth(month);
  const { open, close } = await bounds(db, orgId, month);
  const groups = await repo.groupsBetween(db, orgId, open.id, close.id);
  const sum = (k: 'incomeFen' | 'expenseFen' | 'frozenChangeFen' | 'count') => groups.reduce((a, g) => a + g[k], 0);
  return {
    month,
    opening: { availableFen: open.availableFen, frozenFen: open.frozenFen },
    closing: { availableFen: close.availableFen, frozenFen: close.frozenFen },
    groups: groups.map((g) => ({ ...g, transactionType: g.transactionType as Type })),
    totals: { incomeFen: sum('incomeFen'), expenseFen: sum('expenseFen'), frozenChangeFen: sum('frozenChangeFen'), count: sum('count') },
  };
}

/** The twelve months ending with `endMonth` (default: this month), newest first, available balance only. */
export async function overview(db: Db, orgId: number, endMonth = currentMonth()) {
  checkMonth(endMonth);
  const months = Array.from({ length: 12 }, (_, i) => monthsBefore(endMonth, i));
  // 13 boundaries: before each month starts, and before the month after endMonth.
  const starts = [nextMonth(endMonth), ...months];
  const boundaries = await Promise.all(starts.map((m) => repo.boundaryBefore(db, orgId, monthStart(m))));
  return Promise.all(
    months.map(async (month, i) => {
      const close = boundaries[i] as repo.Boundary;
      const open = boundaries[i + 1] as repo.Boundary;
      const groups = await repo.groupsBetween(db, orgId, open.id, close.id);
      return {
        month,
        openingFen: open.availableFen,
        incomeFen: groups.reduce((a, g) => a + g.incomeFen, 0),
        expenseFen: groups.reduce((a, g) => a + g.expenseFen, 0),
        closingFen: close.availableFen,
        count: groups.reduce((a, g) => a + g.count, 0),
      };
    }),
  );
}

type SummaryLine = { item: string; count: number | ''; income: string; expense: string; frozen: string };
type EntryLine = Awaited<ReturnType<typeof repo.entriesBetween>>[number];
/** The month as two sheets: the statement, and every entry of the month. */
export async function statementSheets(db: Db, orgId: number, month: string) {
  const s = await statement(db, orgId, month);
  const { open, close } = await bounds(db, orgId, month);
  assertExportable(await repo.countBetween(db, orgId, open.id, close.id));
  const entries = await repo.entriesBetween(db, orgId, open.id, close.id, EXPORT_MAX_ROWS);
  const lines: SummaryLine[] = [
    { item: '期初余额', count: '', income: yuan(s.opening.availableFen), expense: '', frozen: yuan(s.opening.frozenFen) },
    ...s.groups.map((g) => ({
      item: typeName(g.transactionType),
      count: g.count,
      income: yuan(g.incomeFen),
      expense: yuan(g.expenseFen),
      frozen: yuan(g.frozenChangeFen),
    })),
    { item: '合计', count: s.totals.count, income: yuan(s.totals.incomeFen), expense: yuan(s.totals.expenseFen), frozen: yuan(s.totals.frozenChangeFen) },
    { item: '期末余额', count: '', income: yuan(s.closing.availableFen), expense: '', frozen: yuan(s.closing.frozenFen) },
  ];
  const summary: Sheet<SummaryLine> = {
    name: `对账单 ${month}`,
    rows: lines,
    columns: [
      { header: '项目', width: 20, value: (r) => r.item },
      { header: '笔数', value: (r) => r.count },
      { header: '收入／可用余额（元）', width: 22, value: (r) => r.income },
      { header: '支出（元）', value: (r) => r.expense },
      { header: '冻结变动／冻结余额（元）', width: 26, value: (r) => r.frozen },
    ],
  };
  const detail: Sheet<EntryLine> = {
    name: '资金明细',
    rows: entries,
    columns: [
      timeColumn('时间', (e) => e.createdAt, 22),
      { header: '交易类型', value: (e) => typeName(e.transactionType) },
      { header: '用途', value: (e) => PAYMENT_PURPOSE_NAMES[e.purpose as keyof typeof PAYMENT_PURPOSE_NAMES] ?? e.purpose },
      moneyColumn('可用变动（元）', (e) => Number(e.availableDeltaFen)),
      moneyColumn('冻结变动（元）', (e) => Number(e.frozenDeltaFen)),
      moneyColumn('可用余额（元）', (e) => Number(e.availableAfterFen)),
      moneyColumn('冻结余额（元）', (e) => Number(e.frozenAfterFen)),
      { header: '业务单号', width: 26, value: (e) => e.businessId ?? '' },
      { header: '备注', width: 30, value: (e) => e.remark ?? '' },
    ],
  };
  return [summary, detail] as const;
}
