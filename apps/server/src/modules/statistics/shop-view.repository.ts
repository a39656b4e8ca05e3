/**
 * Reads for 店铺拿退货统计 (decision 0037): one seller's take figures by shop (stat_take_daily_shop)
 * and its after-sale figures (stat_after_sale_daily, which has the shop) over a range of Beijing
 * days, by period (or none) and by shop or by the shop's platform.
 */
import type { ShopStatisticsSplit, StatisticsPeriod } from '@dropship/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { RETURN_TABLE } from './return-rollup.repository.js';
import { GRAINS } from './rollup.repository.js';
import { PERIOD } from './view.repository.js';

// A shop's platform never changes, so the rollups keep the shop and the platform is read through it
// (shops has no `day`, so the period's bare `day` is the rollup's).
const KEY: Record<ShopStatisticsSplit, string> = { SHOP: 'r.shop_id::text', CHANNEL: `coalesce(s.channel, '')` };

export const SHOP_TAKE_FIGURES = ['items', 'quantity', 'amount_fen', 'took', 'took_part', 'lack', 'took_quantity', 'took_fen'] as const;
export const SHOP_RETURN_FIGURES = ['cases', 'returned_quantity', 'refund_fen', 'refunded_fen'] as const;

export type ShopViewRow = { period: string; key: string } & Record<string, string | number>;

function view(table: string, figures: readonly string[], nonEmpty: string) {
  const sums = sql.raw(figures.map((c) => `coalesce(sum(r.${c}), 0) as ${c}`).join(', '));
  return (db: Db, sellerOrgId: number, fromDay: string, toDay: string, period: StatisticsPeriod | null, split: ShopStatisticsSplit, shopIds: number[] = []) => {
    const only: SQL = shopIds.length === 0 ? sql`` : sql`and r.shop_id = any(${`{${shopIds.join(',')}}`}::int[])`;
    return queryRows<ShopViewRow>(
      db,
      sql`select ${sql.raw(period === null ? `''` : PERIOD[period])} as period, ${sql.raw(KEY[split])} as key, ${sums}
          from ${sql.raw(table)} r left join shops s on s.id = r.shop_id
          where r.seller_org_id = ${sellerOrgId} and r.day between ${fromDay}::date and ${toDay}::date ${only}
          group by 1, 2 having ${sql.raw(`sum(r.${nonEmpty})`)} <> 0 order by 1, 2`,
    );
  };
}

/** The seller's take items of the range by period (null: none) and key, from the shop grain. */
export const shopTakeRows = view(GRAINS.shop.table, SHOP_TAKE_FIGURES, 'items');
/** The seller's after-sales of the range by period (null: none) and key. */
export const shopReturnRows = view(RETURN_TABLE, SHOP_RETURN_FIGURES, 'cases');

/** Whether every one of the shops is the seller's, removed ones too (a shop filter outside the tenant answers not found). */
export async function areSellersShops(db: Db, sellerOrgId: number, shopIds: number[]) {
  const ids = [...new Set(shopIds)];
  if (ids.length === 0) return true;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*) as n from shops where id = any(${`{${ids.join(',')}}`}::int[]) and org_id = ${sellerOrgId}`,
  );
  return Number(rows[0]?.n ?? 0) === ids.length;
}

/** The seller's shops for the shop picker: every one, removed ones too (their figures stay in the rollups). */
export function sellerShops(db: Db, sellerOrgId: number) {
  return queryRows<{ id: number; name: string; channel: string; removed: boolean }>(
    db,
    sql`select id, name, channel, removed_at is not null as removed from shops where org_id = ${sellerOrgId} order by removed_at is not null, id`,
  );
}

/** Display names of shops. */
export async function shopNames(db: Db, ids: number[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from shops where id = any(${`{${ids.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [String(r.id), r.name]));
}
