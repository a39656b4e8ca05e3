/**
 * Order import calls (/order/intelligentImport). Multipart is registered here only, for the two
 * upload calls; the other calls take JSON like every call.
 */
import {
  ERROR_MESSAGES,
  ErrorCode,
  envelopeOf,
  ImportCreated,
  ImportCreateFields,
  ImportHistoryResult,
  ImportInspectResult,
  ImportJobParams,
  ImportJobView,
  ImportPageBody,
  ImportRowsBody,
  ImportRowsResult,
  ImportShop,
} from '@dropship/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import { type ZodType, z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { ok } from '../../lib/envelope.js';
import type { RouteApp } from '../../lib/route-app.js';
import { describeIssue } from '../../lib/validation.js';
import { requireCaller } from '../../plugins/auth.js';
import { inspectUpload } from './inspect.js';
import { errorRowsXlsx, historyXlsx, templateXlsx } from './order-import.excel.js';
import { registerImportJob } from './order-import.job.js';
import { createImportRunner, failAbandonedJobs } from './order-import.runner.js';
import * as service from './order-import.service.js';
import { MULTIPART_OPTIONS, readImportUpload } from './upload.js';

const tags = ['order-import'];
const PERM = '/order/intelligentImport';
const BASE = '/api/b2/orders/import';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HISTORY_EXPORT_MAX = 10_000;

/** Multipart fields are plain text: they get the same validation (and Chinese messages) as JSON bodies. */
function validated<T extends ZodType>(schema: T, data: unknown): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw new AppError(ErrorCode.BAD_REQUEST, first ? describeIssue(schema, first) : ERROR_MESSAGES[ErrorCode.BAD_REQUEST]);
}

function sendXlsx(reply: FastifyReply, name: string, bytes: Buffer) {
  return reply
    .type(XLSX_TYPE)
    .header('content-disposition', `attachment; filename="import.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('cache-control', 'no-store')
    .send(bytes);
}

export async function orderImportRoutes(app: RouteApp, { db, database }: AppDeps) {
  await app.register(fastifyMultipart, MULTIPART_OPTIONS);
  const runner = createImportRunner(db, app.log);
  registerImportJob(app.jobs, db);
  // With PGlite no other process can be parsing a file left in progress: all were interrupted.
  app.addHook('onReady', async () => {
    const n = await failAbandonedJobs(db, { all: database.kind === 'pglite' });
    if (n) app.log.warn(`${n} 个订单导入任务因服务重启而中断，已标记为失败`);
  });
  app.addHook('onClose', () => runner.close());

  app.get(
    `${BASE}/shops`,
    { config: { permission: PERM }, schema: { tags, summary: '可导入订单的店铺', response: { 200: envelopeOf(z.array(ImportShop)) } } },
    async (req) => ok(await service.listImportShops(db, requireCaller(req))),
  );

  app.post(
    `${BASE}/inspect`,
    { config: { permission: PERM }, schema: { tags, summary: '识别订单文件（multipart：file，可选 detailFile），不保存', consumes: ['multipart/form-data'] } },
    async (req) => ok(ImportInspectResult.parse(await inspectUpload(await readImportUpload(req)))),
  );

  app.post(
    BASE,
    {
      config: { permission: PERM },
      schema: { tags, summary: '上传订单文件（multipart：file，shopId，可选 mapping、detailFile），返回导入任务', consumes: ['multipart/form-data'] },
    },
    async (req) => {
      const caller = requireCaller(req);
      const upload = await readImportUpload(req);
      const fields = validated(ImportCreateFields, upload.fields);
      return ok(ImportCreated.parse(await service.createImport(db, runner, caller, upload, fields)));
    },
  );

  app.get(`${BASE}/template`, { config: { permission: PERM }, schema: { tags, summary: '下载导入模板（.xlsx）' } }, async (_req, reply) =>
    sendXlsx(reply, '订单导入模板.xlsx', await templateXlsx()),
  );

  app.post(
    `${BASE}/page`,
    { config: { permission: PERM }, schema: { tags, summary: '导入记录', body: ImportPageBody, response: { 200: envelopeOf(ImportHistoryResult) } } },
    async (req) => ok(await service.pageHistory(db, requireCaller(req), req.body)),
  );

  app.post(
    `${BASE}/page/export`,
    { config: { permission: PERM }, schema: { tags, summary: '导出导入记录（.xlsx，最多1万条）', body: ImportPageBody } },
    async (req, reply) => {
      const q = req.body;
      const { list } = await service.pageHistory(db, requireCaller(req), { ...q, pageNo: 1, pageSize: HISTORY_EXPORT_MAX });
      return sendXlsx(reply, '订单导入记录.xlsx', await historyXlsx(list));
    },
  );

  app.get(
    `${BASE}/:jobId`,
    { config: { permission: PERM }, schema: { tags, summary: '导入任务状态与进度', params: ImportJobParams, response: { 200: envelopeOf(ImportJobView) } } },
    async (req) => ok(await service.jobView(db, requireCaller(req), req.params.jobId)),
  );

  app.post(
    `${BASE}/:jobId/rows`,
    {
      config: { permission: PERM },
      schema: {
        tags,
        summary: '导入预览（分页，可仅看错误行）',
        params: ImportJobParams,
        body: ImportRowsBody,
        response: { 200: envelopeOf(ImportRowsResult) },
      },
    },
    async (req) => ok(await service.previewRows(db, requireCaller(req), req.params.jobId, req.body)),
  );

  app.post(
    `${BASE}/:jobId/confirm`,
    {
      config: { permission: PERM },
      schema: { tags, summary: '确认导入预览中的有效订单', params: ImportJobParams, response: { 200: envelopeOf(ImportJobView) } },
    },
    async (req) => ok(await service.confirmImport(db, app.jobs, requireCaller(req), req.params.jobId)),
  );

  app.post(
    `${BASE}/:jobId/cancel`,
    { config: { permission: PERM }, schema: { tags, summary: '取消待确认的导入', params: ImportJobParams, response: { 200: envelopeOf(z.null()) } } },
    async (req) => {
      await service.cancelImport(db, requireCaller(req), req.params.jobId);
      return ok(null);
    },
  );

  app.get(
    `${BASE}/:jobId/errors/export`,
    { config: { permission: PERM }, schema: { tags, summary: '下载错误行（.xlsx）', params: ImportJobParams } },
    async (req, reply) => {
      const { job, rows } = await service.allErrorRows(db, requireCaller(req), req.params.jobId);
      return sendXlsx(reply, `导入错误行-${job.fileName.replace(/\.[^.]+$/, '')}.xlsx`, await errorRowsXlsx(rows));
    },
  );
}
