/**
 * 下发拿货码 (docs/decisions/0012-take-assignment.md): the purchaser sends each stall the list of the
 * day's open items (pick-up code, article number, colour, size, quantity) so the stall prepares the
 * goods before the picker arrives. One run writes one batch per stall with the items not sent
 * before; a later run sends only what came in since. The run row is committed as RUNNING first,
 * so isDowningCode can answer while the batches are written and a second run is refused.
 */
import { beijingDay, beijingDayEnd, type DownBatch, ErrorCode, stallKey } from '@dropship/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { purchaserOf } from './assign.service.js';
import { idList } from './order-locks.js';
import { takeDownBatches, takeDownRuns } from './take-items.table.js';
import { appendTakeLogs } from './take-logs.repository.js';

/** A run older than this is taken as crashed (the server restarted mid-run): no longer blocks. */
const STALE_MS = 10 * 60_000;

/** Items a stall should still prepare: open, not sent, created up to the end of the day. */
export const OPEN_UNSENT = sql`assignment_status in ('WAITING_ASSIGNED', 'TAKING') and taking_status in ('WAITING_TAKING', 'E_NEXT_TAKING', 'TAKING')
  and arrived_at is null and down_batch_id is null`;

async function runningRun(db: Db, org: number) {
  const [run] = await db
    .select()
    .from(takeDownRuns)
    .where(and(eq(takeDownRuns.purchaserOrgId, org), eq(takeDownRuns.status, 'RUNNING')))
    .orderBy(desc(takeDownRuns.id))
    .limit(1);
  return run && Date.now() - run.startedAt.getTime() < STALE_MS ? run : undefined;
}

export async function isDowning(db: Db, caller: Caller) {
  const run = await runningRun(db, purchaserOf(caller));
  return { downing: !!run, runId: run?.id ?? null, startedAt: run?.startedAt.toISOString() ?? null };
}

interface OpenItem {
  id: string | number;
  take_code: string;
  market: string;
  building: string;
  floor: string;
  stall_no: string;
  stall_name: string;
  art_no: string;
  color: string;
  size: string;
  quantity: number;
  assignment_status: string;
}

export async function downCode(db: Db, caller: Caller, body: { date?: string | undefined; stallKeys?: string[] | undefined }) {
  const org = purchaserOf(caller);
  const day = body.date ?? beijingDay();
  if (await runningRun(db, org)) throw new AppError(ErrorCode.TAKE_DOWN_RUNNING);
  const [run] = await db.insert(takeDownRuns).values({ purchaserOrgId: org, day, actorUserId: caller.userId }).returning({ id: takeDownRuns.id });
  const runId = (run as { id: number }).id;
  try {
    const result = await inTransaction(db, async (t) => {
      const items = await queryRows<OpenItem>(
        t,
        sql`select id, take_code, market, building, floor, stall_no, stall_name, art_no, color, size, quantity, assignment_status from take_items
            where purchaser_org_id = ${org} and ${OPEN_UNSENT} and created_at < ${beijingDayEnd(day)}
            order by market_area, market, building, floor, stall_no, stall_name, take_code for update`,
      );
      const wanted = body.stallKeys ? new Set(body.stallKeys) : undefined;
      const byStall = new Map<string, OpenItem[]>();
      for (const i of items) {
        const key = stallKey({ market: i.market, building: i.building, floor: i.floor, stallNo: i.stall_no, stallName: i.stall_name });
        if (wanted && !wanted.has(key)) continue;
        byStall.set(key, [...(byStall.get(key) ?? []), i]);
      }
      let sent = 0;
      for (const [key, list] of byStall) {
        const first = list[0] as OpenItem;
        const lines = list.map((i) => ({ takeCode: i.take_code, artNo: i.art_no, color: i.color, size: i.size, quantity: i.quantity }));
        const [batch] = await t
          .insert(takeDownBatches)
          .values({
            purchaserOrgId: org,
            runId,
            day,
            stallKey: key,
            stallName: first.stall_name,
            market: first.market,
            floor: first.floor,
            stallNo: first.stall_no,
            itemCount: list.length,
            quantity: list.reduce((n, i) => n + i.quantity, 0),
            lines,
          })
          .returning({ id: takeDownBatches.id });
        const ids = list.map((i) => Number(i.id));
        await t.execute(sql`update take_items set down_batch_id = ${(batch as { id: number }).id}, updated_at = now() where id in ${idList(ids)}`);
        await appendTakeLogs(
          t,
          org,
          caller.userId,
          list.map((i) => ({
            takeItemId: Number(i.id),
            operation: 'DOWN_CODE',
            fromStatus: i.assignment_status,
            toStatus: i.assignment_status,
            note: `拿货码已下发给档口 ${first.stall_name}`,
          })),
        );
        sent += list.length;
      }
      return { batches: byStall.size, items: sent };
    });
    await db
      .update(takeDownRuns)
      .set({ status: 'DONE', ...result, finishedAt: sql`now()` })
      .where(eq(takeDownRuns.id, runId));
    return { runId, ...result };
  } catch (e) {
    await db.update(takeDownRuns).set({ status: 'FAILED', finishedAt: sql`now()` }).where(eq(takeDownRuns.id, runId));
    throw e;
  }
}

export async function downCodeList(db: Db, caller: Caller, q: { date?: string | undefined; stallName?: string | undefined; pageNo: number; pageSize: number }) {
  const org = purchaserOf(caller);
  const where = and(
    eq(takeDownBatches.purchaserOrgId, org),
    q.date ? eq(takeDownBatches.day, q.date) : undefined,
    q.stallName ? sql`${takeDownBatches.stallName} ilike ${`%${q.stallName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : undefined,
  );
  const [total] = await db.select({ n: sql<number>`count(*)` }).from(takeDownBatches).where(where);
  const rows = await db
    .select()
    .from(takeDownBatches)
    .where(where)
    .orderBy(desc(takeDownBatches.id))
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize);
  const list: DownBatch[] = rows.map((b) => ({
    id: b.id,
    day: b.day,
    stallKey: b.stallKey,
    stallName: b.stallName,
    market: b.market,
    floor: b.floor,
    stallNo: b.stallNo,
    itemCount: b.itemCount,
    quantity: b.quantity,
    lines: b.lines as DownBatch['lines'],
    createdAt: b.createdAt.toISOString(),
  }));
  return { total: Number(total?.n ?? 0), list };
}
