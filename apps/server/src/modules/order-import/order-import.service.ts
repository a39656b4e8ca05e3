/**
 * Order import: upload (PARSING, in the background) → PREVIEW → confirm (IMPORTING) → DONE, or
 * FAILED with a reason, or CANCELLED by the seller. Each move is a named operation that checks
 * the job's current status; every read is scoped to the caller's organisation.
 */
import {
  CHANNEL_NAMES,
  type Channel,
  ErrorCode,
  IMPORT_LAYOUT_NAMES,
  type ImportCreateFields,
  type ImportHistoryRow,
  type ImportJobStatus,
  type ImportJobView,
  type ImportLayout,
  type ImportPageBody,
  type ImportRowsBody,
  type ImportRowView,
  maskAddress,
  maskName,
  maskPhone,
} from '@dropship/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { AppError, notFound } from '../../lib/app-error.js';
import type { Caller } from '../../plugins/auth.js';
import type { JobQueue } from '../jobs/index.js';
import { goodsText } from './order-import.excel.js';
import { IMPORT_JOB } from './order-import.job.js';
import * as repo from './order-import.repository.js';
import { failAbandonedJobs, type ImportRunner, STALE_MS } from './order-import.runner.js';
import { type PlannedImport, planUpload } from './planned-import.js';
import type { ImportUpload } from './upload.js';

const FIRST_ERRORS = 100;
/** Days a job's preview and bad rows are kept (decision 0007). */
const KEEP_DAYS = 30;

export function listImportShops(db: Db, caller: Caller) {
  return repo.listShops(db, caller.orgId) as Promise<{ id: number; name: string; channel: Channel }[]>;
}

function checkChannel(plan: PlannedImport, shop: { name: string; channel: string }) {
  const want = plan.channel;
  if (!want || shop.channel === 'OTHER' || shop.channel === want) return;
  const fileName = CHANNEL_NAMES[want];
  throw new AppError(
    ErrorCode.ORDER_IMPORT_CHANNEL_MISMATCH,
    `文件是${fileName}的订单，所选店铺“${shop.name}”是${CHANNEL_NAMES[shop.channel as Channel] ?? shop.channel}店铺，请选择${fileName}店铺或“其他”平台的店铺`,
  );
}

/** Lazily retires the organisation's jobs whose process is gone, so one never blocks forever. */
const retireAbandoned = (db: Db, orgId: number) => failAbandonedJobs(db, { all: false, orgId });

/**
 * Checks the upload quickly (format, header, layout or mapping, shop and platform), creates the
 * job and hands the file to the runner. Nothing is stored when any check fails.
 */
export async function createImport(db: Db, runner: ImportRunner, caller: Caller, upload: ImportUpload, fields: z.output<typeof ImportCreateFields>) {
  const shop = await repo.findShop(db, caller.orgId, fields.shopId);
  if (!shop || shop.removedAt) throw notFound('店铺');
  const plan = await planUpload(upload.file, fields.mapping, upload.detailFile);
  try {
    checkChannel(plan, shop);
    await retireAbandoned(db, caller.orgId);
    if (await repo.findRunningJob(db, caller.orgId)) throw new AppError(ErrorCode.ORDER_IMPORT_BUSY);
    await repo.purgeOldRows(db, KEEP_DAYS, `预览已超过${KEEP_DAYS}天未确认，已清理，请重新上传文件`);
    const job = await repo
      .insertJob(db, {
        orgId: caller.orgId,
        userId: caller.userId,
        shopId: shop.id,
        fileName: upload.file.name.slice(0, 200),
        fileSize: upload.file.bytes.length + (upload.detailFile?.bytes.length ?? 0),
        fileFormat: plan.format,
        encoding: plan.encoding,
        layout: plan.layout,
        mapping: plan.mapping,
      })
      .catch((err) => {
        // Two uploads at once: the one-running-job index lets only one through.
        throw repo.isUniqueViolation(err) ? new AppError(ErrorCode.ORDER_IMPORT_BUSY) : err;
      });
    runner.parse({ id: job.id, orgId: job.orgId }, plan);
    return { jobId: job.id };
  } catch (err) {
    await plan.close();
    throw err;
  }
}

async function ownJob(db: Db, caller: Caller, jobId: number) {
  let job = await repo.findJob(db, caller.orgId, jobId);
  if (!job) throw notFound('导入任务');
  const stale = job.status === 'PARSING' ? Date.now() - job.heartbeatAt.getTime() > STALE_MS : job.status === 'IMPORTING';
  if (stale) {
    await retireAbandoned(db, caller.orgId);
    job = (await repo.findJob(db, caller.orgId, jobId)) ?? job;
  }
  return job;
}

