/**
 * Shared by the picking test files: a paid dropship order of demo_seller whose take items are
 * assigned (through the assignment service) to a picker of the demo purchaser, and the calls.
 */
import type { OrgType } from '@dropship/contract';
import { asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { queryRows } from '../src/db/rows.js';
import { createRole } from '../src/modules/account-permission/index.js';
import { createOrganisation, createUser } from '../src/modules/auth/accounts.js';
import { users } from '../src/modules/auth/auth.table.js';
import { DEMO_PASSWORD } from '../src/modules/demo/seed.js';
import { assignItems } from '../src/modules/take-assignment/assign.service.js';
import { takeItems } from '../src/modules/take-assignment/take-items.table.js';
import type { Caller } from '../src/plugins/auth.js';
import { draftOf, type LineSpec, linkedShopOrder } from './dropship-orders-support.js';
import { callers, type FundsTestApp, fund, orgOf, PAY_PASSWORD, setPayPassword, startFundsApp } from './funds-payments-support.js';
import { login, type Session } from './helpers.js';
import { PASSWORD } from './support.js';

export interface PickingWorld {
  t: FundsTestApp;
  seller: Session;
  sellerOrg: number;
  purchaserOrg: number;
  main: Session;
  mainCaller: Caller;
  pickerA: Session;
  pickerB: Session;
  otherPurchaser: Session;
}

let keySeq = 0;

export async function startPickingWorld(): Promise<PickingWorld> {
  const t = await startFundsApp();
  const db = t.database.db;
  const seller = await login(t.app, 'demo_seller');
  const sellerOrg = await orgOf(db, seller);
  await setPayPassword(t, seller, DEMO_PASSWORD);
  await fund(db, sellerOrg, 10_000_000);
  const main = await login(t.app, 'demo_purchaser');
  const purchaserOrg = await orgOf(db, main);
  // Two plain pickers: the picker page's code only (not the assignment page's, which supervises).
  const a = await createUser(db, { orgId: purchaserOrg, username: 'picker_a', password: PASSWORD, isMain: false });
  const b = await createUser(db, { orgId: purchaserOrg, username: 'picker_b', password: PASSWORD, isMain: false });
  await createRole(db, purchaserOrg, '只拿货', ['picker'], [a, b]);
  const otherOrg = await createOrganisation(db, { type: 'purchaser', name: '另一家拿货服务' });
  await createUser(db, { orgId: otherOrg, username: 'other_purchaser_p', password: PASSWORD, isMain: true });
  return {
    t,
    seller,
    sellerOrg,
    purchaserOrg,
    main,
    mainCaller: { userId: main.userId, orgId: purchaserOrg, orgType: 'purchaser' as OrgType, isMain: true, sessionId: 0 },
    pickerA: await login(t.app, 'picker_a', PASSWORD),
    pickerB: await login(t.app, 'picker_b', PASSWORD),
    otherPurchaser: await login(t.app, 'other_purchaser_p', PASSWORD),
  };
}

export type TakeItem = typeof takeItems.$inferSelect;

/** A paid order with the given lines (from the seller's shop on `channel`), its take items assigned to `picker` (null: left unassigned). */
export async function paidAssigned(
  w: PickingWorld,
  lines: LineSpec[],
  picker: Session | null,
  channel: 'TAOBAO' | 'PDD' = 'TAOBAO',
): Promise<{ orderId: number; orderNo: string; items: TakeItem[] }> {
  const db = w.t.database.db;
  const { post } = callers(() => w.t);
  const so = await linkedShopOrder(db, w.sellerOrg, lines, undefined, channel);
  const created = await post<{ orders: { id: number; orderNo: string }[] }>('/api/b2/post/orders/create', w.seller, { orders: [draftOf(so.id)] });
  expect(created.errorCode, created.errorMsg).toBe(0);
  const order = created.data.orders[0] as { id: number; orderNo: string };
  const paid = await post('/api/b2/post/orders/pay', w.seller, {
    orderIds: [order.id],
    payMethod: 'BALANCE',
    payPassword: PAY_PASSWORD,
    requestKey: `picking-pay-${++keySeq}`,
  });
  expect(paid.errorCode, paid.errorMsg).toBe(0);
  let items = await db.select().from(takeItems).where(eq(takeItems.orderId, order.id)).orderBy(asc(takeItems.id));
  if (picker) {
    await assignItems(
      db,
      w.mainCaller,
      items.map((i) => i.id),
      picker.userId,
    );
    items = await db.select().from(takeItems).where(eq(takeItems.orderId, order.id)).orderBy(asc(takeItems.id));
  }
  return { orderId: order.id, orderNo: order.orderNo, items };
}

export async function itemRow(db: Db, id: number) {
  const [r] = await db.select().from(takeItems).where(eq(takeItems.id, id));
  return r as TakeItem;
}

/** The seller-side mirror and the order's combined status. */
export async function sellerSide(db: Db, takeItemId: number) {
  const [r] = await queryRows<{ take_status: string; refunded_fen: string | number; combined_status: string; order_refunded: string | number }>(
    db,
    sql`select d.take_status, d.refunded_fen, o.combined_status, o.refunded_fen as order_refunded
        from take_items t join dropship_order_items d on d.id = t.order_item_id join dropship_orders o on o.id = d.order_id where t.id = ${takeItemId}`,
  );
  return { takeStatus: r?.take_status, lineRefundedFen: Number(r?.refunded_fen), combined: r?.combined_status, orderRefundedFen: Number(r?.order_refunded) };
}

export async function logsOf(db: Db, takeItemId: number) {
  return queryRows<{ operation: string; from_status: string; to_status: string }>(
    db,
    sql`select operation, from_status, to_status from take_logs where take_item_id = ${takeItemId} order by id`,
  );
}

/** Everything a picking call could change, to prove a refused call changed nothing. */
export async function pickingState(db: Db) {
  const [r] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select
      (select string_agg(assignment_status || taking_status || took_quantity || coalesce(took_price_fen::text, '-'), ',' order by id) from take_items) as items,
      (select count(*) from take_logs) as logs,
      (select string_agg(state, ',' order by id) from picking_marks) as marks,
      (select string_agg(coalesce(take_status, '-') || refunded_fen, ',' order by id) from dropship_order_items) as lines,
      (select string_agg(combined_status || refunded_fen, ',' order by id) from dropship_orders) as orders,
      (select count(*) from dropship_order_events) as events,
      (select count(*) from ledger_entries) as entries,
      (select coalesce(sum(available_fen), 0) from accounts) as available,
      (select string_agg(status, ',' order by id) from replenish_requests) as replenish,
      (select count(*) from settlement_lines) as settlements`,
  );
  return r;
}

export const userIdOf = async (db: Db, username: string) => (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id;
