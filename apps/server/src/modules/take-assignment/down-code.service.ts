/**
 * 下发拿货码 (docs/decisions/0012-take-assignment.md): the purchaser sends each stall the list of the
 * day's open items (pick-up code, article number, colour, size, quantity) so the stall prepares the
 * goods before the picker arrives. One run writes one batch per stall with the items not sent
 * before; a later run sends only what came in since. The run row is committed as RUNNING first,
 * so isDowningCode can answer while the batches are written and a second run is refused.
 */
import { beijingDay, beijingDayEnd, type DownBatch, ErrorCode, stallKey } from '@dropship/contract';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import { purchaserOf } from './assign.service.js';
import type { OpenItem } from './down-code.repository.js';
import * as repo from './down-code.repository.js';
import { appendTakeLogs } from './take-logs.repository.js';

/** A run older than this is taken as crashed (the server restarted mid-run): no longer blocks. */
const STALE_MS = 10 * 60_000;

async function runningRun(db: Db, org: number) {
  const run = await repo.latestRunningRun(db, org);
  return run && Date.now() - run.startedAt.getTime() < STALE_MS ? run : undefined;
}

export async function isDowning(db: Db, caller: Caller) {
  const run = await runningRun(db, purchaserOf(caller));
  return { downing: !!run, runId: run?.id ?? null, startedAt: run?.startedAt.toISOString() ?? null };
}

export async function downCode(db: Db, caller: Caller, body: { date?: string | undefined; stallKeys?: string[] | undefined }) {
  const org = purchaserOf(caller);
  const day = body.date ?? beijingDay();
  if (await runningRun(db, org)) throw new AppError(ErrorCode.TAKE_DOWN_RUNNING);
  const runId = await repo.insertRun(db, { purchaserOrgId: org, day, actorUserId: caller.userId });
  try {
    const result = await inTransaction(db, async (t) => {
      const items = await repo.lockOpenUnsentItems(t, org, beijingDayEnd(day));
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
        const batchId = await repo.insertBatch(t, {
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
        });
        const ids = list.map((i) => Number(i.id));
        await repo.setDownBatch(t, batchId, ids);
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
    await repo.finishRun(db, runId, result);
    return { runId, ...result };
  } catch (e) {
    await repo.failRun(db, runId);
    throw e;
  }
}

export async function downCodeList(db: Db, caller: Caller, q: { date?: string | undefined; stallName?: string | undefined; pageNo: number; pageSize: number }) {
  const org = purchaserOf(caller);
  const { total, rows } = await repo.batchPage(db, org, q);
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
