/**
 * POST /api/home/data (decision 0035): the workbench of the caller's audience — the seller's to-do,
 * the purchaser's, or a picker's own day — with today's figures against yesterday and 7 days of them.
 */
import {
  beijingDay,
  beijingDayStart,
  type CourierProblemRow,
  ErrorCode,
  type HomeData,
  routeCode,
  type TraceProblem,
  type WorkbenchAudience,
  type WorkbenchFigureKey,
  type WorkbenchTodoKey,
} from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { permissionCodesOfUser } from '../account-permission/index.js';
import { countNearDeadline } from '../problem-parcel/index.js';
import { PROBLEM_NEAR_DEADLINE_MS } from '../shell/index.js';
import * as repo from './workbench.repository.js';
import * as figures from './workbench-figures.repository.js';

const DAY_MS = 86_400_000;
const CHART_DAYS = 7;
const PROBLEM_ROWS = 10;

/** A purchaser's sub-account holding the picker's page (拿货员工作台) sees the picker's own day. */
async function audienceOf(db: Db, caller: Caller): Promise<WorkbenchAudience> {
  if (caller.orgType === 'seller') return 'seller';
  if (caller.orgType !== 'purchaser') throw new AppError(ErrorCode.FORBIDDEN, '工作台只对卖家和采购商开放', 403);
  if (caller.isMain) return 'purchaser';
  const codes = await permissionCodesOfUser(db, caller.userId);
  return codes.has(routeCode('/picker')) ? 'picker' : 'purchaser';
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export async function homeData(db: Db, caller: Caller, now = new Date()): Promise<HomeData> {
  const audience = await audienceOf(db, caller);
  const today = beijingDay(now);
  const days = Array.from({ length: CHART_DAYS }, (_, i) => beijingDay(now.getTime() - (CHART_DAYS - 1 - i) * DAY_MS));

  let todo: { key: WorkbenchTodoKey; count: number }[];
  let series: figures.DaySeries;
  let problems: repo.ProblemRow[] = [];
  if (audience === 'seller') {
    const [t, near, s, p] = await Promise.all([
      repo.sellerTodo(db, caller.orgId),
      countNearDeadline(db, caller.orgId, PROBLEM_NEAR_DEADLINE_MS),
      figures.sellerFigures(db, caller.orgId, days, now),
      repo.courierProblems(db, caller.orgId, 'seller', PROBLEM_ROWS),
    ]);
    todo = [
      { key: 'WAITING_PAYMENT', count: t.waitingPayment },
      { key: 'WAITING_REPLENISH', count: t.waitingReplenish },
      { key: 'PROBLEM_NEAR_DEADLINE', count: near },
      { key: 'SHOPS_EXPIRING', count: t.shopsExpiring },
      { key: 'COURIER_PROBLEMS', count: t.courierProblems },
    ];
    series = s;
    problems = p;
  } else if (audience === 'purchaser') {
    const [t, s, p] = await Promise.all([
      repo.purchaserTodo(db, caller.orgId),
      figures.purchaserFigures(db, caller.orgId, days, now),
      repo.courierProblems(db, caller.orgId, 'purchaser', PROBLEM_ROWS),
    ]);
    todo = [
      { key: 'WAITING_ASSIGNED', count: t.waitingAssigned },
      { key: 'TAKING', count: t.taking },
      { key: 'WAITING_SHIPPING', count: t.waitingShipping },
      { key: 'COURIER_PROBLEMS', count: t.courierProblems },
    ];
    series = s;
    problems = p;
  } else {
    const [t, s] = await Promise.all([
      repo.pickerTodo(db, caller.orgId, caller.userId, beijingDayStart(today)),
      figures.purchaserFigures(db, caller.orgId, days, now, caller.userId),
    ]);
    todo = [
      { key: 'MY_TAKING', count: t.myTaking },
      { key: 'MY_TOOK_TODAY', count: t.myTook },
    ];
    series = s;
  }

  const keys = Object.keys(series) as WorkbenchFigureKey[];
  const yesterday = days[CHART_DAYS - 2] as string;
  return {
    audience,
    today,
    todo,
    figures: keys.map((key) => ({ key, today: series[key]?.get(today) ?? 0, yesterday: series[key]?.get(yesterday) ?? 0 })),
    chart: { days, series: keys.map((key) => ({ key, values: days.map((d) => series[key]?.get(d) ?? 0) })) },
    courierProblems: problems.map(
      (r): CourierProblemRow => ({
        trackingNo: r.tracking_no,
        courierCode: r.courier_code,
        orderNo: r.order_no,
        problem: r.problem as TraceProblem,
        lastEventAt: iso(r.last_event_at),
        lastText: r.last_text ?? '',
      }),
    ),
  };
}
