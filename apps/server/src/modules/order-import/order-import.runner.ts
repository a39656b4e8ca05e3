/**
 * Parses uploaded files in the background of the process that received them (their bytes live
 * only here), one at a time: the rows are parsed on the import's parse thread (parse-thread.ts) and
 * stored from here, and PGlite runs queries on the event loop, so two parses at once would only
 * share it. While a parse waits or runs, a ticker keeps its heartbeat fresh; a parse whose
 * process died stops being touched and is marked FAILED with a Chinese reason (at start-up, and
 * when anyone looks at it), never left PARSING. The import stage runs on the job queue instead
 * (order-import.job.ts), which retries it after a crash.
 */
import { ERROR_MESSAGES, ErrorCode } from '@dropship/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './order-import.repository.js';
import { storePreview } from './parse-stage.js';
import type { PlannedImport } from './planned-import.js';

/** A parse untouched this long belongs to a process that stopped. */
export const STALE_MS = 60_000;
const TICK_MS = 10_000;

export interface ImportRunner {
  parse(job: { id: number; orgId: number }, plan: PlannedImport): void;
  /** Resolves when every parse handed to this runner so far has finished. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export const failureMessage = (err: unknown) => (err instanceof AppError ? err.message : ERROR_MESSAGES[ErrorCode.ORDER_IMPORT_FAILED]);

export function createImportRunner(db: Db, log: FastifyBaseLogger): ImportRunner {
  const held = new Set<number>();
  let tail: Promise<void> = Promise.resolve();
  const ticker = setInterval(() => {
    repo.touchJobs(db, [...held]).catch((err) => log.warn({ err }, '导入任务心跳写入失败'));
  }, TICK_MS);
  ticker.unref();

  async function run(job: { id: number; orgId: number }, plan: PlannedImport) {
    try {
      const s = await storePreview(db, job, plan.batches(), { progress: (percent) => repo.addProgress(db, job.id, { percent }) });
      await repo.moveJob(db, job.id, ['PARSING'], { status: 'PREVIEW', percent: 100, ...s, failed: s.totalOrders - s.validOrders });
    } catch (err) {
      if (!(err instanceof AppError)) log.error({ err, jobId: job.id }, '解析导入文件失败');
      // Nothing half-read remains: the preview goes, the job says why.
      await repo.deletePreview(db, job.id);
      await repo.moveJob(db, job.id, ['PARSING'], { status: 'FAILED', message: failureMessage(err), finishedAt: new Date() });
    }
  }

  return {
    parse(job, plan) {
      held.add(job.id);
      tail = tail
        .then(() => run(job, plan))
        .catch((err) => log.error({ err, jobId: job.id }, '导入任务异常结束'))
        .finally(() => held.delete(job.id));
    },
    idle: () => tail,
    async close() {
      clearInterval(ticker);
      // A long parse does not hold up shutdown; its job is marked FAILED (interrupted) at the next start.
      await Promise.race([tail, new Promise((r) => setTimeout(r, 5_000).unref())]);
    },
  };
}

/**
 * Jobs left running by a process that is gone. With PGlite only this process can have parsed
 * them, so at start-up every PARSING job is abandoned; on PostgreSQL another process may be
 * parsing, so only those whose heartbeat stopped are. An IMPORTING job whose queue job is gone
 * for good is abandoned too.
 */
export async function failAbandonedJobs(db: Db, opts: { all: boolean; orgId?: number }) {
  const msg = ERROR_MESSAGES[ErrorCode.ORDER_IMPORT_INTERRUPTED];
  return (await repo.failStaleParsing(db, opts.all ? 0 : STALE_MS, msg, opts.orgId)) + (await repo.failOrphanImports(db, msg, opts.orgId));
}
