/**
 * SQL of 下发拿货码 (down-code.service.ts): the runs (take_down_runs), the per-stall batches
 * (take_down_batches) and the take items a run marks as sent, always scoped to one purchaser.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/rows.js';
import { idList } from './order-locks.js';
import { takeDownBatches, takeDownRuns } from './take-items.table.js';

/** Items a stall should still prepare: open, not sent, created up to the end of the day. */
export const OPEN_UNSENT = sql`assignment_status in ('WAITING_ASSIGNED', 'TAKING') and taking_status in ('WAITING_TAKING', 'E_NEXT_TAKING', 'TAKING')
  and arrived_at is null and down_batch_id is null`;

/** The purchaser's newest RUNNING run, stale or not: the service decides whether it still blocks a new one. */
export async function latestRunningRun(db: Db, org: number) {
  const [run] = await db
    .select()
    .from(takeDownRuns)
    .where(and(eq(takeDownRuns.purchaserOrgId, org), eq(takeDownRuns.status, 'RUNNING')))
    .orderBy(desc(takeDownRuns.id))
    .limit(1);
  return run;
}

/** Writes a new RUNNING run (committed on its own, so isDowningCode sees it during the run); answers its id. */
export async function insertRun(db: Db, values: { purchaserOrgId: number; day: string; actorUserId: number }): Promise<number> {
  const [run] = await db.insert(takeDownRuns).values(values).returning({ id: takeDownRuns.id });
  return (run as { id: number }).id;
}

/** Marks the run DONE with its counts, so it no longer blocks the next one. */
export async function finishRun(db: Db, runId: number, result: { batches: number; items: number }) {
  await db
    .update(takeDownRuns)
    .set({ status: 'DONE', ...result, finishedAt: sql`now()` })
    .where(eq(takeDownRuns.id, runId));
}

/** Marks the run FAILED (its batches were rolled back), so it no longer blocks the next one. */
export async function failRun(db: Db, runId: number) {
  await db.update(takeDownRuns).set({ status: 'FAILED', finishedAt: sql`now()` }).where(eq(takeDownRuns.id, runId));
}

export interface OpenItem {
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

/** Locks the purchaser's open unsent items created before `before`, in walking order: what one run sends, safe from a concurrent change. */
export async function lockOpenUnsentItems(tx: Db, org: number, before: Date): Promise<OpenItem[]> {
  return queryRows<OpenItem>(
    tx,
    sql`select id, take_code, market, building, floor, stall_no, stall_name, art_no, color, size, quantity, assignment_status from take_items
            where purchaser_org_id = ${org} and ${OPEN_UNSENT} and created_at < ${before}
            order by market_area, market, building, floor, stall_no, stall_name, take_code for update`,
  );
}

/** Writes one stall's batch (the lines the stall is sent); answers its id for the items to point at. */
export async function insertBatch(tx: Db, values: typeof takeDownBatches.$inferInsert): Promise<number> {
  const [batch] = await tx.insert(takeDownBatches).values(values).returning({ id: takeDownBatches.id });
  return (batch as { id: number }).id;
}

/** Points the items at their batch: they count as sent and a later run skips them. */
export async function setDownBatch(tx: Db, batchId: number, ids: readonly number[]) {
  await tx.execute(sql`update take_items set down_batch_id = ${batchId}, updated_at = now() where id in ${idList(ids)}`);
}

/** One page of the purchaser's batches, newest first, with the total under the same filters (downCodeList). */
export async function batchPage(db: Db, org: number, q: { date?: string | undefined; stallName?: string | undefined; pageNo: number; pageSize: number }) {
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
  return { total, rows };
}
