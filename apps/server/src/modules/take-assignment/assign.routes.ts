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
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../app.js';
import { ok } from '../../lib/envelope.js';
import { sendXlsxStream } from '../../lib/xlsx-stream.js';
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
const input = <T extends z.ZodType>(v: unknown, _schema: T) => v as z.output<T>;

export async function takeAssignmentRoutes(app: FastifyInstance, { db }: AppDeps) {
  const post = <B extends z.ZodType, R extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    result: R,
    run: (req: { body: unknown }) => Promise<unknown>,
  ) =>
    app.post(`${BASE}/${path}`, { config: PICKUP, schema: { tags, summary, body, response: { 200: envelopeOf(result) } } }, async (req) => ok(await run(req)));
  const get = <Q extends z.ZodType, R extends z.ZodType>(
    path: string,
    summary: string,
    querystring: Q,
    result: R,
    run: (req: { query: unknown }) => Promise<unknown>,
  ) =>
    app.get(`${BASE}/${path}`, { config: PICKUP, schema: { tags, summary, querystring, response: { 200: envelopeOf(result) } } }, async (req) =>
      ok(await run(req)),
    );
  const caller = (req: unknown) => requireCaller(req as Parameters<typeof requireCaller>[0]);

  post('takePage', '拿货项列表（筛选、分页、各分配状态数量）', TakePageBody, TakePageResult, (req) =>
    assign.takePage(db, caller(req), input(req.body, TakePageBody)),
  );
  post('takeAssignedArea', '按区域分配：区域内所有待分配的拿货项分给拿货员', TakeAssignAreaBody, TakeAssignResult, (req) => {
    const b = input(req.body, TakeAssignAreaBody);
    return assign.assignAreas(db, caller(req), b.marketAreas, b.pickerId);
  });
  post('takeAssignedUser', '按选择分配（拿货员为空则取消分配）', TakeAssignUserBody, TakeAssignResult, (req) => {
    const b = input(req.body, TakeAssignUserBody);
    return assign.assignItems(db, caller(req), b.takeItemIds, b.pickerId);
  });
  post('assignTakeSupplier', '按档口分配：档口所有待分配的拿货项分给拿货员', TakeAssignSupplierBody, TakeAssignResult, (req) => {
    const b = input(req.body, TakeAssignSupplierBody);
    return assign.assignStalls(db, caller(req), b.stallKeys, b.pickerId);
  });
  post('takePageSupplierGroup', '按档口分组（按市场、楼栋、楼层、档口号的拿货路线排序）', TakeGroupBody, TakeGroupResult, (req) =>
    assign.stallGroupPage(db, caller(req), input(req.body, TakeGroupBody)),
  );
  post('multBatchStopTake', '应卖家要求停止拿货（货款退回卖家余额）', TakeItemIdsBody, TakeOperationResult, (req) =>
    stopOrRevoke(db, caller(req), input(req.body, TakeItemIdsBody).takeItemIds, 'stop'),
  );
  post('multBatchRevokeStopTake', '撤销停止拿货（货款从卖家余额扣回）', TakeItemIdsBody, TakeOperationResult, (req) =>
    stopOrRevoke(db, caller(req), input(req.body, TakeItemIdsBody).takeItemIds, 'revokeStop'),
  );
  post('erpTakePage', 'ERP（快麦、旺店通）店铺订单的拿货项', ErpTakePageBody, ErpTakePageResult, (req) =>
    erpTakePage(db, caller(req), input(req.body, ErpTakePageBody)),
  );
  post('existErp', '是否有 ERP 店铺订单的拿货项', z.object({}).optional(), ExistErpResult, (req) => existErp(db, caller(req)));
  post('isDowningCode', '拿货码是否正在下发', z.object({}).optional(), DowningResult, (req) => isDowning(db, caller(req)));
  post('downCode', '下发拿货码：按档口生成当天的拿货清单', DownCodeBody, DownCodeResult, (req) => downCode(db, caller(req), input(req.body, DownCodeBody)));
  post('downCodeList', '已下发的档口拿货清单', DownCodeListBody, DownCodeListResult, (req) => downCodeList(db, caller(req), input(req.body, DownCodeListBody)));
  post('pickers', '可分配的拿货员（本采购商的启用账号）', z.object({}).optional(), z.array(TakePicker), (req) => assign.pickers(db, caller(req)));

  get('takeKanban', '拿货看板：当天各状态、各区域数量', TakeDayQuery, TakeKanbanResult, (req) =>
    stats.kanban(db, caller(req), input(req.query, TakeDayQuery).date),
  );
  get('takeBriefing', '拿货简报：每个拿货员当天的分配、已拿、缺货、明日拿、金额', TakeDayQuery, TakeBriefingResult, (req) =>
    stats.briefing(db, caller(req), input(req.query, TakeDayQuery).date),
  );
  get('takeBriefingUser', '单个拿货员的拿货简报（按档口）', TakeBriefingUserQuery, TakeBriefingUserResult, (req) => {
    const q = input(req.query, TakeBriefingUserQuery);
    return stats.briefingUser(db, caller(req), q.pickerId, q.date);
  });
  get('takeLog', '拿货日志', TakeLogQuery, TakeLogResult, (req) => stats.takeLog(db, caller(req), input(req.query, TakeLogQuery)));
  get('getPageAuditState', '当天拿货清单的下发状态（NONE 未下发 / PARTIAL 有新增未下发 / ALL 已全部下发）', TakeDayQuery, TakeAuditState, (req) =>
    stats.auditState(db, caller(req), input(req.query, TakeDayQuery).date),
  );

  app.post(
    `${BASE}/batchPrint`,
    { config: PICKUP, schema: { tags, summary: '批量打印拿货标签（pdf 返回 PDF 文件，lodop 返回 {steps, pages}）', body: TakePrintBody } },
    async (req, reply) => {
      const { out, count } = await batchPrint(db, requireCaller(req), input(req.body, TakePrintBody));
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
    const pages = await exportTakeItems(db, requireCaller(req), input(req.body, TakeFilter));
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
    async (req) => ok(await setAutoAssign(db, requireCaller(req), input(req.body, AutoAssignSetBody))),
  );
  app.get(
    '/api/home/purchaser/take/statistics',
    { config: { permission: 'user' }, schema: { tags, summary: '首页：采购商拿货统计', response: { 200: envelopeOf(TakeHomeStatistics) } } },
    async (req) => ok(await stats.homeStatistics(db, requireCaller(req))),
  );
}
