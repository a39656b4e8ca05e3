/**
 * Declared lines across declarations (报单记录) and the submitted ones by stall (报单拿货), with the
 * take status of the order line each became. Plain SQL over the columns shown, tenant-scoped.
 */
import type { DeclarationStatus, TakingStatusCode } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { createdBetween } from './declarations.repository.js';

export interface RecordFilter {
  declarationNo?: string | undefined;
  stall?: string | undefined;
  artNo?: string | undefined;
  takeStatus?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
}

export interface RecordRaw {
  id: string | number;
  declaration_id: string | number;
  declaration_no: string;
  status: DeclarationStatus;
  line_no: number;
  stall: string;
  art_no: string;
  color: string;
  size: string;
  quantity: number;
  unit_price_fen: string | number;
  receiver: { name?: string; phone?: string } | null;
  order_no: string | null;
  order_status: string | null;
  take_status: TakingStatusCode | null;
  created_at: string | Date;
  supplier_id: number | null;
  market: string | null;
  stall_no: string | null;
  stall_name: string | null;
}

const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function recordWhere(orgId: number, f: RecordFilter): SQL {
  const w: SQL[] = [sql`l.org_id = ${orgId}`, ...createdBetween(sql`d.created_at`, f.dateFrom, f.dateTo)];
  if (f.declarationNo) w.push(sql`d.declaration_no = ${f.declarationNo}`);
  if (f.stall) w.push(sql`l.stall ilike ${like(f.stall)}`);
  if (f.artNo) w.push(sql`l.art_no ilike ${like(f.artNo)}`);
  if (f.takeStatus) w.push(sql`i.take_status = ${f.takeStatus}`);
  return sql.join(w, sql` and `);
}

const FROM = sql`declaration_lines l
  join declarations d on d.id = l.declaration_id and d.org_id = l.org_id
  left join dropship_orders o on o.id = l.order_id and o.org_id = l.org_id
  left join dropship_order_items i on i.id = l.order_item_id and i.org_id = l.org_id`;

export async function countRecords(db: Db, where: SQL) {
  const [r] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from ${FROM} where ${where}`);
  return Number(r?.n ?? 0);
}

export async function pageRecords(db: Db, where: SQL, limit: number, offset: number) {
  return queryRows<RecordRaw>(
    db,
    sql`select l.id, l.declaration_id, d.declaration_no, d.status, l.line_no, l.stall, l.art_no, l.color, l.size, l.quantity, l.unit_price_fen,
          l.receiver, o.order_no, o.status as order_status, i.take_status, d.created_at, l.supplier_id, i.market, i.stall_no, i.stall_name
        from ${FROM} where ${where} order by l.id desc limit ${limit} offset ${offset}`,
  );
}

/** Submitted lines only (they have an order line to follow). */
export async function submittedLines(db: Db, orgId: number, f: RecordFilter, limit: number) {
  return pageRecords(db, sql`${recordWhere(orgId, f)} and l.order_id is not null`, limit, 0);
}
