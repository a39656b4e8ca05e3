/**
 * Reading dropship orders for the list, its export and the detail; always scoped to the seller.
 * The list's statements are plain SQL with the columns it shows (the query builder cost the list
 * more than the database did: bench/dropship-orders-list.bench.ts), exported unexecuted so the
 * benchmark runs the very same SQL through the bare driver.
 */
import type { CombinedStatusCode, DropshipFilter, DropshipOrderStatus, TakingStatusCode } from '@dropship/contract';
import { beijingDayEnd, beijingDayStart } from '@dropship/contract';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.js';
import { countUpTo as countRowsUpTo } from '../../../db/count-up-to.js';
import { queryRows } from '../../../db/rows.js';
import { users } from '../../auth/index.js';
import { dropshipOrderEvents, dropshipOrderItems, dropshipOrders } from '../dropship-orders.table.js';

/** True when the filter narrows more than a tab: the tab counters cannot give the total. */
export const narrowsBeyondTab = (f: DropshipFilter) => Object.entries(f).some(([k, v]) => k !== 'status' && v !== undefined);

export function filterWhere(orgId: number, f: DropshipFilter): SQL {
  const o = dropshipOrders;
  return and(
    eq(o.orgId, orgId),
    f.status ? eq(o.combinedStatus, f.status) : undefined,
    f.orderNo ? eq(o.orderNo, f.orderNo) : undefined,
    f.platformOrderId ? eq(o.platformOrderId, f.platformOrderId) : undefined,
    f.phoneTail ? eq(o.receiverPhoneTail, f.phoneTail) : undefined,
    f.expressCode ? eq(o.expressCode, f.expressCode) : undefined,
    f.trackingNo ? eq(o.trackingNo, f.trackingNo) : undefined,
    f.shopId ? eq(o.shopId, f.shopId) : undefined,
    f.channel ? eq(o.channel, f.channel) : undefined,
    f.createdFrom ? gte(o.createdAt, beijingDayStart(f.createdFrom)) : undefined,
    f.createdTo ? lt(o.createdAt, beijingDayEnd(f.createdTo)) : undefined,
    f.speedDelivery ? eq(o.speedDelivery, f.speedDelivery === 'YES') : undefined,
  ) as SQL;
}

/** What a list row shows of an order (the detail and the export read the same through ordersByIds). */
export type ListOrder = Pick<
  typeof dropshipOrders.$inferSelect,
  | 'id'
  | 'orderNo'
  | 'status'
  | 'combinedStatus'
  | 'source'
  | 'shopOrderId'
  | 'shopName'
  | 'channel'
  | 'platformOrderId'
  | 'receiverName'
  | 'receiverPhone'
  | 'receiverProvince'
  | 'receiverCity'
  | 'receiverDistrict'
  | 'expressCode'
  | 'expressName'
  | 'expressFeeFen'
  | 'serviceFeeFen'
  | 'goodsFen'
  | 'discountFen'
  | 'speedDelivery'
  | 'speedFeeFen'
  | 'totalFen'
  | 'refundedFen'
  | 'itemCount'
  | 'remark'
  | 'payMethod'
  | 'payLaterState'
  | 'paidAt'
  | 'trackingNo'
  | 'createdAt'
>;
export type ListItem = Pick<
  typeof dropshipOrderItems.$inferSelect,
  | 'id'
  | 'orderId'
  | 'title'
  | 'spec'
  | 'picUrl'
  | 'stallName'
  | 'market'
  | 'stallNo'
  | 'artNo'
  | 'color'
  | 'size'
  | 'quantity'
  | 'unitCostFen'
  | 'takeStatus'
  | 'refundedFen'
  | 'supplyMode'
>;

const ORDER_COLUMNS = sql.raw(`id, order_no, status, combined_status, source, shop_order_id, shop_name, channel, platform_order_id, receiver_name,
  receiver_phone, receiver_province, receiver_city, receiver_district, express_code, express_name, express_fee_fen, service_fee_fen, goods_fen,
  discount_fen, total_fen, refunded_fen, item_count, remark, pay_method, paid_at, tracking_no, created_at, speed_delivery, speed_fee_fen, pay_later_state`);
const ITEM_COLUMNS = sql.raw(
  'id, order_id, title, spec, pic_url, stall_name, market, stall_no, art_no, color, size, quantity, unit_cost_fen, take_status, refunded_fen, supply_mode',
);

export const tabCountsSql = (orgId: number) => sql`select combined_status as s, n from dropship_order_counts where org_id = ${orgId}`;
export const countSql = (where: SQL) => sql`select count(*) as n from dropship_orders where ${where}`;
/**
 * Newest first by id, NULLS LAST: only the indexes (org, id desc nulls last) and (org, combined
 * status, id desc nulls last) give that order, not the primary key read backwards (whose order is
 * desc nulls first). Given the choice, the planner took the primary key for a small tenant whose
 * orders are older than a big one's and filtered its way through the big one's rows: 0.6 s for the
 * first page at 100,000 beside 1,000,000 (bench/list-growth.bench.ts). `id` is never null.
 */
export const NEWEST_FIRST = sql`${dropshipOrders.id} desc nulls last`;
export const pageSql = (where: SQL, limit: number, offset: number) =>
  sql`select ${ORDER_COLUMNS} from dropship_orders where ${where} order by ${NEWEST_FIRST} limit ${limit} offset ${offset}`;
/** One array parameter, however many orders: the statement text is the same for every page. */
export const itemsSql = (orgId: number, orderIds: number[]) =>
  sql`select ${ITEM_COLUMNS} from dropship_order_items where org_id = ${orgId} and order_id = any(${sql.param(orderIds)}::bigint[]) order by order_id, line_no`;

