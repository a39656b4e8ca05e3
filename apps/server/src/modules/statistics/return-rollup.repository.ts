/**
 * SQL of the after-sale rollup (stat_after_sale_daily, statistics.table.ts). The two writers of
 * counted columns of after_sales (creation, and the named moves of after-sale.repository.ts) are
 * bracketed like the take items' writers: before the write the after-sales' current contribution
 * is taken out (their rows locked first), after it their new one is added, in the writer's
 * transaction; creation only adds. `rawAfterSaleRows` recomputes any range from the raw rows.
 * Plain SQL on after_sales and dropship_order_items, so this file imports no other module.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import type { RollupRow } from './rollup.repository.js';

export const RETURN_TABLE = 'stat_after_sale_daily';
export const RETURN_KEYS = ['seller_org_id', 'purchaser_org_id', 'day', 'shop_id', 'stall_name', 'art_no', 'reason', 'type'] as const;
export const RETURN_FIGURES = ['cases', 'quantity', 'returned', 'returned_quantity', 'finished', 'refund_fen', 'refunded_fen'] as const;
export type ReturnFigure = (typeof RETURN_FIGURES)[number];

const KEY_EXPR: Record<(typeof RETURN_KEYS)[number], string> = {
  seller_org_id: 'a.org_id',
  purchaser_org_id: 'coalesce(a.purchaser_org_id, 0)',
  day: `(a.created_at at time zone 'Asia/Shanghai')::date`,
  shop_id: 'coalesce(a.shop_id, 0)',
  stall_name: `coalesce(i.stall_name, '')`,
  art_no: `coalesce(i.art_no, '')`,
  reason: 'a.reason',
  type: 'a.type',
};

/** The keys and figures of the after-sales named `a`, times `sign`, grouped and ordered by the keys. */
function rollupSelect(sign: 1 | -1, from: string) {
  const s = sign === 1 ? '' : '-';
  const n = RETURN_KEYS.map((_, i) => i + 1).join(', ');
  return `select ${RETURN_KEYS.map((k) => `${KEY_EXPR[k]} as ${k}`).join(', ')},
      ${s}count(*) as cases, ${s}sum(a.quantity) as quantity,
      ${s}count(*) filter (where a.return_status is not null) as returned,
      ${s}coalesce(sum(a.quantity) filter (where a.return_status is not null), 0) as returned_quantity,
      ${s}count(*) filter (where a.finished_at is not null) as finished,
      ${s}sum(a.refund_fen) as refund_fen, ${s}sum(a.refunded_fen) as refunded_fen
    from ${from} a left join dropship_order_items i on i.id = a.item_id group by ${n} order by ${n}`;
}

function upsert(select: string) {
  return `insert into ${RETURN_TABLE} (${[...RETURN_KEYS, ...RETURN_FIGURES].join(', ')}) ${select}
    on conflict (${RETURN_KEYS.join(', ')}) do update set ${RETURN_FIGURES.map((c) => `${c} = ${RETURN_TABLE}.${c} + excluded.${c}`).join(', ')}`;
}

/** Adds (+1) or takes out (-1) the contribution of the after-sales matching `where` (on after_sales' own columns, unqualified). */
export async function afterSaleDelta(db: Db, where: SQL, sign: 1 | -1) {
  await db.execute(
    sql`with a as (select * from after_sales where ${where} ${sql.raw(sign === -1 ? 'for update' : '')}) ${sql.raw(upsert(rollupSelect(sign, 'a')))}`,
  );
}

/** Runs `write` between taking out and adding back the after-sales matching `where` (which must still match them after the write). */
export async function withAfterSaleRollup<T>(db: Db, where: SQL, write: () => Promise<T>): Promise<T> {
  await afterSaleDelta(db, where, -1);
  const result = await write();
  await afterSaleDelta(db, where, 1);
  return result;
}

const inDays = (fromDay: string, toDay: string) =>
  sql`a.created_at >= (${fromDay}::date::timestamp at time zone 'Asia/Shanghai')
      and a.created_at < ((${toDay}::date + 1)::timestamp at time zone 'Asia/Shanghai')`;
const rangeOf = (seller: number, fromDay: string, toDay: string) => sql`a.org_id = ${seller} and ${inDays(fromDay, toDay)}`;

/** The rollup recomputed from one seller's raw after-sales of the Beijing days [fromDay, toDay]. */
export function rawAfterSaleRows(db: Db, sellerOrgId: number, fromDay: string, toDay: string) {
  return queryRows<RollupRow>(db, sql`with a as (select * from after_sales a where ${rangeOf(sellerOrgId, fromDay, toDay)}) ${sql.raw(rollupSelect(1, 'a'))}`);
}

/** The stored rows of one seller for [fromDay, toDay] (rows summing to nothing left out). */
export function storedAfterSaleRows(db: Db, sellerOrgId: number, fromDay: string, toDay: string) {
  return queryRows<RollupRow>(
    db,
    sql`select ${sql.raw([...RETURN_KEYS, ...RETURN_FIGURES].join(', '))} from ${sql.raw(RETURN_TABLE)}
        where seller_org_id = ${sellerOrgId} and day between ${fromDay}::date and ${toDay}::date and cases <> 0
        ${sql.raw(`order by ${RETURN_KEYS.map((_, i) => i + 1).join(', ')}`)}`,
  );
}

/** Whose after-sale rows a rebuild replaces: a seller's, or those of the orders a purchaser serves (0: none). */
export type AfterSaleOwner = { sellerOrgId: number } | { purchaserOrgId: number };

/** Replaces one seller's rows of [fromDay, toDay] by the raw figures (writers wait on the table lock). */
export function rebuildAfterSaleRows(db: Db, sellerOrgId: number, fromDay: string, toDay: string) {
  return rebuildAfterSales(db, { sellerOrgId }, fromDay, toDay);
}

/**
 * Replaces the owner's rows of [fromDay, toDay] by the raw figures. The purchaser is a key of the
 * grain, so its rows are exactly those of the after-sales with that purchaser.
 */
export async function rebuildAfterSales(db: Db, owner: AfterSaleOwner, fromDay: string, toDay: string) {
  const [rows, raw] =
    'sellerOrgId' in owner
      ? [sql`seller_org_id = ${owner.sellerOrgId}`, sql`a.org_id = ${owner.sellerOrgId}`]
      : [sql`purchaser_org_id = ${owner.purchaserOrgId}`, sql`coalesce(a.purchaser_org_id, 0) = ${owner.purchaserOrgId}`];
  await db.execute(sql`lock table stat_after_sale_daily in exclusive mode`);
  await db.execute(sql`delete from stat_after_sale_daily where ${rows} and day between ${fromDay}::date and ${toDay}::date`);
  await db.execute(sql`with a as (select * from after_sales a where ${raw} and ${inDays(fromDay, toDay)}) ${sql.raw(upsert(rollupSelect(1, 'a')))}`);
}

/** Seller organisations that have after-sales (the rebuild job walks them). */
export async function sellersWithAfterSales(db: Db): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(db, sql`select distinct org_id as id from after_sales`);
  return rows.map((r) => Number(r.id));
}
