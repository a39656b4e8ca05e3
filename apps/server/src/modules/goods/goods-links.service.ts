/**
 * Goods association (/goods/association): the organisation's shop SKUs with their current links;
 * link one (with the link the user saw), link many to one article, unlink, and the version history.
 */
import {
  type AssociationPageBody,
  type BulkLinkBody,
  ErrorCode,
  type GoodsLinkView,
  type LinkOneBody,
  type LinkResult,
  type ShopSkuRow,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './goods-links.repository.js';
import { parseSpec } from './link-rules.js';
import { type Proposal, writeLinks } from './link-writer.js';
import { ensureShopSkus } from './shop-skus.repository.js';
import { findSupplier } from './suppliers.repository.js';

export function linkViewOf(r: repo.SkuWithLink): GoodsLinkView | null {
  if (r.linkId === null || r.version === null || r.supplierId === null) return null;
  return {
    linkId: r.linkId,
    version: r.version,
    supplierId: r.supplierId,
    supplierName: r.supplierName ?? '',
    supplierCode: r.supplierCode ?? '',
    supplierStatus: r.supplierStatus ?? 'ENABLED',
    artNo: r.artNo ?? '',
    color: r.color ?? '',
    size: r.size ?? '',
    costFen: r.costFen,
    source: r.source ?? '',
    createdAt: r.linkedAt?.toISOString() ?? '',
  };
}

export const toSkuRow = (r: repo.SkuWithLink): ShopSkuRow => ({
  id: r.id,
  channel: r.channel,
  shopId: r.shopId,
  itemId: r.itemId,
  skuId: r.skuId,
  title: r.title,
  spec: r.spec,
  outerItemCode: r.outerItemCode,
  outerSkuCode: r.outerSkuCode,
  picUrl: r.picUrl,
  lastSeenAt: r.lastSeenAt.toISOString(),
  link: linkViewOf(r),
});

export async function pageAssociation(db: Db, caller: Caller, q: z.output<typeof AssociationPageBody>) {
  await ensureShopSkus(db, caller.orgId);
  const total = await repo.countSkus(db, caller.orgId, q);
  const rows = await repo.listSkus(db, caller.orgId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return { total, list: rows.map(toSkuRow) };
}

/** The supplier a link may name: the organisation's and enabled. */
async function usableSupplier(db: Db, orgId: number, supplierId: number) {
  const s = await findSupplier(db, orgId, supplierId);
  if (!s) throw notFound('供应商');
  if (s.status !== 'ENABLED') throw new AppError(ErrorCode.SUPPLIER_DISABLED);
  return s;
}

/** Links one SKU by hand. A link changed since the user looked (expectedLinkId) is a conflict: 15003. */
export async function linkOne(db: Db, caller: Caller, body: z.output<typeof LinkOneBody>): Promise<LinkResult> {
  const supplier = await usableSupplier(db, caller.orgId, body.supplierId);
  const { expectedLinkId, ...p } = body;
  return inTransaction(db, async (t) => {
    const out = await writeLinks(
      t,
      caller.orgId,
      [{ ...p, expectedLinkId }],
      { source: 'MANUAL', userId: caller.userId, overwrite: false },
      () => supplier.name,
    );
    if (out.failed.length > 0) throw notFound('商品');
    if (out.conflicts.length > 0) throw new AppError(ErrorCode.GOODS_LINK_CONFLICT);
    const { overwritten: _o, ...result } = out;
    return result;
  });
}

/**
 * Links many SKUs to one article of one stall. An empty color or size is taken from each SKU's own
 * spec (one article, many colors and sizes). Conflicts are reported unless overwrite is chosen.
 */
export async function bulkLink(db: Db, caller: Caller, body: z.output<typeof BulkLinkBody>): Promise<LinkResult> {
  const supplier = await usableSupplier(db, caller.orgId, body.supplierId);
  const ids = [...new Set(body.shopSkuIds)];
  if ((await repo.countOwnSkus(db, caller.orgId, ids)) !== ids.length) throw notFound('商品');
  return inTransaction(db, async (t) => {
    const skus = await repo.lockSkus(t, caller.orgId, ids);
    const proposals: Proposal[] = skus.map((s) => {
      const spec = parseSpec(s.spec);
      return {
        shopSkuId: s.id,
        supplierId: supplier.id,
        artNo: body.artNo,
        color: body.color || spec.color,
        size: body.size || spec.size,
        costFen: body.costFen,
      };
    });
    const { overwritten: _o, ...result } = await writeLinks(
      t,
      caller.orgId,
      proposals,
      { source: 'BULK', userId: caller.userId, overwrite: body.overwrite },
      () => supplier.name,
    );
    return result;
  });
}

/** Ends the current link of each SKU (history stays); any id not of the organisation: "not found". */
export async function unlink(db: Db, caller: Caller, shopSkuIds: number[]) {
  const ids = [...new Set(shopSkuIds)];
  if ((await repo.countOwnSkus(db, caller.orgId, ids)) !== ids.length) throw notFound('商品');
  const count = await inTransaction(db, async (t) => {
    await repo.lockSkus(t, caller.orgId, ids);
    return repo.unlinkSkus(t, caller.orgId, ids);
  });
  return { count };
}

export async function linkHistory(db: Db, caller: Caller, shopSkuId: number) {
  if ((await repo.countOwnSkus(db, caller.orgId, [shopSkuId])) !== 1) throw notFound('商品');
  const rows = await repo.linkHistory(db, caller.orgId, shopSkuId);
  return rows.map((r) => ({
    ...r,
    supplierStatus: r.supplierStatus,
    createdAt: r.createdAt.toISOString(),
    replacedAt: r.replacedAt?.toISOString() ?? null,
  }));
}
