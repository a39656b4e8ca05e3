/**
 * Finds the organisation's supplier a rule or a spreadsheet names by its stall text: the 档口编码
 * first (unique), then the stall number, then the stall name, all ignoring case. A text that fits
 * two suppliers is ambiguous and links nothing.
 */
import type { SupplierRecord } from './suppliers.repository.js';

export type StallMatch = { supplier: SupplierRecord } | { error: string };

export interface StallLookup {
  find(text: string): StallMatch;
  byId(id: number): SupplierRecord | undefined;
}

function group(list: SupplierRecord[], key: (s: SupplierRecord) => string) {
  const map = new Map<string, SupplierRecord[]>();
  for (const s of list) {
    const k = key(s).trim().toLowerCase();
    if (!k) continue;
    const at = map.get(k);
    if (at) at.push(s);
    else map.set(k, [s]);
  }
  return map;
}

export function stallLookup(list: SupplierRecord[]): StallLookup {
  const byCode = group(list, (s) => s.code);
  const byStallNo = group(list, (s) => s.stallNo);
  const byName = group(list, (s) => s.name);
  const ids = new Map(list.map((s) => [s.id, s]));
  return {
    byId: (id) => ids.get(id),
    find(text) {
      const k = text.trim().toLowerCase();
      for (const map of [byCode, byStallNo, byName]) {
        const hit = map.get(k);
        if (!hit) continue;
        if (hit.length > 1) return { error: `档口“${text}”对应多个供应商，请给供应商设置不同的档口编码` };
        const supplier = hit[0] as SupplierRecord;
        if (supplier.status !== 'ENABLED') return { error: `供应商“${supplier.name}”已停用` };
        return { supplier };
      }
      return { error: `找不到档口“${text}”，请先在供应商管理中添加并填写档口编码` };
    },
  };
}