function toView(job: repo.ImportJobRecord, shopName: string): Omit<ImportJobView, 'errors'> {
  const layout = job.layout as ImportLayout;
  return {
    id: job.id,
    status: job.status,
    fileName: job.fileName,
    shopId: job.shopId,
    shopName,
    layout,
    layoutName: IMPORT_LAYOUT_NAMES[layout],
    totalRows: job.totalRows,
    errorRows: job.errorRows,
    total: job.totalOrders,
    validOrders: job.validOrders,
    imported: job.imported,
    updated: job.updated,
    skipped: job.skipped,
    failed: job.failed,
    percent: job.percent,
    message: job.message,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/** GET /api/b2/orders/import/{jobId}: status, counts, and the first 100 bad rows. */
export async function jobView(db: Db, caller: Caller, jobId: number): Promise<ImportJobView> {
  const job = await ownJob(db, caller, jobId);
  const shop = await repo.findShop(db, caller.orgId, job.shopId);
  const errors = job.errorRows ? await repo.errorRows(db, caller.orgId, job.id, 0, FIRST_ERRORS) : [];
  return { ...toView(job, shop?.name ?? ''), errors: errors.map((e) => ({ row: e.rowNo, message: e.error ?? '' })) };
}

export async function previewRows(db: Db, caller: Caller, jobId: number, q: z.output<typeof ImportRowsBody>) {
  const job = await ownJob(db, caller, jobId);
  const { total, rows } = await repo.pageRows(db, caller.orgId, job.id, job.totalRows, q);
  const list = rows.map(
    (r): ImportRowView => ({
      row: r.rowNo,
      orderNo: r.data.orderNo,
      receiverName: maskName(r.data.receiverName),
      receiverPhone: maskPhone(r.data.receiverPhone),
      area: [r.data.province, r.data.city, r.data.district].filter(Boolean).join(' '),
      address: maskAddress(r.data.address),
      goods: goodsText(r),
      quantity: r.data.items.reduce((s, i) => s + i.quantity, 0),
      paymentFen: r.data.orderPaymentFen ?? r.data.items.reduce((s, i) => s + i.paymentFen, 0),
      error: r.error,
    }),
  );
  return { total, list };
}

const NOT_PREVIEW: Partial<Record<ImportJobStatus, string>> = {
  PARSING: '文件还在解析中，请等预览出来后再确认导入',
  IMPORTING: '该文件正在导入，请勿重复提交',
  DONE: '该文件已导入完成；如需再次导入请重新上传',
  FAILED: '该导入任务已失败，请重新上传文件',
  CANCELLED: '该导入任务已取消，请重新上传文件',
};

/**
 * PREVIEW → IMPORTING: the valid orders are written by a queue job (order-import.job.ts); the
 * move and the job are one transaction, so an IMPORTING job always has its queue job.
 */
export async function confirmImport(db: Db, jobs: JobQueue, caller: Caller, jobId: number): Promise<ImportJobView> {
  const job = await ownJob(db, caller, jobId);
  if (job.status !== 'PREVIEW') throw new AppError(ErrorCode.STATE_CONFLICT, NOT_PREVIEW[job.status]);
  if (job.validOrders === 0) throw new AppError(ErrorCode.ORDER_IMPORT_NOTHING_VALID);
  if (await repo.findRunningJob(db, caller.orgId)) throw new AppError(ErrorCode.ORDER_IMPORT_BUSY);
  await inTransaction(db, async (t) => {
    const moved = await repo.moveJob(t, job.id, ['PREVIEW'], { status: 'IMPORTING', percent: 0, startedAt: new Date(), heartbeatAt: new Date() });
    if (!moved) throw new AppError(ErrorCode.STATE_CONFLICT, NOT_PREVIEW.IMPORTING);
    const queued = await jobs.enqueue(IMPORT_JOB, { importJobId: job.id, orgId: caller.orgId }, { singletonKey: `orderImport:${job.id}` }, t);
    await repo.moveJob(t, job.id, ['IMPORTING'], { queueJobId: queued.id });
  }).catch((err) => {
    throw repo.isUniqueViolation(err) ? new AppError(ErrorCode.ORDER_IMPORT_BUSY) : err;
  });
  return jobView(db, caller, job.id);
}

/** PREVIEW → CANCELLED: the seller drops the preview; its pages and rows are deleted. */
export async function cancelImport(db: Db, caller: Caller, jobId: number) {
  const job = await ownJob(db, caller, jobId);
  if (!(await repo.moveJob(db, job.id, ['PREVIEW'], { status: 'CANCELLED', finishedAt: new Date() }))) {
    throw new AppError(ErrorCode.STATE_CONFLICT, '只有待确认的导入可以取消');
  }
  await repo.deletePreview(db, job.id);
}

export async function pageHistory(db: Db, caller: Caller, q: z.output<typeof ImportPageBody>): Promise<{ total: number; list: ImportHistoryRow[] }> {
  await retireAbandoned(db, caller.orgId);
  const { total, rows } = await repo.pageJobs(db, caller.orgId, q);
  return { total, list: rows.map((r) => ({ ...toView(r, r.shopName), userName: r.userName })) };
}

/** All bad rows of a job, in file order (the error report). */
export async function allErrorRows(db: Db, caller: Caller, jobId: number) {
  const job = await ownJob(db, caller, jobId);
  const out: repo.StoredRow[] = [];
  for (let after = 0; ; ) {
    const page = await repo.errorRows(db, caller.orgId, job.id, after, 5_000);
    out.push(...page);
    const last = page[page.length - 1];
    if (!last || page.length < 5_000) break;
    after = last.rowNo;
  }
  return { job, rows: out };
}
