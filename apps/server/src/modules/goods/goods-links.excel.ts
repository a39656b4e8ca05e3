/**
 * Link spreadsheets. The export lists SKUs with their current links; the import reads the same
 * columns back. A row that equals the current link changes nothing (re-importing an export adds no
 * duplicate and no version); rows without stall and article number are skipped; a link that
 * differs is a conflict unless overwrite is chosen. Any bad row refuses the whole file.
 */
import { type AssociationPageBody, CHANNEL_NAMES, type Channel, type LinkImportResult, PRICE_PATTERN, yuanToFen } from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { type XlsxColumn, yuan } from '../../lib/excel/index.js';
import type { Caller } from '../../plugins/auth.js';
import { assertExportable, readSheet, rowErrors, type SheetRow } from './goods.excel.js';
import * as repo from './goods-links.repository.js';
import { type Proposal, writeLinks } from './link-writer.js';
import { ensureShopSkus, findSkuIdsByRefs } from './shop-skus.repository.js';
import { stallLookup } from './stall-lookup.js';
import { allSuppliers } from './suppliers.repository.js';

const H = {
  id: '系统SKU编号',
  channel: '平台',
  itemId: '商品ID',
  skuId: 'SKU ID',
  title: '商品标题',
  spec: '规格',
  outerSkuCode: 'SKU商家编码',
  outerItemCode: '商品商家编码',
  supplier: '档口',
  supplierCode: '档口编码',
  artNo: '货号',
  color: '颜色',
  size: '尺码',
  cost: '成本价（元）',
  version: '关联版本',
} as const;

export const linkColumns: XlsxColumn<repo.SkuWithLink>[] = [
  { header: H.id, value: (r) => String(r.id) },
  { header: H.channel, value: (r) => CHANNEL_NAMES[r.channel as Channel] ?? r.channel },
  { header: H.itemId, width: 18, value: (r) => r.itemId },
  { header: H.skuId, width: 18, value: (r) => r.skuId ?? '' },
  { header: H.title, width: 40, value: (r) => r.title },
  { header: H.spec, width: 24, value: (r) => r.spec },
  { header: H.outerSkuCode, width: 18, value: (r) => r.outerSkuCode },
  { header: H.outerItemCode, width: 18, value: (r) => r.outerItemCode },
  { header: H.supplier, width: 24, value: (r) => r.supplierName ?? '' },
  { header: H.supplierCode, value: (r) => r.supplierCode ?? '' },
  { header: H.artNo, value: (r) => r.artNo ?? '' },
  { header: H.color, value: (r) => r.color ?? '' },
  { header: H.size, value: (r) => r.size ?? '' },
  { header: H.cost, value: (r) => yuan(r.costFen) },
  { header: H.version, value: (r) => r.version },
];

export async function linksForExport(db: Db, caller: Caller, q: Omit<z.output<typeof AssociationPageBody>, 'pageNo' | 'pageSize'>) {
  await ensureShopSkus(db, caller.orgId);
  assertExportable(await repo.countSkus(db, caller.orgId, q));
  return repo.listSkus(db, caller.orgId, q, 20_000);
}

const CHANNEL_BY_TEXT = new Map<string, string>(
  Object.entries(CHANNEL_NAMES).flatMap(([code, name]) => [[code.toLowerCase(), code] as const, [name, code] as const]),
);

interface Parsed {
  rowNo: number;
  id: number | null;
  ref: Parameters<typeof findSkuIdsByRefs>[2][number] | null;
  proposal: Omit<Proposal, 'shopSkuId'>;
}

