/**
 * The one way links change (by hand, in bulk, by rule, by spreadsheet): each proposal is compared
 * with the SKU's current link under a row lock. Unlinked → a new link; the same item → nothing;
 * another item → a conflict that is reported and left alone, unless the caller saw exactly that
 * link (expectedLinkId) or explicitly asked to overwrite. A change is a new version, never an edit.
 */
import { ErrorCode, fenToYuan, type LinkResult } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { uniqueViolation } from './db-errors.js';
import * as repo from './goods-links.repository.js';

export interface Proposal {
  shopSkuId: number;
  supplierId: number;
  artNo: string;
  color: string;
  size: string;
  /** null: keep the supplier item's known cost. */
  costFen: number | null;
  /** Set by a hand edit: the link the user saw (null: none). Undefined for bulk writes. */
  expectedLinkId?: number | null;
}

export interface WriteMeta {
  source: 'MANUAL' | 'BULK' | 'RULE' | 'IMPORT' | 'SEED';
  ruleId?: number | null;
  userId: number | null;
  overwrite: boolean;
}

export interface WriteOutcome extends LinkResult {
  /** Links replaced because the caller asked to (overwrite or a matching expectedLinkId). */
  overwritten: number;
}

export const describeItem = (supplierName: string, l: { artNo: string; color: string; size: string; costFen: number | null }) =>
  [supplierName, l.artNo, [l.color, l.size].filter(Boolean).join('/'), l.costFen === null ? '' : `¥${fenToYuan(l.costFen)}`].filter(Boolean).join(' ');

type Current = repo.SkuWithLink;

/** Whether the SKU is already linked to what is proposed (a proposal without a cost accepts any cost). */
export function sameAsCurrent(c: Current, p: Proposal): boolean {
  if (c.linkId === null) return false;
  const sameItem = c.supplierId === p.supplierId && c.artNo === p.artNo && c.color === p.color && c.size === p.size;
  return sameItem && (p.costFen === null || p.costFen === c.costFen);
}

/**
 * Writes the proposals inside the caller's transaction. `supplierName` names proposed suppliers in
 * conflict descriptions. Proposals must name distinct SKUs of the organisation.
 */
export async function writeLinks(tx: Db, orgId: number, proposals: Proposal[], meta: WriteMeta, supplierName: (id: number) => string): Promise<WriteOutcome> {
  const out: WriteOutcome = { linked: 0, unchanged: 0, conflicts: [], failed: [], overwritten: 0 };
  if (proposals.length === 0) return out;
  const current = new Map(
    (
      await repo.lockSkus(
        tx,
        orgId,
        proposals.map((p) => p.shopSkuId),
      )
    ).map((c) => [c.id, c]),
  );
  const toWrite: { p: Proposal; replaces: number | null }[] = [];
  for (const p of proposals) {
    const c = current.get(p.shopSkuId);
    if (!c) {
      out.failed.push({ shopSkuId: p.shopSkuId, reason: '商品不存在' });
      continue;
    }
    if (sameAsCurrent(c, p)) {
      out.unchanged++;
      continue;
    }
    const seen = p.expectedLinkId !== undefined;
    const allowed = c.linkId === null ? !seen || p.expectedLinkId === null : seen ? p.expectedLinkId === c.linkId : meta.overwrite;
    if (!allowed) {
      out.conflicts.push({
        shopSkuId: c.id,
        title: c.title,
        spec: c.spec,
        current:
          c.linkId === null
            ? '未关联'
            : describeItem(c.supplierName ?? '', { artNo: c.artNo ?? '', color: c.color ?? '', size: c.size ?? '', costFen: c.costFen }),
        proposed: describeItem(supplierName(p.supplierId), p),
      });
      continue;
    }
    toWrite.push({ p, replaces: c.linkId });
  }
  if (toWrite.length === 0) return out;

  const items = await repo.upsertItems(
    tx,
    orgId,
    toWrite.map(({ p }) => ({ supplierId: p.supplierId, artNo: p.artNo, color: p.color, size: p.size, costFen: p.costFen })),
  );
  const replaced = toWrite.flatMap((w) => (w.replaces === null ? [] : [w.replaces]));
  try {
    await repo.markReplaced(tx, orgId, replaced);
    await repo.insertCurrentLinks(
      tx,
      orgId,
      toWrite.map(({ p }, i) => {
        const item = items[i] as { id: number; costFen: number | null };
        return { ...p, supplierItemId: item.id, costFen: p.costFen ?? item.costFen };
      }),
      { source: meta.source, ruleId: meta.ruleId ?? null, userId: meta.userId },
    );
  } catch (err) {
    // The row lock makes this unreachable for writers that lock first; kept as the last guard.
    if (uniqueViolation(err)?.startsWith('goods_links_')) throw new AppError(ErrorCode.GOODS_LINK_CONFLICT);
    throw err;
  }
  out.linked = toWrite.length;
  out.overwritten = replaced.length;
  return out;
}
