/**
 * The day's figures of pick-up work (docs/decisions/0012-take-assignment.md): the kanban (items
 * created that day at +8, by status and market area, plus open items carried over), the pickers'
 * briefing (items assigned to each picker that day and what became of them), the take log, the
 * page's audit state (has the day's list been sent to the stalls) and the home page's card.
 */
import { beijingDay, beijingDayEnd, beijingDayStart } from '@dropship/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './assign.repository.js';
import { purchaserOf } from './assign.service.js';
import { OPEN_UNSENT } from './down-code.service.js';

const num = (v: unknown) => Number(v ?? 0);
const EXCEPTIONS = ['E_STOP_TAKING', 'E_LACK_TAKING', 'E_STOP_PRODUCTION'];

export async function kanban(db: Db, caller: Caller, date?: string) {
  const org = purchaserOf(caller);
  const day = date ?? beijingDay();
  const [from, to] = [beijingDayStart(day), beijingDayEnd(day)];
  const rows = await queryRows<{ area: string; a: string; t: string; n: string | number }>(
    db,
    sql`select market_area as area, assignment_status as a, taking_status as t, count(*) as n from take_items
        where purchaser_org_id = ${org} and created_at >= ${from} and created_at < ${to} group by 1, 2, 3`,
  );
  const [carried] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from take_items where purchaser_org_id = ${org} and created_at < ${from}
        and assignment_status in ('WAITING_ASSIGNED', 'TAKING') and arrived_at is null`,
  );
  const byAssignment: Record<string, number> = {};
  const byTaking: Record<string, number> = {};
  const areas = new Map<string, { marketArea: string; total: number; waiting: number; taking: number; took: number; exception: number }>();
  let total = 0;
  for (const r of rows) {
    const n = num(r.n);
    total += n;
    byAssignment[r.a] = (byAssignment[r.a] ?? 0) + n;
    byTaking[r.t] = (byTaking[r.t] ?? 0) + n;
    const a = areas.get(r.area) ?? { marketArea: r.area, total: 0, waiting: 0, taking: 0, took: 0, exception: 0 };
    a.total += n;
    if (r.a === 'WAITING_ASSIGNED') a.waiting += n;
    else if (r.a === 'TAKING') a.taking += n;
    else if (r.a === 'TOOK' || r.a === 'TOOK_PART') a.took += n;
    else if (EXCEPTIONS.includes(r.a)) a.exception += n;
    areas.set(r.area, a);
  }
  const list = [...areas.values()].sort((x, y) => (x.marketArea < y.marketArea ? -1 : x.marketArea > y.marketArea ? 1 : 0));
  return { date: day, total, carriedOver: num(carried?.n), byAssignment, byTaking, areas: list };
}

interface BriefRecord {
  picker_id: number;
  assigned: string | number;
  took: string | number;
  took_part: string | number;
  lack: string | number;
  next_day: string | number;
  pending: string | number;
  quantity: string | number;
  took_quantity: string | number;
  amount_fen: string | number;
}

/** Per picker, the items assigned to them during the day (assignedAt at +8). */
async function briefRows(db: Db, org: number, day: string, pickerId?: number) {
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
        where purchaser_org_id = ${org} and assigned_user_id is not null and assigned_at >= ${beijingDayStart(day)} and assigned_at < ${beijingDayEnd(day)}
          ${pickerId ? sql`and assigned_user_id = ${pickerId}` : sql``}
        group by assigned_user_id order by assigned_user_id`,
  );
}

const toBrief = (r: BriefRecord, name: string) => ({
  pickerId: r.picker_id,
  pickerName: name,
  assigned: num(r.assigned),
  took: num(r.took),
  tookPart: num(r.took_part),
  lack: num(r.lack),
  nextDay: num(r.next_day),
  pending: num(r.pending),
  quantity: num(r.quantity),
  tookQuantity: num(r.took_quantity),
  amountFen: num(r.amount_fen),
});

export async function briefing(db: Db, caller: Caller, date?: string) {
  const org = purchaserOf(caller);
  const day = date ?? beijingDay();
  const names = new Map((await repo.pickersOf(db, org)).map((p) => [p.id, p.name]));
  const list = (await briefRows(db, org, day)).map((r) => toBrief(r, names.get(r.picker_id) ?? `#${r.picker_id}`));
  const keys = ['assigned', 'took', 'tookPart', 'lack', 'nextDay', 'pending', 'quantity', 'tookQuantity', 'amountFen'] as const;
  const total = Object.fromEntries(keys.map((k) => [k, list.reduce((n, r) => n + r[k], 0)])) as Record<(typeof keys)[number], number>;
  return { date: day, list, total };
}

