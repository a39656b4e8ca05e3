/**
 * Shared by the dropship-order test files: shop orders written the way a sync writes them
 * (upsertShopOrders) with their SKUs linked the way the goods pages link them (writeLinks), a
 * draft for them, and shorthands for the calls.
 */
import type { NormalizedOrder } from '@dropship/channels';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { suppliers } from '../src/modules/goods/goods.table.js';
import { writeLinks } from '../src/modules/goods/link-writer.js';
import { findSkuIdsByRefs } from '../src/modules/goods/shop-skus.repository.js';
import { upsertShopOrders } from '../src/modules/shop-orders/shop-orders.service.js';
import { shops } from '../src/modules/shops/shops.table.js';

let seq = 0;

export interface LineSpec {
  costFen: number | null;
  quantity?: number;
  refundState?: 'NONE' | 'REFUNDING' | 'REFUNDED';
}

export const RECEIVER = { name: '林晓', phone: '13800138001', province: '浙江省', city: '杭州市', district: '西湖区', address: '文三路90号东部软件园1号楼' };

async function supplierOf(db: Db, orgId: number) {
  const [s] = await db
    .select()
    .from(suppliers)
    .where(and(eq(suppliers.orgId, orgId), eq(suppliers.name, '测试档口')));
  if (s) return s;
  const [made] = await db
    .insert(suppliers)
    .values({ orgId, name: '测试档口', market: '广州十三行', building: '新中国大厦', floor: '3楼', stallNo: 'T301', marketArea: '十三行' })
    .returning();
  if (!made) throw new Error('supplier not made');
  return made;
}

/** A paid, unshipped TAOBAO shop order of the organisation; lines with a cost are linked to a test stall. */
export async function linkedShopOrder(
  db: Db,
  orgId: number,
  lines: LineSpec[],
  receiver = RECEIVER,
  channel: 'TAOBAO' | 'PDD' = 'TAOBAO',
): Promise<{ id: number; platformOrderId: string }> {
  const [shop] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.orgId, orgId), eq(shops.channel, channel)));
  if (!shop) throw new Error(`no ${channel} shop`);
  const n = ++seq;
  const platformOrderId = `T${Date.now()}${n}`;
  const items = lines.map((l, i) => ({
    platformItemId: `${platformOrderId}-${i + 1}`,
    itemId: `77${n}0${i}`,
    skuId: `88${n}0${i}`,
    title: `测试商品${n}-${i + 1}`,
    spec: '颜色分类:黑色;尺码:M',
    quantity: l.quantity ?? 1,
    priceFen: 9900,
    paymentFen: 9900,
    refundState: l.refundState ?? ('NONE' as const),
  }));
  const now = new Date();
  const order: NormalizedOrder = {
    platformOrderId,
    status: 'WAIT_SELLER_SEND',
    platformStatus: 'WAIT_SELLER_SEND_GOODS',
    buyerNick: 'tb买家',
    receiver: { ...receiver, encrypted: false },
    totalFen: 9900 * items.length,
    postFeeFen: 0,
    paymentFen: 9900 * items.length,
    createdAt: now,
    paidAt: now,
    modifiedAt: now,
    items,
  };
  await upsertShopOrders(db, { orgId, shopId: shop.id, channel, source: 'IMPORT' }, [order]);
  const skuIds = await findSkuIdsByRefs(
    db,
    orgId,
    items.map((i) => ({ channel, itemId: i.itemId, skuId: i.skuId })),
  );
  const supplier = await supplierOf(db, orgId);
  const proposals = lines.flatMap((l, i) =>
    l.costFen === null ? [] : [{ shopSkuId: skuIds[i] as number, supplierId: supplier.id, artNo: `A${n}${i}`, color: '黑色', size: 'M', costFen: l.costFen }],
  );
  await writeLinks(db, orgId, proposals, { source: 'SEED', userId: null, overwrite: true }, () => supplier.name);
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`select id from shop_orders where org_id = ${orgId} and platform_order_id = ${platformOrderId}`,
  );
  return { id: Number(row?.id), platformOrderId };
}

export const draftOf = (shopOrderId: number, extra: Record<string, unknown> = {}) => ({ shopOrderId, receiver: RECEIVER, expressCode: 'ZTO', ...extra });

/** Everything a dropship call could change, to prove a refused call changed nothing. */
export async function dropshipState(db: Db) {
  const [r] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select
      (select count(*) from dropship_orders) as orders,
      (select string_agg(status || ':' || combined_status || ':' || refunded_fen, ',' order by id) from dropship_orders) as statuses,
      (select string_agg(receiver_name || receiver_province || express_fee_fen, ',' order by id) from dropship_orders) as receivers,
      (select count(*) from dropship_order_items) as items,
      (select string_agg(coalesce(take_status, '-'), ',' order by id) from dropship_order_items) as "takeStatuses",
      (select count(*) from dropship_order_events) as events,
      (select count(*) from take_items) as "takeItems",
      (select string_agg(assignment_status || taking_status, ',' order by id) from take_items) as "takeItemStatuses",
      (select count(*) from dropship_payments) as payments,
      (select count(*) from ledger_entries) as entries,
      (select coalesce(sum(available_fen), 0) from accounts) as available,
      (select string_agg(status || coalesce(business_id, ''), ',' order by id) from coupons) as coupons,
      (select string_agg(dropship_status, ',' order by id) from shop_orders) as "shopOrders",
      (select string_agg(combined_status || n, ',' order by org_id, combined_status) from dropship_order_counts) as counts,
      (select string_agg(status, ',' order by id) from problem_parcels) as parcels`,
  );
  return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, v === null ? null : String(v)]));
}

/** The tab counters agree with a scan of the orders. */
export async function expectCountsTrue(db: Db, orgId: number) {
  const counters = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select combined_status as s, n from dropship_order_counts where org_id = ${orgId} and n <> 0`,
  );
  const real = await queryRows<{ s: string; n: string | number }>(
    db,
    sql`select combined_status as s, count(*) as n from dropship_orders where org_id = ${orgId} group by 1`,
  );
  const asMap = (rows: { s: string; n: string | number }[]) => Object.fromEntries(rows.map((r) => [r.s, Number(r.n)]));
  expect(asMap(counters)).toEqual(asMap(real));
}
