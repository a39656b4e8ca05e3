/** The workbench's to-do counts: each one indexed count scoped to the organisation (or the picker). */
import { SHOP_AUTH_REMIND_DAYS } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';

type Count = string | number | null;
const n = (v: Count | undefined) => Number(v ?? 0);

export async function sellerTodo(db: Db, orgId: number) {
  const [r] = await queryRows<Record<string, Count>>(
    db,
    sql`select
      (select n from dropship_order_counts where org_id = ${orgId} and combined_status = 'WAITING_PAYMENT') as waiting_payment,
      (select count(*) from replenish_requests where org_id = ${orgId} and status = 'WAITING_PAYMENT') as waiting_replenish,
      (select count(*) from shops where org_id = ${orgId} and not not_remind and removed_at is null and auth_state <> 'PAUSED'
        and expire_time <= now() + ${`${SHOP_AUTH_REMIND_DAYS} days`}::interval) as shops_expiring,
      (select count(*) from courier_traces where seller_org_id = ${orgId} and problem is not null) as courier_problems`,
  );
  return {
    waitingPayment: n(r?.waiting_payment),
    waitingReplenish: n(r?.waiting_replenish),
    shopsExpiring: n(r?.shops_expiring),
    courierProblems: n(r?.courier_problems),
  };
}

export async function purchaserTodo(db: Db, orgId: number) {
  const [r] = await queryRows<Record<string, Count>>(
    db,
    sql`select
      (select count(*) from take_items where purchaser_org_id = ${orgId} and assignment_status = 'WAITING_ASSIGNED') as waiting_assigned,
      (select count(*) from take_items where purchaser_org_id = ${orgId} and assignment_status = 'TAKING') as taking,
      (select count(*) from sorting_slots where purchaser_org_id = ${orgId}) as waiting_shipping,
      (select count(*) from courier_traces where purchaser_org_id = ${orgId} and problem is not null) as courier_problems`,
  );
  return { waitingAssigned: n(r?.waiting_assigned), taking: n(r?.taking), waitingShipping: n(r?.waiting_shipping), courierProblems: n(r?.courier_problems) };
}

/** The picker's day: what is assigned to them and not taken yet, and what they took since `from`. */
export async function pickerTodo(db: Db, orgId: number, userId: number, from: Date) {
  const [r] = await queryRows<Record<string, Count>>(
    db,
    sql`select
      (select count(*) from take_items where purchaser_org_id = ${orgId} and assigned_user_id = ${userId} and assignment_status = 'TAKING') as my_taking,
      (select count(*) from take_items where purchaser_org_id = ${orgId} and assigned_user_id = ${userId} and took_at >= ${from}) as my_took`,
  );
  return { myTaking: n(r?.my_taking), myTook: n(r?.my_took) };
}

export interface ProblemRow {
  tracking_no: string;
  courier_code: string;
  order_no: string;
  problem: string;
  last_event_at: Date | null;
  last_text: string | null;
}

/** The organisation's waybills flagged by tracking, the longest silent first. */
export async function courierProblems(db: Db, orgId: number, side: 'seller' | 'purchaser', limit: number) {
  const org = side === 'seller' ? sql`t.seller_org_id` : sql`t.purchaser_org_id`;
  return queryRows<ProblemRow>(
    db,
    sql`select t.tracking_no, t.courier_code, o.order_no, t.problem, t.last_event_at, t.events->0->>'context' as last_text
      from courier_traces t join waybills w on w.id = t.waybill_id join dropship_orders o on o.id = w.order_id
      where ${org} = ${orgId} and t.problem is not null
      order by t.last_event_at nulls first limit ${limit}`,
  );
}
