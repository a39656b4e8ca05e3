/** A declaration row as the pages show it, from a drizzle record or a raw row alike. */
import type { CombinedStatusCode, DeclarationRow } from '@dropship/contract';

type Raw = Record<string, unknown>;
const pick = (r: Raw, camel: string, snake: string) => (camel in r ? r[camel] : r[snake]);
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date).toISOString());

export function toRow(
  d: object,
  orders: { declaration_id: string | number; id: string | number; order_no: string; combined_status: CombinedStatusCode; total_fen: string | number }[],
): DeclarationRow {
  const r = d as Raw;
  const id = Number(r.id);
  return {
    id,
    declarationNo: String(pick(r, 'declarationNo', 'declaration_no')),
    status: r.status as DeclarationRow['status'],
    delivery: r.delivery as DeclarationRow['delivery'],
    expressCode: (pick(r, 'expressCode', 'express_code') as string | null) ?? null,
    remark: String(r.remark ?? ''),
    lineCount: Number(pick(r, 'lineCount', 'line_count')),
    quantity: Number(r.quantity),
    goodsFen: Number(pick(r, 'goodsFen', 'goods_fen')),
    orders: orders
      .filter((o) => Number(o.declaration_id) === id)
      .map((o) => ({
        id: Number(o.id),
        orderNo: o.order_no,
        combinedStatus: o.combined_status,
        totalFen: Number(o.total_fen),
      })),
    createdAt: iso(pick(r, 'createdAt', 'created_at')) as string,
    submittedAt: iso(pick(r, 'submittedAt', 'submitted_at')),
  };
}
