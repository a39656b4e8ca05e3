/**
 * The counting queries behind the pick-up figures (stats.service.ts): raw aggregates over take_items,
 * take_logs and take_down_batches of one purchaser, bounded by [from, to) instants the service
 * computes from a Beijing day.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { OPEN_UNSENT } from './down-code.repository.js';

type Count = string | number;

/** Items created in [from, to), counted by market area, assignment status and taking status. */
export function kanbanRows(db: Db, org: number, from: Date, to: Date) {
  return queryRows<{ area: string; a: string; t: string; n: Count }>(
    db,
    sql`select market_area as area, assignment_status as a, taking_status as t, count(*) as n from take_items
        where purchaser_org_id = ${org} and created_at >= ${from} and created_at < ${to} group by 1, 2, 3`,
  );
}

/** Open items created before `from` that have not arrived: the work carried over into the day. */
export async function carriedOver(db: Db, org: number, from: Date): Promise<Count | undefined> {
  const [r] = await queryRows<{ n: Count }>(
    db,
    sql`select count(*) as n from take_items where purchaser_org_id = ${org} and created_at < ${from}
        and assignment_status in ('WAITING_ASSIGNED', 'TAKING') and arrived_at is null`,
  );
  return r?.n;
}

export interface BriefRecord {
  picker_id: number;
  assigned: Count;
  took: Count;
  took_part: Count;
  lack: Count;
  next_day: Count;
  pending: Count;
  quantity: Count;
  took_quantity: Count;
  amount_fen: Count;
}

/** Per picker, the items assigned to them in [from, to) and what became of them. */
export function briefRows(db: Db, org: number, from: Date, to: Date, pickerId?: number) {
  return queryRows<BriefRecord>(
    db,
    sql`select assigned_user_id as picker_id, count(*) as assigned,
          count(*) filter (where taking_status = 'TOOK') as took,
          count(*) filter (where taking_status = 'TOOK_PART') as took_part,
          count(*) filter (where taking_status = 'E_LACK_TAKING') as lack,
          count(*) filter (where taking_status = 'E_NEXT_TAKING') as next_day,
          count(*) filter (where assignment_status = 'TAKING' and taking_status in ('TAKING', 'E_CHANGE_TAKING')) as pending,
          coalesce(sum(quantity), 0) as quantity, coalesce(sum(took_quantity), 0) as took_quantity,
          coalesce(sum(took_quantity * coalesce(took_price_fen, 0)), 0) as amount_fen
        from take_items
        where purchaser_org_id = ${org} and assigned_user_id is not null and assigned_at >= ${from} and assigned_at < ${to}
          ${pickerId ? sql`and assigned_user_id = ${pickerId}` : sql``}
        group by assigned_user_id order by assigned_user_id`,
  );
}

/** One picker's items assigned in [from, to), by stall in walking order. */
export function stallRows(db: Db, org: number, pickerId: number, from: Date, to: Date) {
  return queryRows<{ stall_name: string; market: string; stall_no: string; n: Count; q: Count; took: Count; amount: Count }>(
    db,
    sql`select stall_name, market, stall_no, count(*) as n, sum(quantity) as q, count(*) filter (where taking_status in ('TOOK', 'TOOK_PART')) as took,
          coalesce(sum(took_quantity * coalesce(took_price_fen, 0)), 0) as amount
        from take_items where purchaser_org_id = ${org} and assigned_user_id = ${pickerId}
          and assigned_at >= ${from} and assigned_at < ${to}
        group by market_area, market, building, floor, stall_no, stall_name order by market_area, market, building, floor, stall_no, stall_name`,
  );
}

/** One page of the purchaser's take log (newest first), optionally of one item, with the total. */
export async function takeLogPage(db: Db, org: number, q: { takeItemId?: number | undefined; pageNo: number; pageSize: number }) {
  const where = sql`l.purchaser_org_id = ${org} ${q.takeItemId ? sql`and l.take_item_id = ${q.takeItemId}` : sql``}`;
  const [total] = await queryRows<{ n: Count }>(db, sql`select count(*) as n from take_logs l where ${where}`);
  const rows = await queryRows<{
    id: Count;
    take_item_id: Count;
    take_code: string;
    operation: string;
    from_status: string | null;
    to_status: string | null;
    actor_name: string | null;
    note: string;
    created_at: string | Date;
  }>(
    db,
    sql`select l.id, l.take_item_id, t.take_code, l.operation, l.from_status, l.to_status, coalesce(u.name, u.username) as actor_name, l.note, l.created_at
        from take_logs l join take_items t on t.id = l.take_item_id left join users u on u.id = l.actor_user_id
        where ${where} order by l.id desc limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
  );
  return { total: total?.n, rows };
}

/** Items of the day already sent to the stalls, open items still unsent before the day's end, and the last send. */
export async function downState(db: Db, org: number, day: string, end: Date) {
  const [r] = await queryRows<{ downed: Count; pending: Count; last: string | Date | null }>(
    db,
    sql`select (select coalesce(sum(item_count), 0) from take_down_batches where purchaser_org_id = ${org} and day = ${day}) as downed,
          (select count(*) from take_items where purchaser_org_id = ${org} and ${OPEN_UNSENT} and created_at < ${end}) as pending,
          (select max(created_at) from take_down_batches where purchaser_org_id = ${org} and day = ${day}) as last`,
  );
  return r;
}

/** The home page's card: open work now and what was taken or went wrong since `from`. */
export async function homeCounts(db: Db, org: number, from: Date) {
  const [r] = await queryRows<Record<string, Count>>(
    db,
    sql`select count(*) filter (where assignment_status = 'WAITING_ASSIGNED') as waiting,
          count(*) filter (where assignment_status = 'TAKING') as taking,
          count(*) filter (where taking_status in ('TOOK', 'TOOK_PART') and took_at >= ${from}) as took_today,
          count(*) filter (where assignment_status in ('E_LACK_TAKING', 'E_STOP_PRODUCTION') and updated_at >= ${from}) as exception_today,
          count(*) filter (where print_count = 0 and assignment_status in ('WAITING_ASSIGNED', 'TAKING')) as unprinted,
          count(*) filter (where assignment_status = 'E_STOP_TAKING') as stopped
        from take_items where purchaser_org_id = ${org} and (assignment_status not in ('CLOSE', 'TOOK') or took_at >= ${from})`,
  );
  return r;
}
