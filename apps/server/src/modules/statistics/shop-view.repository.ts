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
  return (db: Db, sellerOrgId: number, fromDay: string, toDay: string, period: StatisticsPeriod | null, split: ShopStatisticsSplit, shopId?: number) => {
    const only: SQL = shopId === undefined ? sql`` : sql`and r.shop_id = ${shopId}`;
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

/** Whether the shop is the seller's (a shop filter outside the tenant answers not found). */
export async function isSellersShop(db: Db, sellerOrgId: number, shopId: number) {
  const rows = await queryRows<{ id: number }>(db, sql`select id from shops where id = ${shopId} and org_id = ${sellerOrgId}`);
  return rows.length > 0;
}

/** Display names of shops. */
export async function shopNames(db: Db, ids: number[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; name: string }>(db, sql`select id, name from shops where id = any(${`{${ids.join(',')}}`}::int[])`);
  return new Map(rows.map((r) => [String(r.id), r.name]));
}