export async function briefingUser(db: Db, caller: Caller, pickerId: number, date?: string) {
  const org = purchaserOf(caller);
  const day = date ?? beijingDay();
  const picker = (await repo.pickersOf(db, org)).find((p) => p.id === pickerId);
  if (!picker) throw notFound('拿货员');
  const [r] = await briefRows(db, org, day, pickerId);
  const summary = r ? toBrief(r, picker.name) : toBrief({ picker_id: pickerId } as BriefRecord, picker.name);
  const stalls = await queryRows<{
    stall_name: string;
    market: string;
    stall_no: string;
    n: string | number;
    q: string | number;
    took: string | number;
    amount: string | number;
  }>(
    db,
    sql`select stall_name, market, stall_no, count(*) as n, sum(quantity) as q, count(*) filter (where taking_status in ('TOOK', 'TOOK_PART')) as took,
          coalesce(sum(took_quantity * coalesce(took_price_fen, 0)), 0) as amount
        from take_items where purchaser_org_id = ${org} and assigned_user_id = ${pickerId}
          and assigned_at >= ${beijingDayStart(day)} and assigned_at < ${beijingDayEnd(day)}
        group by market_area, market, building, floor, stall_no, stall_name order by market_area, market, building, floor, stall_no, stall_name`,
  );
  return {
    date: day,
    summary,
    stalls: stalls.map((s) => ({
      stallName: s.stall_name,
      market: s.market,
      stallNo: s.stall_no,
      itemCount: num(s.n),
      quantity: num(s.q),
      took: num(s.took),
      amountFen: num(s.amount),
    })),
  };
}

export async function takeLog(db: Db, caller: Caller, q: { takeItemId?: number | undefined; pageNo: number; pageSize: number }) {
  const org = purchaserOf(caller);
  const where = sql`l.purchaser_org_id = ${org} ${q.takeItemId ? sql`and l.take_item_id = ${q.takeItemId}` : sql``}`;
  const [total] = await queryRows<{ n: string | number }>(db, sql`select count(*) as n from take_logs l where ${where}`);
  const rows = await queryRows<{
    id: string | number;
    take_item_id: string | number;
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
  return {
    total: num(total?.n),
    list: rows.map((r) => ({
      id: Number(r.id),
      takeItemId: Number(r.take_item_id),
      takeCode: r.take_code,
      operation: r.operation,
      fromStatus: r.from_status,
      toStatus: r.to_status,
      actorName: r.actor_name,
      note: r.note,
      createdAt: new Date(r.created_at).toISOString(),
    })),
  };
}

export async function auditState(db: Db, caller: Caller, date?: string) {
  const org = purchaserOf(caller);
  const day = date ?? beijingDay();
  const [r] = await queryRows<{ downed: string | number; pending: string | number; last: string | Date | null }>(
    db,
    sql`select (select coalesce(sum(item_count), 0) from take_down_batches where purchaser_org_id = ${org} and day = ${day}) as downed,
          (select count(*) from take_items where purchaser_org_id = ${org} and ${OPEN_UNSENT} and created_at < ${beijingDayEnd(day)}) as pending,
          (select max(created_at) from take_down_batches where purchaser_org_id = ${org} and day = ${day}) as last`,
  );
  const downed = num(r?.downed);
  const pending = num(r?.pending);
  const state = downed === 0 ? 'NONE' : pending > 0 ? 'PARTIAL' : 'ALL';
  return {
    date: day,
    state: state as 'NONE' | 'PARTIAL' | 'ALL',
    lastDownAt: r?.last ? new Date(r.last).toISOString() : null,
    downedItems: downed,
    pendingItems: pending,
  };
}

export async function homeStatistics(db: Db, caller: Caller) {
  const org = purchaserOf(caller);
  const from = beijingDayStart(beijingDay());
  const [r] = await queryRows<Record<string, string | number>>(
    db,
    sql`select count(*) filter (where assignment_status = 'WAITING_ASSIGNED') as waiting,
          count(*) filter (where assignment_status = 'TAKING') as taking,
          count(*) filter (where taking_status in ('TOOK', 'TOOK_PART') and took_at >= ${from}) as took_today,
          count(*) filter (where assignment_status in ('E_LACK_TAKING', 'E_STOP_PRODUCTION') and updated_at >= ${from}) as exception_today,
          count(*) filter (where print_count = 0 and assignment_status in ('WAITING_ASSIGNED', 'TAKING')) as unprinted,
          count(*) filter (where assignment_status = 'E_STOP_TAKING') as stopped
        from take_items where purchaser_org_id = ${org} and (assignment_status not in ('CLOSE', 'TOOK') or took_at >= ${from})`,
  );
  return {
    waitingAssigned: num(r?.waiting),
    taking: num(r?.taking),
    tookToday: num(r?.took_today),
    exceptionToday: num(r?.exception_today),
    unprinted: num(r?.unprinted),
    stopped: num(r?.stopped),
  };
}
