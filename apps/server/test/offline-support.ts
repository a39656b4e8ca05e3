/**
 * Shared by the offline test files: a test app with demo data, a second seller served by a second
 * purchaser, a stall for each seller, and shorthands for the calls.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { suppliers } from '../src/modules/goods/goods.table.js';
import { assignServingPurchaser } from '../src/modules/take-assignment/take-items.service.js';
import { orgOf } from './funds-payments-support.js';
import { createTestApp, login, type Session, type TestApp } from './helpers.js';
import { call, createSecondSeller, envelope, PASSWORD } from './support.js';

export interface OfflineWorld {
  t: TestApp;
  seller: Session;
  sellerOrg: number;
  other: Session;
  otherOrg: number;
  purchaser: Session;
  purchaserOrg: number;
  purchaser2: Session;
  stall: number;
  otherStall: number;
}

async function stallOf(db: Db, orgId: number, name: string) {
  const [s] = await db
    .insert(suppliers)
    .values({ orgId, name, market: '广州十三行', floor: '3楼', stallNo: `T${orgId}`, address: '广州市越秀区十三行路1号', marketArea: '十三行' })
    .returning({ id: suppliers.id });
  return s?.id as number;
}

export async function startOfflineWorld(): Promise<OfflineWorld> {
  const t = await createTestApp();
  const db = t.database.db;
  const second = await createSecondSeller(db, 'off');
  const p2Org = await createOrganisation(db, { type: 'purchaser', name: '第二采购商' });
  await createUser(db, { orgId: p2Org, username: 'purchaser_two', password: PASSWORD, isMain: true });
  await assignServingPurchaser(db, second.orgId, p2Org);
  const seller = await login(t.app, 'demo_seller');
  const purchaser = await login(t.app, 'demo_purchaser');
  const sellerOrg = await orgOf(db, seller);
  return {
    t,
    seller,
    sellerOrg,
    other: await login(t.app, second.username, PASSWORD),
    otherOrg: second.orgId,
    purchaser,
    purchaserOrg: await orgOf(db, purchaser),
    purchaser2: await login(t.app, 'purchaser_two', PASSWORD),
    stall: await stallOf(db, sellerOrg, '退货测试档口'),
    otherStall: await stallOf(db, second.orgId, '对方档口'),
  };
}

export function offlineCalls(w: () => OfflineWorld) {
  const post = async <T = unknown>(url: string, s: Session, payload: unknown = {}, headers?: Record<string, string>) =>
    envelope<T>(await call(w().t.app, { method: 'POST', url, session: s, payload: payload as Record<string, unknown>, headers }));
  const get = async <T = unknown>(url: string, s: Session, headers?: Record<string, string>) =>
    envelope<T>(await call(w().t.app, { url, session: s, headers }));
  return { post, get };
}

export const line = (supplierId: number, extra: Record<string, unknown> = {}) => ({
  supplierId,
  artNo: 'K2031',
  color: '黑色',
  size: 'M',
  quantity: 2,
  unitPriceFen: 3500,
  ...extra,
});

/** Everything an offline call could change, to prove a refused call changed nothing. */
export async function offlineState(db: Db) {
  const [r] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select
      (select count(*) from offline_return_orders) as orders,
      (select string_agg(status, ',' order by id) from offline_return_orders) as "orderStatuses",
      (select count(*) from offline_return_lines) as lines,
      (select string_agg(coalesce(status, '-') || ':' || coalesce(picker_user_id, 0) || ':' || refund_fen, ',' order by id) from offline_return_lines) as "lineStates",
      (select count(*) from offline_return_logs) as logs,
      (select count(*) from offline_return_parcels) as parcels,
      (select count(*) from dropship_orders) as "dropshipOrders",
      (select count(*) from dropship_order_items) as "dropshipItems",
      (select count(*) from take_items) as "takeItems",
      (select count(*) from ledger_entries) as entries,
      (select coalesce(sum(available_fen), 0) from accounts) as available`,
  );
  return Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, v === null ? null : String(v)]));
}

export async function disableStall(db: Db, orgId: number, id: number) {
  await db
    .update(suppliers)
    .set({ status: 'DISABLED' })
    .where(and(eq(suppliers.orgId, orgId), eq(suppliers.id, id)));
}
