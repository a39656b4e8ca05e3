/** Custom certificates (合格证): the seller's saved certificate contents, printed with a quantity. */
import type { CertificatePageBody, CertificateRow, CertificateSaveBody } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './certificates.repository.js';

const toRow = (r: repo.CertificateRecord): CertificateRow => ({
  id: r.id,
  title: r.title,
  brand: r.brand,
  categoryName: r.categoryName,
  artNo: r.artNo,
  specification: r.specification,
  productLevel: r.productLevel,
  fabricComposition: r.fabricComposition,
  enforceStandards: r.enforceStandards,
  safetyCategory: r.safetyCategory,
  origin: r.origin,
  washedLabelList: r.washedLabelList,
  updatedAt: r.updatedAt.toISOString(),
});

export async function pageCertificates(db: Db, caller: Caller, q: z.output<typeof CertificatePageBody>) {
  const { total, rows } = await repo.pageCertificates(db, caller.orgId, q);
  return { total, list: rows.map(toRow) };
}

export async function certificateDetail(db: Db, caller: Caller, id: number): Promise<CertificateRow> {
  const row = await repo.findCertificate(db, caller.orgId, id);
  if (!row) throw notFound('合格证');
  return toRow(row);
}

/** Creates (no id) or updates a certificate of the caller's organisation; another tenant's id is "not found". */
export async function saveCertificate(db: Db, caller: Caller, body: z.output<typeof CertificateSaveBody>): Promise<{ id: number }> {
  const { id, ...fields } = body;
  if (id === undefined) return { id: await repo.insertCertificate(db, caller.orgId, fields) };
  if (!(await repo.updateCertificate(db, caller.orgId, id, fields))) throw notFound('合格证');
  return { id };
}

export async function removeCertificate(db: Db, caller: Caller, id: number) {
  if (!(await repo.removeCertificate(db, caller.orgId, id))) throw notFound('合格证');
}
