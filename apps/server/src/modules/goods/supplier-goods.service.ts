/**
 * Supplier goods (/goods/supplier): the items of the organisation's stalls that links name, with
 * how many shop SKUs are linked to each. A new cost is the item's price from now on: each current
 * link of the item gets a new version with it (placed orders keep the cost they were placed with).
 */
import type { SupplierGoodsPageBody, SupplierGoodsRow } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { insertCurrentLinks, lockSkus, markReplaced } from './goods-links.repository.js';
import * as repo from './supplier-goods.repository.js';

export type ItemRecord = Awaited<ReturnType<typeof repo.listItems>>[number];

export const toItemRow = (r: ItemRecord): SupplierGoodsRow => ({ ...r, updatedAt: r.updatedAt.toISOString() });

export async function pageSupplierGoods(db: Db, caller: Caller, q: z.output<typeof SupplierGoodsPageBody>) {
  const total = await repo.countItems(db, caller.orgId, q);
  const rows = await repo.listItems(db, caller.orgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total, list: rows.map(toItemRow) };
}

export async function updateSupplierGoodsCost(db: Db, caller: Caller, id: number, costFen: number) {
  return inTransaction(db, async (t) => {
    if (!(await repo.setItemCost(t, caller.orgId, id, costFen))) throw notFound('供应商商品');
    const stale = await repo.linksWithOtherCost(t, caller.orgId, id, costFen);
    // Lock the SKUs like every link writer does, then re-read: a link changed meanwhile is skipped.
    const locked = await lockSkus(
      t,
      caller.orgId,
      stale.map((l) => l.shopSkuId),
    );
    const stillCurrent = new Set(locked.map((s) => s.linkId));
    const links = stale.filter((l) => stillCurrent.has(l.id));
    await markReplaced(
      t,
      caller.orgId,
      links.map((l) => l.id),
    );
    await insertCurrentLinks(
      t,
      caller.orgId,
      links.map((l) => ({ ...l, costFen })),
      { source: 'COST', ruleId: null, userId: caller.userId },
    );
    return { relinked: links.length };
  });
}
