/** Pick-up task assignment: /api/b2/purchaser/assigned/* (SPEC.md section 7 "Pickup assignment"), purchasers only. */
import {
  AutoAssignSetBody,
  AutoAssignSetting,
  DownCodeBody,
  DownCodeListBody,
  DownCodeListResult,
  DownCodeResult,
  DowningResult,
  ErpTakePageBody,
  ErpTakePageResult,
  ExistErpResult,
  envelopeOf,
  TakeAssignAreaBody,
  TakeAssignResult,
  TakeAssignSupplierBody,
  TakeAssignUserBody,
  TakeAuditState,
  TakeBriefingResult,
  TakeBriefingUserQuery,
  TakeBriefingUserResult,
  TakeDayQuery,
  TakeFilter,
  TakeGroupBody,
  TakeGroupResult,
  TakeHomeStatistics,
  TakeItemIdsBody,
  TakeKanbanResult,
  TakeLogQuery,
  TakeLogResult,
  TakeOperationResult,
  TakePageBody,
  TakePageResult,
  TakePicker,
  TakePrintBody,
} from '@dropship/contract';
import { z } from 'zod';
import type { AppDeps } from '../../deps.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsxStream } from '../../lib/excel/index.js';
import type { RouteApp } from '../../lib/route-app.js';
import { requireCaller } from '../../plugins/auth.js';
import * as assign from './assign.service.js';
import { stopOrRevoke } from './assign-stop.js';
import { getAutoAssign, setAutoAssign } from './auto-assign.service.js';
import { downCode, downCodeList, isDowning } from './down-code.service.js';
import { erpTakePage, existErp } from './erp.service.js';
import { exportTakeItems, TAKE_EXPORT_COLUMNS } from './export.service.js';
import { batchPrint } from './print.service.js';
import * as stats from './stats.service.js';

const tags = ['take-assignment'];
const BASE = '/api/b2/purchaser/assigned';
const PICKUP = { permission: '/offlineReturnOrder/pickup' } as const;

