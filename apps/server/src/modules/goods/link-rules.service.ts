/**
 * Link by rule: saved rules, a preview of what a rule would do over the organisation's SKUs, and
 * the apply, one chunk per call (the page loops on nextAfterId and shows progress). Conflicts
 * with existing links are counted and left alone unless overwrite is chosen.
 */
import {
  ErrorCode,
  type LinkRuleFields,
  type LinkRuleRow,
  type LinkRuleSaveBody,
  type RuleApplyBody,
  type RuleApplyResult,
  type RuleOutcome,
  type RulePreviewBody,
  type RulePreviewResult,
  type RulePreviewRow,
  type RuleSource,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import * as links from './goods-links.repository.js';
import { type CompiledRule, compileRule, parseSpec, readFields, sourceText } from './link-rules.js';
import * as repo from './link-rules.repository.js';
import { describeItem, type Proposal, sameAsCurrent, writeLinks } from './link-writer.js';
import { ensureShopSkus } from './shop-skus.repository.js';
import { type StallLookup, stallLookup } from './stall-lookup.js';
import { allSuppliers } from './suppliers.repository.js';

const RULES_MAX = 20;
const PREVIEW_CHUNK = 5000;

const toRuleRow = (r: repo.LinkRuleRecord): LinkRuleRow => ({
  id: r.id,
  name: r.name,
  source: r.source as RuleSource,
  pattern: r.pattern,
  supplierId: r.supplierId,
  updatedAt: r.updatedAt.toISOString(),
});

export async function listRules(db: Db, caller: Caller) {
  return (await repo.listRules(db, caller.orgId)).map(toRuleRow);
}

interface Prepared {
  rule: CompiledRule;
  lookup: StallLookup;
}

/** Compiles the rule and loads the stalls it may name; a fixed stall must be the caller's and enabled. */
async function prepare(db: Db, orgId: number, r: z.output<typeof LinkRuleFields>): Promise<Prepared> {
  const rule = compileRule(r.pattern, r.source, r.supplierId);
  const lookup = stallLookup(await allSuppliers(db, orgId));
  if (r.supplierId !== null) {
    const fixed = lookup.byId(r.supplierId);
    if (!fixed) throw notFound('供应商');
    if (fixed.status !== 'ENABLED') throw new AppError(ErrorCode.SUPPLIER_DISABLED);
  }
  return { rule, lookup };
}

export async function saveRule(db: Db, caller: Caller, body: z.output<typeof LinkRuleSaveBody>) {
  await prepare(db, caller.orgId, body);
  const v = { name: body.name, source: body.source, pattern: body.pattern, supplierId: body.supplierId };
  if (body.id !== undefined) {
    if (!(await repo.updateRule(db, caller.orgId, body.id, v))) throw notFound('规则');
    return { id: body.id };
  }
  if ((await repo.countRules(db, caller.orgId)) >= RULES_MAX) throw new AppError(ErrorCode.LINK_RULE_LIMIT);
  return { id: await repo.insertRule(db, caller.orgId, v) };
}

export async function removeRule(db: Db, caller: Caller, id: number) {
  if (!(await repo.removeRule(db, caller.orgId, id))) throw notFound('规则');
}

interface Evaluated {
  outcome: RuleOutcome;
  reason: string;
  proposal: Proposal | null;
  supplierName: string;
  text: string;
}

/** What the rule makes of one SKU, compared with its current link. */
export function evaluate(p: Prepared, sku: links.SkuWithLink): Evaluated {
  const text = sourceText(p.rule.source, sku);
  const none = (reason: string): Evaluated => ({ outcome: 'UNMATCHED', reason, proposal: null, supplierName: '', text });
  if (!text) return none(p.rule.source === 'TITLE' ? '标题为空' : '商家编码为空');
  const fields = readFields(p.rule, text);
  if (!fields) return none('不符合规则格式');
  let supplier = p.rule.fixedSupplierId === null ? undefined : p.lookup.byId(p.rule.fixedSupplierId);
  if (!supplier) {
    const found = p.lookup.find(fields.stall ?? '');
    if ('error' in found) return none(found.error);
    supplier = found.supplier;
  }
  const spec = parseSpec(sku.spec);
  const proposal: Proposal = {
    shopSkuId: sku.id,
    supplierId: supplier.id,
    artNo: fields.artNo,
    color: fields.color ?? spec.color,
    size: fields.size ?? spec.size,
    costFen: fields.costFen,
  };
  const outcome: RuleOutcome = sameAsCurrent(sku, proposal) ? 'SAME' : sku.linkId === null ? 'NEW' : 'CONFLICT';
  return { outcome, reason: '', proposal, supplierName: supplier.name, text };
}

const currentText = (s: links.SkuWithLink) =>
  s.linkId === null ? '' : describeItem(s.supplierName ?? '', { artNo: s.artNo ?? '', color: s.color ?? '', size: s.size ?? '', costFen: s.costFen });

export async function previewRule(db: Db, caller: Caller, body: z.output<typeof RulePreviewBody>): Promise<RulePreviewResult> {
  await ensureShopSkus(db, caller.orgId);
  const p = await prepare(db, caller.orgId, body.rule);
  const counts = { NEW: 0, SAME: 0, CONFLICT: 0, UNMATCHED: 0 };
  const rows: RulePreviewRow[] = [];
  const rowSupplier: number[] = [];
  let total = 0;
  for (let afterId = 0; ; ) {
    const chunk = await links.skusAfter(db, caller.orgId, body.scope === 'UNLINKED', afterId, PREVIEW_CHUNK);
    for (const sku of chunk) {
      const e = evaluate(p, sku);
      total++;
      counts[e.outcome]++;
      if (rows.length >= body.limit || (body.outcome && body.outcome !== e.outcome)) continue;
      rows.push({
        shopSkuId: sku.id,
        title: sku.title,
        spec: sku.spec,
        sourceText: e.text,
        outcome: e.outcome,
        supplierName: e.supplierName,
        artNo: e.proposal?.artNo ?? '',
        color: e.proposal?.color ?? '',
        size: e.proposal?.size ?? '',
        costFen: e.proposal?.costFen ?? null,
        current: currentText(sku),
        reason: e.reason,
      });
      rowSupplier.push(e.proposal?.supplierId ?? 0);
    }
    if (chunk.length < PREVIEW_CHUNK) break;
    afterId = (chunk[chunk.length - 1] as links.SkuWithLink).id;
  }
  // A rule without 价格 keeps the supplier item's known cost: show it.
  const missing = rows.flatMap((r, i) => (r.outcome !== 'UNMATCHED' && r.costFen === null ? [{ r, supplierId: rowSupplier[i] ?? 0 }] : []));
  const known = await repo.itemCosts(
    db,
    caller.orgId,
    missing.map(({ r, supplierId }) => ({ supplierId, artNo: r.artNo, color: r.color, size: r.size })),
  );
  missing.forEach(({ r }, i) => {
    r.costFen = known[i] ?? null;
  });
  return { total, counts, rows };
}

export async function applyRule(db: Db, caller: Caller, body: z.output<typeof RuleApplyBody>): Promise<RuleApplyResult> {
  await ensureShopSkus(db, caller.orgId);
  if (body.ruleId !== undefined && !(await repo.findRule(db, caller.orgId, body.ruleId))) throw notFound('规则');
  const p = await prepare(db, caller.orgId, body.rule);
  const unlinkedOnly = body.scope === 'UNLINKED';
  const total = await links.countSkus(db, caller.orgId, { linked: unlinkedOnly ? 'UNLINKED' : 'ALL' });
  const chunk = await links.skusAfter(db, caller.orgId, unlinkedOnly, body.afterId, body.limit);
  const counts = { NEW: 0, SAME: 0, CONFLICT: 0, UNMATCHED: 0 };
  const proposals: Proposal[] = [];
  const names = new Map<number, string>();
  for (const sku of chunk) {
    const e = evaluate(p, sku);
    if (e.outcome === 'NEW' || (e.outcome === 'CONFLICT' && body.overwrite)) {
      proposals.push(e.proposal as Proposal);
      names.set((e.proposal as Proposal).supplierId, e.supplierName);
    } else counts[e.outcome]++;
  }
  const out = await inTransaction(db, (t) =>
    writeLinks(
      t,
      caller.orgId,
      proposals,
      { source: 'RULE', ruleId: body.ruleId ?? null, userId: caller.userId, overwrite: body.overwrite },
      (id) => names.get(id) ?? '',
    ),
  );
  // Counted after the write: a SKU changed by someone else meanwhile is reported as what it became.
  counts.NEW += out.linked - out.overwritten;
  counts.SAME += out.unchanged;
  counts.CONFLICT += out.conflicts.length;
  counts.UNMATCHED += out.failed.length;
  const last = chunk[chunk.length - 1];
  return { total, processed: chunk.length, counts, overwritten: out.overwritten, nextAfterId: chunk.length < body.limit || !last ? null : last.id };
}
