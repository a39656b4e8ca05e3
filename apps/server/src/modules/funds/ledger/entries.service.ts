/** The balance page (余额): the tenant's ledger entries, paged and filtered, and their Excel export. */
import { type EntryQuery, type EntryRow, ErrorCode, LIST_COUNT_CAP, PAYMENT_PURPOSE_NAMES, TRANSACTION_TYPE_NAMES } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import { EXPORT_CHUNK, keysetPages, moneyColumn, timeColumn, writeXlsx, type XlsxColumn } from '../../../lib/excel/index.js';
import * as repo from './entries.repository.js';
import type { LedgerEntry } from './ledger.repository.js';

/** Past this the export asks for a narrower range: 50,000 rows write in a few seconds without holding the event loop. */
export const ENTRIES_EXPORT_MAX_ROWS = 50_000;

const toRow = (e: LedgerEntry): EntryRow => ({
  id: e.id,
  transactionType: e.transactionType,
  purpose: e.purpose,
  amount: e.availableDeltaFen,
  frozenAmount: e.frozenDeltaFen,
  availableAfter: e.availableAfterFen,
  frozenAfter: e.frozenAfterFen,
  businessId: e.businessId,
  remark: e.remark,
  createdAt: e.createdAt.toISOString(),
});

/** One page and the total, counted up to `cap` (past it the page shows "10000+"; `cap` is a parameter for the tests). */
export async function pageEntries(db: Db, orgId: number, q: EntryQuery, cap = LIST_COUNT_CAP) {
  const [total, rows] = await Promise.all([
    repo.countEntriesCapped(db, orgId, q, cap),
    repo.pageEntries(db, orgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize),
  ]);
  return { total: total.count, totalCapped: total.capped, list: rows.map(toRow) };
}

const typeName = (c: string) => TRANSACTION_TYPE_NAMES[c as keyof typeof TRANSACTION_TYPE_NAMES] ?? c;
const purposeName = (c: string) => PAYMENT_PURPOSE_NAMES[c as keyof typeof PAYMENT_PURPOSE_NAMES] ?? c;

const COLUMNS: XlsxColumn<LedgerEntry>[] = [
  timeColumn('时间', (e) => e.createdAt),
  { header: '交易类型', width: 12, value: (e) => typeName(e.transactionType) },
  { header: '用途', width: 12, value: (e) => purposeName(e.purpose) },
  moneyColumn('可用余额变动（元）', (e) => e.availableDeltaFen, 18),
  moneyColumn('冻结金额变动（元）', (e) => e.frozenDeltaFen, 18),
  moneyColumn('变动后可用（元）', (e) => e.availableAfterFen, 16),
  moneyColumn('变动后冻结（元）', (e) => e.frozenAfterFen, 16),
  { header: '业务单号', width: 30, value: (e) => e.businessId ?? '' },
  { header: '备注', width: 40, value: (e) => e.remark ?? '' },
];

/** The filtered entries as an .xlsx stream; counted first (up to the cap), so a refusal is still an envelope. */
export async function exportEntries(db: Db, orgId: number, f: repo.EntryFilter, log: FastifyBaseLogger) {
  if ((await repo.countEntriesUpTo(db, orgId, f, ENTRIES_EXPORT_MAX_ROWS + 1)) > ENTRIES_EXPORT_MAX_ROWS) {
    throw new AppError(ErrorCode.ENTRIES_EXPORT_TOO_LARGE, `明细超过 ${ENTRIES_EXPORT_MAX_ROWS} 条，请缩小日期范围或选择交易类型后再导出`);
  }
  return writeXlsx({ sheetName: '余额明细', columns: COLUMNS, pages: keysetPages((before) => repo.entriesBefore(db, orgId, f, before, EXPORT_CHUNK)), log });
}
