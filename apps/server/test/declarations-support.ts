/**
 * Shared by the declaration test files: a seller's stall with a code, declared lines, and the
 * state a refused declaration call must leave unchanged.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { suppliers } from '../src/modules/goods/goods.table.js';

let seq = 0;

/** A stall of the organisation with a unique code (what sellers type on the declaration page). */
export async function stallOf(db: Db, orgId: number, extra: Partial<typeof suppliers.$inferInsert> = {}) {
  const n = ++seq;
  const [s] = await db
    .insert(suppliers)
    .values({
      orgId,
      name: `报单档口${n}`,
      code: `BD${n}${orgId}`,
      market: '杭州四季青',
      building: '意法服饰城',
      floor: '2楼',
      stallNo: `B2${n}`,
      marketArea: '四季青',
      ...extra,
    })
    .returning();
  if (!s) throw new Error('stall not made');
  return s;
}

export const RECEIVER_A = { name: '周敏', phone: '13900139001', province: '浙江省', city: '杭州市', district: '上城区', address: '解放路18号' };
export const RECEIVER_B = { name: '陈晨', phone: '13700137002', province: '广东省', city: '广州市', district: '越秀区', address: '人民北路100号' };

export const line = (stall: string, extra: Record<string, unknown> = {}) => ({
  stall,
  artNo: 'K2088',
  color: '黑色',
  size: 'M',
  quantity: 2,
  unitPriceFen: 3500,
  ...extra,
});

/** Everything a declaration call could change. */
export async function declarationState(db: Db) {
  const [r] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select
      (select count(*) from declarations) as declarations,
      (select string_agg(status || line_count || goods_fen, ',' order by id) from declarations) as headers,
      (select count(*) from declaration_lines) as lines,
      (select string_agg(coalesce(order_id::text, '-'), ',' order by id) from declaration_lines) as links,
      (select count(*) from dropship_orders) as orders,
      (select count(*) from dropship_order_items) as items,
      (select count(*) from take_items) as "takeItems",
      (select count(*) from ledger_entries) as entries,
      (select count(*) from fulfilment_settings) as settings`,
  );
  return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, v === null ? null : String(v)]));
}
