/**
 * The day's figures of pick-up work (docs/decisions/0012-take-assignment.md): the kanban (items
 * created that day at +8, by status and market area, plus open items carried over), the pickers'
 * briefing (items assigned to each picker that day and what became of them), the take log, the
 * page's audit state (has the day's list been sent to the stalls) and the home page's card. The
 * queries are in stats.repository.ts; this file picks the day and shapes the figures.
 */
import { beijingDay, beijingDayEnd, beijingDayStart } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import * as repo from './assign.repository.js';
import { purchaserOf } from './assign.service.js';
import * as stats from './stats.repository.js';

const num = (v: unknown) => Number(v ?? 0);
const EXCEPTIONS = ['E_STOP_TAKING', 'E_LACK_TAKING', 'E_STOP_PRODUCTION'];

export async function kanban(db: Db, caller: Caller, date?: string) {
  const org = purchaserOf(caller);
  const day = date ?? beijingDay();
  const [from, to] = [beijingDayStart(day), beijingDayEnd(day)];
  const rows = await stats.kanbanRows(db, org, from, to);
  const carried = await stats.carriedOver(db, org, from);
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
  return { date: day, total, carriedOver: num(carried), byAssignment, byTaking, areas: list };
}

const toBrief = (r: stats.BriefRecord, name: string) => ({
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
  const list = (await stats.briefRows(db, org, beijingDayStart(day), beijingDayEnd(day))).map((r) => toBrief(r, names.get(r.picker_id) ?? `#${r.picker_id}`));
  const keys = ['assigned', 'took', 'tookPart', 'lack', 'nextDay', 'pending', 'quantity', 'tookQuantity', 'amountFen'] as const;
  const total = Object.fromEntries(keys.map((k) => [k, list.reduce((n, r) => n + r[k], 0)])) as Record<(typeof keys)[number], number>;
  return { date: day, list, total };
}

export async function briefingUser(db: Db, caller: Caller, pickerId: number, date?: string) {
  const org = purchaserOf(caller);
  const day = date ?? beijingDay();
  const picker = (await repo.pickersOf(db, org)).find((p) => p.id === pickerId);
  if (!picker) throw notFound('拿货员');
  const [r] = await stats.briefRows(db, org, beijingDayStart(day), beijingDayEnd(day), pickerId);
  const summary = r ? toBrief(r, picker.name) : toBrief({ picker_id: pickerId } as stats.BriefRecord, picker.name);
  const stalls = await stats.stallRows(db, org, pickerId, beijingDayStart(day), beijingDayEnd(day));
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
  const { total, rows } = await stats.takeLogPage(db, org, q);
  return {
    total: num(total),
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
  const r = await stats.downState(db, org, day, beijingDayEnd(day));
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
  const r = await stats.homeCounts(db, org, from);
  return {
    waitingAssigned: num(r?.waiting),
    taking: num(r?.taking),
    tookToday: num(r?.took_today),
    exceptionToday: num(r?.exception_today),
    unprinted: num(r?.unprinted),
    stopped: num(r?.stopped),
  };
}
