/**
 * Shared by the take-assignment test files: an app with two purchasers, each serving one seller with
 * paid dropship orders (so take items exist the way payment creates them), and the state a refused
 * call must leave untouched.
 */
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { setServingPurchaser } from '../src/modules/take-assignment/take-items.repository.js';
import { draftOf, dropshipState, linkedShopOrder } from './dropship-orders-support.js';
import { callers, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { createSecondSeller, PASSWORD } from './support.js';

export interface World {
  t: FundsTestApp;
  seller: Session;
  sellerOrg: number;
  purchaser: Session;
  purchaserOrg: number;
  picker: Session;
  other: Session;
  otherOrg: number;
  otherSeller: Session;
  otherSellerOrg: number;
  post: ReturnType<typeof callers>['post'];
  get: ReturnType<typeof callers>['get'];
  db: () => Db;
}

let keySeq = 0;

/** A paid order of the seller with `lines` lines (cost 45.00 each): answers its take item ids. */
export async function paidOrder(w: World, s: Session, org: number, lines = 2) {
  const so = await linkedShopOrder(
    w.db(),
    org,
    Array.from({ length: lines }, () => ({ costFen: 4500 })),
  );
  const r = await w.post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', s, { orders: [draftOf(so.id)] });
  expect(r.errorCode, r.errorMsg).toBe(0);
  const order = r.data.orders[0] as { id: number; orderNo: string };
  const paid = await w.post('/api/b2/post/orders/pay', s, {
    orderIds: [order.id],
    payMethod: 'BALANCE',
    payPassword: PAY_PASSWORD,
    requestKey: `take-assign-${Date.now()}-${++keySeq}`,
  });
  expect(paid.errorCode, paid.errorMsg).toBe(0);
  const rows = await queryRows<{ id: string | number }>(w.db(), sql`select id from take_items where order_id = ${order.id} order by id`);
  return { ...order, takeItemIds: rows.map((x) => Number(x.id)) };
}

export async function startWorld(suffix: string): Promise<World> {
  const t = await startFundsApp();
  const { get, post } = callers(() => t);
  const db = () => t.database.db;
  const seller = await login(t.app, 'demo_seller');
  const purchaser = await login(t.app, 'demo_purchaser');
  const picker = await login(t.app, 'demo_picker');
  const otherOrg = await createOrganisation(db(), { type: 'purchaser', name: `第二采购商${suffix}`, source: 'MAIN_WEB' });
  await createUser(db(), { orgId: otherOrg, username: `other_purchaser_${suffix}`, password: PASSWORD, isMain: true });
  const other = await login(t.app, `other_purchaser_${suffix}`, PASSWORD);
  const second = await createSecondSeller(db(), suffix);
  const otherSeller = await login(t.app, second.username, PASSWORD);
  await setServingPurchaser(db(), second.orgId, otherOrg);
  const w: World = {
    t,
    seller,
    sellerOrg: await orgOf(db(), seller),
    purchaser,
    purchaserOrg: await orgOf(db(), purchaser),
    picker,
    other,
    otherOrg,
    otherSeller,
    otherSellerOrg: second.orgId,
    post,
    get,
    db,
  };
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await setPayPassword(t, otherSeller, PASSWORD);
  await fund(db(), w.sellerOrg, 1_000_000);
  await fund(db(), w.otherSellerOrg, 1_000_000);
  return w;
}

/** Take items, logs, batches and settings besides the dropship state: what a refused call must leave as it was. */
export async function takeState(db: Db) {
  const [r] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select
      (select string_agg(assignment_status || taking_status || coalesce(assigned_user_id::text, '-') || print_count || coalesce(down_batch_id::text, '-'), ',' order by id)
        from take_items) as items,
      (select count(*) from take_logs) as logs,
      (select count(*) from take_down_batches) as batches,
      (select count(*) from take_down_runs) as runs,
      (select count(*) from take_auto_assign_settings) as settings`,
  );
  return { ...Object.fromEntries(Object.entries(r ?? {}).map(([k, v]) => [k, v === null ? null : String(v)])), ...(await dropshipState(db)) };
}