type Raw = Record<string, unknown>;
interface Driver {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}
const dialect = new PgDialect();

/**
 * The list's hot statements go straight to the driver (node-postgres' Pool and PGlite both answer
 * `query(text, params)` with `{rows}`): drizzle's execute costs a measurable share of a list call
 * on PGlite, where every statement runs on the event loop. Inside a transaction (no $client) the
 * ordinary path is taken.
 */
async function listRows(db: Db, q: SQL): Promise<Raw[]> {
  const driver = (db as unknown as { $client?: Driver }).$client;
  if (!driver) return queryRows<Raw>(db, q);
  const { sql: text, params } = dialect.sqlToQuery(q);
  return (await driver.query(text, params)).rows as Raw[];
}
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
// Raw driver rows: the codes the columns hold, typed as the columns declare them.
const str = <T extends string = string>(v: unknown) => v as T;
const strOrNull = <T extends string = string>(v: unknown) => (v === null || v === undefined ? null : (String(v) as T));
const date = (v: unknown) => (v instanceof Date ? v : new Date(v as string));

function toOrder(r: Raw): ListOrder {
  return {
    id: num(r.id),
    orderNo: str(r.order_no),
    status: str<DropshipOrderStatus>(r.status),
    combinedStatus: str<CombinedStatusCode>(r.combined_status),
    source: str(r.source),
    shopOrderId: numOrNull(r.shop_order_id),
    shopName: strOrNull(r.shop_name),
    channel: strOrNull(r.channel),
    platformOrderId: strOrNull(r.platform_order_id),
    receiverName: str(r.receiver_name),
    receiverPhone: str(r.receiver_phone),
    receiverProvince: str(r.receiver_province),
    receiverCity: str(r.receiver_city),
    receiverDistrict: str(r.receiver_district),
    expressCode: str(r.express_code),
    expressName: str(r.express_name),
    expressFeeFen: num(r.express_fee_fen),
    serviceFeeFen: num(r.service_fee_fen),
    goodsFen: num(r.goods_fen),
    discountFen: num(r.discount_fen),
    speedDelivery: r.speed_delivery === true,
    speedFeeFen: num(r.speed_fee_fen),
    totalFen: num(r.total_fen),
    refundedFen: num(r.refunded_fen),
    itemCount: num(r.item_count),
    remark: str(r.remark),
    payMethod: strOrNull(r.pay_method),
    payLaterState: strOrNull(r.pay_later_state),
    paidAt: r.paid_at === null || r.paid_at === undefined ? null : date(r.paid_at),
    trackingNo: strOrNull(r.tracking_no),
    createdAt: date(r.created_at),
  };
}

function toItem(r: Raw): ListItem {
  return {
    id: num(r.id),
    orderId: num(r.order_id),
    title: str(r.title),
    spec: strOrNull(r.spec),
    picUrl: strOrNull(r.pic_url),
    stallName: str(r.stall_name),
    market: str(r.market),
    stallNo: str(r.stall_no),
    artNo: str(r.art_no),
    color: str(r.color),
    size: str(r.size),
    quantity: num(r.quantity),
    unitCostFen: num(r.unit_cost_fen),
    takeStatus: strOrNull<TakingStatusCode>(r.take_status),
    refundedFen: num(r.refunded_fen),
    supplyMode: str(r.supply_mode),
  };
}

export async function tabCounts(db: Db, orgId: number) {
  return (await listRows(db, tabCountsSql(orgId))).map((r) => ({ s: str(r.s), n: num(r.n) }));
}
export async function countOrders(db: Db, where: SQL) {
  const [r] = await listRows(db, countSql(where));
  return num(r?.n ?? 0);
}
export async function pageOrders(db: Db, where: SQL, limit: number, offset: number) {
  return (await listRows(db, pageSql(where, limit, offset))).map(toOrder);
}
export async function itemsOf(db: Db, orgId: number, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return (await listRows(db, itemsSql(orgId, orderIds))).map(toItem);
}

/** How many orders match, counted up to `cap` (the export's cap check). */
export const countUpTo = (db: Db, where: SQL, cap: number) => countRowsUpTo(db, dropshipOrders, where, cap);

/** The next `limit` matching ids below `before` (none: from the newest), newest first: the export's keyset walk. */
export async function orderIdsBefore(db: Db, where: SQL, before: number | undefined, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: dropshipOrders.id })
    .from(dropshipOrders)
    .where(before === undefined ? where : and(where, lt(dropshipOrders.id, before)))
    .orderBy(NEWEST_FIRST)
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function ordersByIds(db: Db, orgId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(dropshipOrders)
    .where(and(eq(dropshipOrders.orgId, orgId), inArray(dropshipOrders.id, ids)))
    .orderBy(desc(dropshipOrders.id));
}

/** All columns of the lines (the detail shows building, floor and where the cost came from). */
export async function detailItems(db: Db, orgId: number, orderId: number) {
  return db
    .select()
    .from(dropshipOrderItems)
    .where(and(eq(dropshipOrderItems.orgId, orgId), eq(dropshipOrderItems.orderId, orderId)))
    .orderBy(asc(dropshipOrderItems.lineNo));
}

export async function eventsWithActor(db: Db, orderId: number) {
  return db
    .select({ event: dropshipOrderEvents, username: users.username })
    .from(dropshipOrderEvents)
    .leftJoin(users, eq(users.id, dropshipOrderEvents.actorUserId))
    .where(eq(dropshipOrderEvents.orderId, orderId))
    .orderBy(asc(dropshipOrderEvents.id));
}