export async function takeAssignmentRoutes(app: RouteApp, { db }: AppDeps) {
  app.post(
    `${BASE}/takePage`,
    {
      config: PICKUP,
      schema: { tags, summary: '拿货项列表（筛选、分页、各分配状态数量）', body: TakePageBody, response: { 200: envelopeOf(TakePageResult) } },
    },
    async (req) => ok(await assign.takePage(db, requireCaller(req), req.body)),
  );
  app.post(
    `${BASE}/takeAssignedArea`,
    {
      config: PICKUP,
      schema: { tags, summary: '按区域分配：区域内所有待分配的拿货项分给拿货员', body: TakeAssignAreaBody, response: { 200: envelopeOf(TakeAssignResult) } },
    },
    async (req) => {
      const b = req.body;
      return ok(await assign.assignAreas(db, requireCaller(req), b.marketAreas, b.pickerId));
    },
  );
  app.post(
    `${BASE}/takeAssignedUser`,
    {
      config: PICKUP,
      schema: { tags, summary: '按选择分配（拿货员为空则取消分配）', body: TakeAssignUserBody, response: { 200: envelopeOf(TakeAssignResult) } },
    },
    async (req) => {
      const b = req.body;
      return ok(await assign.assignItems(db, requireCaller(req), b.takeItemIds, b.pickerId));
    },
  );
  app.post(
    `${BASE}/assignTakeSupplier`,
    {
      config: PICKUP,
      schema: { tags, summary: '按档口分配：档口所有待分配的拿货项分给拿货员', body: TakeAssignSupplierBody, response: { 200: envelopeOf(TakeAssignResult) } },
    },
    async (req) => {
      const b = req.body;
      return ok(await assign.assignStalls(db, requireCaller(req), b.stallKeys, b.pickerId));
    },
  );
  app.post(
    `${BASE}/takePageSupplierGroup`,
    {
      config: PICKUP,
      schema: { tags, summary: '按档口分组（按市场、楼栋、楼层、档口号的拿货路线排序）', body: TakeGroupBody, response: { 200: envelopeOf(TakeGroupResult) } },
    },
    async (req) => ok(await assign.stallGroupPage(db, requireCaller(req), req.body)),
  );
  app.post(
    `${BASE}/multBatchStopTake`,
    {
      config: PICKUP,
      schema: { tags, summary: '应卖家要求停止拿货（货款退回卖家余额）', body: TakeItemIdsBody, response: { 200: envelopeOf(TakeOperationResult) } },
    },
    async (req) => ok(await stopOrRevoke(db, requireCaller(req), req.body.takeItemIds, 'stop')),
  );
  app.post(
    `${BASE}/multBatchRevokeStopTake`,
    {
      config: PICKUP,
      schema: { tags, summary: '撤销停止拿货（货款从卖家余额扣回）', body: TakeItemIdsBody, response: { 200: envelopeOf(TakeOperationResult) } },
    },
    async (req) => ok(await stopOrRevoke(db, requireCaller(req), req.body.takeItemIds, 'revokeStop')),
  );
  app.post(
    `${BASE}/erpTakePage`,
    {
      config: PICKUP,
      schema: { tags, summary: 'ERP（快麦、旺店通）店铺订单的拿货项', body: ErpTakePageBody, response: { 200: envelopeOf(ErpTakePageResult) } },
    },
    async (req) => ok(await erpTakePage(db, requireCaller(req), req.body)),
  );
  app.post(
    `${BASE}/existErp`,
    { config: PICKUP, schema: { tags, summary: '是否有 ERP 店铺订单的拿货项', body: z.object({}).optional(), response: { 200: envelopeOf(ExistErpResult) } } },
    async (req) => ok(await existErp(db, requireCaller(req))),
  );
  app.post(
    `${BASE}/isDowningCode`,
    { config: PICKUP, schema: { tags, summary: '拿货码是否正在下发', body: z.object({}).optional(), response: { 200: envelopeOf(DowningResult) } } },
    async (req) => ok(await isDowning(db, requireCaller(req))),
  );
  app.post(
    `${BASE}/downCode`,
    { config: PICKUP, schema: { tags, summary: '下发拿货码：按档口生成当天的拿货清单', body: DownCodeBody, response: { 200: envelopeOf(DownCodeResult) } } },
    async (req) => ok(await downCode(db, requireCaller(req), req.body)),
  );
  app.post(
    `${BASE}/downCodeList`,
    { config: PICKUP, schema: { tags, summary: '已下发的档口拿货清单', body: DownCodeListBody, response: { 200: envelopeOf(DownCodeListResult) } } },
    async (req) => ok(await downCodeList(db, requireCaller(req), req.body)),
  );
  app.post(
    `${BASE}/pickers`,
    {
      config: PICKUP,
      schema: { tags, summary: '可分配的拿货员（本采购商的启用账号）', body: z.object({}).optional(), response: { 200: envelopeOf(z.array(TakePicker)) } },
    },
    async (req) => ok(await assign.pickers(db, requireCaller(req))),
  );
  app.get(
    `${BASE}/takeKanban`,
    {
      config: PICKUP,
      schema: { tags, summary: '拿货看板：当天各状态、各区域数量', querystring: TakeDayQuery, response: { 200: envelopeOf(TakeKanbanResult) } },
    },
    async (req) => ok(await stats.kanban(db, requireCaller(req), req.query.date)),
  );
  app.get(
    `${BASE}/takeBriefing`,
    {
      config: PICKUP,
      schema: {
        tags,
        summary: '拿货简报：每个拿货员当天的分配、已拿、缺货、明日拿、金额',
        querystring: TakeDayQuery,
        response: { 200: envelopeOf(TakeBriefingResult) },
      },
    },
    async (req) => ok(await stats.briefing(db, requireCaller(req), req.query.date)),
  );
  app.get(
    `${BASE}/takeBriefingUser`,
    {
      config: PICKUP,
      schema: { tags, summary: '单个拿货员的拿货简报（按档口）', querystring: TakeBriefingUserQuery, response: { 200: envelopeOf(TakeBriefingUserResult) } },
    },
    async (req) => {
      const q = req.query;
      return ok(await stats.briefingUser(db, requireCaller(req), q.pickerId, q.date));
    },
  );
  app.get(
    `${BASE}/takeLog`,
    { config: PICKUP, schema: { tags, summary: '拿货日志', querystring: TakeLogQuery, response: { 200: envelopeOf(TakeLogResult) } } },
    async (req) => ok(await stats.takeLog(db, requireCaller(req), req.query)),
  );
  app.get(
    `${BASE}/getPageAuditState`,
    {
      config: PICKUP,
      schema: {
        tags,
        summary: '当天拿货清单的下发状态（NONE 未下发 / PARTIAL 有新增未下发 / ALL 已全部下发）',
        querystring: TakeDayQuery,
        response: { 200: envelopeOf(TakeAuditState) },
      },
    },
    async (req) => ok(await stats.auditState(db, requireCaller(req), req.query.date)),
  );

  app.post(
    `${BASE}/batchPrint`,
    { config: PICKUP, schema: { tags, summary: '批量打印拿货标签（pdf 返回 PDF 文件，lodop 返回 {steps, pages}）', body: TakePrintBody } },
    async (req, reply) => {
      const { out, count } = await batchPrint(db, requireCaller(req), req.body);
      if (out.contentType === 'application/json') return ok({ steps: out.body, pages: out.pages, count });
      return reply
        .header('x-label-pages', String(out.pages))
        .header('x-printed-items', String(count))
        .header('cache-control', 'no-store')
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="pickup-tags.pdf"')
        .send(out.body);
    },
  );

  app.post(`${BASE}/export`, { config: PICKUP, schema: { tags, summary: '导出拿货项（Excel，最多5万条）', body: TakeFilter } }, async (req, reply) => {
    const pages = await exportTakeItems(db, requireCaller(req), req.body);
    return sendXlsxStream(reply, { fileName: '拿货任务', sheetName: '拿货任务', columns: TAKE_EXPORT_COLUMNS, pages, log: req.log });
  });

  app.get(
    '/api/b2/purchaser/setting/autoAssigned',
    { config: PICKUP, schema: { tags, summary: '自动分配设置', response: { 200: envelopeOf(AutoAssignSetting) } } },
    async (req) => ok(await getAutoAssign(db, requireCaller(req))),
  );
  app.post(
    '/api/b2/purchaser/setting/autoAssignedSet',
    {
      config: PICKUP,
      schema: { tags, summary: '保存自动分配规则（按区域、按档口指定拿货员）', body: AutoAssignSetBody, response: { 200: envelopeOf(AutoAssignSetting) } },
    },
    async (req) => ok(await setAutoAssign(db, requireCaller(req), req.body)),
  );
  app.get(
    '/api/home/purchaser/take/statistics',
    { config: { permission: 'user' }, schema: { tags, summary: '首页：采购商拿货统计', response: { 200: envelopeOf(TakeHomeStatistics) } } },
    async (req) => ok(await stats.homeStatistics(db, requireCaller(req))),
  );
}
