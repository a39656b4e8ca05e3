/**
 * Supplier list spreadsheets. Export writes the list as filtered; import adds new stalls and
 * updates known ones (same market, building, floor, stall number and name), all or nothing: a
 * file with any bad row changes nothing and says which rows to fix.
 */
import { ENABLE_STATUS_NAMES, type EnableStatus, type SupplierPageBody, SupplierSaveBody } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import type { XlsxColumn } from '../../lib/excel/index.js';
import { describeIssue } from '../../lib/validation.js';
import type { Caller } from '../../plugins/auth.js';
import { assertExportable, readSheet, rowErrors } from './goods.excel.js';
import * as repo from './suppliers.repository.js';
import { supplierWriteError } from './suppliers.service.js';

const HEADERS = {
  market: '市场',
  building: '楼栋/区',
  floor: '楼层',
  stallNo: '档口号',
  name: '档口名称',
  code: '档口编码',
  contact: '联系人',
  phone: '联系电话',
  address: '厂家地址',
  marketArea: '拿货区域',
  status: '状态',
  remark: '备注',
} as const;
type Field = keyof typeof HEADERS;

export const supplierColumns: XlsxColumn<repo.SupplierRecord>[] = [
  ...(Object.keys(HEADERS) as Field[]).map((f) => ({
    header: HEADERS[f],
    width: f === 'address' ? 36 : f === 'name' ? 24 : undefined,
    value: (r: repo.SupplierRecord) => (f === 'status' ? ENABLE_STATUS_NAMES[r.status] : r[f]),
  })),
  { header: '更新时间', width: 20, value: (r) => r.updatedAt.toISOString().slice(0, 19).replace('T', ' ') },
];

export async function suppliersForExport(db: Db, caller: Caller, q: Omit<z.output<typeof SupplierPageBody>, 'pageNo' | 'pageSize'>) {
  assertExportable(await repo.countSuppliers(db, caller.orgId, q));
  return repo.listSuppliers(db, caller.orgId, q, 20_000);
}

const stallKey = (r: { market: string; building: string; floor: string; stallNo: string; name: string }) =>
  [r.market, r.building, r.floor, r.stallNo, r.name].map((s) => s.trim()).join('\u0001');

const STATUS_BY_NAME: Record<string, EnableStatus> = { 启用: 'ENABLED', 停用: 'DISABLED', ENABLED: 'ENABLED', DISABLED: 'DISABLED' };

export async function importSuppliers(db: Db, caller: Caller, contentBase64: string) {
  const rows = await readSheet(contentBase64, [HEADERS.name]);
  const existing = await repo.allSuppliers(db, caller.orgId);
  const byKey = new Map(existing.map((s) => [stallKey(s), s]));
  const codeOwner = new Map(existing.filter((s) => s.code).map((s) => [s.code.toLowerCase(), stallKey(s)]));
  const errors: { rowNo: number; message: string }[] = [];
  const seen = new Map<string, number>();
  const creates: repo.SupplierValues[] = [];
  const updates: (repo.SupplierValues & { id: number })[] = [];
  const statusChanges = new Map<EnableStatus, number[]>();
  let unchanged = 0;

  for (const row of rows) {
    const raw = Object.fromEntries((Object.keys(HEADERS) as Field[]).filter((f) => f !== 'status').map((f) => [f, row.get(HEADERS[f])]));
    const parsed = SupplierSaveBody.safeParse(raw);
    if (!parsed.success) {
      errors.push({ rowNo: row.rowNo, message: describeIssue(SupplierSaveBody, parsed.error.issues[0] as never) });
      continue;
    }
    const statusText = row.get(HEADERS.status);
    const status = statusText ? STATUS_BY_NAME[statusText] : undefined;
    if (statusText && !status) {
      errors.push({ rowNo: row.rowNo, message: '状态只能填写“启用”或“停用”' });
      continue;
    }
    const { id: _id, ...v } = parsed.data;
    const key = stallKey(v);
    const dup = seen.get(key);
    if (dup !== undefined) {
      errors.push({ rowNo: row.rowNo, message: `与第${dup}行是同一个档口` });
      continue;
    }
    seen.set(key, row.rowNo);
    const codeKey = v.code.toLowerCase();
    if (codeKey) {
      const owner = codeOwner.get(codeKey);
      if (owner !== undefined && owner !== key) {
        errors.push({ rowNo: row.rowNo, message: `档口编码“${v.code}”已被其他供应商使用` });
        continue;
      }
      codeOwner.set(codeKey, key);
    }
    const known = byKey.get(key);
    if (!known) {
      creates.push({ ...v, ...(status ? { status } : {}) } as repo.SupplierValues);
      continue;
    }
    const same = v.code === known.code && v.contact === known.contact && v.phone === known.phone && v.address === known.address;
    const alsoSame = v.marketArea === known.marketArea && v.remark === known.remark && (!status || status === known.status);
    if (same && alsoSame) unchanged++;
    else {
      updates.push({ ...v, id: known.id });
      if (status && status !== known.status) statusChanges.set(status, [...(statusChanges.get(status) ?? []), known.id]);
    }
  }
  if (errors.length > 0) throw rowErrors(errors);

  try {
    await inTransaction(db, async (t) => {
      await repo.updateSuppliers(t, caller.orgId, updates);
      await repo.insertSuppliers(t, caller.orgId, creates);
      for (const [status, ids] of statusChanges) await repo.setSupplierStatus(t, caller.orgId, ids, status);
    });
  } catch (err) {
    throw supplierWriteError(err);
  }
  return { created: creates.length, updated: updates.length, unchanged };
}
