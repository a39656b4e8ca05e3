/**
 * Custom goods (/goods/customGoods): items that come from no shop, for offline pick-up orders and
 * manual declarations. Disabled, never deleted (an offline order may name one).
 */
import type { CustomGoodsPageBody, CustomGoodsRow, CustomGoodsSaveBody, EnableStatus } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './custom-goods.repository.js';
import { findSupplier } from './suppliers.repository.js';

export type CustomGoodsRecord = Awaited<ReturnType<typeof repo.listCustomGoods>>[number];

export const toCustomGoodsRow = (r: CustomGoodsRecord): CustomGoodsRow => ({
  ...r,
  supplierName: r.supplierName ?? '',
  status: r.status,
  updatedAt: r.updatedAt.toISOString(),
});

export async function pageCustomGoods(db: Db, caller: Caller, q: z.output<typeof CustomGoodsPageBody>) {
  const total = await repo.countCustomGoods(db, caller.orgId, q);
  const rows = await repo.listCustomGoods(db, caller.orgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total, list: rows.map(toCustomGoodsRow) };
}

export async function customGoodsDetail(db: Db, caller: Caller, id: number) {
  const row = await repo.findCustomGoods(db, caller.orgId, id);
  if (!row) throw notFound('自定义商品');
  return toCustomGoodsRow(row);
}

export async function saveCustomGoods(db: Db, caller: Caller, body: z.output<typeof CustomGoodsSaveBody>) {
  const { id, ...v } = body;
  if (v.supplierId !== null && !(await findSupplier(db, caller.orgId, v.supplierId))) throw notFound('供应商');
  if (id === undefined) return { id: await repo.insertCustomGoods(db, caller.orgId, v) };
  if (!(await repo.updateCustomGoods(db, caller.orgId, id, v))) throw notFound('自定义商品');
  return { id };
}

export async function setCustomGoodsStatus(db: Db, caller: Caller, ids: number[], status: EnableStatus) {
  const unique = [...new Set(ids)];
  if ((await repo.countOwnCustomGoods(db, caller.orgId, unique)) !== unique.length) throw notFound('自定义商品');
  await repo.setCustomGoodsStatus(db, caller.orgId, unique, status);
}
