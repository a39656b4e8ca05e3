/**
 * The organisation's supplier (stall) list: add, edit, disable/enable, search, copy from the shared
 * stall directory. Suppliers are never deleted (links and placed orders name them).
 */
import {
  type AddFromDirectoryBody,
  type EnableStatus,
  ErrorCode,
  type StallDirectoryPageQuery,
  type StallDirectoryPageResult,
  type StallDirectoryRow,
  type StallDirectorySaveBody,
  type SupplierOption,
  type SupplierPageBody,
  type SupplierRow,
  type SupplierSaveBody,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { uniqueViolation } from './db-errors.js';
import * as repo from './suppliers.repository.js';

export const toSupplierRow = (r: repo.SupplierRecord): SupplierRow => ({
  id: r.id,
  directoryId: r.directoryId,
  code: r.code,
  market: r.market,
  building: r.building,
  floor: r.floor,
  stallNo: r.stallNo,
  name: r.name,
  contact: r.contact,
  phone: r.phone,
  address: r.address,
  marketArea: r.marketArea,
  status: r.status,
  remark: r.remark,
  updatedAt: r.updatedAt.toISOString(),
});

/** Turns a unique-index refusal into the error that says which rule was broken. */
export function supplierWriteError(err: unknown): unknown {
  const which = uniqueViolation(err);
  if (which === 'suppliers_org_code') return new AppError(ErrorCode.SUPPLIER_CODE_TAKEN);
  if (which === 'suppliers_org_stall') return new AppError(ErrorCode.SUPPLIER_DUPLICATE);
  return err;
}

export async function pageSuppliers(db: Db, caller: Caller, q: z.output<typeof SupplierPageBody>) {
  const total = await repo.countSuppliers(db, caller.orgId, q);
  const rows = await repo.listSuppliers(db, caller.orgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total, list: rows.map(toSupplierRow) };
}

export async function supplierDetail(db: Db, caller: Caller, id: number): Promise<SupplierRow> {
  const row = await repo.findSupplier(db, caller.orgId, id);
  if (!row) throw notFound('供应商');
  return toSupplierRow(row);
}

/** Creates (no id) or edits a supplier; a duplicate stall or code is refused with what to do. */
export async function saveSupplier(db: Db, caller: Caller, body: z.output<typeof SupplierSaveBody>): Promise<{ id: number }> {
  const { id, ...fields } = body;
  try {
    if (id === undefined) return { id: await repo.insertSupplier(db, caller.orgId, fields) };
    if (!(await repo.updateSupplier(db, caller.orgId, id, fields))) throw notFound('供应商');
    return { id };
  } catch (err) {
    throw supplierWriteError(err);
  }
}

/** Disables or enables suppliers; any id not of the organisation makes the whole call "not found". */
export async function setSuppliersStatus(db: Db, caller: Caller, ids: number[], status: EnableStatus) {
  const unique = [...new Set(ids)];
  if ((await repo.countOwnSuppliers(db, caller.orgId, unique)) !== unique.length) throw notFound('供应商');
  await repo.setSupplierStatus(db, caller.orgId, unique, status);
}

export async function supplierOptions(db: Db, caller: Caller): Promise<SupplierOption[]> {
  const rows = await repo.allSuppliers(db, caller.orgId);
  return rows.map((r) => ({ id: r.id, name: r.name, code: r.code, status: r.status }));
}

// ---- the shared directory ------------------------------------------------------------------------

const toDirectoryRow = (r: repo.DirectoryRecord): StallDirectoryRow => ({
  id: r.id,
  market: r.market,
  building: r.building,
  floor: r.floor,
  stallNo: r.stallNo,
  name: r.name,
  contact: r.contact,
  phone: r.phone,
  address: r.address,
  marketArea: r.marketArea,
});

export async function searchDirectory(db: Db, keyword: string) {
  return (await repo.searchDirectory(db, keyword)).map(toDirectoryRow);
}

/** Operator (档口库): the whole directory with each stall's status. */
export async function pageDirectory(db: Db, q: z.output<typeof StallDirectoryPageQuery>): Promise<StallDirectoryPageResult> {
  const r = await repo.pageDirectory(db, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total: r.total, list: r.list.map((d) => ({ ...toDirectoryRow(d), status: d.status, updatedAt: d.updatedAt.toISOString() })) };
}

/** Copies a directory stall into the caller's list, with the caller's own code and notes. */
export async function addFromDirectory(db: Db, caller: Caller, body: z.output<typeof AddFromDirectoryBody>) {
  const stall = await repo.findDirectory(db, body.directoryId);
  if (stall?.status !== 'ENABLED') throw notFound('档口');
  const { id: _id, status: _s, createdAt: _c, updatedAt: _u, ...fields } = stall;
  try {
    return { id: await repo.insertSupplier(db, caller.orgId, { ...fields, directoryId: stall.id, code: body.code, remark: body.remark }) };
  } catch (err) {
    throw supplierWriteError(err);
  }
}

/** Operator: adds or edits a directory stall. */
export async function saveDirectoryStall(db: Db, body: z.output<typeof StallDirectorySaveBody>) {
  const { id, ...fields } = body;
  try {
    const saved = await repo.saveDirectory(db, id, fields);
    if (saved === null) throw notFound('档口');
    return { id: saved };
  } catch (err) {
    if (uniqueViolation(err) === 'stall_directory_stall') throw new AppError(ErrorCode.STALL_DUPLICATE);
    throw err;
  }
}