function parseRow(row: SheetRow, lookup: ReturnType<typeof stallLookup>): Parsed | string | null {
  const artNo = row.get(H.artNo);
  const stallText = row.get(H.supplierCode) || row.get(H.supplier);
  if (!artNo && !stallText) return null;
  if (!artNo) return '请填写货号';
  if (!stallText) return '请填写档口或档口编码';
  if (artNo.length > 60) return '货号不能超过60个字符';
  const color = row.get(H.color);
  const size = row.get(H.size);
  if (color.length > 40 || size.length > 40) return '颜色、尺码不能超过40个字符';
  const costText = row.get(H.cost);
  if (costText && !PRICE_PATTERN.test(costText)) return `成本价“${costText}”格式不正确：只能填数字，最多两位小数`;
  const found = lookup.find(stallText);
  if ('error' in found) return found.error;
  const proposal = { supplierId: found.supplier.id, artNo, color, size, costFen: costText ? yuanToFen(costText) : null };
  const idText = row.get(H.id);
  if (idText) return /^\d{1,15}$/.test(idText) ? { rowNo: row.rowNo, id: Number(idText), ref: null, proposal } : '系统SKU编号只能是数字';
  const channel = CHANNEL_BY_TEXT.get(row.get(H.channel)) ?? CHANNEL_BY_TEXT.get(row.get(H.channel).toLowerCase());
  if (!channel) return '请填写系统SKU编号，或填写平台（如 淘宝/天猫、TAOBAO）和商品ID';
  const ref = {
    channel,
    itemId: row.get(H.itemId),
    skuId: row.get(H.skuId) || null,
    spec: row.get(H.spec),
    outerSkuCode: row.get(H.outerSkuCode),
    outerItemCode: row.get(H.outerItemCode),
    title: row.get(H.title),
  };
  return { rowNo: row.rowNo, id: null, ref, proposal };
}

export async function importLinks(db: Db, caller: Caller, contentBase64: string, overwrite: boolean): Promise<LinkImportResult> {
  await ensureShopSkus(db, caller.orgId);
  const sheet = await readSheet(contentBase64, [H.artNo]);
  const lookup = stallLookup(await allSuppliers(db, caller.orgId));
  const errors: { rowNo: number; message: string }[] = [];
  const parsed: Parsed[] = [];
  let skipped = 0;
  for (const row of sheet) {
    const p = parseRow(row, lookup);
    if (p === null) skipped++;
    else if (typeof p === 'string') errors.push({ rowNo: row.rowNo, message: p });
    else parsed.push(p);
  }
  const own = await repo.ownSkuIds(
    db,
    caller.orgId,
    parsed.flatMap((p) => (p.id === null ? [] : [p.id])),
  );
  const byRef = parsed.filter((p) => p.ref !== null);
  const refIds = await findSkuIdsByRefs(
    db,
    caller.orgId,
    byRef.map((p) => p.ref as NonNullable<Parsed['ref']>),
  );
  byRef.forEach((p, i) => {
    p.id = refIds[i] ?? null;
  });
  const firstRow = new Map<number, number>();
  const proposals: Proposal[] = [];
  for (const p of parsed) {
    if (p.id === null || (p.ref === null && !own.has(p.id))) {
      errors.push({ rowNo: p.rowNo, message: '找不到该商品SKU（系统SKU编号或平台、商品ID、SKU ID不对）' });
      continue;
    }
    const dup = firstRow.get(p.id);
    if (dup !== undefined) {
      errors.push({ rowNo: p.rowNo, message: `与第${dup}行是同一个商品SKU` });
      continue;
    }
    firstRow.set(p.id, p.rowNo);
    proposals.push({ ...p.proposal, shopSkuId: p.id });
  }
  if (errors.length > 0) throw rowErrors(errors.sort((a, b) => a.rowNo - b.rowNo));

  const result: LinkImportResult = { linked: 0, unchanged: 0, conflicts: [], failed: [], skipped };
  await inTransaction(db, async (t) => {
    for (let i = 0; i < proposals.length; i += 2000) {
      const out = await writeLinks(
        t,
        caller.orgId,
        proposals.slice(i, i + 2000),
        { source: 'IMPORT', userId: caller.userId, overwrite },
        (id) => lookup.byId(id)?.name ?? '',
      );
      result.linked += out.linked;
      result.unchanged += out.unchanged;
      result.conflicts.push(...out.conflicts);
      result.failed.push(...out.failed);
    }
  });
  return result;
}
